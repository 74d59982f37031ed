import { z } from "zod";
import { calendarDateIn } from "./zoned-time.js";

/** A day without a time, `YYYY-MM-DD`, as dates travel on the wire (ARCHITECTURE.md "Wire format"). */
export type CalendarDate = string;

const calendarDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for an existing day of the Gregorian calendar written as `YYYY-MM-DD`. */
export function isCalendarDate(value: string): boolean {
  const match = calendarDatePattern.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const calendarDateSchema = z
  .string()
  .refine(isCalendarDate, { message: "Must be a date written as YYYY-MM-DD" })
  // What the refinement checks, as the OpenAPI document can say it (RFC 3339's full-date: YYYY-MM-DD, an existing day).
  .meta({ format: "date" });

export const weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof weekdays)[number];

/**
 * The weekday of a calendar date. Computed in UTC on purpose: the date has no time zone, and reading it
 * in the local zone would move it by a day west of Greenwich.
 */
export function weekdayOf(date: CalendarDate): Weekday {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  // getUTCDay: 0 is Sunday; our list starts on Monday (weeks start on Monday).
  return weekdays[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7]!;
}

/**
 * Today in the given IANA time zone (the runtime's own by default), as `YYYY-MM-DD`: `calendarDateIn`, whose formatter
 * per zone is made once.
 */
export function todayIn(timeZone?: string, now: Date = new Date()): CalendarDate {
  return calendarDateIn(now.getTime(), timeZone ?? new Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/** Whether a number has at most `places` decimals, tolerant of binary fractions such as 0.1 + 0.2. */
export function hasAtMostDecimals(value: number, places: number): boolean {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** Days from `from` to `to`, both included (1 for the same day). */
export function daysInPeriod(from: CalendarDate, to: CalendarDate): number {
  const utc = (date: CalendarDate) => {
    const [y, m, d] = date.split("-").map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000) + 1;
}

// ---------------------------------------------------------------------------------------------------------------
// Schema helpers of the wire (kept with the calendar's, which every page that sends a change loads)

export const nothingToUpdateMessage = "Nothing to update";

/**
 * A PATCH body must change something: at least one of its fields, or it is refused with "Nothing to update". The
 * OpenAPI document says so too (`minProperties: 1` and the fields in its description), so that a client generated
 * from it does not send an empty change.
 */
export function someFieldRequired<T extends z.ZodObject>(schema: T): T {
  const fields = Object.keys(schema.shape);
  return schema
    .refine((value) => fields.some((field) => (value as Record<string, unknown>)[field] !== undefined), {
      message: nothingToUpdateMessage,
    })
    .meta({ minProperties: 1, description: `A change: at least one of ${fields.join(", ")}.` }) as T;
}
