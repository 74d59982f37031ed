import type { EventInput } from "@fullcalendar/react";
import {
  defaultEventDurationMs,
  type EventType,
  longestEventMs,
  type TimeBlockingEvent,
  tileColors,
} from "@timetrap/domain";

/**
 * What the board keeps on each FullCalendar event: the event as the server sent it, its type under the spec's name
 * (`eventType`), and the layer the time grid orders it by.
 */
export interface BoardEventProps {
  event: TimeBlockingEvent;
  eventType: EventType;
  /** 0 for activities, 1 for planning blocks: planning goes last so it never pushes an activity sideways. */
  layer: 0 | 1;
}

/**
 * Occurrences of a series share the template's id, so the board keys every tile by id and start (decision 007);
 * an id alone would make FullCalendar treat a week of a daily series as one event.
 */
export function calendarEventId(event: Pick<TimeBlockingEvent, "id" | "start_time">): string {
  return `${event.id}:${event.start_time}`;
}

/** The order of tiles in a day: activities before planning, then FullCalendar's own order. */
export const boardEventOrder = "layer,start,-duration,allDay,title";

export function toCalendarEvent(event: TimeBlockingEvent, options: { editable: boolean }): EventInput {
  const extendedProps: BoardEventProps = {
    event,
    eventType: event.event_type,
    layer: event.event_type === "planning" ? 1 : 0,
  };
  return {
    id: calendarEventId(event),
    title: event.title,
    start: event.start_time,
    end: event.end_time,
    allDay: event.all_day,
    color: event.color,
    // Black or white, whichever reads on the tile's fill (a planning block's is its tint, drawn in board.module.css).
    contrastColor: tileColors(event).text,
    editable: options.editable,
    extendedProps,
  };
}

/** The server's event behind a FullCalendar event, or null for anything else (a drop placeholder). */
export function boardEventOf(extendedProps: Record<string, unknown>): TimeBlockingEvent | null {
  const event = extendedProps.event;
  return event && typeof event === "object" && "id" in event ? (event as TimeBlockingEvent) : null;
}

export interface EventTimesChange {
  start_time: number;
  end_time: number;
  all_day: boolean;
}

/**
 * The times a drag or resize left a FullCalendar event at, or null when they are not a valid event (no start, or an
 * end not after the start: the change is reverted). A timed event dragged from the all-day row may come without an
 * end: it lasts the default hour; an all-day one lasts its day.
 */
export function timesFromCalendar(change: {
  start: Date | null;
  end: Date | null;
  allDay: boolean;
}): EventTimesChange | null {
  if (!change.start) return null;
  const start = change.start.getTime();
  let end: number;
  if (change.end) {
    end = change.end.getTime();
  } else if (change.allDay) {
    const next = new Date(change.start);
    next.setDate(next.getDate() + 1);
    end = next.getTime();
  } else {
    end = start + defaultEventDurationMs;
  }
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return null;
  // The server refuses blocks beyond 31 days: better to put the tile back than to answer with an alert.
  if (end - start > longestEventMs) return null;
  return { start_time: start, end_time: end, all_day: change.allDay };
}
