import { type CalendarDate, daysInPeriod, type Weekday, weekdayOf } from "./calendar-date.js";
import {
  type Contract,
  contractInForce,
  contractualHoursOn,
  contractualSecondsBetween,
  fullTimeWorkdays,
  weeklyContractualHours,
} from "./contracts.js";
import type { HolidayConvention } from "./hours-constants.js";
import { preferenceWithDefault } from "./preferences.js";
import type { TimesheetRow } from "./reports.js";
import { calendarDateIn, instantAt, isTimeZone } from "./zoned-time.js";

/**
 * The figures of the reports (decision 012): what counts as logged, planned, capacity and cost, on one day in the
 * owner's time zone. The server computes the same in SQL; these are the rules its results are checked against.
 */

type ContractTerms = Pick<
  Contract,
  "from_date" | "to_date" | "contract_type" | "contractual_hours" | "contractual_hours_by_day"
>;
type CostTerms = Pick<Contract, "from_date" | "to_date" | "hourly_cost">;

/** The zone a person's days are counted in: their preference, else UTC (also for a zone this runtime does not know). */
export function timeZoneOfPreferences(preferences: unknown): string {
  const zone = preferenceWithDefault(preferences, "timeZone");
  return zone && isTimeZone(zone) ? zone : "UTC";
}

/** Spec part 1 §9: a day's capacity when the contractual hours are 0 (or there is no contract). */
export const defaultDailyCapacitySeconds = 28_800;
export const defaultContractualHours = 8;

/** `date` plus `days` days. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The first instant of a calendar day in `timeZone` (not always midnight: some zones skip it). */
export function startOfCalendarDay(date: CalendarDate, timeZone: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return instantAt({ year, month, day, hour: 0, minute: 0, second: 0, millisecond: 0 }, timeZone);
}

/** Every day from `from` to `to`, both included. */
export function daysFrom(from: CalendarDate, to: CalendarDate): CalendarDate[] {
  const count = Math.max(0, daysInPeriod(from, to));
  return Array.from({ length: count }, (_, i) => addDays(from, i));
}

/** The Monday of the week holding `date` (weeks start on Monday). */
export function mondayOf(date: CalendarDate): CalendarDate {
  const offset = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].indexOf(
    weekdayOf(date),
  );
  return addDays(date, -offset);
}

const isWorkday = (date: CalendarDate) => fullTimeWorkdays.includes(weekdayOf(date));

/**
 * A day's capacity in seconds: the contract in force gives its hours of that weekday (full-time Monday to Friday,
 * part-time by weekday); with no contract, or a contract of no hours at all, the spec's 8 h on Monday to Friday. A
 * part-time contract's day off stays 0: the default stands in for missing hours, not for a day the contract frees.
 */
export function dailyCapacitySeconds(
  contracts: readonly ContractTerms[],
  date: CalendarDate,
  // A caller walking a long period for many people reads each day's weekday once.
  weekday: Weekday = weekdayOf(date),
): number {
  const contract = contractInForce(contracts, date);
  if (contract && weeklyContractualHours(contract) > 0) return contractualHoursOn(contract, weekday) * 3600;
  return fullTimeWorkdays.includes(weekday) ? defaultDailyCapacitySeconds : 0;
}

/** A holiday of a person's group on a day: the whole day or half of it. */
export type HolidayPart = "full" | "half";

/** One approved time off on a day: the whole day, half of it (morning or afternoon), or some hours. */
export interface TimeOffPart {
  part: "full" | "half" | "hours";
  /** With `hours`: how many (more than 0, at most 24, two decimals). */
  hours?: number;
}

/**
 * What takes hours off a person's day (decision 026): the holiday of their group (the larger part when a public and an
 * own day fall on one date), the group's convention, and their approved time off. Requested, rejected and cancelled
 * time off is not here: it counts nothing.
 */
export interface HoursOff {
  holiday: HolidayPart | null;
  convention: HolidayConvention;
  timeOff: readonly TimeOffPart[];
}

