import { z } from "zod";
import { type CalendarDate, calendarDateSchema, isCalendarDate } from "./calendar-date.js";
import { type TimesheetPeriodStatus, timesheetPeriodStatuses } from "./hours-constants.js";
import type { ApprovalPeriod } from "./organization.js";

/**
 * Timesheet approval and the period lock (decision 026): the periods a timesheet is submitted for, who moves a period
 * from one state to the next, and which days an approved period or the organization's `lock_before` locks.
 */

/** A period of days, both included. */
export interface Period {
  start: CalendarDate;
  end: CalendarDate;
}

const utcOf = (date: CalendarDate) => {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
};
const dateOf = (utc: Date) => utc.toISOString().slice(0, 10);

/**
 * The period `date` falls in: a week runs Monday to Sunday, a month from its 1st to its last day. Computed in UTC on
 * purpose: a calendar date has no zone, and reading it in the runtime's would move it by a day west of Greenwich.
 */
export function periodOf(date: CalendarDate, kind: ApprovalPeriod): Period {
  const utc = utcOf(date);
  if (kind === "month") {
    const start = new Date(Date.UTC(utc.getUTCFullYear(), utc.getUTCMonth(), 1));
    const end = new Date(Date.UTC(utc.getUTCFullYear(), utc.getUTCMonth() + 1, 0));
    return { start: dateOf(start), end: dateOf(end) };
  }
  // getUTCDay: 0 is Sunday; weeks start on Monday.
  const sinceMonday = (utc.getUTCDay() + 6) % 7;
  const start = new Date(utc.getTime() - sinceMonday * 86_400_000);
  return { start: dateOf(start), end: dateOf(new Date(start.getTime() + 6 * 86_400_000)) };
}

/** Whether `date` is the first day of a period of that kind: a Monday, or the 1st of a month. */
export function isPeriodStart(date: CalendarDate, kind: ApprovalPeriod): boolean {
  return isCalendarDate(date) && periodOf(date, kind).start === date;
}

/** The message of a period start that is not one, for the organization's kind of period. */
export function periodStartMessage(kind: ApprovalPeriod): string {
  return kind === "week"
    ? "periodStart must be a Monday: the organization approves timesheets by week"
    : "periodStart must be the 1st of a month: the organization approves timesheets by month";
}

// ---------------------------------------------------------------------------------------------------------------
// The state machine

export const timesheetActions = ["submit", "withdraw", "approve", "reject", "reopen"] as const;
export type TimesheetAction = (typeof timesheetActions)[number];

/** Who takes an action: the person whose timesheet it is, or someone with `edit timesheet`. */
export type TimesheetActor = "owner" | "approver";

interface Transition {
  from: readonly TimesheetPeriodStatus[];
  to: TimesheetPeriodStatus;
  by: TimesheetActor;
}

/**
 * open → submitted (the person) → approved | rejected (an approver); submitted → open (withdrawn by the person);
 * rejected → submitted (the person again); approved → open (reopened by an approver, with a reason).
 */
export const timesheetTransitions: Readonly<Record<TimesheetAction, Transition>> = {
  submit: { from: ["open", "rejected"], to: "submitted", by: "owner" },
  withdraw: { from: ["submitted"], to: "open", by: "owner" },
  approve: { from: ["submitted"], to: "approved", by: "approver" },
  reject: { from: ["submitted"], to: "rejected", by: "approver" },
  reopen: { from: ["approved"], to: "open", by: "approver" },
};

/** Who may take `action` on a period. */
export function timesheetActorOf(action: TimesheetAction): TimesheetActor {
  return timesheetTransitions[action].by;
}

const statusWords: Record<TimesheetPeriodStatus, string> = {
  open: "open",
  submitted: "submitted",
  approved: "approved",
  rejected: "rejected",
};

/**
 * The state a period in `status` goes to by `action`, or why it cannot: the message a 409 carries ("This period is
 * not submitted: only a submitted period can be approved").
 */
