import { z } from "zod";
import {
  type CalendarDate,
  calendarDateSchema,
  daysInPeriod,
  hasAtMostDecimals,
  someFieldRequired,
} from "./calendar-date.js";
import type { Contract } from "./contracts.js";
import { type HalfDay, halfDays, type TimeOffStatus, timeOffStatuses } from "./hours-constants.js";
import type { Language } from "./languages.js";
import { colorSchema } from "./projects.js";
import { addDays, dailyCapacitySeconds, daysFrom } from "./reports-figures.js";

/**
 * Time off (decision 026): kinds of an organization, a person's time off and its states, and how many days of a yearly
 * allowance it uses.
 */

// ---------------------------------------------------------------------------------------------------------------
// Kinds

const allowanceMessage = "The allowance must be a number of days from 0 to 366, in halves or tenths at most";
const allowanceDaysSchema = z
  .number({ message: allowanceMessage })
  .min(0, allowanceMessage)
  .max(366, allowanceMessage)
  .refine((days) => hasAtMostDecimals(days, 1), allowanceMessage);

const kindFields = {
  name: z
    .string({ message: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(60, "Name is at most 60 characters"),
  color: colorSchema,
  paid: z.boolean({ message: "paid must be true or false" }).describe("The time off is paid"),
  needs_approval: z
    .boolean({ message: "needs_approval must be true or false" })
    .describe("A person's own request waits for approval; false: it is approved at once"),
  yearly_allowance_days: allowanceDaysSchema
    .nullable()
    .describe("Days a year each person may take, unless set on the person; null: no allowance is kept"),
};

export const timeOffKindInputSchema = z
  .object({
    name: kindFields.name,
    color: kindFields.color,
    paid: kindFields.paid.default(true),
    needs_approval: kindFields.needs_approval.default(true),
    yearly_allowance_days: kindFields.yearly_allowance_days.default(null),
  })
  .strict();
export type TimeOffKindInput = z.infer<typeof timeOffKindInputSchema>;

export const timeOffKindPatchSchema = someFieldRequired(z.object(kindFields).partial().strict());
export type TimeOffKindPatch = z.infer<typeof timeOffKindPatchSchema>;

export const timeOffKindSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  paid: z.boolean(),
  needs_approval: z.boolean(),
  yearly_allowance_days: z.number().nullable(),
});
export type TimeOffKind = z.infer<typeof timeOffKindSchema>;

const defaultKindNames = {
  vacation: { it: "Ferie", en: "Vacation" },
  sick: { it: "Malattia", en: "Sick leave" },
  permit: { it: "Permesso", en: "Permit" },
  unpaid: { it: "Non retribuito", en: "Unpaid leave" },
} as const;

