import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Contract, noHoursByDay } from "./contracts.js";
import { expandRecurrence } from "./recurrence.js";
import type { TimesheetRow } from "./reports.js";
import {
  activityHours,
  addDays,
  contractualHoursPerDay,
  costOfDays,
  costOnDay,
  dailyCapacitySeconds,
  dayCapacity,
  dayCapacityOn,
  dayPercentage,
  daysFrom,
  euros,
  type HoursOff,
  hoursMinutes,
  type LoggableEvent,
  mondayOf,
  netContractualSeconds,
  plannedByDay,
  planVersusActual,
  ringCapacitySeconds,
  ringPercentage,
  timesheetDayTerms,
  withZeroWeekdays,
  workLogByDay,
} from "./reports-figures.js";

const contract = (overrides: Partial<Contract>): Contract => ({
  uid: "c",
  user_id: "u",
  contract_type: "full-time",
  contractual_hours: 8,
  contractual_hours_by_day: null,
  hourly_cost: 40,
  productivity_target: 80,
  from_date: "2026-01-01",
  to_date: null,
  ...overrides,
});

const partTime = contract({
  contract_type: "part-time",
  contractual_hours: 0,
  contractual_hours_by_day: { ...noHoursByDay, monday: 4, wednesday: 6, saturday: 2 },
});

const ms = (iso: string) => Date.parse(iso);

describe("dailyCapacitySeconds", () => {
  // 2026-03-02 is a Monday.
  it.each([
    ["full-time on a Monday: its hours", [contract({ contractual_hours: 6 })], "2026-03-02", 6 * 3600],
    ["full-time on a Saturday: a day off", [contract({})], "2026-03-07", 0],
    ["part-time on a Monday: Monday's hours", [partTime], "2026-03-02", 4 * 3600],
    ["part-time on a Tuesday it leaves free: 0, not the default", [partTime], "2026-03-03", 0],
    ["part-time on a Saturday it works", [partTime], "2026-03-07", 2 * 3600],
    ["no contract on a weekday: 8 h", [], "2026-03-02", 28_800],
    ["no contract on a Sunday: nothing", [], "2026-03-08", 0],
    ["a contract of 0 hours: 8 h", [contract({ contractual_hours: 0 })], "2026-03-02", 28_800],
    [
      "a part-time contract with no hours at all: 8 h",
      [contract({ contract_type: "part-time", contractual_hours: 0, contractual_hours_by_day: noHoursByDay })],
      "2026-03-04",
      28_800,
    ],
    ["before the contract starts: the default", [contract({ from_date: "2026-04-01" })], "2026-03-02", 28_800],
  ])("%s", (_label, contracts, date, expected) => {
    expect(dailyCapacitySeconds(contracts, date)).toBe(expected);
  });

  it("follows a contract that changes mid-week", () => {
    const contracts = [
      contract({ uid: "a", contractual_hours: 8, to_date: "2026-03-03" }),
      contract({ uid: "b", contractual_hours: 4, from_date: "2026-03-04" }),
    ];
    // Monday and Tuesday at 8 h, Wednesday to Friday at 4 h.
    expect(ringCapacitySeconds(contracts, "2026-03-02", "2026-03-08")).toBe((2 * 8 + 3 * 4) * 3600);
  });
});

describe("ringCapacitySeconds", () => {
  it.each([
    ["a full-time week of 8 h: 8 × 5 × 3600", [contract({})], 8 * 5 * 3600],
    ["a full-time week of 6 h", [contract({ contractual_hours: 6 })], 6 * 5 * 3600],
    ["no contract: the 8 h default × 5", [], 8 * 5 * 3600],
    ["part-time: the week's hours", [partTime], 12 * 3600],
  ])("%s", (_label, contracts, expected) => {
    expect(ringCapacitySeconds(contracts, "2026-03-02", "2026-03-08")).toBe(expected);
  });

  it("equals the hours per day × 5 × 3600 of any full-time week", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 500 }), (hours, week) => {
        const monday = addDays("2026-01-05", week * 7);
        const contracts = [contract({ contractual_hours: hours, from_date: "2025-01-01" })];
        return (
          ringCapacitySeconds(contracts, monday, addDays(monday, 6)) ===
          contractualHoursPerDay(contracts[0]!) * 5 * 3600
        );
      }),
    );
  });
});

