import { describe, expect, it } from "vitest";
import { nextPeriod, previousPeriod, shownPeriod } from "./approval-period";

describe("shownPeriod", () => {
  it.each([
    ["no date asked: this week", null, "week", { start: "2026-03-16", end: "2026-03-22" }],
    ["no date asked: this month", null, "month", { start: "2026-03-01", end: "2026-03-31" }],
    ["a Monday: its week", "2026-03-09", "week", { start: "2026-03-09", end: "2026-03-15" }],
    ["a Sunday: the week it ends", "2026-03-15", "week", { start: "2026-03-09", end: "2026-03-15" }],
    ["a day of February in a leap year", "2028-02-10", "month", { start: "2028-02-01", end: "2028-02-29" }],
    ["something that is not a date: today's", "next-week", "week", { start: "2026-03-16", end: "2026-03-22" }],
    ["a day that does not exist: today's", "2026-02-30", "month", { start: "2026-03-01", end: "2026-03-31" }],
  ] as const)("%s", (_label, requested, kind, expected) => {
    expect(shownPeriod(requested, kind, "2026-03-18")).toEqual(expected);
  });
});

describe("previousPeriod and nextPeriod", () => {
  it.each([
    ["a week across two months", "week", { start: "2026-03-30", end: "2026-04-05" }, "2026-03-23", "2026-04-06"],
    ["a week across two years", "week", { start: "2025-12-29", end: "2026-01-04" }, "2025-12-22", "2026-01-05"],
    ["March, after a short February", "month", { start: "2026-03-01", end: "2026-03-31" }, "2026-02-01", "2026-04-01"],
    ["January, back into December", "month", { start: "2026-01-01", end: "2026-01-31" }, "2025-12-01", "2026-02-01"],
  ] as const)("%s", (_label, kind, period, previousStart, nextStart) => {
    expect(previousPeriod(period, kind).start).toBe(previousStart);
    expect(nextPeriod(period, kind).start).toBe(nextStart);
  });
});