/** The four kinds every organization starts with, named in its language. */
export function defaultTimeOffKinds(language: Language): Array<Omit<TimeOffKind, "id">> {
  return [
    {
      name: defaultKindNames.vacation[language],
      color: "#228be6",
      paid: true,
      needs_approval: true,
      yearly_allowance_days: 20,
    },
    {
      name: defaultKindNames.sick[language],
      color: "#fa5252",
      paid: true,
      needs_approval: false,
      yearly_allowance_days: null,
    },
    {
      name: defaultKindNames.permit[language],
      color: "#fab005",
      paid: true,
      needs_approval: true,
      yearly_allowance_days: null,
    },
    {
      name: defaultKindNames.unpaid[language],
      color: "#868e96",
      paid: false,
      needs_approval: true,
      yearly_allowance_days: null,
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Time off

/** The longest time off: a year, a leap one included (the table checks the same). */
export const longestTimeOffDays = 366;

const hoursMessage = "Hours must be more than 0 and at most 24, with at most 2 decimals";

const noteSchema = z.string({ message: "Note must be text" }).max(1000, "Note is at most 1000 characters");

/** `POST organization/{orgId}/time-off`. */
export const timeOffInputSchema = z
  .object({
    user_id: z.uuid({ message: "user_id must be the id of a person of the organization" }),
    kind_id: z.uuid({ message: "kind_id must be the id of a kind of time off" }),
    start_date: calendarDateSchema,
    end_date: calendarDateSchema.describe(
      `The last day, on or after start_date; at most ${longestTimeOffDays} days in all`,
    ),
    half_day: z
      .enum(halfDays, { message: "half_day must be morning, afternoon or null" })
      .nullable()
      .default(null)
      .describe("On a single day, the half taken; null: whole days (or hours)"),
    hours: z
      .number({ message: hoursMessage })
      .gt(0, hoursMessage)
      .max(24, hoursMessage)
      .refine((hours) => hasAtMostDecimals(hours, 2), hoursMessage)
      .nullable()
      .default(null)
      .describe("On a single day, the hours taken (not with half_day); null: whole days (or a half day)"),
    note: noteSchema.default(""),
  })
  .strict()
  .superRefine((value, ctx) => {
    for (const issue of timeOffPeriodIssues(value)) ctx.addIssue({ code: "custom", ...issue });
  });
export type TimeOffInput = z.infer<typeof timeOffInputSchema>;

/** What is wrong with a time off's days, each with the field it names: the rules the table's checks hold too. */
export function timeOffPeriodIssues(value: {
  start_date: CalendarDate;
  end_date: CalendarDate;
  half_day: HalfDay | null;
  hours: number | null;
}): Array<{ path: string[]; message: string }> {
  const issues: Array<{ path: string[]; message: string }> = [];
  if (value.end_date < value.start_date) {
    issues.push({ path: ["end_date"], message: "The end date cannot be before the start date" });
  } else if (daysInPeriod(value.start_date, value.end_date) > longestTimeOffDays) {
    issues.push({ path: ["end_date"], message: `Time off lasts at most ${longestTimeOffDays} days` });
  }
  if (value.half_day !== null && value.hours !== null) {
    issues.push({ path: ["hours"], message: "Time off is a half day or some hours, not both" });
  }
  const singleDay = value.start_date === value.end_date;
  if (value.half_day !== null && !singleDay) {
    issues.push({ path: ["half_day"], message: "A half day is taken on a single day: the end date is the start date" });
  }
  if (value.hours !== null && !singleDay) {
    issues.push({ path: ["hours"], message: "Hours are taken on a single day: the end date is the start date" });
  }
  return issues;
}

/** The states a PATCH may move a time off to (a time off is made `requested` or `approved`). */
export const timeOffDecisions = ["approved", "rejected", "cancelled"] as const satisfies readonly TimeOffStatus[];
export type TimeOffDecision = (typeof timeOffDecisions)[number];

/** `PATCH organization/{orgId}/time-off/{id}`. */
export const timeOffPatchSchema = z
  .object({
    status: z
      .enum(timeOffDecisions, { message: "status must be approved, rejected or cancelled" })
      .describe("approved or rejected: a decision on a request; cancelled: a request or approved time off taken back"),
    note: noteSchema.optional().describe("Why, for the person: kept with the decision"),
  })
  .strict();
export type TimeOffPatch = z.infer<typeof timeOffPatchSchema>;

/** requested → approved | rejected; requested or approved → cancelled. Anything else is refused. */
export function canMoveTimeOff(from: TimeOffStatus, to: TimeOffStatus): boolean {
  if (from === "requested") return to === "approved" || to === "rejected" || to === "cancelled";
  if (from === "approved") return to === "cancelled";
  return false;
}

/** The state a new time off starts in: approved at once when recorded by someone else or for a kind with no approval. */
export function initialTimeOffStatus({
  forSomeoneElse,
  needsApproval,
}: {
  forSomeoneElse: boolean;
  needsApproval: boolean;
}): TimeOffStatus {
  return forSomeoneElse || !needsApproval ? "approved" : "requested";
}

/**
 * Whether a new time off may not stand beside another of the person's (requested or approved): they share a day and
 * either takes whole days. Parts of one day (a morning and an afternoon, some hours) may share it.
 */
export function timeOffClashes(
  a: { start_date: CalendarDate; end_date: CalendarDate; half_day: HalfDay | null; hours: number | null },
  b: { start_date: CalendarDate; end_date: CalendarDate; half_day: HalfDay | null; hours: number | null },
): boolean {
  const shareADay = a.start_date <= b.end_date && b.start_date <= a.end_date;
  const whole = (t: typeof a) => t.half_day === null && t.hours === null;
  if (!shareADay) return false;
  if (whole(a) || whole(b)) return true;
  return a.half_day !== null && a.half_day === b.half_day;
}

export const timeOffSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  kind_id: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  half_day: z.enum(halfDays).nullable(),
  hours: z.number().nullable(),
  note: z.string(),
  status: z.enum(timeOffStatuses),
  /** Who recorded it; null once they are gone. */
  created_by: z.string().nullable(),
  /** Who approved, rejected or cancelled it, and when (epoch ms); null while requested. */
  decided_by: z.string().nullable(),
  decided_at: z.number().nullable(),
  decision_note: z.string(),
  /** Epoch ms. */
  created_at: z.number(),
});
export type TimeOff = z.infer<typeof timeOffSchema>;

/** `GET organization/{orgId}/time-off`: the time off overlapping the dates (either may be left out). */
export const timeOffQuerySchema = z
  .object({
    start_date: calendarDateSchema.optional().describe("Only time off ending on or after this day"),
    end_date: calendarDateSchema.optional().describe("Only time off starting on or before this day"),
    user_id: z.uuid({ message: "user_id must be an id" }).optional().describe("Only this person's"),
    status: z
      .enum(timeOffStatuses, { message: "status must be requested, approved, rejected or cancelled" })
      .optional()
      .describe("Only time off in this state"),
  })
  .superRefine((value, ctx) => {
    if (value.start_date && value.end_date && value.end_date < value.start_date) {
      ctx.addIssue({ code: "custom", path: ["end_date"], message: "end_date cannot be before start_date" });
    }
  });
export type TimeOffQuery = z.infer<typeof timeOffQuerySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Days used and balances

type ContractTerms = Pick<
  Contract,
  "from_date" | "to_date" | "contract_type" | "contractual_hours" | "contractual_hours_by_day"
>;

/** The holidays of a person's group, by date: a full or a half day. */
export type HolidaysByDate = ReadonlyMap<CalendarDate, { half_day: boolean }>;

/**
 * The allowance days a time off uses on each of its days. A day counts only if it is a working day of the person (their
 * base capacity, `dailyCapacitySeconds`, is more than 0) and not a full holiday of their group; a half holiday leaves
 * half of it. On what is left: a whole day takes it all, a half day half a day, hours their share of the day's base
 * hours. Time off on a holiday costs nothing, whatever the group's convention: the holiday is not a working day.
 */
export function timeOffDaysByDate(
  timeOff: { start_date: CalendarDate; end_date: CalendarDate; half_day: HalfDay | null; hours: number | null },
  { contracts, holidays }: { contracts: readonly ContractTerms[]; holidays: HolidaysByDate },
): Map<CalendarDate, number> {
  const days = new Map<CalendarDate, number>();
  for (const date of daysFrom(timeOff.start_date, timeOff.end_date)) {
    const base = dailyCapacitySeconds(contracts, date);
    const holiday = holidays.get(date);
    const available = base <= 0 || (holiday && !holiday.half_day) ? 0 : holiday ? 0.5 : 1;
    let taken = available;
    if (timeOff.half_day !== null) taken = Math.min(available, 0.5);
    else if (timeOff.hours !== null) taken = Math.min(available, base > 0 ? (timeOff.hours * 3600) / base : 0);
    days.set(date, taken);
  }
  return days;
}

/** Two decimals: a day's share of hours is a fraction (2 h of 8 is 0.25). */
const round2 = (value: number) => Math.round(value * 100) / 100;

/** The allowance days a time off uses in all, two decimals. */
export function timeOffDaysOf(
  timeOff: Parameters<typeof timeOffDaysByDate>[0],
  context: Parameters<typeof timeOffDaysByDate>[1],
): number {
  let total = 0;
  for (const days of timeOffDaysByDate(timeOff, context).values()) total += days;
  return round2(total);
}

export interface TimeOffBalance {
  allowance_days: number;
  used_days: number;
  planned_days: number;
  remaining_days: number;
}

/**
 * A kind's balance in a year: `used` is approved time off on days up to today, `planned` approved time off after today
 * and every request (on any day); rejected and cancelled time off count nothing. Only the year's days count, so time
 * off over New Year is shared between both years. `remaining` may go below 0 when more was approved than allowed.
 */
export function timeOffBalance({
  allowanceDays,
  year,
  today,
  entries,
}: {
  allowanceDays: number;
  year: number;
  today: CalendarDate;
  entries: ReadonlyArray<{ status: TimeOffStatus; daysByDate: ReadonlyMap<CalendarDate, number> }>;
}): TimeOffBalance {
  let used = 0;
  let planned = 0;
  for (const entry of entries) {
    if (entry.status !== "approved" && entry.status !== "requested") continue;
    for (const [date, days] of entry.daysByDate) {
      if (Number(date.slice(0, 4)) !== year) continue;
      if (entry.status === "approved" && date <= today) used += days;
      else planned += days;
    }
  }
  return {
    allowance_days: allowanceDays,
    used_days: round2(used),
    planned_days: round2(planned),
    remaining_days: round2(allowanceDays - used - planned),
  };
}

export const timeOffBalanceSchema = z.object({
  kind_id: z.string(),
  name: z.string(),
  color: z.string(),
  allowance_days: z.number(),
  used_days: z.number(),
  planned_days: z.number(),
  remaining_days: z.number(),
});
export type TimeOffBalanceEntry = z.infer<typeof timeOffBalanceSchema>;

const balanceYearMessage = "year must be a whole number from 2000 to 2100";

export const timeOffBalancesQuerySchema = z.object({
  user_id: z.uuid({ message: "user_id must be an id" }).optional().describe("Whose balances; the caller's by default"),
  year: z.coerce
    .number({ message: balanceYearMessage })
    .int(balanceYearMessage)
    .min(2000, balanceYearMessage)
    .max(2100, balanceYearMessage)
    .optional()
    .describe("The calendar year; the current one in the caller's time zone by default"),
});
export type TimeOffBalancesQuery = z.infer<typeof timeOffBalancesQuerySchema>;

/** `PUT organization/{orgId}/user/{userId}/time-off-allowances/{kindId}`: a person's allowance of a kind in a year. */
export const timeOffAllowanceInputSchema = z
  .object({
    year: z
      .number({ message: balanceYearMessage })
      .int(balanceYearMessage)
      .min(2000, balanceYearMessage)
      .max(2100, balanceYearMessage),
    days: allowanceDaysSchema,
  })
  .strict();
export type TimeOffAllowanceInput = z.infer<typeof timeOffAllowanceInputSchema>;

export const timeOffAllowanceSchema = z.object({
  user_id: z.string(),
  kind_id: z.string(),
  year: z.number().int(),
  days: z.number(),
});
export type TimeOffAllowance = z.infer<typeof timeOffAllowanceSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Days off: what the board and the team plan show

export const dayOffTypes = ["holiday", "time_off"] as const;

export const dayOffSchema = z.object({
  date: z.string(),
  type: z.enum(dayOffTypes),
  /** The holiday's name, or the kind's. */
  name: z.string(),
  /** The kind's colour; null for a holiday. */
  color: z.string().nullable(),
  /** Only half the day: a half holiday or a half-day time off. */
  half_day: z.boolean(),
  /** A time off of some hours; null otherwise. */
  hours: z.number().nullable(),
  /** A time off's state (approved or requested); null for a holiday. */
  status: z.enum(timeOffStatuses).nullable(),
  time_off_id: z.string().nullable(),
});
export type DayOff = z.infer<typeof dayOffSchema>;

/** The longest period `days-off` answers, as a report's. */
export const longestDaysOffPeriod = 366;

export const daysOffQuerySchema = z
  .object({
    start_date: calendarDateSchema.describe("The first day"),
    end_date: calendarDateSchema.describe(`The last day, on or after start_date; at most ${longestDaysOffPeriod} days`),
  })
  .superRefine((value, ctx) => {
    if (value.end_date < value.start_date) {
      ctx.addIssue({ code: "custom", path: ["end_date"], message: "end_date cannot be before start_date" });
    } else if (daysInPeriod(value.start_date, value.end_date) > longestDaysOffPeriod) {
      ctx.addIssue({
        code: "custom",
        path: ["end_date"],
        message: `The period covers at most ${longestDaysOffPeriod} days`,
      });
    }
  });
export type DaysOffQuery = z.infer<typeof daysOffQuerySchema>;

/**
 * The days off of a person in a period, by date: their group's holidays and their time off (approved and requested;
 * rejected and cancelled ones are left out), a time off's every day within the period. Holidays come first on a date.
 */
export function daysOffIn({
  startDate,
  endDate,
  holidays,
  timeOff,
  kinds,
}: {
  startDate: CalendarDate;
  endDate: CalendarDate;
  holidays: ReadonlyArray<{ date: CalendarDate; name: string; half_day: boolean }>;
  timeOff: ReadonlyArray<Pick<TimeOff, "id" | "kind_id" | "start_date" | "end_date" | "half_day" | "hours" | "status">>;
  kinds: ReadonlyMap<string, Pick<TimeOffKind, "name" | "color">>;
}): DayOff[] {
  const days: DayOff[] = holidays
    .filter((holiday) => holiday.date >= startDate && holiday.date <= endDate)
    .map((holiday) => ({
      date: holiday.date,
      type: "holiday",
      name: holiday.name,
      color: null,
      half_day: holiday.half_day,
      hours: null,
      status: null,
      time_off_id: null,
    }));
  for (const entry of timeOff) {
    if (entry.status !== "approved" && entry.status !== "requested") continue;
    const kind = kinds.get(entry.kind_id);
    const first = entry.start_date > startDate ? entry.start_date : startDate;
    const last = entry.end_date < endDate ? entry.end_date : endDate;
    for (let date = first; date <= last; date = addDays(date, 1)) {
      days.push({
        date,
        type: "time_off",
        name: kind?.name ?? "",
        color: kind?.color ?? null,
        half_day: entry.half_day !== null,
        hours: entry.hours,
        status: entry.status,
        time_off_id: entry.id,
      });
    }
  }
  const order = (day: DayOff) => (day.type === "holiday" ? 0 : 1);
  return days.sort((a, b) => a.date.localeCompare(b.date) || order(a) - order(b));
}
