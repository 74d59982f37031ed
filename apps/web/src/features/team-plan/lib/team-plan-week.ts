import { addDays, type CalendarDate, mondayOf, type Preferences, teamPlanForecastDays } from "@timetrap/domain";

/** Monday to Sunday as `Date.getDay()` numbers (0 Sunday … 6 Saturday): weeks start on Monday. */
const mondayFirst = [1, 2, 3, 4, 5, 6, 0] as const;

/** The weekday number (0 Sunday … 6 Saturday) of a calendar day, whatever the reader's zone. */
export function dayOfWeek(date: CalendarDate): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/**
 * The days of a week the grid shows: the business days of the reader's preferences, and Saturday and Sunday as well
 * when they show weekends. Without any business day, Monday to Friday.
 */
export function shownWeekdays(preferences: Pick<Preferences, "businessDaysOfWeek" | "weekends">): number[] {
  const business = preferences.businessDaysOfWeek.length > 0 ? preferences.businessDaysOfWeek : [1, 2, 3, 4, 5];
  return mondayFirst.filter((day) => business.includes(day) || (preferences.weekends && (day === 0 || day === 6)));
}

/** The days of the week starting on `monday` that the grid shows, in order. */
export function shownDays(
  monday: CalendarDate,
  preferences: Pick<Preferences, "businessDaysOfWeek" | "weekends">,
): CalendarDate[] {
  const weekdays = shownWeekdays(preferences);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i)).filter((date) => weekdays.includes(dayOfWeek(date)));
}

/** The whole week of `monday`, Monday to Sunday, as the API is asked for it. */
export function weekSpan(monday: CalendarDate): { startDate: CalendarDate; endDate: CalendarDate } {
  return { startDate: monday, endDate: addDays(monday, 6) };
}

/** The forecast looks this many weeks ahead, this week included. */
export const forecastWeekCount = teamPlanForecastDays / 7;

/** The forecast's days: from the Monday of this week, twelve whole weeks (84 days). */
export function forecastSpan(today: CalendarDate): { startDate: CalendarDate; endDate: CalendarDate } {
  const monday = mondayOf(today);
  return { startDate: monday, endDate: addDays(monday, teamPlanForecastDays - 1) };
}

/** A calendar day as a local `Date` at midnight, for the month title and the day names. */
export function localDate(date: CalendarDate): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/**
 * The month of the days shown, or both months joined by a dash when they span two, with the year (each month's when
 * they span New Year): the board's title rule (spec part 1 §2), for a span of calendar days, both included.
 */
export function spanTitle(first: CalendarDate, last: CalendarDate, monthNames: readonly string[]): string {
  const [fromYear, fromMonth] = first.split("-").map(Number) as [number, number];
  const [toYear, toMonth] = last.split("-").map(Number) as [number, number];
  const name = (month: number) => monthNames[month - 1] ?? "";
  if (fromYear !== toYear) return `${name(fromMonth)} ${fromYear} – ${name(toMonth)} ${toYear}`;
  if (fromMonth !== toMonth) return `${name(fromMonth)} – ${name(toMonth)} ${toYear}`;
  return `${name(fromMonth)} ${fromYear}`;
}