export function timesheetTransition(
  status: TimesheetPeriodStatus,
  action: TimesheetAction,
): { ok: true; status: TimesheetPeriodStatus } | { ok: false; message: string } {
  const transition = timesheetTransitions[action];
  if (transition.from.includes(status)) return { ok: true, status: transition.to };
  const done: Record<TimesheetAction, string> = {
    submit: "submitted",
    withdraw: "withdrawn",
    approve: "approved",
    reject: "rejected",
    reopen: "reopened",
  };
  const allowed = transition.from.map((from) => statusWords[from]).join(" or ");
  return {
    ok: false,
    message: `This period is ${statusWords[status]}: only a period ${allowed} can be ${done[action]}`,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The lock

/** What locks a day: an approved period of the person, or the organization's `lock_before`. */
export type PeriodLock =
  | { kind: "approved"; start: CalendarDate; end: CalendarDate }
  | { kind: "before"; date: CalendarDate };

/** Days from `from` to `to`, both included; `to` null runs on without end (a series that never ends). */
export interface DayRange {
  from: CalendarDate;
  to: CalendarDate | null;
}

interface LockSources {
  approvedPeriods: readonly Period[];
  lockBefore: CalendarDate | null;
}

/**
 * Whether `day` is locked: the approved period that holds it, else the organization's lock when the day is before
 * `lockBefore`, else null. An approved period names the day before a date lock does.
 */
export function isLocked(day: CalendarDate, sources: LockSources): PeriodLock | null {
  return lockOfDays({ from: day, to: day }, sources);
}

/**
 * Whether any day of `range` is locked (`isLocked`): the earliest approved period it reaches, else the date lock when
 * the range starts before it. A change of a whole series touches every day it runs over.
 */
export function lockOfDays(range: DayRange, { approvedPeriods, lockBefore }: LockSources): PeriodLock | null {
  let earliest: Period | undefined;
  for (const period of approvedPeriods) {
    const reached = period.end >= range.from && (range.to === null || period.start <= range.to);
    if (reached && (!earliest || period.start < earliest.start)) earliest = period;
  }
  if (earliest) return { kind: "approved", start: earliest.start, end: earliest.end };
  if (lockBefore !== null && range.from < lockBefore) return { kind: "before", date: lockBefore };
  return null;
}

const monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const fullMonthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** `23 Nov 2026`: a date as the lock's message names it, the same for every reader whatever their zone. */
export function lockDateLabel(date: CalendarDate): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return `${day} ${monthNames[month - 1]} ${year}`;
}

/** What the lock's 423 says: "The week of 23 Nov 2026 is approved: its entries are locked". */
export function periodLockMessage(lock: PeriodLock): string {
  if (lock.kind === "before") return `Entries before ${lockDateLabel(lock.date)} are locked`;
  const week = periodOf(lock.start, "week");
  if (week.start === lock.start && week.end === lock.end) {
    return `The week of ${lockDateLabel(lock.start)} is approved: its entries are locked`;
  }
  const month = periodOf(lock.start, "month");
  if (month.start === lock.start && month.end === lock.end) {
    const [year, monthNumber] = lock.start.split("-").map(Number) as [number, number];
    return `${fullMonthNames[monthNumber - 1]} ${year} is approved: its entries are locked`;
  }
  return `The period from ${lockDateLabel(lock.start)} to ${lockDateLabel(lock.end)} is approved: its entries are locked`;
}

// ---------------------------------------------------------------------------------------------------------------
// The wire

/** A period start in a path: a date that starts a week (a Monday) or a month (a 1st); which of the two, the organization says. */
export const periodStartSchema = calendarDateSchema.refine(
  (date) => isPeriodStart(date, "week") || isPeriodStart(date, "month"),
  { message: "Must be a Monday or the 1st of a month" },
);

const noteField = z.string({ message: "note must be text" }).trim().max(2000, "note is at most 2000 characters");

/** `approve`: a note is optional. */
export const timesheetApproveInputSchema = z.object({ note: noteField.default("") }).strict();
/** `reject`: the note says what to correct, and is required. */
export const timesheetRejectInputSchema = z
  .object({ note: noteField.min(1, "A rejection needs a note saying what to correct") })
  .strict();
/** `reopen`: the reason is required, and kept in the audit log. */
export const timesheetReopenInputSchema = z.object({ note: noteField.min(1, "Reopening needs a reason") }).strict();
export type TimesheetNoteInput = { note: string };

/** `GET user/{userId}/timesheet/{periodStart}`, and the answer of every transition. */
export const timesheetPeriodSchema = z.object({
  user_id: z.string(),
  period_start: z.string().describe("The period's first day, YYYY-MM-DD"),
  period_end: z.string().describe("The period's last day, YYYY-MM-DD"),
  status: z.enum(timesheetPeriodStatuses),
  submitted_at: z.number().nullable().describe("When it was last submitted, epoch ms"),
  decided_by: z.string().nullable().describe("Who last approved, rejected or reopened it"),
  decided_at: z.number().nullable().describe("When, epoch ms"),
  note: z.string().describe("The note of the last decision (the reason of a reopening)"),
});
export type TimesheetPeriod = z.infer<typeof timesheetPeriodSchema>;

/** `GET organization/{orgId}/timesheet-approvals?period_start=`. */
export const timesheetApprovalsQuerySchema = z
  .object({
    period_start: periodStartSchema.describe("The first day of the period (a Monday by week, a 1st by month)"),
  })
  .strict();

/** One member's period in the approvals list; figures in seconds. */
export const timesheetApprovalRowSchema = z.object({
  user_id: z.string(),
  nominative: z.string(),
  image_url: z.string().nullable(),
  period_start: z.string(),
  period_end: z.string(),
  status: z.enum(timesheetPeriodStatuses),
  logged: z.number().describe("Seconds of completed activity in the period"),
  capacity: z.number().describe("Seconds the person is expected to work in the period"),
  difference: z.number().describe("logged plus the hours of holidays counted as worked, minus capacity, in seconds"),
  submitted_at: z.number().nullable(),
  decided_at: z.number().nullable(),
  note: z.string(),
});
export type TimesheetApprovalRow = z.infer<typeof timesheetApprovalRowSchema>;
