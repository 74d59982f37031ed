import { type CalendarDate, canMoveTimeOff, type HalfDay, type TimeOffStatus } from "@timetrap/domain";
import { formatDate } from "../../../lib/format";

/** How much of a day or of days a time off takes, as it was asked for. */
export type TimeOffAmount =
  | { kind: "days"; days: number }
  | { kind: "halfDay"; half: HalfDay }
  | { kind: "hours"; hours: number };

/** Whole days counted on the calendar (weekends and holidays included: the balances count working days). */
function calendarDays(start: CalendarDate, end: CalendarDate): number {
  const ms = Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`);
  return Math.round(ms / 86_400_000) + 1;
}

export function timeOffAmount(timeOff: {
  start_date: CalendarDate;
  end_date: CalendarDate;
  half_day: HalfDay | null;
  hours: number | null;
}): TimeOffAmount {
  if (timeOff.half_day) return { kind: "halfDay", half: timeOff.half_day };
  if (timeOff.hours !== null) return { kind: "hours", hours: timeOff.hours };
  return { kind: "days", days: calendarDays(timeOff.start_date, timeOff.end_date) };
}

/** "12/08/2026" for one day, "10/08/2026 – 21/08/2026" for several. */
export function timeOffDates(timeOff: { start_date: CalendarDate; end_date: CalendarDate }): string {
  const start = formatDate(timeOff.start_date);
  return timeOff.start_date === timeOff.end_date ? start : `${start} – ${formatDate(timeOff.end_date)}`;
}

/** The badge colour of each state: what waits, what holds, what was refused, what no longer counts. */
export const timeOffStatusColors: Record<TimeOffStatus, string> = {
  requested: "yellow",
  approved: "teal",
  rejected: "red",
  cancelled: "gray",
};

/** Days as the balances give them: whole, or with one decimal (half days, hours' shares). */
export function formatDays(days: number, language: string): string {
  return new Intl.NumberFormat(language === "it" ? "it-IT" : "en-GB", { maximumFractionDigits: 1 }).format(days);
}

/** The first and last day of a year. */
export function yearRange(year: number): { start_date: CalendarDate; end_date: CalendarDate } {
  return { start_date: `${year}-01-01`, end_date: `${year}-12-31` };
}

/** What a person may still do with a time off: cancel it while it is requested or approved. */
export function canBeCancelled(status: TimeOffStatus): boolean {
  return canMoveTimeOff(status, "cancelled");
}
