import { describe, expect, it } from "vitest";
import { buildEvent, buildOccurrence } from "./event-fixtures";
import { boardMenuItems, tileLayout, tileName, tileState } from "./tile";

describe("tileLayout", () => {
  it.each([
    ["a planning block spans the column with 20 px each side", "planning", 0, false, 20, 20, "planning"],
    ["a planning block over others keeps its margins", "planning", 3, false, 20, 20, "planning"],
    ["an activity alone takes the whole column", "activity", 0, false, 0, 0, "event"],
    ["an activity over one other starts 30 px in", "activity", 1, false, 30, 0, "event"],
    ["an activity over two others starts 60 px in", "activity", 2, false, 60, 0, "event"],
    ["a deep stack stops at the last offset", "activity", 40, false, 180, 0, "event"],
  ] as const)("%s", (_case, eventType, level, short, start, end, layer) => {
    expect(tileLayout({ eventType, level, short })).toEqual({
      layer,
      insetStartPx: start,
      insetEndPx: end,
      condensed: false,
    });
  });

  it("draws a short tile condensed, whatever its type", () => {
    expect(tileLayout({ eventType: "activity", level: 0, short: true }).condensed).toBe(true);
    expect(tileLayout({ eventType: "planning", level: 0, short: true }).condensed).toBe(true);
  });
});

describe("tileState", () => {
  const event = buildEvent();
  const endOfToday = event.end_time + 86_400_000;
  const base = { runningEventId: null, endOfToday, readOnly: false };

  it.each([
    ["offers play on an activity that started today or earlier", event, base, { running: false, timerButton: "play" }],
    [
      "offers pause on the event the timer runs on",
      event,
      { ...base, runningEventId: event.id },
      { running: true, timerButton: "pause" },
    ],
    [
      "never counts an occurrence as running: the timer runs on its standalone copy",
      buildOccurrence(),
      { ...base, runningEventId: buildOccurrence().id, endOfToday: buildOccurrence().end_time },
      { running: false, timerButton: "play" },
    ],
    ["offers nothing on a planning block", buildEvent({ event_type: "planning" }), base, { timerButton: null }],
    ["offers nothing on a completed event", buildEvent({ completed: true }), base, { timerButton: null }],
    [
      "offers nothing on an event starting after today",
      event,
      { ...base, endOfToday: event.start_time - 1 },
      { timerButton: null },
    ],
    ["offers nothing on a read-only board", event, { ...base, readOnly: true }, { timerButton: null }],
    [
      "offers no pause on a read-only board either",
      event,
      { ...base, readOnly: true, runningEventId: event.id },
      { running: true, timerButton: null },
    ],
  ] as const)("%s", (_case, subject, options, expected) => {
    expect(tileState(subject, options)).toMatchObject(expected);
  });

  it.each([
    ["a completed activity with time", buildEvent({ completed: true, elapsed_time: 5400 }), 5400],
    ["a completed activity without time", buildEvent({ completed: true, elapsed_time: 0 }), null],
    ["an activity not completed", buildEvent({ elapsed_time: 5400 }), null],
    ["a completed planning block", buildEvent({ completed: true, event_type: "planning", elapsed_time: 60 }), null],
  ])("shows the right elapsed time on %s", (_case, subject, elapsed) => {
    expect(tileState(subject, base).elapsedSeconds).toBe(elapsed);
  });
});

describe("tileName", () => {
  const words = { untitled: "(untitled)", planning: "planning", running: "timer running", elapsed: "Time logged" };
  const idle = { running: false, timerButton: null, elapsedSeconds: null } as const;
  const project = { uid: "p-1", title: "Officine Rossi" };

  const time = "09:00 – 10:00";
  it.each([
    ["a plain activity", buildEvent(), idle, time, "Write the report, 09:00 – 10:00"],
    [
      "an activity of a project",
      buildEvent({ project }),
      idle,
      time,
      "Write the report, 09:00 – 10:00, Officine Rossi",
    ],
    [
      "a planning block",
      buildEvent({ event_type: "planning" }),
      idle,
      time,
      "Write the report, 09:00 – 10:00, planning",
    ],
    [
      "a block under a running timer",
      buildEvent({ project }),
      { running: true, timerButton: "pause", elapsedSeconds: null },
      time,
      "Write the report, 09:00 – 10:00, Officine Rossi, timer running",
    ],
    [
      "a completed activity with its logged time",
      buildEvent({ completed: true }),
      { running: false, timerButton: null, elapsedSeconds: 5400 },
      time,
      "Write the report, 09:00 – 10:00, Time logged 01:30:00",
    ],
    ["a block with no title", buildEvent({ title: "" }), idle, time, "(untitled), 09:00 – 10:00"],
    ["an all-day block, which has no times", buildEvent({ all_day: true }), idle, "", "Write the report"],
  ] as const)("names %s", (_case, event, state, timeText, name) => {
    expect(tileName(event, { timeText, state, words })).toBe(name);
  });
});

describe("boardMenuItems", () => {
  const project = "33333333-3333-4333-8333-333333333333";
  const ended = buildEvent({ project_id: project });
  const afterEnd = ended.end_time + 1;

  it.each([
    ["an ended activity with a project and no time", ended, afterEnd, ["confirmTime", "edit", "toPlanning", "copy"]],
    ["an activity still running its slot", ended, ended.end_time - 1, ["edit", "toPlanning", "copy"]],
    ["an ended activity with no project", buildEvent(), afterEnd, ["edit", "toPlanning", "copy"]],
    [
      "an ended activity with time already",
      buildEvent({ project_id: project, elapsed_time: 60 }),
      afterEnd,
      ["edit", "toPlanning", "copy"],
    ],
    [
      "a planning block",
      buildEvent({ event_type: "planning", project_id: project }),
      afterEnd,
      ["edit", "toActivity", "copy"],
    ],
    ["a completed activity", buildEvent({ completed: true, project_id: project }), afterEnd, ["edit"]],
    ["a calendar-service event", buildEvent({ source: "gcalendar" }), afterEnd, []],
  ] as const)("offers the right items on %s", (_case, subject, now, items) => {
    expect(boardMenuItems(subject, { now, readOnly: false })).toEqual(items);
  });

  it("offers only Edit on a board the reader may not change", () => {
    expect(boardMenuItems(ended, { now: afterEnd, readOnly: true })).toEqual(["edit"]);
  });
});
