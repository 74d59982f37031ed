import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { activitiesOverlap, overlapMessage } from "./activity-overlap.js";

const at = (time: string) => Date.parse(`2026-11-23T${time}:00Z`);
const span = (start: string, end: string) => ({ start_time: at(start), end_time: at(end) });

describe("activitiesOverlap", () => {
  it.each([
    // Touching ends are not an overlap: 09–13 then 13–17 is a normal day.
    [span("09:00", "13:00"), span("13:00", "17:00"), false],
    [span("13:00", "17:00"), span("09:00", "13:00"), false],
    [span("09:00", "13:00"), span("12:59", "17:00"), true],
    [span("09:00", "17:00"), span("10:00", "11:00"), true],
    [span("10:00", "11:00"), span("09:00", "17:00"), true],
    [span("09:00", "10:00"), span("09:00", "10:00"), true],
    [span("09:00", "10:00"), span("11:00", "12:00"), false],
    [span("09:00", "10:00"), span("09:59", "10:01"), true],
  ])("%o and %o: %s", (a, b, expected) => {
    expect(activitiesOverlap(a, b)).toBe(expected);
  });

  it("is symmetric, and an activity overlaps itself", () => {
    const interval = fc
      .tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 1, max: 10_000 }))
      .map(([start, length]) => ({ start_time: start, end_time: start + length }));
    fc.assert(
      fc.property(interval, interval, (a, b) => {
        expect(activitiesOverlap(a, b)).toBe(activitiesOverlap(b, a));
        expect(activitiesOverlap(a, a)).toBe(true);
      }),
    );
  });
});

describe("overlapMessage", () => {
  it("names the other entry and its times in the owner's zone", () => {
    expect(overlapMessage({ title: "Standup", ...span("08:00", "08:15") }, "Europe/Rome")).toBe(
      'It overlaps "Standup" (09:00–09:15, 23 Nov 2026): activities may not overlap in this organization',
    );
    expect(overlapMessage({ title: "Standup", ...span("08:00", "08:15") }, "UTC")).toContain(
      "(08:00–08:15, 23 Nov 2026)",
    );
  });

  it("names both days of an entry over midnight, and an untitled one as such", () => {
    expect(overlapMessage({ title: " ", start_time: at("22:00"), end_time: at("22:00") + 4 * 3_600_000 }, "UTC")).toBe(
      "It overlaps an untitled activity (22:00, 23 Nov 2026 – 02:00, 24 Nov 2026): activities may not overlap in this organization",
    );
  });
});
