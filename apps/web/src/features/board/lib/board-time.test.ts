import { describe, expect, it } from "vitest";
import { dayTotals, formatDayTotal } from "./board-time";
import { buildEvent } from "./event-fixtures";

describe("formatDayTotal", () => {
  it.each([
    [0, "0h 00m"],
    [59, "0h 00m"],
    [300, "0h 05m"],
    [9000, "2h 30m"],
    [36_000 + 59, "10h 00m"],
    [-60, "0h 00m"],
  ])("writes %i s as %s", (seconds, text) => {
    expect(formatDayTotal(seconds)).toBe(text);
  });
});

describe("dayTotals", () => {
  it("adds the completed activities starting on each day in the given zone", () => {
    const lateEvening = Date.UTC(2026, 2, 9, 23, 30);
    const events = [
      buildEvent({ completed: true, elapsed_time: 3600 }),
      buildEvent({ completed: true, elapsed_time: 1800 }),
      buildEvent({ completed: false, elapsed_time: 900 }),
      buildEvent({ completed: true, elapsed_time: 600, event_type: "planning" }),
      buildEvent({ completed: true, elapsed_time: 1200, start_time: lateEvening, end_time: lateEvening + 1_200_000 }),
    ];
    // 23:30 UTC on the 9th is already the 10th in Rome.
    const total = dayTotals(events, "Europe/Rome");
    expect(total(new Date(Date.UTC(2026, 2, 9, 12)))).toBe(5400);
    expect(total(new Date(Date.UTC(2026, 2, 10, 12)))).toBe(1200);
    expect(total(new Date(Date.UTC(2026, 2, 11, 12)))).toBe(0);
  });
});
