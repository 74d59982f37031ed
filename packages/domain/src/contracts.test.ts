import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Contract,
  clampToDate,
  contractInForce,
  contractInputSchema,
  contractualSecondsBetween,
  contractualSecondsOn,
  noHoursByDay,
  periodsOverlap,
  switchContractType,
  weeklyContractualHours,
} from "./contracts.js";
import { addDays } from "./reports-figures.js";

const fullTime = (from: string, to: string | null, hours = 8): Contract => ({
  uid: `ft-${from}`,
  user_id: "u",
  contract_type: "full-time",
  contractual_hours: hours,
  contractual_hours_by_day: null,
  hourly_cost: 30,
  productivity_target: 80,
  from_date: from,
  to_date: to,
});

const partTime = (from: string, to: string | null): Contract => ({
  ...fullTime(from, to),
  uid: `pt-${from}`,
  contract_type: "part-time",
  contractual_hours: 0,
  contractual_hours_by_day: { ...noHoursByDay, monday: 4, wednesday: 6, saturday: 2 },
});

const history = [fullTime("2025-01-01", "2025-12-31"), partTime("2026-01-01", null)];

describe("contractInForce", () => {
  it.each([
    ["before every contract", "2024-12-31", null],
    ["on the first day of the first", "2025-01-01", "ft-2025-01-01"],
    ["on the last day of the first", "2025-12-31", "ft-2025-01-01"],
    ["on the first day of the open-ended one", "2026-01-01", "pt-2026-01-01"],
    ["years into the open-ended one", "2030-06-15", "pt-2026-01-01"],
  ])("%s (%s)", (_label, date, expected) => {
    expect(contractInForce(history, date)?.uid ?? null).toBe(expected);
  });

  it("finds nothing in a gap between contracts", () => {
    expect(contractInForce([fullTime("2025-01-01", "2025-03-31"), fullTime("2025-05-01", null)], "2025-04-10")).toBe(
      null,
    );
  });
});

describe("contractualSecondsOn", () => {
  it.each([
    ["full-time on a Monday", "2025-11-17", 8 * 3600],
    ["full-time on a Friday", "2025-11-21", 8 * 3600],
    ["full-time on a Saturday", "2025-11-22", 0],
    ["full-time on a Sunday", "2025-11-23", 0],
    ["part-time on a Monday", "2026-11-16", 4 * 3600],
    ["part-time on a Tuesday", "2026-11-17", 0],
    ["part-time on a Wednesday", "2026-11-18", 6 * 3600],
    ["part-time on a Saturday", "2026-11-21", 2 * 3600],
    ["no contract in force", "2024-06-03", 0],
  ])("%s", (_label, date, expected) => {
    expect(contractualSecondsOn(history, date)).toBe(expected);
  });
});

describe("contractualSecondsBetween", () => {
  const fractional = { ...fullTime("2025-01-01", null), contractual_hours: 7.3 };
  it.each([
    ["a full-time week", fullTime("2025-01-01", null), "2025-11-17", "2025-11-23", 40 * 3600],
    ["a full-time weekend", fullTime("2025-01-01", null), "2025-11-22", "2025-11-23", 0],
    ["March 2025 full-time (21 weekdays)", fullTime("2025-01-01", null), "2025-03-01", "2025-03-31", 21 * 8 * 3600],
    ["a part-time week (Mon 4, Wed 6, Sat 2)", partTime("2026-01-01", null), "2026-11-16", "2026-11-22", 12 * 3600],
    ["a part-time Tuesday", partTime("2026-01-01", null), "2026-11-17", "2026-11-17", 0],
    ["a contract starting mid-period", fullTime("2025-03-19", null), "2025-03-01", "2025-03-31", 9 * 8 * 3600],
    ["a contract ending mid-period", fullTime("2025-01-01", "2025-03-04"), "2025-03-01", "2025-03-31", 2 * 8 * 3600],
    ["a contract ended before the period", fullTime("2024-01-01", "2024-12-31"), "2025-03-01", "2025-03-31", 0],
    ["a contract starting after the period", fullTime("2025-04-01", null), "2025-03-01", "2025-03-31", 0],
    ["a leap year full-time (262 weekdays)", fullTime("2020-01-01", null), "2024-01-01", "2024-12-31", 262 * 8 * 3600],
    ["fractional hours in whole seconds", fractional, "2025-11-17", "2025-11-21", 5 * 26_280],
  ])("%s", (_label, contract, from, to, expected) => {
    expect(contractualSecondsBetween(contract, from, to)).toBe(expected);
  });

  it("is the days' contractual seconds added up, for any contract and period", () => {
    const day = fc.integer({ min: 0, max: 800 }).map((n) => addDays("2024-01-01", n));
    const hours = fc.integer({ min: 0, max: 1200 }).map((n) => n / 100);
    const contract = fc
      .record({
        from: day,
        length: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
        partTime: fc.boolean(),
        full: hours,
        byDay: fc.tuple(hours, hours, hours, hours, hours, hours, hours),
      })
      .map(({ from, length, partTime: part, full, byDay }) => ({
        ...fullTime(from, length === null ? null : addDays(from, length), full),
        ...(part
          ? {
              contract_type: "part-time" as const,
              contractual_hours: 0,
              contractual_hours_by_day: {
                monday: byDay[0],
                tuesday: byDay[1],
                wednesday: byDay[2],
                thursday: byDay[3],
                friday: byDay[4],
                saturday: byDay[5],
                sunday: byDay[6],
              },
            }
          : {}),
      }));
    fc.assert(
      fc.property(contract, day, fc.integer({ min: 0, max: 400 }), (c, from, length) => {
        const to = addDays(from, length);
        let expected = 0;
        for (let i = 0; i <= length; i += 1) expected += Math.round(contractualSecondsOn([c], addDays(from, i)));
        expect(contractualSecondsBetween(c, from, to)).toBe(expected);
      }),
    );
  });
});

