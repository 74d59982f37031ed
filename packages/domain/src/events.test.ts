import { describe, expect, it } from "vitest";
import {
  canConfirmTime,
  canStartTimer,
  confirmTime,
  duplicateEvent,
  type EventState,
  elapsedAfterTimer,
  elapsedBetween,
  switchEventType,
  withElapsed,
  withEnd,
  withStart,
} from "./events.js";

const at = (hhmm: string) => Date.UTC(2026, 10, 20, Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5)));
const event = (overrides: Partial<EventState> = {}): EventState => ({
  start_time: at("09:00"),
  end_time: at("10:00"),
  elapsed_time: 3600,
  event_type: "activity",
  completed: false,
  project_id: "p1",
  ...overrides,
});

describe("elapsedBetween", () => {
  it.each([
    [at("09:00"), at("10:30"), 5400],
    [at("09:00"), at("09:00"), 0],
    [at("10:00"), at("09:00"), 0],
  ])("from %d to %d is %d s", (start, end, expected) => {
    expect(elapsedBetween(start, end)).toBe(expected);
  });
});

describe("withStart", () => {
  it.each([
    ["earlier start keeps the end", "08:30", at("10:00"), 5400],
    ["start inside keeps the end", "09:30", at("10:00"), 1800],
    ["start at the end moves the end 30 minutes on", "10:00", at("10:30"), 1800],
    ["start after the end moves the end 30 minutes on", "11:00", at("11:30"), 1800],
  ])("%s", (_label, start, end, elapsed) => {
    expect(withStart(event(), at(start))).toMatchObject({
      start_time: at(start),
      end_time: end,
      elapsed_time: elapsed,
    });
  });
});

describe("withEnd", () => {
  it.each([
    ["a later end", "11:00", at("11:00"), 7200],
    ["an end equal to the start", "09:00", at("09:30"), 1800],
    ["an end before the start", "08:00", at("09:30"), 1800],
  ])("%s", (_label, end, expectedEnd, elapsed) => {
    expect(withEnd(event(), at(end))).toMatchObject({ end_time: expectedEnd, elapsed_time: elapsed });
  });
});

describe("withElapsed", () => {
  it.each([
    [2700, at("09:45")],
    [0, at("09:00")],
    [-60, at("09:00")],
  ])("%d s moves the end to %d", (seconds, end) => {
    expect(withElapsed(event(), seconds).end_time).toBe(end);
  });
});

describe("canConfirmTime", () => {
  const now = at("12:00");
  it.each([
    ["an ended activity with a project and no time", {}, true],
    ["a completed one", { completed: true }, false],
    ["one still running past now", { end_time: at("13:00") }, false],
    ["a planning block", { event_type: "planning" }, false],
    ["one with elapsed time", { elapsed_time: 60 }, false],
    ["one without a project", { project_id: null }, false],
  ] as const)("%s: %s", (_label, patch, expected) => {
    expect(canConfirmTime(event({ elapsed_time: 0, ...patch }), now)).toBe(expected);
  });

  it("completes the event with its whole duration", () => {
    expect(confirmTime(event({ elapsed_time: 0 }))).toMatchObject({ completed: true, elapsed_time: 3600 });
  });
});

describe("switchEventType", () => {
  it("turns planning into activity with the block's duration as elapsed time", () => {
    expect(switchEventType(event({ event_type: "planning", elapsed_time: 0 }))).toMatchObject({
      event_type: "activity",
      elapsed_time: 3600,
    });
  });
  it("turns activity into planning", () => {
    expect(switchEventType(event()).event_type).toBe("planning");
  });
});

describe("duplicateEvent", () => {
  it("resets the elapsed time", () => {
    expect(duplicateEvent(event()).elapsed_time).toBe(0);
  });
});

describe("canStartTimer", () => {
  const endOfToday = at("23:59") + 59_999;
  it.each([
    ["an activity of today", {}, false, true],
    ["a planning block", { event_type: "planning" }, false, false],
    ["a running one", {}, true, false],
    ["a completed one", { completed: true }, false, false],
    ["one of tomorrow", { start_time: endOfToday + 1 }, false, false],
    ["one of yesterday", { start_time: at("09:00") - 86_400_000 }, false, true],
  ] as const)("%s: %s", (_label, patch, running, expected) => {
    expect(canStartTimer(event(patch), { running, endOfToday })).toBe(expected);
  });
});

describe("elapsedAfterTimer", () => {
  it("adds the seconds since the start", () => {
    expect(elapsedAfterTimer(600, at("09:00"), at("09:25"))).toBe(600 + 1500);
  });
});
