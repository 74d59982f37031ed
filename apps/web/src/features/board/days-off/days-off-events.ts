import type { EventInput } from "@fullcalendar/react";
import { addDays, type CalendarDate, calendarDateIn, type DayOff, tileColors } from "@timetrap/domain";

/** The words of the blocks, translated once by the layer. */
export interface DayOffWords {
  requested: (name: string) => string;
  half: (name: string) => string;
  hours: (name: string, hours: number) => string;
  /** Said of a planning block on a day of approved time off. */
  onTimeOff: string;
}

/** The look of the blocks, as class names of the layer's stylesheet. */
export interface DayOffClasses {
  dayOff: string;
  holiday: string;
  pending: string;
  half: string;
  overbooked: string;
}

/** A holiday's grey, when the group has no colour of its own: the kinds' colours stay the time off's. */
export const holidayColor = "#868e96";

/** One read-only block: consecutive days of the same holiday or time off, drawn as one bar in the all-day row. */
interface Run {
  day: DayOff;
  first: CalendarDate;
  last: CalendarDate;
}

const runKey = (day: DayOff) =>
  day.type === "holiday" ? `holiday:${day.name}:${day.half_day}` : `time-off:${day.time_off_id}:${day.status}`;

function runsOf(days: readonly DayOff[]): Run[] {
  const open = new Map<string, Run>();
  const runs: Run[] = [];
  for (const day of [...days].sort((a, b) => a.date.localeCompare(b.date))) {
    const key = runKey(day);
    const current = open.get(key);
    if (current && addDays(current.last, 1) === day.date) {
      current.last = day.date;
      continue;
    }
    const run = { day, first: day.date, last: day.date };
    open.set(key, run);
    runs.push(run);
  }
  return runs;
}

function titleOf(day: DayOff, words: DayOffWords): string {
  let title = day.name;
  if (day.hours !== null) title = words.hours(title, day.hours);
  else if (day.half_day) title = words.half(title);
  return day.status === "requested" ? words.requested(title) : title;
}

/**
 * The board's read-only all-day blocks of a person's holidays and time off (decision 026): one per run of days, in the
 * kind's colour (a holiday in grey), a half day or some hours said in the title and drawn lighter, a request still to be
 * decided drawn as pending. None can be dragged, resized or opened.
 */
export function dayOffEvents(days: readonly DayOff[], words: DayOffWords, classes: DayOffClasses): EventInput[] {
  return runsOf(days).map(({ day, first, last }) => {
    const color = day.color ?? holidayColor;
    const classNames = [classes.dayOff];
    if (day.type === "holiday") classNames.push(classes.holiday);
    if (day.status === "requested") classNames.push(classes.pending);
    if (day.half_day || day.hours !== null) classNames.push(classes.half);
    return {
      id: `day-off:${runKey(day)}:${first}`,
      title: titleOf(day, words),
      start: first,
      // All-day ends are exclusive.
      end: addDays(last, 1),
      allDay: true,
      editable: false,
      startEditable: false,
      durationEditable: false,
      color,
      // Black or white, whichever reads on the fill, as the board's own tiles.
      contrastColor: tileColors({ color, event_type: "activity" }).text,
      classNames,
      extendedProps: { dayOff: day },
    };
  });
}

/** The days with approved time off, where a planning block is more than the person can do. */
export function approvedTimeOffDates(days: readonly DayOff[]): Set<CalendarDate> {
  return new Set(days.filter((day) => day.type === "time_off" && day.status === "approved").map((day) => day.date));
}

/**
 * The board's events with the days off added, and each planning block that starts on a day of approved time off marked
 * with the overbooking warning (a class for its look, `warning` for its name).
 */
export function withDaysOff(
  events: readonly EventInput[],
  days: readonly DayOff[],
  { words, classes, timeZone }: { words: DayOffWords; classes: DayOffClasses; timeZone: string },
): EventInput[] {
  const offDates = approvedTimeOffDates(days);
  const marked = events.map((event) => {
    if (event.extendedProps?.eventType !== "planning" || typeof event.start !== "number") return event;
    if (!offDates.has(calendarDateIn(event.start, timeZone))) return event;
    const className = [event.className, classes.overbooked].filter(Boolean).join(" ");
    return { ...event, className, extendedProps: { ...event.extendedProps, warning: words.onTimeOff } };
  });
  return [...marked, ...dayOffEvents(days, words, classes)];
}
