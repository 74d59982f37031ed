import { describe, expect, it } from "vitest";
import { boardEventOf, calendarEventId, timesFromCalendar, toCalendarEvent } from "./calendar-events";
import { buildEvent, buildOccurrence } from "./event-fixtures";

describe("toCalendarEvent", () => {
  it("keys a tile by id and start, so the occurrences of one series stay distinct", () => {
    const first = buildOccurrence();
    const second = buildOccurrence({
      start_time: first.start_time + 86_400_000,
      end_time: first.end_time + 86_400_000,
    });
    expect(first.id).toBe(second.id);
    expect(toCalendarEvent(first, { editable: true }).id).not.toBe(toCalendarEvent(second, { editable: true }).id);
    expect(toCalendarEvent(first, { editable: true }).id).toBe(`${first.id}:${first.start_time}`);
  });

  it("carries the times, colour, all-day flag and the server's event", () => {
    const event = buildEvent({ color: "#ff0000", all_day: true, event_type: "planning" });
    expect(toCalendarEvent(event, { editable: false })).toEqual({
      id: calendarEventId(event),
      title: "Write the report",
      start: event.start_time,
      end: event.end_time,
      allDay: true,
      color: "#ff0000",
      contrastColor: "#000000",
      editable: false,
      extendedProps: { event, eventType: "planning", layer: 1 },
    });
  });

  it.each([
    ["#7950f2", "activity", "#ffffff"],
    ["#fab005", "activity", "#000000"],
    // A planning block is a pale wash of its colour, so its words are black even on a dark colour.
    ["#7950f2", "planning", "#000000"],
  ] as const)("writes a tile of %s (%s) in %s", (color, eventType, text) => {
    expect(toCalendarEvent(buildEvent({ color, event_type: eventType }), { editable: true }).contrastColor).toBe(text);
  });

  it.each([
    ["activity", 0],
    ["planning", 1],
  ] as const)("puts an %s in layer %i", (eventType, layer) => {
    expect(toCalendarEvent(buildEvent({ event_type: eventType }), { editable: true }).extendedProps?.layer).toBe(layer);
  });

  it("reads the server's event back, and nothing from a drop placeholder", () => {
    const event = buildEvent();
    const input = toCalendarEvent(event, { editable: true });
    expect(boardEventOf(input.extendedProps ?? {})).toBe(event);
    expect(boardEventOf({ dropItem: { title: "x", source: "timetrap" } })).toBeNull();
  });
});

describe("timesFromCalendar", () => {
  const nine = new Date(2026, 2, 9, 9, 0);
  const ten = new Date(2026, 2, 9, 10, 0);
  const midnight = new Date(2026, 2, 9);
  const nextMidnight = new Date(2026, 2, 10);

  it.each([
    ["a timed move", { start: nine, end: ten, allDay: false }, { start: nine, end: ten, allDay: false }],
    [
      "a move into the all-day row without an end: the whole day",
      { start: midnight, end: null, allDay: true },
      { start: midnight, end: nextMidnight, allDay: true },
    ],
    [
      "a move out of the all-day row without an end: one hour",
      { start: nine, end: null, allDay: false },
      { start: nine, end: ten, allDay: false },
    ],
  ])("keeps %s", (_case, change, expected) => {
    expect(timesFromCalendar(change)).toEqual({
      start_time: expected.start.getTime(),
      end_time: expected.end.getTime(),
      all_day: expected.allDay,
    });
  });

  it.each([
    ["no start", { start: null, end: ten, allDay: false }],
    ["an end equal to the start", { start: nine, end: nine, allDay: false }],
    ["an end before the start", { start: ten, end: nine, allDay: false }],
    ["more than 31 days", { start: midnight, end: new Date(2026, 3, 11), allDay: true }],
  ])("refuses %s", (_case, change) => {
    expect(timesFromCalendar(change)).toBeNull();
  });
});
