import { queryOptions, useQuery } from "@tanstack/react-query";
import { type TaskCategory, taskCategorySchema } from "@timetrap/domain";
import { z } from "zod";
import { api } from "../lib/api-client";

const taskCategoriesSchema = z.array(taskCategorySchema);

export function getTaskCategories({
  organizationId,
  signal,
}: {
  organizationId: string;
  signal?: AbortSignal;
}): Promise<TaskCategory[]> {
  return api.get(`/organization/${encodeURIComponent(organizationId)}/task-category`, {
    schema: taskCategoriesSchema,
    signal,
  });
}

/** Shared by the categories drawer, the task form and the board, so one cache entry serves them all. */
export function getTaskCategoriesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: ["organizations", organizationId, "task-categories"],
    queryFn: ({ signal }) => getTaskCategories({ organizationId, signal }),
  });
}

export function useTaskCategories(organizationId: string) {
  return useQuery(getTaskCategoriesQueryOptions(organizationId));
}
