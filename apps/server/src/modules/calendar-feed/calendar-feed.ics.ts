import {
  calendarDateIn,
  expandRecurrence,
  instantAt,
  type Occurrence,
  type Recurrence,
  type TimeBlockingEvent,
} from "@timetrap/domain";
import ical, {
  type ICalEventData,
  ICalEventRepeatingFreq,
  type ICalRepeatingOptions,
  ICalWeekday,
} from "ical-generator";
import { Temporal } from "temporal-polyfill";
import { vtimezoneGenerator } from "./vtimezone.js";

const categoryOf = { planning: "Planning", activity: "Activity" } as const;
/** The spec numbers weekdays 0 (Sunday) to 6 (Saturday). */
const weekdayCodes = [
  ICalWeekday.SU,
  ICalWeekday.MO,
  ICalWeekday.TU,
  ICalWeekday.WE,
  ICalWeekday.TH,
  ICalWeekday.FR,
  ICalWeekday.SA,
];
const dayMs = 86_400_000;

/** How long a calendar should keep the feed before asking again (seconds): the plan changes during the day. */
const refreshSeconds = 3600;

/** A block's UID: the same on every fetch, so that a calendar updates a block rather than adding it again. */
export const feedUid = (eventId: string) => `${eventId}@timetrap`;

const zoned = (instant: number, timeZone: string) =>
  Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(timeZone);

const dateIn = (instant: number, timeZone: string) => Temporal.PlainDate.from(calendarDateIn(instant, timeZone));

/**
 * The days an all-day block covers, its end exclusive as VALUE=DATE wants it: the board stores an all-day block from
 * midnight to the next midnight, so the last day is the one its last millisecond falls on.
 */
function allDayDates(times: Occurrence, timeZone: string) {
  const start = dateIn(times.start_time, timeZone);
  const end = dateIn(Math.max(times.start_time, times.end_time - 1), timeZone).add({ days: 1 });
  return { start, end };
}

/** The last instant of a day in the zone: a series' `until` admits occurrences starting on that day. */
function endOfDate(date: string, timeZone: string): number {
  const next = Temporal.PlainDate.from(date).add({ days: 1 });
  return (
    instantAt(
      { year: next.year, month: next.month, day: next.day, hour: 0, minute: 0, second: 0, millisecond: 0 },
      timeZone,
    ) - 1000
  );
}

/**
 * The series' first occurrence. It is the template, except in a weekly series whose weekdays leave out the template's
 * own day: the first occurrence is then the next chosen day, within the series' first period. RFC 5545 leaves a
 * DTSTART that its rule does not produce undefined, so the feed starts the series there.
 */
function firstOccurrence(event: TimeBlockingEvent, rule: Recurrence, timeZone: string): Occurrence | null {
  const unskipped = { ...rule, skip: [] };
  const periodDays = rule.frequency === "WEEKLY" ? (rule.every + 1) * 7 + 1 : 1;
  const [first] = expandRecurrence(event, unskipped, timeZone, {
    from: event.start_time,
    to: event.start_time + periodDays * dayMs,
  });
  return first ?? null;
}

/** How many occurrences (skipped ones included) start at or before `last`. */
function occurrencesUntil(event: TimeBlockingEvent, rule: Recurrence, timeZone: string, last: number): number {
  return expandRecurrence(event, { ...rule, skip: [], end_date: null }, timeZone, {
    from: event.start_time,
    to: last + 1,
  }).length;
}

/**
 * The series' RRULE and EXDATE as the series has them: FREQ and INTERVAL, BYDAY of a weekly series (weeks from
 * Monday, as the board counts them), COUNT or UNTIL, and a skipped occurrence as an EXDATE. The series' end is the
 * earlier of its last day (`until`, a day in the zone) and its end instant (`end_date`, set by "this and the
 * following"); a series counted by `repeat` that an end instant cuts short ends with UNTIL instead, as RFC 5545 allows
 * only one of the two. An all-day series writes its end as a COUNT: its UNTIL would have to be a date, which the
 * generator writes only as a date-time.
 */