/** What takes hours off a day: nothing unless said. */
const off = (overrides: Partial<HoursOff>): HoursOff => ({
  holiday: null,
  convention: "reduce",
  timeOff: [],
  ...overrides,
});

describe("dayCapacity (decision 026)", () => {
  const eight = 8 * 3600;
  it.each([
    ["nothing off", eight, null, { capacity: eight, time_off: 0, credited: 0 }],
    ["a full holiday, reduce", eight, off({ holiday: "full" }), { capacity: 0, time_off: eight, credited: 0 }],
    ["a half holiday, reduce", eight, off({ holiday: "half" }), { capacity: 14_400, time_off: 14_400, credited: 0 }],
    [
      "a full holiday, worked: the capacity stays, the day is credited",
      eight,
      off({ holiday: "full", convention: "worked" }),
      { capacity: eight, time_off: eight, credited: eight },
    ],
    [
      "a half holiday, worked",
      eight,
      off({ holiday: "half", convention: "worked" }),
      { capacity: eight, time_off: 14_400, credited: 14_400 },
    ],
    ["a day of time off", eight, off({ timeOff: [{ part: "full" }] }), { capacity: 0, time_off: eight, credited: 0 }],
    [
      "half a day of time off",
      eight,
      off({ timeOff: [{ part: "half" }] }),
      { capacity: 14_400, time_off: 14_400, credited: 0 },
    ],
    [
      "2.5 hours of time off",
      eight,
      off({ timeOff: [{ part: "hours", hours: 2.5 }] }),
      { capacity: 19_800, time_off: 9000, credited: 0 },
    ],
    [
      "hours beyond the day take the day, no more",
      6 * 3600,
      off({ timeOff: [{ part: "hours", hours: 10 }] }),
      { capacity: 0, time_off: 6 * 3600, credited: 0 },
    ],
    [
      "two half days (morning and afternoon) take the day",
      eight,
      off({ timeOff: [{ part: "half" }, { part: "half" }] }),
      { capacity: 0, time_off: eight, credited: 0 },
    ],
    [
      "a half holiday and a half day of time off, reduce",
      eight,
      off({ holiday: "half", timeOff: [{ part: "half" }] }),
      { capacity: 0, time_off: eight, credited: 0 },
    ],
    [
      "a half holiday and a half day of time off, worked: only the time off lowers the capacity",
      eight,
      off({ holiday: "half", convention: "worked", timeOff: [{ part: "half" }] }),
      { capacity: 14_400, time_off: eight, credited: 14_400 },
    ],
    [
      "a day of vacation across a full holiday, worked: the holiday is credited, the vacation takes nothing",
      eight,
      off({ holiday: "full", convention: "worked", timeOff: [{ part: "full" }] }),
      { capacity: eight, time_off: eight, credited: eight },
    ],
    [
      "hours on a half holiday take at most the half left",
      eight,
      off({ holiday: "half", timeOff: [{ part: "hours", hours: 6 }] }),
      { capacity: 0, time_off: eight, credited: 0 },
    ],
    [
      "a part-time day of 4 h, half a day off",
      4 * 3600,
      off({ timeOff: [{ part: "half" }] }),
      { capacity: 7200, time_off: 7200, credited: 0 },
    ],
    [
      "a day without hours: nothing to take",
      0,
      off({ holiday: "full", timeOff: [{ part: "full" }] }),
      { capacity: 0, time_off: 0, credited: 0 },
    ],
  ] as const)("%s", (_label, base, hoursOff, expected) => {
    expect(dayCapacity(base, hoursOff)).toEqual(expected);
  });

  it("on a part-time contract's day off, holidays and time off take nothing; on its working days, its hours", () => {
    const holiday = off({ holiday: "full" });
    // Tuesday 3 March is free under `partTime`; Wednesday has 6 h.
    expect(dayCapacityOn([partTime], "2026-03-03", holiday)).toEqual({ capacity: 0, time_off: 0, credited: 0 });
    expect(dayCapacityOn([partTime], "2026-03-04", holiday)).toEqual({ capacity: 0, time_off: 6 * 3600, credited: 0 });
    // Without a contract, the 8 h default is what a holiday takes.
    expect(dayCapacityOn([], "2026-03-04", holiday)).toEqual({ capacity: 0, time_off: 28_800, credited: 0 });
  });

  it("a week with a holiday and time off, across a contract that changes mid-week", () => {
    const contracts = [
      contract({ uid: "a", contractual_hours: 8, to_date: "2026-03-03" }),
      contract({
        uid: "b",
        contract_type: "part-time",
        contractual_hours: 0,
        from_date: "2026-03-04",
        contractual_hours_by_day: { ...noHoursByDay, wednesday: 6, thursday: 6, friday: 4 },
      }),
    ];
    const offByDate = new Map<string, HoursOff>([
      // Monday: a half holiday under the 8 h contract; Wednesday: 2 h off of 6; Friday: a whole day off of 4.
      ["2026-03-02", off({ holiday: "half" })],
      ["2026-03-04", off({ timeOff: [{ part: "hours", hours: 2 }] })],
      ["2026-03-06", off({ timeOff: [{ part: "full" }] })],
      // Sunday: free under both contracts.
      ["2026-03-08", off({ holiday: "full" })],
    ]);
    expect(ringCapacitySeconds(contracts, "2026-03-02", "2026-03-08")).toBe((8 + 8 + 6 + 6 + 4) * 3600);
    expect(ringCapacitySeconds(contracts, "2026-03-02", "2026-03-08", offByDate)).toBe((4 + 8 + 4 + 6 + 0) * 3600);
    expect(netContractualSeconds(contracts, "2026-03-02", "2026-03-08", offByDate)).toBe((4 + 8 + 4 + 6 + 0) * 3600);
    // Only the period's days count, and days without a contract give no contractual seconds to take from.
    expect(netContractualSeconds(contracts, "2026-03-03", "2026-03-05", offByDate)).toBe((8 + 4 + 6) * 3600);
    expect(netContractualSeconds([], "2026-03-02", "2026-03-08", offByDate)).toBe(0);
  });

  const hoursOffArbitrary = fc.record({
    holiday: fc.constantFrom(null, "full" as const, "half" as const),
    convention: fc.constantFrom("reduce" as const, "worked" as const),
    timeOff: fc.array(
      fc.oneof(
        fc.constant({ part: "full" as const }),
        fc.constant({ part: "half" as const }),
        fc.integer({ min: 1, max: 2400 }).map((cents) => ({ part: "hours" as const, hours: cents / 100 })),
      ),
      { maxLength: 4 },
    ),
  });

  it("never answers a capacity below 0 or above the contract's, nor more time off than the day", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(0, 28_800),
          fc.integer({ min: 0, max: 24 }).map((hours) => hours * 3600),
        ),
        fc.option(hoursOffArbitrary, { nil: null }),
        (base, hoursOff) => {
          const day = dayCapacity(base, hoursOff);
          return (
            day.capacity >= 0 &&
            day.capacity <= base &&
            day.time_off >= 0 &&
            day.time_off <= base &&
            day.credited >= 0 &&
            day.credited <= day.time_off &&
            // What is neither expected nor credited is exactly what the day lost.
            base - day.capacity + day.credited === day.time_off
          );
        },
      ),
    );
  });

  it("never answers a day's capacity below 0 or above the contract's, on any contract and any day", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 0, max: 24 }).map((hours) => contract({ contractual_hours: hours })),
          fc
            .array(fc.integer({ min: 0, max: 24 }), { minLength: 7, maxLength: 7 })
            .map(([monday, tuesday, wednesday, thursday, friday, saturday, sunday]) =>
              contract({
                contract_type: "part-time",
                contractual_hours: 0,
                contractual_hours_by_day: {
                  monday: monday!,
                  tuesday: tuesday!,
                  wednesday: wednesday!,
                  thursday: thursday!,
                  friday: friday!,
                  saturday: saturday!,
                  sunday: sunday!,
                },
              }),
            ),
        ),
        fc.integer({ min: 0, max: 3000 }),
        hoursOffArbitrary,
        (terms, offset, hoursOff) => {
          const date = addDays("2026-01-01", offset);
          const base = dailyCapacitySeconds([terms], date);
          const { capacity } = dayCapacityOn([terms], date, hoursOff);
          const hours = timesheetDayTerms([terms], date, hoursOff).contractual_hours!;
          return capacity >= 0 && capacity <= base && hours >= 0 && hours * 3600 <= base;
        },
      ),
    );
  });
});

