import { describe, expect, it } from "vitest";
import { monthTitle, rangeContains, showsToday } from "./month-title";

const months = [
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
];

/** Local midnight, as the calendar reports its ranges in the browser's zone. */
const day = (year: number, month: number, date: number) => new Date(year, month - 1, date);

describe("monthTitle", () => {
  it.each([
    ["a week inside one month", day(2026, 3, 9), day(2026, 3, 16), "March 2026"],
    ["a week spanning two months", day(2026, 3, 30), day(2026, 4, 6), "March – April 2026"],
    ["a week ending on the month's last day", day(2026, 8, 24), day(2026, 8, 31), "August 2026"],
    ["a working week whose hidden weekend is in the next month", day(2026, 8, 24), day(2026, 8, 29), "August 2026"],
    ["a week across New Year", day(2025, 12, 29), day(2026, 1, 5), "December 2025 – January 2026"],
    ["a single day", day(2026, 5, 1), day(2026, 5, 2), "May 2026"],
  ])("names %s", (_case, start, end, title) => {
    expect(monthTitle({ start, end }, months)).toBe(title);
  });

  it("takes the names it is given, in their language", () => {
    const italian = months.map((_, i) => `M${i}`);
    expect(monthTitle({ start: day(2026, 1, 26), end: day(2026, 2, 2) }, italian)).toBe("M0 – M1 2026");
  });
});

describe("rangeContains", () => {
  const range = { start: 1_000, end: 2_000 };
  it.each([
    [999, false],
    [1_000, true],
    [1_999, true],
    [2_000, false],
  ])("at %i answers %s", (now, expected) => {
    expect(rangeContains(range, now)).toBe(expected);
  });
});

describe("showsToday", () => {
  const monday = new Date(2026, 10, 23);
  const tuesday = new Date(2026, 10, 24);
  const dayOf = (date: Date) => ({ start: date.getTime(), end: new Date(2026, 10, date.getDate() + 1).getTime() });
  const saturdayNoon = new Date(2026, 10, 21, 12);

  const nextWeek = { start: monday.getTime(), end: new Date(2026, 10, 30).getTime() };
  const day = { singleDay: true, weekendsHidden: true };

  it.each([
    ["the day shown is today", dayOf(monday), new Date(2026, 10, 23, 9), day, true],
    ["the day shown is tomorrow", dayOf(tuesday), new Date(2026, 10, 23, 9), day, false],
    ["a hidden Saturday is shown as the Monday after it", dayOf(monday), saturdayNoon, day, true],
    ["a visible Saturday is not that Monday", dayOf(monday), saturdayNoon, { ...day, weekendsHidden: false }, false],
    ["a hidden Saturday is not the Tuesday after it", dayOf(tuesday), saturdayNoon, day, false],
    ["a Saturday belongs to its own week, not the next", nextWeek, saturdayNoon, { ...day, singleDay: false }, false],
  ])("when %s", (_case, period, now, options, expected) => {
    expect(showsToday(period, now, options)).toBe(expected);
  });
});