function repeatingOf(
  event: TimeBlockingEvent,
  rule: Recurrence,
  timeZone: string,
  first: Occurrence,
): ICalRepeatingOptions {
  const repeating: ICalRepeatingOptions = {
    freq: ICalEventRepeatingFreq[rule.frequency],
    interval: rule.every,
  };
  if (rule.frequency === "WEEKLY" && rule.day_of_weeks.length > 0) {
    repeating.byDay = [...new Set(rule.day_of_weeks)].sort((a, b) => a - b).map((day) => weekdayCodes[day]!);
    repeating.startOfWeek = ICalWeekday.MO;
  }
  const ends = [rule.until === null ? null : endOfDate(rule.until, timeZone), rule.end_date].filter(
    (end): end is number => end !== null,
  );
  const end = ends.length > 0 ? Math.min(...ends) : null;
  if (rule.repeat && (end === null || occurrencesUntil(event, rule, timeZone, end) >= rule.repeat)) {
    repeating.count = rule.repeat;
  } else if (end !== null && event.all_day) {
    repeating.count = occurrencesUntil(event, rule, timeZone, end);
  } else if (end !== null) {
    repeating.until = Temporal.Instant.fromEpochMilliseconds(Math.floor(end / 1000) * 1000);
  }
  const skipped = [...new Set(rule.skip)].filter((start) => start >= first.start_time).sort((a, b) => a - b);
  if (skipped.length > 0) {
    repeating.exclude = skipped.map((start) => (event.all_day ? dateIn(start, timeZone) : zoned(start, timeZone)));
  }
  return repeating;
}

/** What SUMMARY and DESCRIPTION say of a block: its title (else its task's or project's name) and its project. */
function textsOf(event: TimeBlockingEvent): Pick<ICalEventData, "summary" | "description"> {
  const summary = event.title.trim() || event.task?.name || event.project?.title || "";
  return { summary, description: event.project ? event.project.title : null };
}

export interface CalendarFeedContent {
  /** Standalone blocks and series' templates with their rule, as stored (not expanded). */
  events: readonly TimeBlockingEvent[];
  /** The person's zone, in which series repeat. */
  timeZone: string;
  /** The feed's span, for a zone whose VTIMEZONE is written from its offsets. */
  span: { from: number; to: number };
  now: number;
}

/**
 * The feed as RFC 5545 text, through ical-generator: each block one VEVENT (UID `<event id>@timetrap`, CATEGORIES
 * Planning or Activity); a series one VEVENT with its RRULE and EXDATE; timed blocks in the person's zone with its
 * VTIMEZONE, so that a weekly 09:00 block stays at 09:00 across a daylight-saving change as it does on the board;
 * all-day blocks as dates.
 */
export function writeCalendarFeed({ events, timeZone, span, now }: CalendarFeedContent): string {
  const earliest = Math.min(span.from, ...events.map((event) => event.start_time));
  const calendar = ical({
    name: "Timetrap",
    prodId: { company: "Timetrap", product: "Calendar feed", language: "EN" },
    // No zone of the calendar's own: ical-generator would then write DTSTAMP and UNTIL in local time, where RFC 5545
    // wants UTC. Each event names the person's zone, and the generator writes its VTIMEZONE once.
    timezone: { name: null, generator: vtimezoneGenerator({ from: earliest - dayMs, to: span.to + 2 * 366 * dayMs }) },
    ttl: refreshSeconds,
  });
  const stamp = Temporal.Instant.fromEpochMilliseconds(Math.floor(now / 1000) * 1000);
  for (const event of events) {
    const first = event.recurrence ? firstOccurrence(event, event.recurrence, timeZone) : event;
    if (!first) continue;
    const data: ICalEventData = {
      id: feedUid(event.id),
      stamp,
      ...textsOf(event),
      categories: [{ name: categoryOf[event.event_type] }],
      start: event.all_day ? allDayDates(first, timeZone).start : zoned(first.start_time, timeZone),
      end: event.all_day ? allDayDates(first, timeZone).end : zoned(first.end_time, timeZone),
      allDay: event.all_day,
      timezone: event.all_day ? null : timeZone,
      repeating: event.recurrence ? repeatingOf(event, event.recurrence, timeZone, first) : null,
    };
    calendar.createEvent(data);
  }
  return calendar.toString();
}