describe("contractualHoursPerDay", () => {
  it.each([
    ["full-time", contract({ contractual_hours: 6 }), 6],
    ["part-time: the week over five days", partTime, 2.4],
    ["no contract", null, 8],
    ["a contract of 0 hours", contract({ contractual_hours: 0 }), 8],
  ])("%s", (_label, terms, expected) => {
    expect(contractualHoursPerDay(terms)).toBe(expected);
  });
});

describe("cost of time", () => {
  const raise = [
    contract({ uid: "may", hourly_cost: 40, from_date: "2026-05-01", to_date: "2026-05-31" }),
    contract({ uid: "june", hourly_cost: 50, from_date: "2026-06-01" }),
  ];

  it.each([
    ["a day under the first contract", "2026-05-31", 3600, { euroSeconds: 3600 * 40, withoutContract: 0 }],
    ["the raise's first day", "2026-06-01", 3600, { euroSeconds: 3600 * 50, withoutContract: 0 }],
    ["a day before any contract: free, counted apart", "2026-04-30", 1800, { euroSeconds: 0, withoutContract: 1800 }],
  ])("%s", (_label, date, seconds, expected) => {
    expect(costOnDay(raise, date, seconds)).toEqual(expected);
  });

  it("a raise on 1 June does not change May's cost", () => {
    const days = new Map([
      ["2026-05-29", 7200],
      ["2026-06-02", 3600],
      ["2026-04-01", 900],
    ]);
    expect(costOfDays(raise, days)).toEqual({ seconds: 11_700, cost: 2 * 40 + 50, withoutContract: 900 });
  });

  it.each([
    [0, 0],
    [3600 * 40, 40],
    [1 * 33.33, 0.01],
    [1800 * 25.5, 12.75],
    [100 * 12.34, 0.34],
  ])("%d euro-seconds are %d euros", (euroSeconds, expected) => {
    expect(euros(euroSeconds)).toBe(expected);
  });

  it("adds up the same in any grouping: days first or all at once", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ seconds: fc.integer({ min: 0, max: 36_000 }), rate: fc.integer({ min: 0, max: 20_000 }) }),
          {
            maxLength: 50,
          },
        ),
        (entries) => {
          const whole = entries.reduce((t, e) => t + e.seconds * (e.rate / 100), 0);
          const halves = [entries.slice(0, entries.length / 2), entries.slice(entries.length / 2)].map((part) =>
            part.reduce((t, e) => t + e.seconds * (e.rate / 100), 0),
          );
          return euros(whole) === euros(halves[0]! + halves[1]!);
        },
      ),
    );
  });
});

