import { addDays, type CalendarDate, type Contract } from "@timetrap/domain";

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
  capacity: number;
  /** On the period's first day only: the terms of the contract in force then (null without one). */
  contract_type: Contract["contract_type"] | null;
  contractual_hours: number | null;
  contractual_hours_by_day: Contract["contractual_hours_by_day"];
}

/**
 * A person's days as the daily figures' statement packs them: every day of the period in order, each as seven numbers
 * in one text (work log, billable, euro-seconds, without contract, planned, planned euro-seconds, capacity), and the
 * terms of the contract in force on the period's first day.
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
    for (let i = 0, day = 0; i < numbers.length; i += 7, day += 1) {
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
        contract_type: first ? person.contract_type : null,
        contractual_hours: first ? person.contractual_hours : null,
        contractual_hours_by_day: first ? person.contractual_hours_by_day : null,
      });
    }
  }
  return rows;
}
