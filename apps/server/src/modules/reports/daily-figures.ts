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
 * A person's hours off in a period as the timesheet's statement packs them, `convention|holidays|time off`: their
 * holiday group's convention (`reduce` without a group); their group's holidays in the period as `offset part` pairs
 * (the day's offset from the period's first; 1 a half day, 2 a full one); their approved time off that meets the
 * period, five numbers each: the offsets of its first and last days within the period, 1 if it takes whole days, 1 if
 * half days, and the seconds of its hours.
 */
export type PackedHoursOff = string;

const holidayParts = [null, "half", "full"] as const;

/**
 * A person's hours off by date (`PackedHoursOff`), the first day being `from`, in the order of the dates: on each day,
 * their group's holiday and the approved time off that covers it, its whole days, then its half days, then its hours
 * added up (the rule takes their sum, at most what the day has left). `dates` keeps the dates of offsets already seen;
 * `known`, the hours off already made, so that days off alike (a group's holiday) are one object, read only.
 */
export function unpackHoursOff(
  packed: PackedHoursOff,
  from: CalendarDate,
  dates: CalendarDate[] = [],
  known = new Map<string, HoursOff>(),
): HoursOffByDate {
  const [convention, holidays = "", spans = ""] = packed.split("|") as [HolidayConvention, string?, string?];
  // By offset: the holiday (0 none, 1 half, 2 full), whole days, half days and seconds of time off; a day off has one.
  const holiday: number[] = [];
  const whole: number[] = [];
  const half: number[] = [];
  const seconds: number[] = [];
  let last = -1;
  const touch = (offset: number) => {
    if (whole[offset] === undefined) {
      holiday[offset] = 0;
      whole[offset] = 0;
      half[offset] = 0;
      seconds[offset] = 0;
      if (offset > last) last = offset;
    }
  };
  if (holidays) {
    const numbers = holidays.split(" ");
    for (let i = 0; i < numbers.length; i += 2) {
      const offset = Number(numbers[i]);
      touch(offset);
      holiday[offset] = Number(numbers[i + 1]);
    }
  }
  if (spans) {
    const numbers = spans.split(" ").map(Number);
    for (let i = 0; i < numbers.length; i += 5) {
      for (let offset = numbers[i]!; offset <= numbers[i + 1]!; offset += 1) {
        touch(offset);
        whole[offset]! += numbers[i + 2]!;
        half[offset]! += numbers[i + 3]!;
        seconds[offset]! += numbers[i + 4]!;
      }
    }
  }
  const byDate = new Map<CalendarDate, HoursOff>();
  for (let offset = 0; offset <= last; offset += 1) {
    if (whole[offset] === undefined) continue;
    const key = `${convention} ${holiday[offset]} ${whole[offset]} ${half[offset]} ${seconds[offset]}`;
    let hoursOff = known.get(key);
    if (!hoursOff) {
      const timeOff: TimeOffPart[] = [];
      for (let n = 0; n < whole[offset]!; n += 1) timeOff.push({ part: "full" });
      for (let n = 0; n < half[offset]!; n += 1) timeOff.push({ part: "half" });
      if (seconds[offset]! > 0) timeOff.push({ part: "hours", hours: seconds[offset]! / 3600 });
      hoursOff = { holiday: holidayParts[holiday[offset]!] ?? null, convention, timeOff };
      known.set(key, hoursOff);
    }
    const date = dates[offset] ?? addDays(from, offset);
    dates[offset] = date;
    byDate.set(date, hoursOff);
  }
  return byDate;
}
