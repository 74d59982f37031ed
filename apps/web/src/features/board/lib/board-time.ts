import { calendarDateIn, completedActivityByDay, type TimeBlockingEvent } from "@timetrap/domain";

/** The browser's time zone: the board draws and totals days in it (ARCHITECTURE.md "Time"). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** A day header's total, as hours and minutes (`2h 30m`, `0h 05m`); seconds below a minute are not shown. */
export function formatDayTotal(seconds: number): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, "0")}m`;
}

/**
 * The seconds of completed activity of each day a header shows (decision 007: the elapsed time of completed
 * activities starting that day, in the browser's zone).
 */
export function dayTotals(events: readonly TimeBlockingEvent[], timeZone: string): (day: Date) => number {
  const totals = completedActivityByDay(events, timeZone);
  return (day) => totals.get(calendarDateIn(day.getTime(), timeZone)) ?? 0;
}
