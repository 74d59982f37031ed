import { describe, expect, test } from "vitest";
import { type PackedDailyFigures, unpackDailyFigures, unpackHoursOff } from "./daily-figures.js";

const ada: PackedDailyFigures = {
  user_id: "ada",
  // Two days: nine numbers each, as PostgreSQL writes float8 (shortest exact text) and int8.
  days: "3600 1800 90000.5 0 7200 0.1 14400 14400 0 0 0 0 0 0 0 28800 28800 28800",
  contract_type: "full-time",
  contractual_hours: 8,
  contractual_hours_by_day: null,
};
const bob: PackedDailyFigures = {
  user_id: "bob",
  days: "60 0 0 60 0 0 28800 0 0 1e-7 0 0 0 5400 0 0 0 0",
  contract_type: null,
  contractual_hours: null,
  contractual_hours_by_day: null,
};

describe("unpackDailyFigures", () => {
  test("a row per day from the period's first, in order, the first day's contract terms on the first row only", () => {
    expect(unpackDailyFigures([ada, bob], "2024-02-28")).toEqual([
      {
        user_id: "ada",
        day: "2024-02-28",
        work_log: 3600,
        billable: 1800,
        euro_seconds: 90000.5,
        without_contract: 0,
        planned: 7200,
        planned_euro_seconds: 0.1,
        capacity: 14400,
        time_off: 14400,
        credited: 0,
        contract_type: "full-time",
        contractual_hours: 8,
        contractual_hours_by_day: null,
      },
      {
        user_id: "ada",
        day: "2024-02-29",
        work_log: 0,
        billable: 0,
        euro_seconds: 0,
        without_contract: 0,
        planned: 0,
        planned_euro_seconds: 0,
        capacity: 28800,
        time_off: 28800,
        credited: 28800,
        contract_type: null,
        contractual_hours: null,
        contractual_hours_by_day: null,
      },
      {
        user_id: "bob",
        day: "2024-02-28",
        work_log: 60,
        billable: 0,
        euro_seconds: 0,
        without_contract: 60,
        planned: 0,
        planned_euro_seconds: 0,
        capacity: 28800,
        time_off: 0,
        credited: 0,
        contract_type: null,
        contractual_hours: null,
        contractual_hours_by_day: null,
      },
      {
        user_id: "bob",
        day: "2024-02-29",
        work_log: 1e-7,
        billable: 0,
        euro_seconds: 0,
        without_contract: 0,
        planned: 5400,
        planned_euro_seconds: 0,
        capacity: 0,
        time_off: 0,
        credited: 0,
        contract_type: null,
        contractual_hours: null,
        contractual_hours_by_day: null,
      },
    ]);
  });

  test("a part-time contract's hours by weekday come with the first day; nobody gives no rows", () => {
    const hours = { monday: 4, tuesday: 0, wednesday: 6, thursday: 0, friday: 0, saturday: 0, sunday: 0 };
    const [first] = unpackDailyFigures(
      [{ ...ada, days: "0 0 0 0 0 0 14400 0 0", contract_type: "part-time", contractual_hours_by_day: hours }],
      "2026-12-31",
    );
    expect(first).toMatchObject({ day: "2026-12-31", capacity: 14400, contract_type: "part-time" });
    expect(first!.contractual_hours_by_day).toEqual(hours);
    expect(unpackDailyFigures([], "2026-01-01")).toEqual([]);
  });
});

describe("unpackHoursOff", () => {
  test("a person's days off by date from the period's first: the group's holidays, time off spread over its days", () => {
    const ada = unpackHoursOff("worked|0 2 3 1|3 3 1 0 0 31 31 0 0 4500", "2024-02-28");
    expect([...ada]).toEqual([
      ["2024-02-28", { holiday: "full", convention: "worked", timeOff: [] }],
      ["2024-03-02", { holiday: "half", convention: "worked", timeOff: [{ part: "full" }] }],
      ["2024-03-30", { holiday: null, convention: "worked", timeOff: [{ part: "hours", hours: 1.25 }] }],
    ]);
    // Time off that overlaps on a day adds up there: whole days, then half days, then the hours' sum.
    const bob = unpackHoursOff("reduce||1 2 1 0 0 2 2 0 0 1800 1 1 1 0 0 1 1 0 1 0 0 1 0 0 3600", "2024-02-28");
    expect([...bob]).toEqual([
      ["2024-02-28", { holiday: null, convention: "reduce", timeOff: [{ part: "hours", hours: 1 }] }],
      [
        "2024-02-29",
        {
          holiday: null,
          convention: "reduce",
          timeOff: [{ part: "full" }, { part: "full" }, { part: "half" }, { part: "hours", hours: 1 }],
        },
      ],
      [
        "2024-03-01",
        { holiday: null, convention: "reduce", timeOff: [{ part: "full" }, { part: "hours", hours: 0.5 }] },
      ],
    ]);
    expect(unpackHoursOff("reduce||", "2026-01-01")).toEqual(new Map());
  });
});
