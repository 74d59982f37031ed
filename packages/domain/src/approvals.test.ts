import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isLocked,
  isPeriodStart,
  lockDateLabel,
  lockOfDays,
  type PeriodLock,
  periodLockMessage,
  periodOf,
  periodStartSchema,
  type TimesheetAction,
  timesheetActions,
  timesheetActorOf,
  timesheetApproveInputSchema,
  timesheetRejectInputSchema,
  timesheetReopenInputSchema,
  timesheetTransition,
} from "./approvals.js";
import type { TimesheetPeriodStatus } from "./hours-constants.js";
import { timesheetPeriodStatuses } from "./hours-constants.js";
import type { ApprovalPeriod } from "./organization.js";
import { organizationSettingsInputSchema } from "./organization.js";
import { addDays } from "./reports-figures.js";

describe("periodOf", () => {
  it.each([
    // A week runs Monday to Sunday, whatever day of it is asked.
    ["2026-11-23", "week", "2026-11-23", "2026-11-29"],
    ["2026-11-25", "week", "2026-11-23", "2026-11-29"],
    ["2026-11-29", "week", "2026-11-23", "2026-11-29"],
    ["2026-11-30", "week", "2026-11-30", "2026-12-06"],
    // Across a year's end and a leap day.
    ["2027-01-01", "week", "2026-12-28", "2027-01-03"],
    ["2028-02-29", "week", "2028-02-28", "2028-03-05"],
    // A month from its 1st to its last day.
    ["2026-11-15", "month", "2026-11-01", "2026-11-30"],
    ["2028-02-10", "month", "2028-02-01", "2028-02-29"],
    ["2027-02-28", "month", "2027-02-01", "2027-02-28"],
    ["2026-12-31", "month", "2026-12-01", "2026-12-31"],
    ["2026-03-29", "month", "2026-03-01", "2026-03-31"],
  ] as const)("%s by %s is %s to %s", (date, kind, start, end) => {
    expect(periodOf(date, kind)).toEqual({ start, end });
  });

  it("holds the day asked, and its start is a period start, for any day and kind", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1971-01-01"), max: new Date("9998-12-01"), noInvalidDate: true }),
        fc.constantFrom<ApprovalPeriod>("week", "month"),
        (instant, kind) => {
          const day = instant.toISOString().slice(0, 10);
          const { start, end } = periodOf(day, kind);
          expect(start <= day && day <= end).toBe(true);
          expect(isPeriodStart(start, kind)).toBe(true);
          expect(periodOf(addDays(end, 1), kind).start).toBe(addDays(end, 1));
        },
      ),
    );
  });
});

describe("isPeriodStart", () => {
  it.each([
    ["2026-11-23", "week", true],
    ["2026-11-24", "week", false],
    ["2026-11-29", "week", false],
    ["2026-11-01", "month", true],
    ["2026-11-02", "month", false],
    ["2026-06-01", "week", true],
    ["2026-02-30", "month", false],
    ["23/11/2026", "week", false],
  ] as const)("%s by %s: %s", (date, kind, expected) => {
    expect(isPeriodStart(date, kind)).toBe(expected);
  });

  it("the path's schema takes a Monday or a 1st and nothing else", () => {
    expect(periodStartSchema.safeParse("2026-11-23").success).toBe(true);
    expect(periodStartSchema.safeParse("2026-10-01").success).toBe(true);
    const refused = periodStartSchema.safeParse("2026-11-24");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("Must be a Monday or the 1st of a month");
    expect(periodStartSchema.safeParse("2026-13-01").success).toBe(false);
  });
});

describe("the approval state machine", () => {
  // Every state and action, and what follows: a state, or a refusal.
  const table: Array<[TimesheetPeriodStatus, TimesheetAction, TimesheetPeriodStatus | null]> = [
    ["open", "submit", "submitted"],
    ["open", "withdraw", null],
    ["open", "approve", null],
    ["open", "reject", null],
    ["open", "reopen", null],
    ["submitted", "submit", null],
    ["submitted", "withdraw", "open"],
    ["submitted", "approve", "approved"],
    ["submitted", "reject", "rejected"],
    ["submitted", "reopen", null],
    ["approved", "submit", null],
    ["approved", "withdraw", null],
    ["approved", "approve", null],
    ["approved", "reject", null],
    ["approved", "reopen", "open"],
    ["rejected", "submit", "submitted"],
    ["rejected", "withdraw", null],
    ["rejected", "approve", null],
    ["rejected", "reject", null],
    ["rejected", "reopen", null],
  ];

  it("the table names every state with every action", () => {
    expect(table).toHaveLength(timesheetPeriodStatuses.length * timesheetActions.length);
  });

  it.each(table)("%s, %s → %s", (status, action, expected) => {
    const result = timesheetTransition(status, action);
    if (expected === null) {
      expect(result.ok).toBe(false);
    } else {
      expect(result).toEqual({ ok: true, status: expected });
    }
  });

  it.each([
    ["open", "approve", "This period is open: only a period submitted can be approved"],
    ["approved", "approve", "This period is approved: only a period submitted can be approved"],
    ["submitted", "submit", "This period is submitted: only a period open or rejected can be submitted"],
    ["open", "reopen", "This period is open: only a period approved can be reopened"],
  ] as const)("%s, %s is refused with a message saying why", (status, action, message) => {
    expect(timesheetTransition(status, action)).toEqual({ ok: false, message });
  });

  it.each([
    ["submit", "owner"],
    ["withdraw", "owner"],
    ["approve", "approver"],
    ["reject", "approver"],
    ["reopen", "approver"],
  ] as const)("%s is taken by the %s", (action, actor) => {
    expect(timesheetActorOf(action)).toBe(actor);
  });
});

