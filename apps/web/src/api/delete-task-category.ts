import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../lib/api-client";
import { getTaskCategoriesQueryOptions } from "./get-task-categories";

/** The server clears the category from its tasks (decision 006), so the task lists are asked again too. */
export function deleteTaskCategory({
  organizationId,
  categoryId,
}: {
  organizationId: string;
  categoryId: string;
}): Promise<void> {
  return api.delete(
    `/organization/${encodeURIComponent(organizationId)}/task-category/${encodeURIComponent(categoryId)}`,
  );
}

export function useDeleteTaskCategory(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (categoryId: string) => deleteTaskCategory({ organizationId, categoryId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getTaskCategoriesQueryOptions(organizationId).queryKey }),
        queryClient.invalidateQueries({ queryKey: ["organizations", organizationId, "tasks"] }),
      ]),
  });
}
