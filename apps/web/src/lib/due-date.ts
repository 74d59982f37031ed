import type { CalendarDate } from "@timetrap/domain";

/**
 * Decision 006: a task's due date is the end of the picked day in the browser's zone, as epoch milliseconds. Built
 * from the calendar fields, not by adding 24 hours, so a day with a DST change still ends at 23:59:59.999.
 */
export function endOfDayMs(date: CalendarDate): number {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, day ?? 1, 23, 59, 59, 999).getTime();
}

/** The day, in the browser's zone, that a due date falls on; null without one. */
export function dueDay(dueDate: number | null): CalendarDate | null {
  if (dueDate === null) return null;
  const date = new Date(dueDate);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
