import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type ReportPeriodQuery, type UserReport, userReportSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";

/** Every report of the dashboard sits under one prefix: a saved entry refreshes the week's figures together. */
export const dashboardKeys = {
  all: ["reports", "dashboard"] as const,
  user: (userId: string, period: ReportPeriodQuery) => ["reports", "dashboard", "user", userId, period] as const,
  team: (period: ReportPeriodQuery) => ["reports", "dashboard", "team", period] as const,
};

export function getUserReport({
  userId,
  period,
  signal,
}: {
  userId: string;
  period: ReportPeriodQuery;
  signal?: AbortSignal;
}): Promise<UserReport> {
  return api.get(`/report/user/${encodeURIComponent(userId)}`, { query: period, schema: userReportSchema, signal });
}

export function getUserReportQueryOptions(userId: string, period: ReportPeriodQuery) {
  return queryOptions({
    queryKey: dashboardKeys.user(userId, period),
    queryFn: ({ signal }) => getUserReport({ userId, period, signal }),
  });
}

/** Moving week to week keeps the previous week on screen until the next arrives. */
export function useUserReport(userId: string, period: ReportPeriodQuery) {
  return useQuery({ ...getUserReportQueryOptions(userId, period), placeholderData: keepPreviousData });
}