describe("workLogByDay", () => {
  const activity = (start: string, hours: number, extra: Partial<LoggableEvent> = {}): LoggableEvent => ({
    start_time: ms(start),
    end_time: ms(start) + hours * 3_600_000,
    elapsed_time: hours * 3600,
    completed: true,
    event_type: "activity",
    ...extra,
  });

  it.each([
    [
      "counts on the day it starts in Rome",
      "Europe/Rome",
      [activity("2026-03-02T22:30:00Z", 1)],
      { "2026-03-02": 3600 },
    ],
    [
      // 23:30 UTC on 2 March is 00:30 on 3 March in Rome.
      "moves to the next day when it starts after midnight in Rome",
      "Europe/Rome",
      [activity("2026-03-02T23:30:00Z", 1)],
      { "2026-03-03": 3600 },
    ],
    [
      "a block across midnight counts whole on its first day",
      "UTC",
      [activity("2026-03-02T23:00:00Z", 3)],
      { "2026-03-02": 10_800 },
    ],
    [
      // 29 March 2026: Rome moves from +01:00 to +02:00 at 02:00. 22:30 UTC on the 28th is 23:30 local (+01:00),
      // 22:30 UTC on the 29th is 00:30 on the 30th (+02:00).
      "follows the spring daylight-saving change",
      "Europe/Rome",
      [activity("2026-03-28T22:30:00Z", 1), activity("2026-03-29T22:30:00Z", 2)],
      { "2026-03-28": 3600, "2026-03-30": 7200 },
    ],
    [
      // 25 October 2026: back to +01:00. 23:30 UTC on the 24th is 01:30 on the 25th (+02:00); 23:30 UTC on the 25th is
      // 00:30 on the 26th (+01:00).
      "follows the autumn daylight-saving change",
      "Europe/Rome",
      [activity("2026-10-24T21:59:00Z", 1), activity("2026-10-24T23:30:00Z", 1), activity("2026-10-25T22:59:00Z", 1)],
      { "2026-10-24": 3600, "2026-10-25": 7200 },
    ],
    [
      "in New York across its spring change",
      "America/New_York",
      [activity("2026-03-08T04:30:00Z", 1), activity("2026-03-09T03:30:00Z", 1)],
      { "2026-03-07": 3600, "2026-03-08": 3600 },
    ],
    [
      "leaves out planning blocks and activities not completed",
      "UTC",
      [
        activity("2026-03-02T09:00:00Z", 2, { event_type: "planning" }),
        activity("2026-03-02T11:00:00Z", 1, { completed: false }),
        activity("2026-03-02T12:00:00Z", 1),
      ],
      { "2026-03-02": 3600 },
    ],
  ])("%s", (_label, zone, events, expected) => {
    expect(Object.fromEntries(workLogByDay(events, zone))).toEqual(expected);
  });

  it("never loses or adds a second, whatever the zone", () => {
    const zones = ["UTC", "Europe/Rome", "America/New_York", "Asia/Kolkata", "Pacific/Auckland"];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            start: fc.integer({ min: ms("2025-01-01T00:00:00Z"), max: ms("2027-01-01T00:00:00Z") }),
            elapsed: fc.integer({ min: 0, max: 86_400 }),
            completed: fc.boolean(),
          }),
          { maxLength: 40 },
        ),
        fc.constantFrom(...zones),
        (raw, zone) => {
          const events = raw.map((e) => ({
            start_time: e.start,
            end_time: e.start + 3_600_000,
            elapsed_time: e.elapsed,
            completed: e.completed,
            event_type: "activity" as const,
          }));
          const expected = events.filter((e) => e.completed).reduce((t, e) => t + e.elapsed_time, 0);
          return [...workLogByDay(events, zone).values()].reduce((t, v) => t + v, 0) === expected;
        },
      ),
    );
  });
});