/** A day's capacity net of holidays and time off, in seconds. */
export interface DayCapacity {
  /** What is expected of the person that day: never negative, never above the base. */
  capacity: number;
  /** Seconds of the day taken by the holiday and the time off (the timesheet's time-off column); at most the base. */
  time_off: number;
  /**
   * Of `time_off`, the seconds counted as worked: a holiday of a group with the `worked` convention. The figures that
   * compare logged time with capacity (the rings' and days' percentages, the approvals' difference) add them to the
   * logged time.
   */
  credited: number;
}

/**
 * Decision 026's capacity rule. `base` is the day's capacity under the contract (`dailyCapacitySeconds`, or the
 * contract's own hours for the timesheet). The holiday takes its part first (a whole day is the base, a half day half
 * of it); approved time off then takes what it asks for (a whole day the base, a half day half of it, hours their
 * seconds) from what the holiday left, so a vacation across a holiday does not take that day twice. Under `reduce` the
 * capacity loses both; under `worked` it loses only the time off, and the holiday's seconds are credited as worked.
 */
export function dayCapacity(base: number, hoursOff: HoursOff | null | undefined): DayCapacity {
  const whole = Math.max(0, base);
  if (!hoursOff) return { capacity: whole, time_off: 0, credited: 0 };
  const holiday = hoursOff.holiday === "full" ? whole : hoursOff.holiday === "half" ? whole / 2 : 0;
  let asked = 0;
  for (const off of hoursOff.timeOff) {
    // Hours have at most two decimals: their seconds are whole, rounded against floating point (1.15 × 3600).
    asked +=
      off.part === "full" ? whole : off.part === "half" ? whole / 2 : Math.max(0, Math.round((off.hours ?? 0) * 3600));
  }
  const taken = Math.min(asked, whole - holiday);
  const worked = hoursOff.convention === "worked";
  return {
    capacity: whole - taken - (worked ? 0 : holiday),
    time_off: holiday + taken,
    credited: worked ? holiday : 0,
  };
}

/** A day's capacity under the contracts in force (`dailyCapacitySeconds`), net of its holiday and time off. */
export function dayCapacityOn(
  contracts: readonly ContractTerms[],
  date: CalendarDate,
  hoursOff: HoursOff | null | undefined,
): DayCapacity {
  return dayCapacity(dailyCapacitySeconds(contracts, date), hoursOff);
}

/** Days off by date, as the reports read them for one person. */
export type HoursOffByDate = ReadonlyMap<CalendarDate, HoursOff>;

/**
 * The ring's capacity over a period: the days' capacities added (hours per day × 5 × 3600 for a full week), net of
 * holidays and approved time off.
 */
export function ringCapacitySeconds(
  contracts: readonly ContractTerms[],
  from: CalendarDate,
  to: CalendarDate,
  offByDate: HoursOffByDate = new Map(),
): number {
  return daysFrom(from, to).reduce(
    (total, date) => total + dayCapacityOn(contracts, date, offByDate.get(date)).capacity,
    0,
  );
}

/**
 * Contractual seconds of a period under the contracts in force (no default for days without one), net of holidays and
 * approved time off: each contract's seconds (`contractualSecondsBetween`), less `contractualSecondsOff`.
 */
export function netContractualSeconds(
  contracts: readonly ContractTerms[],
  from: CalendarDate,
  to: CalendarDate,
  offByDate: HoursOffByDate = new Map(),
): number {
  let seconds = 0;
  for (const contract of contracts) seconds += contractualSecondsBetween(contract, from, to);
  return seconds - contractualSecondsOff(contracts, from, to, offByDate);
}

/**
 * What the holidays and approved time off of a period take from its contractual seconds: on each day off, the hours of
 * the contract in force that day less what `dayCapacity` leaves of them (nothing on a day without a contract).
 */
export function contractualSecondsOff(
  contracts: readonly ContractTerms[],
  from: CalendarDate,
  to: CalendarDate,
  offByDate: HoursOffByDate,
): number {
  let seconds = 0;
  for (const [date, hoursOff] of offByDate) {
    if (date < from || date > to) continue;
    const contract = contractInForce(contracts, date);
    if (!contract) continue;
    const base = contractualHoursOn(contract, weekdayOf(date)) * 3600;
    seconds += base - dayCapacity(base, hoursOff).capacity;
  }
  return seconds;
}

