import { describe, expect, it } from "vitest";
import { canBeCancelled, formatDays, timeOffAmount, timeOffDates, yearRange } from "./time-off-text";

describe("timeOffAmount", () => {
  it.each([
    [
      "one whole day",
      { start_date: "2026-08-10", end_date: "2026-08-10", half_day: null, hours: null },
      { kind: "days", days: 1 },
    ],
    [
      "two weeks",
      { start_date: "2026-08-10", end_date: "2026-08-23", half_day: null, hours: null },
      { kind: "days", days: 14 },
    ],
    [
      "across the change to summer time",
      { start_date: "2026-03-28", end_date: "2026-03-30", half_day: null, hours: null },
      { kind: "days", days: 3 },
    ],
    [
      "a morning",
      { start_date: "2026-08-10", end_date: "2026-08-10", half_day: "morning", hours: null },
      { kind: "halfDay", half: "morning" },
    ],
    [
      "an afternoon",
      { start_date: "2026-08-10", end_date: "2026-08-10", half_day: "afternoon", hours: null },
      { kind: "halfDay", half: "afternoon" },
    ],
    [
      "some hours",
      { start_date: "2026-08-10", end_date: "2026-08-10", half_day: null, hours: 2.5 },
      { kind: "hours", hours: 2.5 },
    ],
  ] as const)("%s", (_label, timeOff, expected) => {
    expect(timeOffAmount(timeOff)).toEqual(expected);
  });
});

describe("timeOffDates", () => {
  it("names one day once and a span by its ends", () => {
    expect(timeOffDates({ start_date: "2026-08-10", end_date: "2026-08-10" })).toBe("10/08/2026");
    expect(timeOffDates({ start_date: "2026-08-10", end_date: "2026-08-21" })).toBe("10/08/2026 – 21/08/2026");
  });
});

describe("formatDays", () => {
  it.each([
    [20, "en", "20"],
    [12.5, "en", "12.5"],
    [12.5, "it", "12,5"],
    [0.25, "it", "0,3"],
    [-1.5, "en", "-1.5"],
  ])("%s in %s is %s", (days, language, expected) => {
    expect(formatDays(days, language)).toBe(expected);
  });
});

describe("yearRange and canBeCancelled", () => {
  it("spans the year", () => {
    expect(yearRange(2026)).toEqual({ start_date: "2026-01-01", end_date: "2026-12-31" });
  });

  it.each([
    ["requested", true],
    ["approved", true],
    ["rejected", false],
    ["cancelled", false],
  ] as const)("a %s time off can be cancelled: %s", (status, expected) => {
    expect(canBeCancelled(status)).toBe(expected);
  });
});
