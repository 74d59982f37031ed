import {
  addDays,
  type CalendarDate,
  type Contract,
  type HolidayConvention,
  type HoursOff,
  type HoursOffByDate,
  type TimeOffPart,
} from "@timetrap/domain";

/** One person's figures on one day of a period (`dailyFigures`). */
export interface DailyFiguresRow {
  user_id: string;
  day: CalendarDate;
  work_log: number;
  billable: number;
  euro_seconds: number;
  without_contract: number;
  planned: number;
  planned_euro_seconds: number;
  /** Net of the day's holiday and approved time off (decision 026). */
  capacity: number;
  /** Seconds the holiday and time off take. */
  time_off: number;
  /** Of `time_off`, the seconds counted as worked (a holiday of a `worked` group). */
  credited: number;
  /** On the period's first day only: the terms of the contract in force then (null without one). */
  contract_type: Contract["contract_type"] | null;
  contractual_hours: number | null;
  contractual_hours_by_day: Contract["contractual_hours_by_day"];
}

/**
 * A person's days as the daily figures' statement packs them: every day of the period in order, each as nine numbers
 * in one text (work log, billable, euro-seconds, without contract, planned, planned euro-seconds, capacity, time off,
 * credited), and the terms of the contract in force on the period's first day.
 */
export interface PackedDailyFigures {
  user_id: string;
  days: string;
  contract_type: Contract["contract_type"] | null;
  contractual_hours: number | null;
  contractual_hours_by_day: Contract["contractual_hours_by_day"];
}

/** The figures per day of each person in `packed`, in the same order, the first day being `from`. */
export function unpackDailyFigures(packed: readonly PackedDailyFigures[], from: CalendarDate): DailyFiguresRow[] {
  const dates: CalendarDate[] = [];
  const rows: DailyFiguresRow[] = [];
  for (const person of packed) {
    const numbers = person.days.split(" ").map(Number);
    for (let i = 0, day = 0; i < numbers.length; i += 9, day += 1) {
      const date = dates[day] ?? addDays(from, day);
      dates[day] = date;
      const first = day === 0;
      rows.push({
        user_id: person.user_id,
        day: date,
        work_log: numbers[i]!,
        billable: numbers[i + 1]!,
        euro_seconds: numbers[i + 2]!,
        without_contract: numbers[i + 3]!,
        planned: numbers[i + 4]!,
        planned_euro_seconds: numbers[i + 5]!,
        capacity: numbers[i + 6]!,
        time_off: numbers[i + 7]!,
        credited: numbers[i + 8]!,
        contract_type: first ? person.contract_type : null,
        contractual_hours: first ? person.contractual_hours : null,
        contractual_hours_by_day: first ? person.contractual_hours_by_day : null,
      });
    }
  }
  return rows;
}

/**
 * A person's hours off as the hours-off statement packs them: their id, their holiday group's convention, and their
 * days as five numbers each: the day's offset from the period's first, the holiday (0 none, 1 half, 2 full), the
 * approved time off's whole days, half days, and seconds of hours.
 */
export type PackedHoursOff = readonly [user_id: string, convention: HolidayConvention, days: string];

const holidayParts = [null, "half", "full"] as const;

/** Each person's hours off by date, the first day being `from`. */
export function unpackHoursOff(packed: readonly PackedHoursOff[], from: CalendarDate): Map<string, HoursOffByDate> {
  const byPerson = new Map<string, HoursOffByDate>();
  for (const [userId, convention, days] of packed) {
    const byDate = new Map<CalendarDate, HoursOff>();
    const numbers = days.split(" ").map(Number);
    for (let i = 0; i < numbers.length; i += 5) {
      const timeOff: TimeOffPart[] = [];
      for (let n = 0; n < numbers[i + 2]!; n += 1) timeOff.push({ part: "full" });
      for (let n = 0; n < numbers[i + 3]!; n += 1) timeOff.push({ part: "half" });
      // The hours of a day's time off are added up: the rule takes their sum, at most what the day has left.
      if (numbers[i + 4]! > 0) timeOff.push({ part: "hours", hours: numbers[i + 4]! / 3600 });
      byDate.set(addDays(from, numbers[i]!), {
        holiday: holidayParts[numbers[i + 1]!] ?? null,
        convention,
        timeOff,
      });
    }
    byPerson.set(userId, byDate);
  }
  return byPerson;
}
