import type { EventInput } from "@fullcalendar/react";
import { describe, expect, it } from "vitest";
import { toCalendarEvent } from "../lib/calendar-events";
import { planEventChange } from "../lib/event-change";
import { buildEvent } from "../lib/event-fixtures";
import { boardEventOfGoogle, googleEventKey, isGoogleOriginal, withGoogleEvents } from "./google-events";
import { buildGoogleEvent } from "./google-fixtures";

const look = { name: "Google Calendar", className: "google-mark" };
const ticked = new Set(["ada@acme.com", "team@group.calendar.google.com"]);
const own = [toCalendarEvent(buildEvent({ title: "Write the report" }), { editable: true })];

describe("a Google event on the board", () => {
  it("is an activity of the board in its calendar's colour, not stored, naming its Google id and calendar", () => {
    const event = boardEventOfGoogle(buildGoogleEvent(), "user-1");
    expect(event).toMatchObject({
      id: "gcalendar:ada@acme.com:standup-1",
      user_id: "user-1",
      title: "Standup",
      start_time: Date.UTC(2026, 2, 10, 8),
      end_time: Date.UTC(2026, 2, 10, 8, 30),
      all_day: false,
      color: "#039be5",
      event_type: "activity",
      completed: false,
      elapsed_time: 0,
      source: "gcalendar",
      source_id: "standup-1",
      calendar_id: "ada@acme.com",
      recurrence_id: null,
      is_occurrence: true,
    });
    expect(isGoogleOriginal(event)).toBe(true);
    // A Timetrap copy of it is stored: the board opens it as its own.
    expect(isGoogleOriginal({ ...event, is_occurrence: false })).toBe(false);
    expect(isGoogleOriginal(buildEvent())).toBe(false);
  });

  it("spans an all-day event's dates from midnight in the browser's zone, its end exclusive", () => {
    const event = boardEventOfGoogle(
      buildGoogleEvent({
        all_day: true,
        start_date: "2026-03-12",
        end_date: "2026-03-14",
        // Midnights in the calendar's zone, which may not be the browser's.
        start_time: Date.UTC(2026, 2, 11, 23),
        end_time: Date.UTC(2026, 2, 13, 23),
      }),
      "user-1",
    );
    expect(event.all_day).toBe(true);
    expect(event.start_time).toBe(new Date(2026, 2, 12).getTime());
    expect(event.end_time).toBe(new Date(2026, 2, 14).getTime());
  });

  it("takes the default colour when Google's is not a #rrggbb colour", () => {
    expect(boardEventOfGoogle(buildGoogleEvent({ color: "blue" }), "user-1").color).toBe("#3788d8");
  });

  it("is keyed by its calendar and id, so an event shared into two calendars is one in each", () => {
    expect(googleEventKey(buildGoogleEvent())).toBe("gcalendar:ada@acme.com:standup-1");
    expect(googleEventKey(buildGoogleEvent({ calendar_id: "team@group.calendar.google.com" }))).toBe(
      "gcalendar:team@group.calendar.google.com:standup-1",
    );
  });

  it("moved or resized, is saved as a Timetrap event at its new times, named after the Google event", () => {
    const before = boardEventOfGoogle(buildGoogleEvent(), "user-1");
    const after = { ...before, start_time: before.start_time + 3_600_000, end_time: before.end_time + 3_600_000 };
    expect(planEventChange(before, after)).toEqual({
      kind: "create",
      input: expect.objectContaining({
        title: "Standup",
        start_time: after.start_time,
        end_time: after.end_time,
        all_day: false,
        color: "#039be5",
        event_type: "activity",
        completed: false,
        elapsed_time: 0,
        source: "gcalendar",
        source_id: "standup-1",
        calendar_id: "ada@acme.com",
        recurrence_id: null,
      }),
    });
  });
});

describe("the board's events with Google's", () => {
  const titles = (events: EventInput[]) => events.map((event) => event.title);

  it("adds the ticked calendars' events after the board's own, marked and named as Google's, editable", () => {
    const events = withGoogleEvents(own, [buildGoogleEvent()], { userId: "user-1", calendarIds: ticked, look });
    expect(titles(events)).toEqual(["Write the report", "Standup"]);
    const google = events[1] as EventInput;
    expect(google).toMatchObject({
      id: "gcalendar:ada@acme.com:standup-1:1773129600000",
      color: "#039be5",
      editable: true,
      className: "google-mark",
    });
    expect(google.extendedProps).toMatchObject({ warning: "Google Calendar", eventType: "activity" });
    expect(google.extendedProps?.event).toMatchObject({ source: "gcalendar", source_id: "standup-1" });
  });

  it("leaves out a Google event that a Timetrap copy stands for", () => {
    const copy = toCalendarEvent(
      buildEvent({
        id: "33333333-3333-4333-8333-333333333333",
        title: "Standup",
        source: "gcalendar",
        source_id: "standup-1",
        calendar_id: "ada@acme.com",
      }),
      { editable: true },
    );
    const events = withGoogleEvents(
      [...own, copy],
      [buildGoogleEvent(), buildGoogleEvent({ id: "review-1", summary: "Review" })],
      { userId: "user-1", calendarIds: ticked, look },
    );
    expect(titles(events)).toEqual(["Write the report", "Standup", "Review"]);
    expect(events.filter((event) => event.className === "google-mark").map((event) => event.title)).toEqual(["Review"]);
  });

  it("leaves out the events of calendars no longer ticked, and the same event listed twice", () => {
    const events = withGoogleEvents(
      own,
      [
        buildGoogleEvent(),
        buildGoogleEvent(),
        buildGoogleEvent({ id: "lunch-1", summary: "Lunch", calendar_id: "family@group.calendar.google.com" }),
      ],
      { userId: "user-1", calendarIds: ticked, look },
    );
    expect(titles(events)).toEqual(["Write the report", "Standup"]);
  });

  it("returns the board's events as they were when Google has none", () => {
    expect(withGoogleEvents(own, [], { userId: "user-1", calendarIds: ticked, look })).toEqual(own);
  });
});
