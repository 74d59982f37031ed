import type { EventInput } from "@fullcalendar/react";
import { defaultEventColor, type GoogleEvent, type TimeBlockingEvent } from "@timetrap/domain";
import { boardEventOf, toCalendarEvent } from "../lib/calendar-events";
import { calendarServiceSource } from "../lib/tile";

/** The board's key of a Google event: its calendar and its id (an event shared into two calendars is in each). */
export function googleEventKey(event: Pick<GoogleEvent, "calendar_id" | "id">): string {
  return `${calendarServiceSource}:${event.calendar_id}:${event.id}`;
}

/** Whether a board event is a Google event drawn as it is in Google, not a Timetrap event (nor a copy of one). */
export function isGoogleOriginal(event: Pick<TimeBlockingEvent, "source" | "is_occurrence">): boolean {
  return event.source === calendarServiceSource && event.is_occurrence;
}

const hexColor = /^#[0-9a-f]{6}$/i;

/** Midnight of a `YYYY-MM-DD` date in the browser's zone, where the board draws its all-day row. */
function localMidnight(date: string): number {
  const [year = 1970, month = 1, day = 1] = date.split("-").map(Number);
  return new Date(year, month - 1, day).getTime();
}

/**
 * A Google event as the board's own events are, so that the board's tile, drag, resize and timer take it as they are:
 * an activity in its calendar's colour, with `source` gcalendar, `source_id` its id and `calendar_id` its calendar.
 * It is not stored, as an occurrence of a series is not: changing it (a drag, a resize, a timer) saves a Timetrap copy
 * of it first (spec part 1 §4 "Events"), and the copy then stands in its place (`withGoogleEvents`). An all-day event
 * spans its dates in the browser's zone, as the all-day row draws them.
 */
export function boardEventOfGoogle(event: GoogleEvent, userId: string): TimeBlockingEvent {
  const days = event.all_day && event.start_date && event.end_date ? [event.start_date, event.end_date] : null;
  return {
    id: googleEventKey(event),
    user_id: userId,
    title: event.summary,
    start_time: days ? localMidnight(days[0] as string) : event.start_time,
    end_time: days ? localMidnight(days[1] as string) : event.end_time,
    all_day: event.all_day,
    color: hexColor.test(event.color) ? event.color.toLowerCase() : defaultEventColor,
    elapsed_time: 0,
    completed: false,
    event_type: "activity",
    source: calendarServiceSource,
    source_id: event.id,
    calendar_id: event.calendar_id,
    project_id: null,
    project: null,
    category_id: null,
    category: null,
    task_linked_id: null,
    task: null,
    recurrence_id: null,
    recurrence: null,
    is_occurrence: true,
  };
}

export interface GoogleTileLook {
  /** Said in each tile's name after its title and times: "Google Calendar". */
  name: string;
  /** The class that marks a tile as Google's. */
  className: string;
}

/**
 * The board's events with the Google events of the ticked calendars added, each drawn in its calendar's colour and
 * marked as Google's. A Google event that has a Timetrap copy among the board's events (`source` gcalendar and
 * `source_id` its id) is left out: the copy stands for it. Events of calendars no longer ticked are left out too (the
 * previous answer stays on screen while the next is asked).
 */
export function withGoogleEvents(
  events: readonly EventInput[],
  google: readonly GoogleEvent[],
  options: { userId: string; calendarIds: ReadonlySet<string>; look: GoogleTileLook },
): EventInput[] {
  const copied = new Set<string>();
  for (const input of events) {
    const event = boardEventOf(input.extendedProps ?? {});
    if (event?.source === calendarServiceSource && event.source_id && !event.is_occurrence) copied.add(event.source_id);
  }
  const seen = new Set<string>();
  const added: EventInput[] = [];
  for (const event of google) {
    const key = googleEventKey(event);
    if (copied.has(event.id) || seen.has(key) || !options.calendarIds.has(event.calendar_id)) continue;
    seen.add(key);
    const input = toCalendarEvent(boardEventOfGoogle(event, options.userId), { editable: true });
    added.push({
      ...input,
      className: options.look.className,
      extendedProps: { ...input.extendedProps, warning: options.look.name },
    });
  }
  return added.length === 0 ? [...events] : [...events, ...added];
}
