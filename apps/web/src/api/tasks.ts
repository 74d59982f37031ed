import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Task, taskSchema } from "@timetrap/domain";
import { z } from "zod";
import { api } from "../lib/api-client";

const taskListSchema = z.array(taskSchema);

/** The list's filters (spec part 1 §7): a project's tasks, a person's, or both; none lists what the user sees. */
export interface TaskFilter {
  projectId?: string;
  userId?: string;
}

/**
 * Every task query sits under one prefix, so a change to any task refreshes every list that may show it: the
 * board's, a project's tasks tab, the modal's subtasks.
 */
export const taskKeys = {
  all: (organizationId: string) => ["organizations", organizationId, "tasks"] as const,
  list: (organizationId: string, filter: TaskFilter) =>
    ["organizations", organizationId, "tasks", "list", { projectId: filter.projectId, userId: filter.userId }] as const,
  detail: (organizationId: string, taskId: string) =>
    ["organizations", organizationId, "tasks", "detail", taskId] as const,
};

export function getTasks({
  organizationId,
  filter = {},
  signal,
}: {
  organizationId: string;
  filter?: TaskFilter;
  signal?: AbortSignal;
}): Promise<Task[]> {
  return api.get(`/organization/${encodeURIComponent(organizationId)}/task`, {
    query: { project_id: filter.projectId, user_id: filter.userId },
    schema: taskListSchema,
    signal,
  });
}

export function getTasksQueryOptions(organizationId: string, filter: TaskFilter = {}) {
  return queryOptions({
    queryKey: taskKeys.list(organizationId, filter),
    queryFn: ({ signal }) => getTasks({ organizationId, filter, signal }),
  });
}

export function useTasks(organizationId: string, filter: TaskFilter = {}, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getTasksQueryOptions(organizationId, filter), enabled: options.enabled ?? true });
}

export function getTask({
  organizationId,
  taskId,
  signal,
}: {
  organizationId: string;
  taskId: string;
  signal?: AbortSignal;
}): Promise<Task> {
  return api.get(`/organization/${encodeURIComponent(organizationId)}/task/${encodeURIComponent(taskId)}`, {
    schema: taskSchema,
    signal,
  });
}

export function getTaskQueryOptions(organizationId: string, taskId: string) {
  return queryOptions({
    queryKey: taskKeys.detail(organizationId, taskId),
    queryFn: ({ signal }) => getTask({ organizationId, taskId, signal }),
  });
}

export function useTask(organizationId: string, taskId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getTaskQueryOptions(organizationId, taskId), enabled: options.enabled ?? true });
}
