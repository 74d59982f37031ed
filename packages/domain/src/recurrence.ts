import { z } from "zod";
import { calendarDateSchema } from "./calendar-date.js";
import {
  addCalendarDays,
  calendarDateIn,
  calendarDaysBetween,
  endOfDayIn,
  instantAt,
  startOfDayIn,
  type WallClock,
  wallClockAt,
  weekdayNumber,
} from "./zoned-time.js";

/**
 * Recurring time blocks (spec part 1 §3 "Recurrence rule", §4 "Recurrence", §5). A series is one stored event (its
 * first occurrence, the template) plus a rule; occurrences are computed, never stored. They keep the template's
 * wall-clock time in the owner's time zone, so a weekly 09:00 block stays at 09:00 across a daylight-saving change.
 */

export const recurrenceFrequencies = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"] as const;
export type RecurrenceFrequency = (typeof recurrenceFrequencies)[number];

export const recurrenceEveryMax = 99;
export const recurrenceRepeatMax = 99;

export const recurrenceRuleInputSchema = z
  .object({
    every: z
      .number({ message: "Repeat every must be a whole number from 1 to 99" })
      .int("Repeat every must be a whole number from 1 to 99")
      .min(1, "Repeat every must be a whole number from 1 to 99")
      .max(recurrenceEveryMax, "Repeat every must be a whole number from 1 to 99"),
    frequency: z.enum(recurrenceFrequencies, { message: "Frequency must be DAILY, WEEKLY, MONTHLY or YEARLY" }),
    /** 0 Sunday … 6 Saturday; weekly series only. Empty means the template's weekday. */
    day_of_weeks: z
      .array(
        z
          .number({ message: "Weekdays are numbers from 0 (Sunday) to 6 (Saturday)" })
          .int("Weekdays are numbers from 0 (Sunday) to 6 (Saturday)")
          .min(0, "Weekdays are numbers from 0 (Sunday) to 6 (Saturday)")
          .max(6, "Weekdays are numbers from 0 (Sunday) to 6 (Saturday)"),
      )
      .max(7)
      .default([]),
    /** Last day (inclusive) on which an occurrence may start, in the owner's time zone. */
    until: calendarDateSchema.nullable().default(null),
    /** How many occurrences the series has; 0 or null means no limit, as in RFC 5545 libraries. */
    repeat: z
      .number({ message: "Occurrences must be a whole number from 0 to 99" })
      .int("Occurrences must be a whole number from 0 to 99")
      .min(0, "Occurrences must be a whole number from 0 to 99")
      .max(recurrenceRepeatMax, "Occurrences must be a whole number from 0 to 99")
      .nullable()
      .default(null),
  })
  .superRefine((rule, ctx) => {
    if (rule.until !== null && rule.repeat) {
      ctx.addIssue({ code: "custom", path: ["repeat"], message: "A series ends on a date or after a count, not both" });
    }
    if (rule.frequency !== "WEEKLY" && rule.day_of_weeks.length > 0) {
      ctx.addIssue({ code: "custom", path: ["day_of_weeks"], message: "Weekdays apply to weekly series only" });
    }
  });
export type RecurrenceRuleInput = z.infer<typeof recurrenceRuleInputSchema>;

export const recurrenceSchema = z.object({
  id: z.string(),
  every: z.number().int(),
  frequency: z.enum(recurrenceFrequencies),
  day_of_weeks: z.array(z.number().int()),
  until: z.string().nullable(),
  repeat: z.number().int().nullable(),
  /** Start times (epoch ms) of occurrences taken out of the series. */
  skip: z.array(z.number().int()),
  /** The series stops after this instant (epoch ms): "this and the following" deletes set it. */
  end_date: z.number().int().nullable(),
});
export type Recurrence = z.infer<typeof recurrenceSchema>;

/** `PATCH user/{id}/recurrence/{recId}`: skip one occurrence, or end the series. */
export const recurrencePatchSchema = z
  .object({
    skip: z.number({ message: "skip must be an occurrence's start time in epoch milliseconds" }).int().optional(),
    end_date: z.number({ message: "end_date must be epoch milliseconds" }).int().nullable().optional(),
  })
  .strict()
  .refine((patch) => patch.skip !== undefined || patch.end_date !== undefined, {
    message: "Send skip or end_date",
  });
export type RecurrencePatch = z.infer<typeof recurrencePatchSchema>;

export type RecurrenceRule = Pick<Recurrence, "every" | "frequency" | "day_of_weeks" | "until" | "repeat"> &
  Partial<Pick<Recurrence, "skip" | "end_date">>;

export interface Occurrence {
  start_time: number;
  end_time: number;
}

export interface TimeRange {
  /** Inclusive, epoch ms. */
  from: number;
  /** Exclusive, epoch ms. */
  to: number;
}

/** Stops a pathological rule from looping; 100 000 candidates is about 270 years of a daily series. */
const candidateLimit = 100_000;

function mondayOf(wall: WallClock): WallClock {
  return addCalendarDays(wall, -((weekdayNumber(wall) + 6) % 7));
}

