import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type ReportPeriodQuery, type TeamReport, teamReportSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import { dashboardKeys } from "./get-user-report";

export function getTeamReport({
  period,
  signal,
}: {
  period: ReportPeriodQuery;
  signal?: AbortSignal;
}): Promise<TeamReport> {
  return api.get("/report/team", { query: period, schema: teamReportSchema, signal });
}

export function getTeamReportQueryOptions(period: ReportPeriodQuery) {
  return queryOptions({
    queryKey: dashboardKeys.team(period),
    queryFn: ({ signal }) => getTeamReport({ period, signal }),
  });
}

/** Asked only when the team tab is open and the plan has the team dashboard. */
export function useTeamReport(period: ReportPeriodQuery, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getTeamReportQueryOptions(period), enabled, placeholderData: keepPreviousData });
}