describe("weeklyContractualHours", () => {
  it("is five working days for full-time and the sum of the weekdays for part-time", () => {
    expect(weeklyContractualHours(fullTime("2025-01-01", null, 7))).toBe(35);
    expect(weeklyContractualHours(partTime("2025-01-01", null))).toBe(12);
  });
});

describe("periodsOverlap", () => {
  it.each([
    ["disjoint", ["2025-01-01", "2025-01-31"], ["2025-02-01", "2025-02-28"], false],
    ["sharing the last day", ["2025-01-01", "2025-01-31"], ["2025-01-31", "2025-02-28"], true],
    ["one inside the other", ["2025-01-01", "2025-12-31"], ["2025-03-01", "2025-03-02"], true],
    ["an open end reaches a later one", ["2025-01-01", null], ["2030-01-01", "2030-01-02"], true],
    ["an open end starting after the other ends", ["2025-02-01", null], ["2025-01-01", "2025-01-31"], false],
    ["two open ends", ["2025-01-01", null], ["2026-01-01", null], true],
  ] as const)("%s: %s", (_label, [aFrom, aTo], [bFrom, bTo], expected) => {
    const a = { from_date: aFrom, to_date: aTo };
    const b = { from_date: bFrom, to_date: bTo };
    expect(periodsOverlap(a, b)).toBe(expected);
    expect(periodsOverlap(b, a)).toBe(expected);
  });
});

describe("clampToDate", () => {
  it.each([
    ["2025-03-10", "2025-03-01", "2025-03-10"],
    ["2025-03-10", "2025-03-10", "2025-03-10"],
    ["2025-03-10", "2025-04-01", "2025-04-01"],
    ["2025-03-10", null, null],
  ])("from %s, to %s becomes %s", (from, to, expected) => {
    expect(clampToDate(from, to)).toBe(expected);
  });
});

describe("switchContractType", () => {
  const base = { contract_type: "full-time" as const, contractual_hours: 8, contractual_hours_by_day: null };
  it("to part-time sets every weekday and the hours to 0", () => {
    expect(switchContractType(base, "part-time")).toEqual({
      contract_type: "part-time",
      contractual_hours: 0,
      contractual_hours_by_day: noHoursByDay,
    });
  });
  it("to full-time clears the weekdays and sets the hours to 0", () => {
    const part = { ...switchContractType(base, "part-time"), contractual_hours_by_day: { ...noHoursByDay, monday: 5 } };
    expect(switchContractType(part, "full-time")).toEqual({
      contract_type: "full-time",
      contractual_hours: 0,
      contractual_hours_by_day: null,
    });
  });
});

describe("contractInputSchema", () => {
  const valid = {
    contract_type: "full-time",
    contractual_hours: 8,
    hourly_cost: 25.5,
    productivity_target: 80.5,
    from_date: "2026-01-01",
    to_date: "2026-12-31",
  };
  const issuesOf = (input: unknown) => {
    const result = contractInputSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("accepts a full-time contract and fills the defaults", () => {
    expect(contractInputSchema.parse({ ...valid, to_date: undefined })).toMatchObject({
      contractual_hours_by_day: null,
      to_date: null,
    });
  });

  it.each([
    [
      "a to-date before the from-date",
      { to_date: "2025-12-31" },
      "to_date: The end date cannot be before the start date",
    ],
    ["negative hours", { contractual_hours: -1 }, "contractual_hours: Contractual hours cannot be negative"],
    [
      "fractional hours",
      { contractual_hours: 7.5 },
      "contractual_hours: Contractual hours must be a whole number of hours",
    ],
    ["a negative cost", { hourly_cost: -3 }, "hourly_cost: Hourly cost cannot be negative"],
    ["three decimals of cost", { hourly_cost: 25.555 }, "hourly_cost: Hourly cost takes at most 2 decimals"],
    [
      "two decimals of target",
      { productivity_target: 80.55 },
      "productivity_target: Productivity target takes at most 1 decimal",
    ],
    [
      "a target over 100",
      { productivity_target: 120 },
      "productivity_target: Productivity target cannot be more than 100",
    ],
    ["a day that does not exist", { from_date: "2026-02-30" }, "from_date: Must be a date written as YYYY-MM-DD"],
    [
      "part-time without weekdays",
      { contract_type: "part-time" },
      "contractual_hours_by_day: A part-time contract needs the hours of each weekday",
    ],
    [
      "full-time with weekdays",
      { contractual_hours_by_day: noHoursByDay },
      "contractual_hours_by_day: A full-time contract has no hours by weekday",
    ],
    [
      "negative weekday hours",
      { contract_type: "part-time", contractual_hours_by_day: { ...noHoursByDay, friday: -2 } },
      "contractual_hours_by_day.friday: Hours on friday cannot be negative",
    ],
  ])("rejects %s", (_label, patch, expected) => {
    expect(issuesOf({ ...valid, ...patch })).toContain(expected);
  });
});