/**
 * The "contractual hours" of a person for the team report's rings: full-time hours per day; part-time, its week's
 * hours over five days; 8 with no contract or no hours.
 */
export function contractualHoursPerDay(contract: ContractTerms | null): number {
  if (!contract) return defaultContractualHours;
  const weekly = weeklyContractualHours(contract);
  if (weekly === 0) return defaultContractualHours;
  return contract.contract_type === "full-time" ? contract.contractual_hours : Math.round((weekly / 5) * 100) / 100;
}

/** Two decimals (spec part 2 §9). */
export const round2 = (value: number) => Math.round(value * 100) / 100;
/** One decimal: ring percentages and activity hours (spec part 1 §9). */
export const round1 = (value: number) => Math.round(value * 10) / 10;

/** A day's percentage: two decimals; null on a day without capacity, where a share of nothing is not a number. */
export function dayPercentage(seconds: number, capacity: number): number | null {
  return capacity > 0 ? round2((seconds / capacity) * 100) : null;
}

/** A ring's percentage: one decimal; null without capacity. */
export function ringPercentage(seconds: number, capacity: number): number | null {
  return capacity > 0 ? round1((seconds / capacity) * 100) : null;
}

/** Activity hours: seconds over 3600, one decimal. */
export function activityHours(seconds: number): number {
  return round1(seconds / 3600);
}

/** `HH:MM` of a number of seconds; the seconds are dropped, hours may pass 24. */
export function hoursMinutes(seconds: number): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * Euros of a sum of seconds × hourly cost ("euro-seconds"). Costs are added as euro-seconds, which are exact, and
 * divided once at the end, so every grouping of the same time gives the same cents.
 */
export function euros(euroSeconds: number): number {
  return Math.round(euroSeconds / 36) / 100;
}

/** The cost of some seconds at an hourly cost, in euros. */
export function costOf(seconds: number, hourlyCost: number): number {
  return euros(seconds * hourlyCost);
}

export interface DayCost {
  /** Euro-seconds: seconds × the hourly cost of the contract in force that day. */
  euroSeconds: number;
  /** Seconds on a day without a contract: they cost 0 and are counted apart. */
  withoutContract: number;
}

/** What `seconds` on `date` cost under the contract in force that day (effective-dated). */
export function costOnDay(contracts: readonly CostTerms[], date: CalendarDate, seconds: number): DayCost {
  const contract = contractInForce(contracts, date);
  return contract
    ? { euroSeconds: seconds * contract.hourly_cost, withoutContract: 0 }
    : { euroSeconds: 0, withoutContract: seconds };
}

/** Seconds by day, added up with their cost: `{seconds, cost, withoutContract}`. */
export function costOfDays(
  contracts: readonly CostTerms[],
  secondsByDay: ReadonlyMap<CalendarDate, number>,
): { seconds: number; cost: number; withoutContract: number } {
  let seconds = 0;
  let euroSeconds = 0;
  let withoutContract = 0;
  for (const [date, daySeconds] of secondsByDay) {
    const day = costOnDay(contracts, date, daySeconds);
    seconds += daySeconds;
    euroSeconds += day.euroSeconds;
    withoutContract += day.withoutContract;
  }
  return { seconds, cost: euros(euroSeconds), withoutContract };
}

export interface LoggableEvent {
  start_time: number;
  end_time: number;
  elapsed_time: number;
  completed: boolean;
  event_type: "planning" | "activity";
}

/**
 * Logged time by day: the elapsed seconds of completed activities, on the day each starts in `timeZone` (a block
 * across midnight counts whole on its first day, as the board's day headers count it).
 */
export function workLogByDay(events: readonly LoggableEvent[], timeZone: string): Map<CalendarDate, number> {
  const byDay = new Map<CalendarDate, number>();
  for (const event of events) {
    if (event.event_type !== "activity" || !event.completed) continue;
    const day = calendarDateIn(event.start_time, timeZone);
    byDay.set(day, (byDay.get(day) ?? 0) + Math.max(0, event.elapsed_time));
  }
  return byDay;
}

