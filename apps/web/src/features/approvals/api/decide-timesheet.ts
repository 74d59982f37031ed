import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type TimesheetPeriod, timesheetPeriodSchema } from "@timetrap/domain";
import { timesheetPeriodKeys } from "../../../api/timesheet-periods";
import { api } from "../../../lib/api-client";
import { timesheetApprovalKeys } from "./get-timesheet-approvals";

/** An approver's decisions on a submitted period (approve, reject) or an approved one (reopen). */
export type TimesheetDecision = "approve" | "reject" | "reopen";

export function decideTimesheet({
  orgId,
  userId,
  periodStart,
  decision,
  note,
}: {
  orgId: string;
  userId: string;
  periodStart: string;
  decision: TimesheetDecision;
  note: string;
}): Promise<TimesheetPeriod> {
  const path = [orgId, "timesheet", userId, periodStart, decision].map(encodeURIComponent).join("/");
  return api.post(`/organization/${path}`, { body: { note }, schema: timesheetPeriodSchema });
}

/** The list of the period and the person's own period (their dashboard, their board's lock) are read again. */
export function useDecideTimesheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideTimesheet,
    onSettled: (_period, _error, { orgId, userId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: timesheetApprovalKeys.all(orgId) }),
        queryClient.invalidateQueries({ queryKey: timesheetPeriodKeys.all(userId) }),
      ]),
  });
}
