import { describe, expect, it } from "vitest";
import type { Contract } from "./contracts.js";
import { type TimeOffStatus, timeOffStatuses } from "./hours-constants.js";
import {
  canMoveTimeOff,
  daysOffIn,
  daysOffQuerySchema,
  defaultTimeOffKinds,
  initialTimeOffStatus,
  timeOffAllowanceInputSchema,
  timeOffBalance,
  timeOffClashes,
  timeOffDaysByDate,
  timeOffDaysOf,
  timeOffInputSchema,
  timeOffKindInputSchema,
  timeOffKindPatchSchema,
  timeOffPatchSchema,
  timeOffQuerySchema,
} from "./time-off.js";

const userId = "7a1d9e52-3c84-4b6f-8e21-5f0a9c3d7b18";
const kindId = "4811bd5e-6035-4be2-8b1f-506d235ea237";
const vacation = { user_id: userId, kind_id: kindId, start_date: "2026-08-10", end_date: "2026-08-14" };

const refusedFields = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.path.join("."));

describe("timeOffInputSchema", () => {
  it("takes whole days, with no half day, no hours and no note by default", () => {
    expect(timeOffInputSchema.parse(vacation)).toEqual({ ...vacation, half_day: null, hours: null, note: "" });
  });

  it.each([
    ["a morning", { ...vacation, end_date: vacation.start_date, half_day: "morning" }],
    ["some hours", { ...vacation, end_date: vacation.start_date, hours: 2.5 }],
    ["24 hours", { ...vacation, end_date: vacation.start_date, hours: 24 }],
    ["a leap year's 366 days", { ...vacation, start_date: "2028-01-01", end_date: "2028-12-31" }],
  ])("takes %s", (_label, body) => {
    expect(timeOffInputSchema.safeParse(body).success).toBe(true);
  });

  it.each([
    [
      "an end before the start",
      { ...vacation, end_date: "2026-08-09" },
      "end_date",
      "The end date cannot be before the start date",
    ],
    [
      "over a year",
      { ...vacation, start_date: "2026-01-01", end_date: "2027-01-02" },
      "end_date",
      "Time off lasts at most 366 days",
    ],
    [
      "a half day over several days",
      { ...vacation, half_day: "afternoon" },
      "half_day",
      "A half day is taken on a single day: the end date is the start date",
    ],
    [
      "hours over several days",
      { ...vacation, hours: 4 },
      "hours",
      "Hours are taken on a single day: the end date is the start date",
    ],
    [
      "a half day and hours",
      { ...vacation, end_date: vacation.start_date, half_day: "morning", hours: 2 },
      "hours",
      "Time off is a half day or some hours, not both",
    ],
    ["0 hours", { ...vacation, end_date: vacation.start_date, hours: 0 }, "hours", undefined],
    ["more than 24 hours", { ...vacation, end_date: vacation.start_date, hours: 24.5 }, "hours", undefined],
    ["hours with 3 decimals", { ...vacation, end_date: vacation.start_date, hours: 1.125 }, "hours", undefined],
    ["an unknown half", { ...vacation, end_date: vacation.start_date, half_day: "evening" }, "half_day", undefined],
    ["a date that does not exist", { ...vacation, start_date: "2026-02-29" }, "start_date", undefined],
    ["a user that is not an id", { ...vacation, user_id: "me" }, "user_id", undefined],
    ["no kind", { ...vacation, kind_id: undefined }, "kind_id", undefined],
    ["a note too long", { ...vacation, note: "x".repeat(1001) }, "note", undefined],
  ])("refuses %s, naming %s", (_label, body, field, message) => {
    const result = timeOffInputSchema.safeParse(body);
    expect(refusedFields(result)).toContain(field);
    if (message) expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});

describe("the kinds", () => {
  it("fills a kind's defaults: paid, needing approval, no allowance", () => {
    expect(timeOffKindInputSchema.parse({ name: "Training", color: "#40C057" })).toEqual({
      name: "Training",
      color: "#40c057",
      paid: true,
      needs_approval: true,
      yearly_allowance_days: null,
    });
  });

  it.each([
    [{ name: "", color: "#40c057" }, "name"],
    [{ name: "Training", color: "green" }, "color"],
    [{ name: "Training", color: "#40c057", yearly_allowance_days: -1 }, "yearly_allowance_days"],
    [{ name: "Training", color: "#40c057", yearly_allowance_days: 367 }, "yearly_allowance_days"],
    [{ name: "Training", color: "#40c057", yearly_allowance_days: 2.25 }, "yearly_allowance_days"],
    [{ name: "Training", color: "#40c057", paid: "no" }, "paid"],
  ])("refuses %j, naming %s", (body, field) => {
    expect(refusedFields(timeOffKindInputSchema.safeParse(body))).toContain(field);
  });

  it("needs a change to change something", () => {
    expect(timeOffKindPatchSchema.safeParse({}).success).toBe(false);
    expect(timeOffKindPatchSchema.parse({ yearly_allowance_days: 22.5 })).toEqual({ yearly_allowance_days: 22.5 });
  });

  it.each([
    ["it", ["Ferie", "Malattia", "Permesso", "Non retribuito"]],
    ["en", ["Vacation", "Sick leave", "Permit", "Unpaid leave"]],
  ] as const)("starts an organization in %s with vacation, sick leave, permit and unpaid leave", (language, names) => {
    const kinds = defaultTimeOffKinds(language);
    expect(kinds.map((kind) => kind.name)).toEqual(names);
    expect(kinds.map((kind) => [kind.paid, kind.needs_approval, kind.yearly_allowance_days])).toEqual([
      [true, true, 20],
      [true, false, null],
      [true, true, null],
      [false, true, null],
    ]);
    for (const kind of kinds) expect(timeOffKindInputSchema.safeParse(kind).success).toBe(true);
  });
});

describe("canMoveTimeOff", () => {
  const allowed = new Set(["requested→approved", "requested→rejected", "requested→cancelled", "approved→cancelled"]);
  const pairs = timeOffStatuses.flatMap((from) =>
    timeOffStatuses.map((to) => [from, to] as [TimeOffStatus, TimeOffStatus]),
  );
  it.each(pairs)("%s → %s", (from, to) => {
    expect(canMoveTimeOff(from, to)).toBe(allowed.has(`${from}→${to}`));
  });
});

describe("initialTimeOffStatus", () => {
  it.each([
    [false, true, "requested"],
    [false, false, "approved"],
    [true, true, "approved"],
    [true, false, "approved"],
  ] as const)("for someone else %s, the kind needing approval %s: %s", (forSomeoneElse, needsApproval, expected) => {
    expect(initialTimeOffStatus({ forSomeoneElse, needsApproval })).toBe(expected);
  });
});

const fullTime = (from: string, to: string | null, hours: number): Contract => ({
  uid: `ft-${from}`,
  user_id: userId,
  contract_type: "full-time",
  contractual_hours: hours,
  contractual_hours_by_day: null,
  hourly_cost: 30,
  productivity_target: 80,
  from_date: from,
  to_date: to,
});
const partTime: Contract = {
  ...fullTime("2026-01-01", null, 0),
  contract_type: "part-time",
  contractual_hours_by_day: { monday: 4, tuesday: 0, wednesday: 6, thursday: 0, friday: 4, saturday: 0, sunday: 0 },
};

const noHolidays = new Map<string, { half_day: boolean }>();
const holidays = new Map([
  ["2026-08-14", { half_day: true }],
  ["2026-08-15", { half_day: false }],
  ["2026-12-08", { half_day: false }],
]);

describe("timeOffDaysOf", () => {
  // 2026-08-10 is a Monday.
  it.each([
    [
      "a week with no contract: Monday to Friday",
      { ...vacation, start_date: "2026-08-10", end_date: "2026-08-16" },
      [],
      noHolidays,
      5,
    ],
    [
      "a week with a full-time contract",
      { ...vacation, start_date: "2026-08-10", end_date: "2026-08-16" },
      [fullTime("2026-01-01", null, 8)],
      noHolidays,
      5,
    ],
    [
      "a week with a half holiday on Friday",
      { ...vacation, start_date: "2026-08-10", end_date: "2026-08-16" },
      [],
      holidays,
      4.5,
    ],
    ["a weekend", { ...vacation, start_date: "2026-08-15", end_date: "2026-08-16" }, [], noHolidays, 0],
    [
      "a full holiday on a working day",
      { ...vacation, start_date: "2026-12-08", end_date: "2026-12-08" },
      [],
      holidays,
      0,
    ],
    [
      "a part-time week: only the days with hours",
      { ...vacation, start_date: "2026-08-10", end_date: "2026-08-16" },
      [partTime],
      noHolidays,
      3,
    ],
    ["a half day", { ...vacation, end_date: "2026-08-10", half_day: "morning" as const }, [], noHolidays, 0.5],
    [
      "a half day on a half holiday",
      { ...vacation, start_date: "2026-08-14", end_date: "2026-08-14", half_day: "afternoon" as const },
      [],
      holidays,
      0.5,
    ],
    [
      "a half day on a day off",
      { ...vacation, start_date: "2026-08-16", end_date: "2026-08-16", half_day: "morning" as const },
      [],
      noHolidays,
      0,
    ],
    ["2 hours of 8", { ...vacation, end_date: "2026-08-10", hours: 2 }, [], noHolidays, 0.25],
    [
      "2 hours of a part-time Monday of 4",
      { ...vacation, end_date: "2026-08-10", hours: 2 },
      [partTime],
      noHolidays,
      0.5,
    ],
    [
      "more hours than the day has: the day",
      { ...vacation, end_date: "2026-08-10", hours: 10 },
      [fullTime("2026-01-01", null, 6)],
      noHolidays,
      1,
    ],
    [
      "hours on a half holiday: at most half the day",
      { ...vacation, start_date: "2026-08-14", end_date: "2026-08-14", hours: 8 },
      [],
      holidays,
      0.5,
    ],
    [
      "hours on a part-time day without hours",
      { ...vacation, start_date: "2026-08-11", end_date: "2026-08-11", hours: 2 },
      [partTime],
      noHolidays,
      0,
    ],
    [
      "a contract changing mid-week from full time to a part-time week",
      { ...vacation, start_date: "2026-08-10", end_date: "2026-08-16" },
      [fullTime("2026-01-01", "2026-08-11", 8), { ...partTime, from_date: "2026-08-12" }],
      noHolidays,
      4,
    ],
  ])("%s: %f days", (_label, timeOff, contracts, days, expected) => {
    expect(timeOffDaysOf({ half_day: null, hours: null, ...timeOff }, { contracts, holidays: days })).toBe(expected);
  });

  it("gives each day its share", () => {
    const byDate = timeOffDaysByDate(
      { start_date: "2026-08-13", end_date: "2026-08-15", half_day: null, hours: null },
      { contracts: [], holidays },
    );
    expect([...byDate]).toEqual([
      ["2026-08-13", 1],
      ["2026-08-14", 0.5],
      ["2026-08-15", 0],
    ]);
  });
});

describe("timeOffBalance", () => {
  const days = (entries: Array<[string, number]>) => new Map(entries);
  it.each([
    ["nothing taken", [], { used_days: 0, planned_days: 0, remaining_days: 20 }],
    [
      "approved time off up to today is used, after today planned",
      [
        {
          status: "approved" as const,
          daysByDate: days([
            ["2026-06-01", 1],
            ["2026-06-02", 1],
            ["2026-06-03", 1],
          ]),
        },
      ],
      { used_days: 2, planned_days: 1, remaining_days: 17 },
    ],
    [
      "a request is planned, even on a past day",
      [
        {
          status: "requested" as const,
          daysByDate: days([
            ["2026-05-01", 0.5],
            ["2026-07-01", 1],
          ]),
        },
      ],
      { used_days: 0, planned_days: 1.5, remaining_days: 18.5 },
    ],
    [
      "rejected and cancelled time off count nothing",
      [
        { status: "rejected" as const, daysByDate: days([["2026-05-01", 1]]) },
        { status: "cancelled" as const, daysByDate: days([["2026-05-04", 1]]) },
      ],
      { used_days: 0, planned_days: 0, remaining_days: 20 },
    ],
    [
      "only the year's days count",
      [
        {
          status: "approved" as const,
          daysByDate: days([
            ["2025-12-31", 1],
            ["2026-01-02", 1],
            ["2027-01-04", 1],
          ]),
        },
      ],
      { used_days: 1, planned_days: 0, remaining_days: 19 },
    ],
    [
      "hours add up in fractions",
      [
        { status: "approved" as const, daysByDate: days([["2026-03-02", 0.25]]) },
        { status: "approved" as const, daysByDate: days([["2026-03-03", 0.125]]) },
      ],
      { used_days: 0.38, planned_days: 0, remaining_days: 19.63 },
    ],
    [
      "more than allowed leaves a negative remainder",
      [
        {
          status: "approved" as const,
          daysByDate: days(
            Array.from({ length: 21 }, (_, i) => [`2026-01-${String(i + 1).padStart(2, "0")}`, 1] as [string, number]),
          ),
        },
      ],
      { used_days: 21, planned_days: 0, remaining_days: -1 },
    ],
  ])("%s", (_label, entries, expected) => {
    expect(timeOffBalance({ allowanceDays: 20, year: 2026, today: "2026-06-02", entries })).toEqual({
      allowance_days: 20,
      ...expected,
    });
  });
});

describe("the other bodies and queries", () => {
  it.each([
    [{ status: "approved" }, true],
    [{ status: "rejected", note: "Busy week" }, true],
    [{ status: "requested" }, false],
    [{ note: "x" }, false],
    [{ status: "cancelled", extra: 1 }, false],
  ])("PATCH %j is accepted: %s", (body, accepted) => {
    expect(timeOffPatchSchema.safeParse(body).success).toBe(accepted);
  });

  it.each([
    [{}, true],
    [{ start_date: "2026-01-01", end_date: "2026-01-31", status: "requested", user_id: userId }, true],
    [{ start_date: "2026-02-01", end_date: "2026-01-31" }, false],
    [{ status: "pending" }, false],
    [{ user_id: "me" }, false],
  ])("the list's query %j is accepted: %s", (query, accepted) => {
    expect(timeOffQuerySchema.safeParse(query).success).toBe(accepted);
  });

  it.each([
    [{ start_date: "2026-01-01", end_date: "2026-12-31" }, true],
    [{ start_date: "2026-01-01", end_date: "2027-01-02" }, false],
    [{ start_date: "2026-01-02", end_date: "2026-01-01" }, false],
    [{ start_date: "2026-01-02" }, false],
  ])("the days off query %j is accepted: %s", (query, accepted) => {
    expect(daysOffQuerySchema.safeParse(query).success).toBe(accepted);
  });

  it.each([
    [{ year: 2026, days: 22.5 }, true],
    [{ year: 2026, days: 0 }, true],
    [{ year: 1999, days: 20 }, false],
    [{ year: 2026, days: -1 }, false],
    [{ year: 2026 }, false],
  ])("the allowance %j is accepted: %s", (body, accepted) => {
    expect(timeOffAllowanceInputSchema.safeParse(body).success).toBe(accepted);
  });
});

describe("daysOffIn", () => {
  const kinds = new Map([[kindId, { name: "Ferie", color: "#228be6" }]]);
  const entry = (id: string, start: string, end: string, status: TimeOffStatus, extra = {}) => ({
    id,
    kind_id: kindId,
    start_date: start,
    end_date: end,
    half_day: null,
    hours: null,
    status,
    ...extra,
  });

  it("lists holidays and each day of approved and requested time off within the period, holidays first", () => {
    const days = daysOffIn({
      startDate: "2026-08-14",
      endDate: "2026-08-16",
      holidays: [
        { date: "2026-08-13", name: "Before", half_day: false },
        { date: "2026-08-15", name: "Ferragosto", half_day: false },
      ],
      timeOff: [
        entry("a", "2026-08-10", "2026-08-15", "approved"),
        entry("b", "2026-08-16", "2026-08-16", "requested", { half_day: "morning" }),
        entry("c", "2026-08-14", "2026-08-16", "rejected"),
        entry("d", "2026-08-14", "2026-08-16", "cancelled"),
      ],
      kinds,
    });
    expect(days.map((day) => [day.date, day.type, day.name, day.half_day, day.status, day.time_off_id])).toEqual([
      ["2026-08-14", "time_off", "Ferie", false, "approved", "a"],
      ["2026-08-15", "holiday", "Ferragosto", false, null, null],
      ["2026-08-15", "time_off", "Ferie", false, "approved", "a"],
      ["2026-08-16", "time_off", "Ferie", true, "requested", "b"],
    ]);
    expect(days[0]!.color).toBe("#228be6");
    expect(days[1]!.color).toBeNull();
  });
});

describe("timeOffClashes", () => {
  const days = (start: string, end: string, extra: { half_day?: "morning" | "afternoon"; hours?: number } = {}) => ({
    start_date: start,
    end_date: end,
    half_day: extra.half_day ?? null,
    hours: extra.hours ?? null,
  });
  it.each([
    ["two weeks apart", days("2026-08-03", "2026-08-07"), days("2026-08-17", "2026-08-21"), false],
    ["touching days", days("2026-08-03", "2026-08-07"), days("2026-08-08", "2026-08-09"), false],
    ["sharing a day", days("2026-08-03", "2026-08-07"), days("2026-08-07", "2026-08-09"), true],
    [
      "a half day inside whole days",
      days("2026-08-03", "2026-08-07"),
      days("2026-08-05", "2026-08-05", { half_day: "morning" }),
      true,
    ],
    [
      "a morning and an afternoon",
      days("2026-08-05", "2026-08-05", { half_day: "morning" }),
      days("2026-08-05", "2026-08-05", { half_day: "afternoon" }),
      false,
    ],
    [
      "two mornings",
      days("2026-08-05", "2026-08-05", { half_day: "morning" }),
      days("2026-08-05", "2026-08-05", { half_day: "morning" }),
      true,
    ],
    [
      "hours beside a morning",
      days("2026-08-05", "2026-08-05", { hours: 2 }),
      days("2026-08-05", "2026-08-05", { half_day: "morning" }),
      false,
    ],
    [
      "hours beside hours",
      days("2026-08-05", "2026-08-05", { hours: 2 }),
      days("2026-08-05", "2026-08-05", { hours: 3 }),
      false,
    ],
  ])("%s: %s", (_label, a, b, expected) => {
    expect(timeOffClashes(a, b)).toBe(expected);
    expect(timeOffClashes(b, a)).toBe(expected);
  });
});
