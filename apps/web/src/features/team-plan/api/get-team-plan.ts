import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type TeamPlan, teamPlanSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";

/** A span of days, both included (`YYYY-MM-DD`), and the people asked for. */
export interface TeamPlanRequest {
  startDate: string;
  endDate: string;
  userIds: readonly string[];
}

/**
 * Every team-plan answer sits under the organization's prefix: a change to anyone's blocks refreshes the week and the
 * forecast together.
 */
export const teamPlanKeys = {
  all: (orgId: string) => ["organizations", orgId, "team-plan"] as const,
  span: (orgId: string, request: TeamPlanRequest) =>
    ["organizations", orgId, "team-plan", request.startDate, request.endDate, [...request.userIds]] as const,
};

/** `?start_date&end_date` plus each person repeated (`user_id=a&user_id=b`), which is how the server reads a list. */
export function teamPlanPath(orgId: string, request: TeamPlanRequest): string {
  const params = new URLSearchParams({ start_date: request.startDate, end_date: request.endDate });
  for (const id of request.userIds) params.append("user_id", id);
  return `/organization/${encodeURIComponent(orgId)}/team-plan?${params.toString()}`;
}

/** Each chosen person's planned, logged and capacity seconds for every day of the span (decision 027). */
export function getTeamPlan({
  orgId,
  request,
  signal,
}: {
  orgId: string;
  request: TeamPlanRequest;
  signal?: AbortSignal;
}): Promise<TeamPlan> {
  return api.get(teamPlanPath(orgId, request), { schema: teamPlanSchema, signal });
}

export function getTeamPlanQueryOptions(orgId: string, request: TeamPlanRequest) {
  return queryOptions({
    queryKey: teamPlanKeys.span(orgId, request),
    queryFn: ({ signal }) => getTeamPlan({ orgId, request, signal }),
  });
}

/**
 * Asked only with someone chosen (without `user_id` the server answers every active member); moving week to week
 * keeps the last week on screen until the next arrives.
 */
export function useTeamPlan(orgId: string, request: TeamPlanRequest | null) {
  return useQuery({
    ...getTeamPlanQueryOptions(orgId, request ?? { startDate: "", endDate: "", userIds: [] }),
    enabled: request !== null && request.userIds.length > 0,
    placeholderData: keepPreviousData,
  });
}
