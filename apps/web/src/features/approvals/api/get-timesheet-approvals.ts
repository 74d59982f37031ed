import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type TimesheetApprovalRow, timesheetApprovalRowSchema } from "@timetrap/domain";
import { z } from "zod";
import { api } from "../../../lib/api-client";

const approvalListSchema = z.array(timesheetApprovalRowSchema);

export const timesheetApprovalKeys = {
  all: (orgId: string) => ["organizations", orgId, "timesheet-approvals"] as const,
  period: (orgId: string, periodStart: string) => ["organizations", orgId, "timesheet-approvals", periodStart] as const,
};

/** Every active member's state, hours, capacity and difference for the period that starts on `periodStart`. */
export function getTimesheetApprovals({
  orgId,
  periodStart,
  signal,
}: {
  orgId: string;
  periodStart: string;
  signal?: AbortSignal;
}): Promise<TimesheetApprovalRow[]> {
  return api.get(`/organization/${encodeURIComponent(orgId)}/timesheet-approvals`, {
    query: { period_start: periodStart },
    schema: approvalListSchema,
    signal,
  });
}

export function getTimesheetApprovalsQueryOptions(orgId: string, periodStart: string) {
  return queryOptions({
    queryKey: timesheetApprovalKeys.period(orgId, periodStart),
    queryFn: ({ signal }) => getTimesheetApprovals({ orgId, periodStart, signal }),
  });
}

/** Moving period to period keeps the previous one on screen until the next arrives. */
export function useTimesheetApprovals(orgId: string, periodStart: string) {
  return useQuery({ ...getTimesheetApprovalsQueryOptions(orgId, periodStart), placeholderData: keepPreviousData });
}
