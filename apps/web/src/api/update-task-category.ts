import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type TaskCategory, type TaskCategoryInput, taskCategorySchema } from "@timetrap/domain";
import { api } from "../lib/api-client";
import { getTaskCategoriesQueryOptions } from "./get-task-categories";

export function updateTaskCategory({
  organizationId,
  categoryId,
  data,
}: {
  organizationId: string;
  categoryId: string;
  data: TaskCategoryInput;
}): Promise<TaskCategory> {
  return api.patch(
    `/organization/${encodeURIComponent(organizationId)}/task-category/${encodeURIComponent(categoryId)}`,
    { body: data, schema: taskCategorySchema },
  );
}

export function useUpdateTaskCategory(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ categoryId, data }: { categoryId: string; data: TaskCategoryInput }) =>
      updateTaskCategory({ organizationId, categoryId, data }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getTaskCategoriesQueryOptions(organizationId).queryKey }),
  });
}