describe("plannedByDay", () => {
  it("counts a weekly series' occurrences, honouring skips and the end", () => {
    const template = { start_time: ms("2026-03-02T08:00:00Z"), end_time: ms("2026-03-02T10:00:00Z") };
    const secondMonday = ms("2026-03-09T08:00:00Z");
    const occurrences = expandRecurrence(
      template,
      {
        every: 1,
        frequency: "WEEKLY",
        day_of_weeks: [1, 3],
        until: null,
        repeat: null,
        skip: [secondMonday],
        end_date: ms("2026-03-12T00:00:00Z"),
      },
      "Europe/Rome",
      { from: ms("2026-03-01T00:00:00Z"), to: ms("2026-04-01T00:00:00Z") },
    );
    const events = occurrences.map((o) => ({
      ...o,
      elapsed_time: 0,
      completed: false,
      event_type: "planning" as const,
    }));
    expect(Object.fromEntries(plannedByDay(events, "Europe/Rome"))).toEqual({
      "2026-03-02": 7200,
      "2026-03-04": 7200,
      "2026-03-11": 7200,
    });
  });
});

describe("rounding", () => {
  it.each([
    [dayPercentage(3600, 28_800), 12.5],
    [dayPercentage(10_000, 28_800), 34.72],
    [dayPercentage(3600, 0), null],
    [ringPercentage(10_000, 144_000), 6.9],
    [ringPercentage(144_000, 144_000), 100],
    [ringPercentage(5, 0), null],
    [activityHours(5400), 1.5],
    [activityHours(1000), 0.3],
    [activityHours(0), 0],
  ])("%s is %s", (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    [0, "00:00"],
    [59, "00:00"],
    [60, "00:01"],
    [3600 * 7 + 30 * 60 + 59, "07:30"],
    [3600 * 30, "30:00"],
  ])("%d seconds are %s", (seconds, expected) => {
    expect(hoursMinutes(seconds)).toBe(expected);
  });
});

describe("planVersusActual", () => {
  it("10 h planned and 12 h logged at €40/h: +2 h and +€80", () => {
    expect(planVersusActual({ planned: 36_000, logged: 43_200, plannedCost: 400, loggedCost: 480 })).toEqual({
      planned: 36_000,
      logged: 43_200,
      difference: 7200,
      planned_cost: 400,
      logged_cost: 480,
      difference_cost: 80,
    });
  });

  it("less logged than planned is negative", () => {
    expect(planVersusActual({ planned: 7200, logged: 3600, plannedCost: 80, loggedCost: 40 }).difference_cost).toBe(
      -40,
    );
  });
});

