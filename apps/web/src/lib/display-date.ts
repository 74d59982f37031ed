import { type CalendarDate, isCalendarDate } from "@timetrap/domain";

/** The format the date pickers show (spec part 2 §1: dd/MM/yyyy in forms), in dayjs tokens. */
export const displayDateFormat = "DD/MM/YYYY";

/**
 * What someone types in a date field, read day first as the field shows it (also with dots or dashes, and the
 * wire's YYYY-MM-DD); null when it is not a day of the calendar. dayjs's default parser would read 03/04 as
 * March 4th.
 */
export function parseDisplayDate(input: string): CalendarDate | null {
  const text = input.trim();
  if (isCalendarDate(text)) return text;
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (!match) return null;
  const [day = "", month = "", year = ""] = match.slice(1);
  const date = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  return isCalendarDate(date) ? date : null;
}
