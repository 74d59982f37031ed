import { describe, expect, it } from "vitest";
import { hasAtMostDecimals, isCalendarDate, todayIn, weekdayOf } from "./calendar-date.js";

describe("isCalendarDate", () => {
  it.each([
    ["2026-11-21", true],
    ["2024-02-29", true],
    ["2026-02-29", false],
    ["2026-13-01", false],
    ["2026-11-31", false],
    ["21/11/2026", false],
    ["2026-1-5", false],
    ["", false],
  ])("%j is %s", (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });
});

describe("weekdayOf", () => {
  it.each([
    ["2026-11-16", "monday"],
    ["2026-11-21", "saturday"],
    ["2026-11-22", "sunday"],
    ["2024-02-29", "thursday"],
    // The last Sunday of March: clocks move in Europe, the date does not.
    ["2026-03-29", "sunday"],
  ])("%s is a %s", (date, expected) => {
    expect(weekdayOf(date)).toBe(expected);
  });
});

describe("todayIn", () => {
  it("reads the day in the given time zone", () => {
    const lateUtc = new Date("2026-11-21T23:30:00Z");
    expect(todayIn("UTC", lateUtc)).toBe("2026-11-21");
    expect(todayIn("Europe/Rome", lateUtc)).toBe("2026-11-22");
    expect(todayIn("America/New_York", lateUtc)).toBe("2026-11-21");
  });

  it.each([
    ["Europe/Rome", "2026-03-29T21:59:59Z", "2026-03-29"],
    ["Europe/Rome", "2026-03-29T22:00:00Z", "2026-03-30"],
    ["Pacific/Kiritimati", "2026-03-29T09:59:59Z", "2026-03-29"],
    ["Pacific/Kiritimati", "2026-03-29T10:00:00Z", "2026-03-30"],
    ["Europe/Rome", "2026-10-24T22:00:00Z", "2026-10-25"],
  ])("reads each instant afresh in a zone asked for before: %s at %s is %s", (zone, instant, day) => {
    expect(todayIn(zone, new Date(instant))).toBe(day);
  });

  it("refuses a zone the runtime does not know, every time", () => {
    expect(() => todayIn("Not/A_Zone")).toThrow(RangeError);
    expect(() => todayIn("Not/A_Zone")).toThrow(RangeError);
  });
});

describe("hasAtMostDecimals", () => {
  it.each([
    [12, 2, true],
    [12.5, 2, true],
    [12.55, 2, true],
    [0.1 + 0.2, 1, true],
    [0.1 + 0.2, 2, true],
    [12.555, 2, false],
    [7.5, 0, false],
    [80.5, 1, true],
    [80.55, 1, false],
  ])("%d with %d places is %s", (value, places, expected) => {
    expect(hasAtMostDecimals(value, places)).toBe(expected);
  });
});