/** The template's days of the series in order, as wall clocks carrying the template's time of day. */
function* candidateDays(base: WallClock, rule: RecurrenceRule, firstStep: number): Generator<WallClock> {
  const weekOrder = (weekday: number) => (weekday + 6) % 7;
  const weekdays = [...new Set(rule.day_of_weeks.length > 0 ? rule.day_of_weeks : [weekdayNumber(base)])]
    .map(weekOrder)
    .sort((a, b) => a - b);
  const monday = mondayOf(base);
  for (let k = firstStep; k < firstStep + candidateLimit; k++) {
    const step = k * rule.every;
    switch (rule.frequency) {
      case "DAILY":
        yield addCalendarDays(base, step);
        break;
      case "WEEKLY":
        for (const offset of weekdays) {
          const day = addCalendarDays(monday, step * 7 + offset);
          if (calendarDaysBetween(base, day) >= 0) yield { ...base, year: day.year, month: day.month, day: day.day };
        }
        break;
      case "MONTHLY": {
        const monthIndex = base.month - 1 + step;
        const date = new Date(Date.UTC(base.year, monthIndex, base.day));
        // The 31st does not happen in every month: such months have no occurrence (RFC 5545).
        if (date.getUTCDate() === base.day) {
          yield { ...base, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
        }
        break;
      }
      case "YEARLY": {
        const date = new Date(Date.UTC(base.year + step, base.month - 1, base.day));
        if (date.getUTCDate() === base.day) yield { ...base, year: date.getUTCFullYear() };
        break;
      }
    }
  }
}

/**
 * The first step of the rule worth generating for a range starting on `from`: a series that started long ago need not
 * be walked from its start, unless it counts its occurrences.
 */
function firstStepFor(base: WallClock, rule: RecurrenceRule, from: WallClock): number {
  if (rule.repeat) return 0;
  let periods: number;
  switch (rule.frequency) {
    case "DAILY":
      periods = calendarDaysBetween(base, from);
      break;
    case "WEEKLY":
      periods = Math.floor(calendarDaysBetween(mondayOf(base), from) / 7);
      break;
    case "MONTHLY":
      periods = (from.year - base.year) * 12 + (from.month - base.month) - 1;
      break;
    case "YEARLY":
      periods = from.year - base.year - 1;
      break;
  }
  return Math.max(0, Math.floor(periods / rule.every));
}

/**
 * The occurrences of a series that overlap `range`, in start order. Skipped start times are left out but still
 * count towards `repeat`, `until` is a day in `timeZone` and `end_date` an instant, as spec part 1 §4 describes.
 */
export function expandRecurrence(
  template: Occurrence,
  rule: RecurrenceRule,
  timeZone: string,
  range: TimeRange,
): Occurrence[] {
  const base = wallClockAt(template.start_time, timeZone);
  const baseEnd = wallClockAt(template.end_time, timeZone);
  const endDayOffset = calendarDaysBetween(base, baseEnd);
  const duration = template.end_time - template.start_time;
  const skipped = new Set(rule.skip ?? []);
  const endDate = rule.end_date ?? null;
  const result: Occurrence[] = [];
  let counted = 0;
  // An occurrence overlapping the range starts at most its own length in days before the range does.
  const earliestDay = wallClockAt(range.from - (endDayOffset + 1) * 86_400_000, timeZone);
  for (const day of candidateDays(base, rule, firstStepFor(base, rule, earliestDay))) {
    counted += 1;
    if (rule.repeat && counted > rule.repeat) break;
    // The first occurrence is the template itself, even at a wall-clock time that happens twice in autumn.
    const isTemplate = calendarDaysBetween(base, day) === 0;
    const start = isTemplate ? template.start_time : instantAt(day, timeZone);
    if (rule.until !== null && calendarDateIn(start, timeZone) > rule.until) break;
    if (endDate !== null && start > endDate) break;
    if (start >= range.to) break;
    const endWall = addCalendarDays({ ...baseEnd, year: day.year, month: day.month, day: day.day }, endDayOffset);
    let end = isTemplate ? template.end_time : instantAt(endWall, timeZone);
    // A block across a clock change can come out empty or inverted; it then keeps its length in real time.
    if (end <= start) end = start + duration;
    if (end > range.from && !skipped.has(start)) result.push({ start_time: start, end_time: end });
  }
  return result;
}

/** The series' occurrence starting on the same day as `instant` in `timeZone`, if any (skipped ones excluded). */
export function occurrenceOnDayOf(
  template: Occurrence,
  rule: RecurrenceRule,
  timeZone: string,
  instant: number,
): Occurrence | null {
  const day = calendarDateIn(instant, timeZone);
  const range = { from: startOfDayIn(instant, timeZone), to: endOfDayIn(instant, timeZone) + 1 };
  return (
    expandRecurrence(template, rule, timeZone, range).find(
      (occurrence) => calendarDateIn(occurrence.start_time, timeZone) === day,
    ) ?? null
  );
}

/** "This and the following": the series ends one second before the chosen occurrence starts. */
export function seriesEndBefore(occurrenceStart: number): number {
  return occurrenceStart - 1000;
}

/**
 * Editing every occurrence from one of them: the occurrence moved from `occurrenceStart` to `changed`, so the
 * template moves by the same number of days and takes the same wall-clock start and end in `timeZone`.
 */
export function shiftSeriesTemplate(
  template: Occurrence,
  occurrenceStart: number,
  changed: Occurrence,
  timeZone: string,
): Occurrence {
  const offsetDays = calendarDaysBetween(
    wallClockAt(occurrenceStart, timeZone),
    wallClockAt(template.start_time, timeZone),
  );
  const start = instantAt(addCalendarDays(wallClockAt(changed.start_time, timeZone), offsetDays), timeZone);
  const end = instantAt(addCalendarDays(wallClockAt(changed.end_time, timeZone), offsetDays), timeZone);
  return { start_time: start, end_time: end > start ? end : start + (changed.end_time - changed.start_time) };
}
