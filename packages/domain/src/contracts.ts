import { z } from "zod";
import {
  type CalendarDate,
  calendarDateSchema,
  daysInPeriod,
  hasAtMostDecimals,
  type Weekday,
  weekdayOf,
  weekdays,
} from "./calendar-date.js";

export const contractTypes = ["full-time", "part-time"] as const;
export type ContractType = (typeof contractTypes)[number];

/** Hours of one day: whole hours (spec part 2 §5), never negative, at most a day. */
const hoursSchema = (field: string) =>
  z
    .number({ message: `${field} must be a number` })
    .int(`${field} must be a whole number of hours`)
    .min(0, `${field} cannot be negative`)
    .max(24, `${field} cannot be more than 24`);

export const hoursByDaySchema = z.object(
  Object.fromEntries(weekdays.map((day) => [day, hoursSchema(`Hours on ${day}`)])) as Record<
    Weekday,
    ReturnType<typeof hoursSchema>
  >,
);
export type HoursByDay = z.infer<typeof hoursByDaySchema>;

export const noHoursByDay: HoursByDay = {
  monday: 0,
  tuesday: 0,
  wednesday: 0,
  thursday: 0,
  friday: 0,
  saturday: 0,
  sunday: 0,
};

/** A full-time contract's daily hours apply on these days; weekends are free (part 1 §9, business days). */
export const fullTimeWorkdays: readonly Weekday[] = ["monday", "tuesday", "wednesday", "thursday", "friday"];

const money = (field: string) =>
  z
    .number({ message: `${field} must be a number` })
    .min(0, `${field} cannot be negative`)
    .max(10_000_000, `${field} is too large`)
    .refine((v) => hasAtMostDecimals(v, 2), `${field} takes at most 2 decimals`);

export const contractSchema = z.object({
  uid: z.string(),
  user_id: z.string(),
  contract_type: z.enum(contractTypes),
  /** Full-time: hours per working day. Part-time: 0 (the hours are by day). */
  contractual_hours: z.number(),
  /** Part-time: hours for each weekday. Full-time: null. */
  contractual_hours_by_day: hoursByDaySchema.nullable(),
  hourly_cost: z.number(),
  productivity_target: z.number(),
  from_date: z.string(),
  /** null: the contract has no end date. */
  to_date: z.string().nullable(),
});
export type Contract = z.infer<typeof contractSchema>;

export const contractInputSchema = z
  .object({
    contract_type: z.enum(contractTypes, { message: "Contract type must be full-time or part-time" }),
    contractual_hours: hoursSchema("Contractual hours").default(0),
    contractual_hours_by_day: hoursByDaySchema.nullable().default(null),
    hourly_cost: money("Hourly cost"),
    productivity_target: z
      .number({ message: "Productivity target must be a number" })
      .min(0, "Productivity target cannot be negative")
      .max(100, "Productivity target cannot be more than 100")
      .refine((v) => hasAtMostDecimals(v, 1), "Productivity target takes at most 1 decimal"),
    from_date: calendarDateSchema,
    to_date: calendarDateSchema.nullable().default(null),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.to_date !== null && value.to_date < value.from_date) {
      ctx.addIssue({ code: "custom", path: ["to_date"], message: "The end date cannot be before the start date" });
    }
    if (value.contract_type === "part-time" && value.contractual_hours_by_day === null) {
      ctx.addIssue({
        code: "custom",
        path: ["contractual_hours_by_day"],
        message: "A part-time contract needs the hours of each weekday",
      });
    }
    if (value.contract_type === "full-time" && value.contractual_hours_by_day !== null) {
      ctx.addIssue({
        code: "custom",
        path: ["contractual_hours_by_day"],
        message: "A full-time contract has no hours by weekday",
      });
    }
  });
export type ContractInput = z.infer<typeof contractInputSchema>;
export type ContractInputFields = z.input<typeof contractInputSchema>;

/** What the form becomes when the contract type switches (spec part 2 §4 "Contract type switch"). */
export function switchContractType<
  T extends Pick<ContractInput, "contract_type" | "contractual_hours" | "contractual_hours_by_day">,
>(value: T, contractType: ContractType): T {
  return contractType === "full-time"
    ? { ...value, contract_type: contractType, contractual_hours: 0, contractual_hours_by_day: null }
    : { ...value, contract_type: contractType, contractual_hours: 0, contractual_hours_by_day: { ...noHoursByDay } };
}

/** A to-date before the from-date is reset to the from-date (spec part 2 §5). */
export function clampToDate(fromDate: CalendarDate, toDate: CalendarDate | null): CalendarDate | null {
  return toDate !== null && toDate < fromDate ? fromDate : toDate;
}

type Period = Pick<Contract, "from_date" | "to_date">;

/** Whether two date periods share a day; both ends are included and a null end is open. */
export function periodsOverlap(a: Period, b: Period): boolean {
  const aEndsBeforeB = a.to_date !== null && a.to_date < b.from_date;
  const bEndsBeforeA = b.to_date !== null && b.to_date < a.from_date;
  return !aEndsBeforeB && !bEndsBeforeA;
}

/** Whether a period includes a day. */
export function periodIncludes(period: Period, date: CalendarDate): boolean {
  return period.from_date <= date && (period.to_date === null || date <= period.to_date);
}

/** The contract in force on a day, or null. Contracts of one user do not overlap, so at most one matches. */
export function contractInForce<C extends Period>(contracts: readonly C[], date: CalendarDate): C | null {
  return contracts.find((contract) => periodIncludes(contract, date)) ?? null;
}

type Hours = Pick<Contract, "contract_type" | "contractual_hours" | "contractual_hours_by_day">;

/** Contractual hours of a contract on a weekday: full-time hours Monday to Friday, part-time by weekday. */
export function contractualHoursOn(contract: Hours, weekday: Weekday): number {
  if (contract.contract_type === "part-time") return contract.contractual_hours_by_day?.[weekday] ?? 0;
  return fullTimeWorkdays.includes(weekday) ? contract.contractual_hours : 0;
}

/** Seconds a user owes on a day under their contracts; 0 with no contract in force. */
export function contractualSecondsOn(contracts: readonly (Period & Hours)[], date: CalendarDate): number {
  const contract = contractInForce(contracts, date);
  return contract ? contractualHoursOn(contract, weekdayOf(date)) * 3600 : 0;
}

/**
 * Contractual seconds a contract gives from `from` to `to` (both included): its hours on each day of the period on which
 * it is in force. Counted by weekday (how many Mondays, Tuesdays…), so a year costs what a day does; each weekday's hours
 * are whole seconds, as a contract's hours have at most two decimals.
 */
export function contractualSecondsBetween(contract: Period & Hours, from: CalendarDate, to: CalendarDate): number {
  const first = contract.from_date > from ? contract.from_date : from;
  const last = contract.to_date !== null && contract.to_date < to ? contract.to_date : to;
  const days = daysInPeriod(first, last);
  if (days <= 0) return 0;
  const firstWeekday = weekdays.indexOf(weekdayOf(first));
  let seconds = 0;
  for (let i = 0; i < 7; i += 1) {
    const count = Math.floor(days / 7) + (i < days % 7 ? 1 : 0);
    seconds += count * Math.round(contractualHoursOn(contract, weekdays[(firstWeekday + i) % 7]!) * 3600);
  }
  return seconds;
}

/** Contractual hours in a week of a contract (for the team plan and the dashboard's capacity). */
export function weeklyContractualHours(contract: Hours): number {
  return weekdays.reduce((total, day) => total + contractualHoursOn(contract, day), 0);
}
