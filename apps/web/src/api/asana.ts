import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type AsanaNamed,
  type AsanaTask,
  asanaProjectsAnswerSchema,
  asanaTasksAnswerSchema,
  asanaWorkspacesAnswerSchema,
  type CompletionAnswer,
  completionAnswerSchema,
} from "@timetrap/domain";
import { api } from "../lib/api-client";

/**
 * The signed-in person's Asana, through the server (decision 032): the routes act for the signed-in person only, so
 * the keys name no user.
 */
export const asanaKeys = {
  all: ["asana"] as const,
  workspaces: ["asana", "workspaces"] as const,
  projects: (workspaceId: string) => ["asana", "projects", workspaceId] as const,
  tasksAll: ["asana", "tasks"] as const,
  tasks: (scope: AsanaTaskScope) => ["asana", "tasks", scope.kind, scope.id] as const,
};

/** Whose tasks: one project's, or, for the spec's "all projects", the person's in a workspace. */
export type AsanaTaskScope = { kind: "project"; id: string } | { kind: "workspace"; id: string };

/** `GET connect/asana/workspaces`. */
export async function getAsanaWorkspaces({ signal }: { signal?: AbortSignal } = {}): Promise<AsanaNamed[]> {
  const answer = await api.get("/connect/asana/workspaces", { schema: asanaWorkspacesAnswerSchema, signal });
  return answer.workspaces;
}

/** `GET connect/asana/projects?workspaceId`. */
export async function getAsanaProjects({
  workspaceId,
  signal,
}: {
  workspaceId: string;
  signal?: AbortSignal;
}): Promise<AsanaNamed[]> {
  const answer = await api.get("/connect/asana/projects", {
    query: { workspaceId },
    schema: asanaProjectsAnswerSchema,
    signal,
  });
  return answer.projects;
}

/** `GET connect/asana/tasks?projectId` or `?workspaceId`: the incomplete tasks. */
export async function getAsanaTasks({
  scope,
  signal,
}: {
  scope: AsanaTaskScope;
  signal?: AbortSignal;
}): Promise<AsanaTask[]> {
  const answer = await api.get("/connect/asana/tasks", {
    query: scope.kind === "project" ? { projectId: scope.id } : { workspaceId: scope.id },
    schema: asanaTasksAnswerSchema,
    signal,
  });
  return answer.tasks;
}

/** `POST connect/asana/tasks/{id}`: completes the task; `{success, err}`. */
export function completeAsanaTask({ taskId }: { taskId: string }): Promise<CompletionAnswer> {
  return api.post(`/connect/asana/tasks/${encodeURIComponent(taskId)}`, { schema: completionAnswerSchema });
}

// A refusal (not connected, to reconnect) is an answer the panel shows, not a blip to try again.
export function asanaWorkspacesQueryOptions() {
  return queryOptions({
    queryKey: asanaKeys.workspaces,
    queryFn: ({ signal }) => getAsanaWorkspaces({ signal }),
    retry: false,
  });
}

export function asanaProjectsQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: asanaKeys.projects(workspaceId),
    queryFn: ({ signal }) => getAsanaProjects({ workspaceId, signal }),
    retry: false,
  });
}

export function asanaTasksQueryOptions(scope: AsanaTaskScope) {
  return queryOptions({
    queryKey: asanaKeys.tasks(scope),
    queryFn: ({ signal }) => getAsanaTasks({ scope, signal }),
    retry: false,
  });
}

export function useAsanaWorkspaces() {
  return useQuery(asanaWorkspacesQueryOptions());
}

/** The workspace's projects; nothing is asked before a workspace is known. */
export function useAsanaProjects(workspaceId: string | null) {
  return useQuery({ ...asanaProjectsQueryOptions(workspaceId ?? ""), enabled: workspaceId !== null });
}

/** The tasks of the chosen scope; nothing is asked before a workspace is known. */
export function useAsanaTasks(scope: AsanaTaskScope | null) {
  return useQuery({
    ...asanaTasksQueryOptions(scope ?? { kind: "workspace", id: "" }),
    enabled: scope !== null,
  });
}

/**
 * A completed task leaves every cached list it is in at once (spec part 1 §4 "Integrations": the item is removed on
 * success); a task may be listed under its project and under "all projects".
 */
export function useCompleteAsanaTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeAsanaTask,
    onSuccess: (answer, { taskId }) => {
      if (!answer.success) return;
      queryClient.setQueriesData<AsanaTask[]>({ queryKey: asanaKeys.tasksAll }, (cached) =>
        cached?.filter((task) => task.gid !== taskId),
      );
    },
  });
}
