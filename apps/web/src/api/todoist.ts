import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type CompletionAnswer,
  completionAnswerSchema,
  type TodoistTasksAnswer,
  todoistTasksAnswerSchema,
} from "@timetrap/domain";
import { api } from "../lib/api-client";

/**
 * The signed-in person's Todoist, through the server (decision 032): the routes act for the signed-in person only, so
 * the keys name no user.
 */
export const todoistKeys = {
  all: ["todoist"] as const,
  tasks: ["todoist", "tasks"] as const,
};

/** `GET connect/todoist/tasks`: every project and every active task, all pages followed by the server. */
export function getTodoistTasks({ signal }: { signal?: AbortSignal } = {}): Promise<TodoistTasksAnswer> {
  return api.get("/connect/todoist/tasks", { schema: todoistTasksAnswerSchema, signal });
}

/** `POST connect/todoist/tasks/{id}/close`, no body: `{success, err}` (a refusal of Todoist's is `success: false`). */
export function closeTodoistTask({ taskId }: { taskId: string }): Promise<CompletionAnswer> {
  return api.post(`/connect/todoist/tasks/${encodeURIComponent(taskId)}/close`, { schema: completionAnswerSchema });
}

export function todoistTasksQueryOptions() {
  return queryOptions({
    queryKey: todoistKeys.tasks,
    queryFn: ({ signal }) => getTodoistTasks({ signal }),
    // A refusal (not connected, to reconnect) is an answer the panel shows, not a blip to try again.
    retry: false,
  });
}

export function useTodoistTasks() {
  return useQuery(todoistTasksQueryOptions());
}

/** A closed task leaves the cached list at once (spec part 1 §4 "Integrations"): no second call to Todoist for it. */
export function useCloseTodoistTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeTodoistTask,
    onSuccess: (answer, { taskId }) => {
      if (!answer.success) return;
      queryClient.setQueryData<TodoistTasksAnswer>(todoistKeys.tasks, (cached) =>
        cached ? { ...cached, tasks: cached.tasks.filter((task) => task.id !== taskId) } : cached,
      );
    },
  });
}
