import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type TaskCategory, type TaskCategoryInput, taskCategorySchema } from "@timetrap/domain";
import { api } from "../lib/api-client";
import { getTaskCategoriesQueryOptions } from "./get-task-categories";

export function createTaskCategory({
  organizationId,
  data,
}: {
  organizationId: string;
  data: TaskCategoryInput;
}): Promise<TaskCategory> {
  return api.post(`/organization/${encodeURIComponent(organizationId)}/task-category`, {
    body: data,
    schema: taskCategorySchema,
  });
}

export function useCreateTaskCategory(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: TaskCategoryInput) => createTaskCategory({ organizationId, data }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getTaskCategoriesQueryOptions(organizationId).queryKey }),
  });
}