describe("days", () => {
  it.each([
    ["2026-03-04", "2026-03-02"],
    ["2026-03-02", "2026-03-02"],
    ["2026-03-08", "2026-03-02"],
    ["2026-01-01", "2025-12-29"],
  ])("the Monday of %s is %s", (date, monday) => {
    expect(mondayOf(date)).toBe(monday);
  });

  it("lists a period across a month and a leap day", () => {
    expect(daysFrom("2028-02-28", "2028-03-01")).toEqual(["2028-02-28", "2028-02-29", "2028-03-01"]);
    expect(daysFrom("2026-03-02", "2026-03-01")).toEqual([]);
  });
});

describe("withZeroWeekdays", () => {
  const row = (userId: string, date: string, seconds: number): TimesheetRow => ({
    user_id: userId,
    nominative: userId,
    work_log_date: date,
    weekday: "x",
    work_log: seconds,
    worked_hours: hoursMinutes(seconds),
    contract_type: null,
    contractual_hours: null,
    contractual_hours_by_day: null,
    time_off: 0,
    project_id: null,
    project_title: null,
    customer_id: null,
    customer_nominative: null,
  });

  it("adds a zero row for each weekday without a log, none for weekends, for each user", () => {
    const rows = withZeroWeekdays(
      [row("ann", "2026-03-03", 3600), row("ann", "2026-03-07", 60)],
      [
        { user_id: "ann", nominative: "ann" },
        { user_id: "bob", nominative: "bob" },
      ],
      "2026-03-02",
      "2026-03-08",
      (userId) => (userId === "bob" ? [partTime] : []),
    );
    expect(rows.map((r) => `${r.user_id} ${r.work_log_date} ${r.work_log}`)).toEqual([
      "ann 2026-03-02 0",
      "ann 2026-03-03 3600",
      "ann 2026-03-04 0",
      "ann 2026-03-05 0",
      "ann 2026-03-06 0",
      "ann 2026-03-07 60",
      "bob 2026-03-02 0",
      "bob 2026-03-03 0",
      "bob 2026-03-04 0",
      "bob 2026-03-05 0",
      "bob 2026-03-06 0",
    ]);
    expect(rows.find((r) => r.user_id === "bob" && r.work_log_date === "2026-03-04")).toMatchObject({
      weekday: "wednesday",
      worked_hours: "00:00",
      contract_type: "part-time",
      contractual_hours: 6,
    });
  });

  it("gives a day's contract terms, or none", () => {
    expect(timesheetDayTerms([partTime], "2026-03-02")).toEqual({
      contract_type: "part-time",
      contractual_hours: 4,
      contractual_hours_by_day: partTime.contractual_hours_by_day,
      time_off: 0,
    });
    expect(timesheetDayTerms([], "2026-03-02")).toEqual({
      contract_type: null,
      contractual_hours: null,
      contractual_hours_by_day: null,
      time_off: 0,
    });
  });

  it("a zero row on a day of time off carries it, and its contractual hours are net of it", () => {
    const rows = withZeroWeekdays(
      [],
      [{ user_id: "ann", nominative: "ann" }],
      "2026-03-02",
      "2026-03-03",
      () => [contract({})],
      () => new Map([["2026-03-03", off({ timeOff: [{ part: "hours", hours: 1.5 }] })]]),
    );
    expect(rows.map((r) => [r.work_log_date, r.contractual_hours, r.time_off])).toEqual([
      ["2026-03-02", 8, 0],
      ["2026-03-03", 6.5, 5400],
    ]);
  });

  it.each([
    ["a full holiday (reduce): no hours left, the day taken", [contract({})], off({ holiday: "full" }), 0, 28_800],
    [
      "a full holiday (worked): the hours stay, the day credited",
      [contract({})],
      off({ holiday: "full", convention: "worked" }),
      8,
      28_800,
    ],
    ["a half holiday on a part-time Wednesday", [partTime], off({ holiday: "half" }), 3, 10_800],
    ["hours with two decimals", [contract({})], off({ timeOff: [{ part: "hours", hours: 1.15 }] }), 6.85, 4140],
    // Without a contract the hours are null, and the time off is taken from the 8 h the rings count.
    ["no contract: no hours, the rings' time off", [], off({ timeOff: [{ part: "half" }] }), null, 14_400],
  ] as const)("on a Wednesday, %s", (_label, contracts, hoursOff, hours, timeOff) => {
    expect(timesheetDayTerms(contracts, "2026-03-04", hoursOff)).toMatchObject({
      contractual_hours: hours,
      time_off: timeOff,
    });
  });
});
