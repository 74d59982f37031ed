import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type TimesheetPeriod, timesheetPeriodSchema } from "@timetrap/domain";
import { api } from "../lib/api-client";

/**
 * A person's timesheet periods (decision 026): the dashboard submits and withdraws them, the board reads which are
 * approved (locked), the approvals page decides them. Every query of one person's periods sits under one prefix, so
 * that a decision refreshes whatever shows them.
 */
export const timesheetPeriodKeys = {
  all: (userId: string) => ["users", userId, "timesheet"] as const,
  period: (userId: string, periodStart: string) => ["users", userId, "timesheet", periodStart] as const,
};

const periodPath = (userId: string, periodStart: string) =>
  `/user/${encodeURIComponent(userId)}/timesheet/${encodeURIComponent(periodStart)}`;

export function getTimesheetPeriod({
  userId,
  periodStart,
  signal,
}: {
  userId: string;
  periodStart: string;
  signal?: AbortSignal;
}): Promise<TimesheetPeriod> {
  return api.get(periodPath(userId, periodStart), { schema: timesheetPeriodSchema, signal });
}

export function getTimesheetPeriodQueryOptions(userId: string, periodStart: string) {
  return queryOptions({
    queryKey: timesheetPeriodKeys.period(userId, periodStart),
    queryFn: ({ signal }) => getTimesheetPeriod({ userId, periodStart, signal }),
  });
}

export function useTimesheetPeriod(userId: string, periodStart: string, { enabled = true } = {}) {
  return useQuery({ ...getTimesheetPeriodQueryOptions(userId, periodStart), enabled });
}

/** The person's own step: `submit` (open or rejected → submitted) or `withdraw` (submitted → open). */
export function changeOwnTimesheetPeriod({
  userId,
  periodStart,
  step,
}: {
  userId: string;
  periodStart: string;
  step: "submit" | "withdraw";
}): Promise<TimesheetPeriod> {
  return api.post(`${periodPath(userId, periodStart)}/${step}`, { schema: timesheetPeriodSchema });
}

/** Submit or withdraw; the answer is the period as it now is. */
export function useChangeOwnTimesheetPeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOwnTimesheetPeriod,
    onSuccess: (period) =>
      queryClient.setQueryData(timesheetPeriodKeys.period(period.user_id, period.period_start), period),
    onSettled: (_period, _error, { userId }) =>
      queryClient.invalidateQueries({ queryKey: timesheetPeriodKeys.all(userId) }),
  });
}
