import type { Preferences } from "@timetrap/domain";

/**
 * The board's week and view in its address (issue 21): `?date=YYYY-MM-DD&view=week|day`, so that a reload or a shared
 * link shows the same days, and Back and Forward walk the weeks seen. Dates are the browser's calendar days, as the
 * grid draws them.
 */
export type BoardViewParam = "week" | "day";

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `value` when it is a real calendar day written `YYYY-MM-DD`, else null (a mistyped link shows this week). */
export function boardDateParam(value: string | null): string | null {
  const match = value ? datePattern.exec(value) : null;
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? value : null;
}

/** The local midnight that starts the day `YYYY-MM-DD` (already checked by `boardDateParam`). */
export function startOfBoardDate(value: string): number {
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  return new Date(year, month - 1, day).getTime();
}

/** The calendar day of the local instant `time`, written `YYYY-MM-DD`. */
export function boardDateOf(time: number): string {
  const date = new Date(time);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The view to draw: a phone always shows one day; else the address's view, else the person's preference. */
export function boardView(
  param: string | null,
  preference: Preferences["calendarView"],
  narrow: boolean,
): Preferences["calendarView"] {
  if (narrow || param === "day") return "timeGridDay";
  if (param === "week") return "timeGridWeek";
  return preference;
}

/**
 * The date the address should name once the grid shows `period`, or null when it already names a day inside it (or
 * names none and the period holds today): Back and Forward, and a shared link's mid-week day, are then left alone.
 */
export function dateToRecord(period: { start: number; end: number }, param: string | null, now: number): string | null {
  const named = param ? startOfBoardDate(param) : now;
  return period.start <= named && named < period.end ? null : boardDateOf(period.start);
}
