import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addCalendarDays,
  calendarDateIn,
  endOfDayIn,
  instantAt,
  isTimeZone,
  startOfDayIn,
  wallClockAt,
  weekdayNumber,
} from "./zoned-time.js";

const rome = "Europe/Rome";
const wall = (year: number, month: number, day: number, hour = 0, minute = 0) => ({
  year,
  month,
  day,
  hour,
  minute,
  second: 0,
  millisecond: 0,
});

describe("instantAt", () => {
  it.each([
    ["winter time is UTC+1", wall(2026, 1, 15, 9), "2026-01-15T08:00:00.000Z"],
    ["summer time is UTC+2", wall(2026, 7, 15, 9), "2026-07-15T07:00:00.000Z"],
    ["the day clocks go forward, after the change", wall(2026, 3, 29, 9), "2026-03-29T07:00:00.000Z"],
    ["a time skipped in spring moves forward by the gap", wall(2026, 3, 29, 2, 30), "2026-03-29T01:30:00.000Z"],
    ["a time that happens twice in autumn takes the first", wall(2026, 10, 25, 2, 30), "2026-10-25T00:30:00.000Z"],
    ["the day clocks go back, after the change", wall(2026, 10, 25, 9), "2026-10-25T08:00:00.000Z"],
  ])("%s", (_label, clock, iso) => {
    expect(new Date(instantAt(clock, rome)).toISOString()).toBe(iso);
  });

  it("reads UTC as UTC", () => {
    expect(instantAt(wall(2026, 3, 29, 2, 30), "UTC")).toBe(Date.UTC(2026, 2, 29, 2, 30));
  });

  it("round-trips every instant through the wall clock in Rome, New York and Kathmandu", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.constantFrom(rome, "America/New_York", "Asia/Kathmandu", "UTC"),
        (instant, zone) => {
          const clock = wallClockAt(instant, zone);
          const back = instantAt(clock, zone);
          // In the repeated autumn hour the first of the two instants is chosen.
          expect(back === instant || back === instant - 3_600_000).toBe(true);
          expect(wallClockAt(back, zone)).toEqual(clock);
        },
      ),
    );
  });
});

describe("days in a zone", () => {
  it.each([
    ["an ordinary day lasts 24 hours", "2026-01-15T12:00:00Z", 24],
    ["the spring-forward day lasts 23 hours", "2026-03-29T12:00:00Z", 23],
    ["the fall-back day lasts 25 hours", "2026-10-25T12:00:00Z", 25],
  ])("%s", (_label, iso, hours) => {
    const instant = Date.parse(iso);
    expect((endOfDayIn(instant, rome) + 1 - startOfDayIn(instant, rome)) / 3_600_000).toBe(hours);
  });

  it.each([
    ["late evening UTC is already the next day in Rome", "2026-06-30T22:30:00Z", rome, "2026-07-01"],
    ["and still the same day in New York", "2026-06-30T22:30:00Z", "America/New_York", "2026-06-30"],
  ])("%s", (_label, iso, zone, date) => {
    expect(calendarDateIn(Date.parse(iso), zone)).toBe(date);
  });

  it("adds calendar days across month and year ends", () => {
    expect(addCalendarDays(wall(2026, 12, 30, 9), 3)).toEqual(wall(2027, 1, 2, 9));
    expect(addCalendarDays(wall(2028, 3, 1), -1)).toEqual(wall(2028, 2, 29));
  });

  it("numbers weekdays from Sunday 0", () => {
    expect(weekdayNumber(wall(2026, 11, 22))).toBe(0);
    expect(weekdayNumber(wall(2026, 11, 21))).toBe(6);
  });

  it("knows real zones only", () => {
    expect(isTimeZone(rome)).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});
