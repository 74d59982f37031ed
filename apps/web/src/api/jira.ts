import { queryOptions, useQuery } from "@tanstack/react-query";
import { type JiraIssue, jiraTasksAnswerSchema } from "@timetrap/domain";
import { api } from "../lib/api-client";

/**
 * The signed-in person's Jira, through the server (decision 032): the routes act for the signed-in person only, so the
 * keys name no user.
 */
export const jiraKeys = {
  all: ["jira"] as const,
  tasks: ["jira", "tasks"] as const,
};

/** `GET connect/jira/tasks`: the person's open issues, every page followed by the server. */
export async function getJiraTasks({ signal }: { signal?: AbortSignal } = {}): Promise<JiraIssue[]> {
  const answer = await api.get("/connect/jira/tasks", { schema: jiraTasksAnswerSchema, signal });
  return answer.tasks;
}

export function jiraTasksQueryOptions() {
  return queryOptions({
    queryKey: jiraKeys.tasks,
    queryFn: ({ signal }) => getJiraTasks({ signal }),
    // A refusal (not connected, to reconnect) is an answer the panel shows, not a blip to try again.
    retry: false,
  });
}

export function useJiraTasks() {
  return useQuery(jiraTasksQueryOptions());
}
