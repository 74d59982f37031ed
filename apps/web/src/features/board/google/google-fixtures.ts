import type { GoogleCalendar, GoogleEvent } from "@timetrap/domain";

/** A Google event for tests: "Standup", half an hour on 10 March 2026 at 08:00 UTC, in Ada's primary calendar. */
export function buildGoogleEvent(overrides: Partial<GoogleEvent> = {}): GoogleEvent {
  const start = Date.UTC(2026, 2, 10, 8);
  return {
    id: "standup-1",
    calendar_id: "ada@acme.com",
    summary: "Standup",
    description: null,
    location: null,
    html_link: "https://calendar.google.com/event?eid=standup-1",
    all_day: false,
    start_time: start,
    end_time: start + 30 * 60_000,
    start_date: null,
    end_date: null,
    color: "#039BE5",
    recurring_event_id: null,
    ...overrides,
  };
}

/** A Google calendar for tests: Ada's primary one. */
export function buildGoogleCalendar(overrides: Partial<GoogleCalendar> = {}): GoogleCalendar {
  return {
    id: "ada@acme.com",
    summary: "ada@acme.com",
    background_color: "#039be5",
    foreground_color: "#ffffff",
    primary: true,
    access_role: "owner",
    time_zone: "Europe/Rome",
    ...overrides,
  };
}
