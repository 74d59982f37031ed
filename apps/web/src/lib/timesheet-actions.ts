import {
  type TimesheetAction,
  type TimesheetActor,
  type TimesheetPeriodStatus,
  timesheetTransitions,
} from "@timetrap/domain";

/**
 * The steps of a timesheet period (decision 026) that `actor` may take from `status`, in the order their buttons
 * stand: the person submits (open or rejected) or withdraws (submitted); an approver approves or rejects (submitted),
 * or reopens (approved).
 */
export function timesheetActionsFor(status: TimesheetPeriodStatus, actor: TimesheetActor): TimesheetAction[] {
  return (["submit", "withdraw", "approve", "reject", "reopen"] as const).filter(
    (action) => timesheetTransitions[action].by === actor && timesheetTransitions[action].from.includes(status),
  );
}