/** Planned time by day: the length of planning blocks (occurrences of series included), on their starting day. */
export function plannedByDay(events: readonly LoggableEvent[], timeZone: string): Map<CalendarDate, number> {
  const byDay = new Map<CalendarDate, number>();
  for (const event of events) {
    if (event.event_type !== "planning") continue;
    const day = calendarDateIn(event.start_time, timeZone);
    byDay.set(day, (byDay.get(day) ?? 0) + Math.round((event.end_time - event.start_time) / 1000));
  }
  return byDay;
}

export interface PlanVersusActualInput {
  planned: number;
  logged: number;
  plannedCost: number;
  loggedCost: number;
}

/** Plan versus actual: the difference is logged − planned, in seconds and in euros. */
export function planVersusActual({ planned, logged, plannedCost, loggedCost }: PlanVersusActualInput) {
  return {
    planned,
    logged,
    difference: logged - planned,
    planned_cost: round2(plannedCost),
    logged_cost: round2(loggedCost),
    difference_cost: round2(loggedCost - plannedCost),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Timesheet rows and CSV (spec part 2 §2 "Timesheet report")

/**
 * The byDay export's zero rows: every Monday-to-Friday without a row gets one with no time, for each user, with the
 * day's contract terms and time off (`timesheetDayTerms`).
 */
export function withZeroWeekdays(
  rows: readonly TimesheetRow[],
  users: ReadonlyArray<Pick<TimesheetRow, "user_id" | "nominative">>,
  from: CalendarDate,
  to: CalendarDate,
  contractsOf: (userId: string) => readonly ContractTerms[],
  hoursOffOf: (userId: string) => HoursOffByDate = () => new Map(),
): TimesheetRow[] {
  const logged = new Set(rows.map((row) => `${row.user_id}|${row.work_log_date}`));
  const result = [...rows];
  const weekdays = daysFrom(from, to).filter(isWorkday);
  for (const user of users) {
    const offByDate = hoursOffOf(user.user_id);
    for (const date of weekdays) {
      if (logged.has(`${user.user_id}|${date}`)) continue;
      result.push({
        user_id: user.user_id,
        nominative: user.nominative,
        work_log_date: date,
        weekday: weekdayOf(date),
        work_log: 0,
        worked_hours: hoursMinutes(0),
        ...timesheetDayTerms(contractsOf(user.user_id), date, offByDate.get(date)),
        project_id: null,
        project_title: null,
        customer_id: null,
        customer_nominative: null,
      });
    }
  }
  const order = new Map(users.map((user, index) => [user.user_id, index]));
  return result.sort(
    (a, b) =>
      (order.get(a.user_id) ?? 0) - (order.get(b.user_id) ?? 0) || a.work_log_date.localeCompare(b.work_log_date),
  );
}

/**
 * The contract and time-off columns of a timesheet row on a day: the contract in force, its hours that day net of the
 * holiday and time off (`dayCapacity` on the contract's hours), and the seconds the holiday and time off take (on the
 * ring's base, `dailyCapacitySeconds`, so that the timesheet and the rings agree).
 */
export function timesheetDayTerms(
  contracts: readonly ContractTerms[],
  date: CalendarDate,
  hoursOff?: HoursOff | null,
): Pick<TimesheetRow, "contract_type" | "contractual_hours" | "contractual_hours_by_day" | "time_off"> {
  const contract = contractInForce(contracts, date);
  const timeOff = hoursOff ? dayCapacityOn(contracts, date, hoursOff).time_off : 0;
  if (!contract)
    return { contract_type: null, contractual_hours: null, contractual_hours_by_day: null, time_off: timeOff };
  const hours = contractualHoursOn(contract, weekdayOf(date));
  return {
    contract_type: contract.contract_type,
    contractual_hours: hoursOff ? round2(dayCapacity(hours * 3600, hoursOff).capacity / 3600) : hours,
    contractual_hours_by_day: contract.contractual_hours_by_day,
    time_off: timeOff,
  };
}
