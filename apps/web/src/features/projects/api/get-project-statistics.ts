import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ProjectStatistics, projectStatisticsSchema } from "@timetrap/domain";
import { projectKeys } from "../../../api/get-projects";
import { api } from "../../../lib/api-client";

/** Under the project's key: whatever refreshes the project (an expense, an update) refreshes its figures too. */
export const projectStatisticsKey = (organizationId: string, projectId: string) =>
  [...projectKeys.detail(organizationId, projectId), "statistics"] as const;

/**
 * Spec part 2 §7 `GET user/{userId}/organization/{orgId}/project/{id}/hours`: the Insights tab's figures, "today"
 * being the day in the reader's zone.
 */
export function getProjectStatistics({
  userId,
  organizationId,
  projectId,
  signal,
}: {
  userId: string;
  organizationId: string;
  projectId: string;
  signal?: AbortSignal;
}): Promise<ProjectStatistics> {
  return api.get(
    `/user/${encodeURIComponent(userId)}/organization/${encodeURIComponent(organizationId)}/project/${encodeURIComponent(projectId)}/hours`,
    { schema: projectStatisticsSchema, signal },
  );
}

export function getProjectStatisticsQueryOptions(userId: string, organizationId: string, projectId: string) {
  return queryOptions({
    queryKey: [...projectStatisticsKey(organizationId, projectId), userId] as const,
    queryFn: ({ signal }) => getProjectStatistics({ userId, organizationId, projectId, signal }),
  });
}

export function useProjectStatistics(userId: string, organizationId: string, projectId: string) {
  return useQuery(getProjectStatisticsQueryOptions(userId, organizationId, projectId));
}