describe("isLocked", () => {
  const approvedPeriods = [
    { start: "2026-11-23", end: "2026-11-29" },
    { start: "2026-10-01", end: "2026-10-31" },
  ];
  it.each<[string, string | null, PeriodLock | null]>([
    ["2026-11-23", null, { kind: "approved", start: "2026-11-23", end: "2026-11-29" }],
    ["2026-11-29", null, { kind: "approved", start: "2026-11-23", end: "2026-11-29" }],
    ["2026-11-30", null, null],
    ["2026-11-22", null, null],
    ["2026-10-15", null, { kind: "approved", start: "2026-10-01", end: "2026-10-31" }],
    // Before the date lock, and not on it.
    ["2026-06-30", "2026-07-01", { kind: "before", date: "2026-07-01" }],
    ["2026-07-01", "2026-07-01", null],
    // An approved period names the day before the date lock does.
    ["2026-11-24", "2027-01-01", { kind: "approved", start: "2026-11-23", end: "2026-11-29" }],
    ["2026-12-15", "2027-01-01", { kind: "before", date: "2027-01-01" }],
  ])("%s with lock_before %s: %o", (day, lockBefore, expected) => {
    expect(isLocked(day, { approvedPeriods, lockBefore })).toEqual(expected);
  });

  it("locks nothing without approved periods or a date", () => {
    expect(isLocked("2026-11-24", { approvedPeriods: [], lockBefore: null })).toBeNull();
  });
});

describe("lockOfDays", () => {
  const approvedPeriods = [
    { start: "2026-11-23", end: "2026-11-29" },
    { start: "2026-10-05", end: "2026-10-11" },
  ];
  it.each<[string, string | null, string | null, PeriodLock | null]>([
    // A range reaching into an approved period from either side, or holding it whole.
    ["2026-11-20", "2026-11-23", null, { kind: "approved", start: "2026-11-23", end: "2026-11-29" }],
    ["2026-11-29", "2026-12-02", null, { kind: "approved", start: "2026-11-23", end: "2026-11-29" }],
    ["2026-11-01", "2026-12-31", null, { kind: "approved", start: "2026-11-23", end: "2026-11-29" }],
    ["2026-11-30", "2026-12-31", null, null],
    ["2026-11-12", "2026-11-22", null, null],
    // Without end, the earliest period it reaches.
    ["2026-10-01", null, null, { kind: "approved", start: "2026-10-05", end: "2026-10-11" }],
    ["2026-10-12", null, null, { kind: "approved", start: "2026-11-23", end: "2026-11-29" }],
    ["2026-12-01", null, null, null],
    // Starting before the date lock.
    ["2026-06-30", "2026-07-05", "2026-07-01", { kind: "before", date: "2026-07-01" }],
    ["2026-07-01", "2026-09-30", "2026-07-01", null],
  ])("%s to %s, lock_before %s: %o", (from, to, lockBefore, expected) => {
    expect(lockOfDays({ from, to }, { approvedPeriods, lockBefore })).toEqual(expected);
  });
});

describe("periodLockMessage", () => {
  it.each<[PeriodLock, string]>([
    [
      { kind: "approved", start: "2026-11-23", end: "2026-11-29" },
      "The week of 23 Nov 2026 is approved: its entries are locked",
    ],
    [{ kind: "approved", start: "2026-02-01", end: "2026-02-28" }, "February 2026 is approved: its entries are locked"],
    [
      { kind: "approved", start: "2026-02-03", end: "2026-02-10" },
      "The period from 3 Feb 2026 to 10 Feb 2026 is approved: its entries are locked",
    ],
    [{ kind: "before", date: "2026-07-01" }, "Entries before 1 Jul 2026 are locked"],
  ])("%o: %s", (lock, message) => {
    expect(periodLockMessage(lock)).toBe(message);
  });

  it("writes a date with its day unpadded and its month's short name", () => {
    expect(lockDateLabel("2026-01-05")).toBe("5 Jan 2026");
    expect(lockDateLabel("2026-12-31")).toBe("31 Dec 2026");
  });
});

describe("the schemas", () => {
  it.each([
    [{ approval_period: "month" }, true],
    [{ lock_before: "2026-07-01" }, true],
    [{ lock_before: null }, true],
    [{ prevent_overlapping_activities: true }, true],
    [{}, false],
    [{ approval_period: "year" }, false],
    [{ lock_before: "01/07/2026" }, false],
    [{ prevent_overlapping_activities: "yes" }, false],
    [{ approval_period: "week", other: 1 }, false],
  ])("settings %o: %s", (body, valid) => {
    expect(organizationSettingsInputSchema.safeParse(body).success).toBe(valid);
  });

  it("an approval's note is optional, a rejection's and a reopening's required", () => {
    expect(timesheetApproveInputSchema.parse({})).toEqual({ note: "" });
    expect(timesheetApproveInputSchema.parse({ note: " Fine " })).toEqual({ note: "Fine" });
    expect(timesheetRejectInputSchema.safeParse({ note: "  " }).error?.issues[0]?.message).toBe(
      "A rejection needs a note saying what to correct",
    );
    expect(timesheetRejectInputSchema.safeParse({}).success).toBe(false);
    expect(timesheetReopenInputSchema.safeParse({ note: "" }).error?.issues[0]?.message).toBe(
      "Reopening needs a reason",
    );
    expect(timesheetReopenInputSchema.parse({ note: "Wrong project on Tuesday" })).toEqual({
      note: "Wrong project on Tuesday",
    });
    expect(timesheetApproveInputSchema.safeParse({ note: "x".repeat(2001) }).success).toBe(false);
  });
});
