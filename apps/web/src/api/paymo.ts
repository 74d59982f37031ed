import { queryOptions, useQuery } from "@tanstack/react-query";
import { type PaymoTasksAnswer, paymoTasksAnswerSchema } from "@timetrap/domain";
import { api } from "../lib/api-client";

/**
 * The signed-in person's Paymo, through the server (decision 032): the routes act for the signed-in person only, so
 * the keys name no user.
 */
export const paymoKeys = {
  all: ["paymo"] as const,
  tasks: ["paymo", "tasks"] as const,
};

/** `GET connect/paymo/tasks`: the active projects and their incomplete tasks. */
export function getPaymoTasks({ signal }: { signal?: AbortSignal } = {}): Promise<PaymoTasksAnswer> {
  return api.get("/connect/paymo/tasks", { schema: paymoTasksAnswerSchema, signal });
}

export function paymoTasksQueryOptions() {
  return queryOptions({
    queryKey: paymoKeys.tasks,
    queryFn: ({ signal }) => getPaymoTasks({ signal }),
    // A refusal (not connected, to reconnect) is an answer the panel shows, not a blip to try again.
    retry: false,
  });
}

export function usePaymoTasks() {
  return useQuery(paymoTasksQueryOptions());
}
