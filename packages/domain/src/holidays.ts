import { z } from "zod";
import { type CalendarDate, calendarDateSchema, someFieldRequired } from "./calendar-date.js";
import { holidayConventions, holidaySources } from "./hours-constants.js";
import { languages } from "./languages.js";

/**
 * Holiday groups (decision 026): a country's public holidays, written out on the server from date-holidays, plus the
 * organization's own days. These are the wire's shapes and the rules the server and the web share.
 */

/** The years a group's public holidays are written out for, and the years its own days and `?year` may name. */
export const holidayYears = { first: 2000, last: 2060 } as const;

const yearOf = (date: CalendarDate) => Number(date.slice(0, 4));

/** dd/MM/yyyy, as the spec writes dates in messages. */
const displayDate = (date: CalendarDate) => date.split("-").reverse().join("/");

export const holidayNameSchema = z
  .string({ message: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(120, "Name is at most 120 characters");

/** An own day of a group, as the group's body sends it: a company closure, a patron saint's day. */
export const ownHolidayDayInputSchema = z
  .object({
    date: calendarDateSchema.refine((date) => yearOf(date) >= holidayYears.first && yearOf(date) <= holidayYears.last, {
      message: `The date must be in the years ${holidayYears.first} to ${holidayYears.last}`,
    }),
    name: holidayNameSchema,
    half_day: z.boolean({ message: "half_day must be true or false" }).default(false),
  })
  .strict();
export type OwnHolidayDayInput = z.infer<typeof ownHolidayDayInputSchema>;

/** The dates that appear more than once among a group's own days, each once, in their first order. */
export function repeatedOwnDates(days: readonly Pick<OwnHolidayDayInput, "date">[]): CalendarDate[] {
  const seen = new Set<CalendarDate>();
  const repeated: CalendarDate[] = [];
  for (const { date } of days) {
    if (seen.has(date) && !repeated.includes(date)) repeated.push(date);
    seen.add(date);
  }
  return repeated;
}

/** The longest list of own days a group takes: a closure every working day of a year is already less. */
export const ownHolidayDaysLimit = 366;

const ownDaysSchema = z
  .array(ownHolidayDayInputSchema)
  .max(ownHolidayDaysLimit, `A group has at most ${ownHolidayDaysLimit} own days`)
  .superRefine((days, ctx) => {
    for (const date of repeatedOwnDates(days)) {
      const index = days.findLastIndex((day) => day.date === date);
      ctx.addIssue({
        code: "custom",
        path: [index, "date"],
        message: `Two own days fall on ${displayDate(date)}: a date is given once`,
      });
    }
  })
  .describe("The organization's own days of the group; each date at most once");

/** ISO 3166-1 alpha-2, upper case, as date-holidays names countries. */
export const holidayCountrySchema = z
  .string({ message: "Country is required" })
  .regex(/^[A-Z]{2}$/, "Country must be a country code of two capital letters (ISO 3166-1), such as IT");

/** date-holidays' code of a state or region within the country (`BY`, `21`); null: the whole country. */
export const holidayRegionSchema = z
  .string({ message: "Region must be a region code or null" })
  .regex(/^[A-Za-z0-9-]{1,10}$/, "Region must be a region code of the country, such as BY")
  .nullable()
  .describe(
    "A region of the country, by its code in `GET holiday-countries` (its public holidays too); null: the whole country",
  );

const groupFields = {
  name: holidayNameSchema,
  country: holidayCountrySchema,
  region: holidayRegionSchema,
  convention: z
    .enum(holidayConventions, { message: "Convention must be reduce or worked" })
    .describe(
      "`reduce`: a holiday lowers the expected hours of its day; `worked`: the day keeps them and the holiday counts as worked",
    ),
  is_default: z
    .boolean({ message: "is_default must be true or false" })
    .describe("The organization's default group, for every member without their own; true moves the default here"),
  days: ownDaysSchema,
};

/**
 * The bodies of a group, with the country's schema given: the server narrows it to the countries date-holidays knows,
 * so that its document lists them; the web checks the shape only.
 */
export function holidayGroupSchemasFor(country: z.ZodType<string, string>) {
  const fields = { ...groupFields, country };
  return {
    /** `POST organization/{orgId}/holiday-groups`. */
    input: z
      .object({
        name: fields.name,
        country: fields.country,
        region: fields.region.default(null),
        convention: fields.convention.default("reduce"),
        is_default: fields.is_default.default(false),
        days: fields.days.default([]),
      })
      .strict(),
    /** `PATCH organization/{orgId}/holiday-groups/{id}`: any of the fields; `days` replaces every own day. */
    patch: someFieldRequired(z.object(fields).partial().strict()),
  };
}

const holidayGroupSchemas = holidayGroupSchemasFor(holidayCountrySchema);
export const holidayGroupInputSchema = holidayGroupSchemas.input;
export type HolidayGroupInput = z.infer<typeof holidayGroupInputSchema>;
export const holidayGroupPatchSchema = holidayGroupSchemas.patch;
export type HolidayGroupPatch = z.infer<typeof holidayGroupPatchSchema>;

export const ownHolidayDaySchema = z.object({ date: z.string(), name: z.string(), half_day: z.boolean() });
export type OwnHolidayDay = z.infer<typeof ownHolidayDaySchema>;

export const holidayGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  convention: z.enum(holidayConventions),
  is_default: z.boolean(),
  /** Members whose group this is: their own, or the default's members without one. */
  member_count: z.number().int(),
  /** The own days, by date. */
  days: z.array(ownHolidayDaySchema),
});
export type HolidayGroup = z.infer<typeof holidayGroupSchema>;

/** One day of a group, public or own, as `GET .../holiday-groups/{id}/days` answers it. */
export const holidayDaySchema = z.object({
  date: z.string(),
  name: z.string(),
  half_day: z.boolean(),
  source: z.enum(holidaySources),
});
export type HolidayDay = z.infer<typeof holidayDaySchema>;

const yearMessage = `year must be a whole number from ${holidayYears.first} to ${holidayYears.last}`;

export const holidayDaysQuerySchema = z.object({
  year: z.coerce
    .number({ message: yearMessage })
    .int(yearMessage)
    .min(holidayYears.first, yearMessage)
    .max(holidayYears.last, yearMessage),
});
export type HolidayDaysQuery = z.infer<typeof holidayDaysQuerySchema>;

export const holidayCountriesQuerySchema = z.object({
  language: z.enum(languages, { message: "language must be it or en" }).default("en"),
});

export const holidayCountryEntrySchema = z.object({
  code: z.string(),
  name: z.string(),
  regions: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type HolidayCountryEntry = z.infer<typeof holidayCountryEntrySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Rules

/** Whether a new group is the default: the organization's first always is, a later one when it asks to be. */
export function isDefaultOnCreate(existingGroups: number, askedDefault: boolean): boolean {
  return existingGroups === 0 || askedDefault;
}

/**
 * Why a group cannot be deleted, or null: the default, while other groups exist (their members without a group of
 * their own would be left without holidays; another group is made the default first).
 */
export function holidayGroupDeletionRefusal(group: { is_default: boolean }, groupCount: number): string | null {
  if (group.is_default && groupCount > 1) {
    return "The default group cannot be deleted while other groups exist: make another group the default first";
  }
  return null;
}

/**
 * A PATCH cannot take the default away by `is_default: false`: an organization with groups has one default, so the
 * default moves only by making another group the default.
 */
export function holidayGroupDefaultRefusal(group: { is_default: boolean }, askedDefault: boolean | undefined) {
  if (group.is_default && askedDefault === false) {
    return "A group stops being the default only when another group is made the default";
  }
  return null;
}

/** The group a member's holidays come from: their own, else the organization's default; null without groups. */
export function holidayGroupIdOf(
  memberGroupId: string | null,
  groups: readonly { id: string; is_default: boolean }[],
): string | null {
  if (memberGroupId && groups.some((group) => group.id === memberGroupId)) return memberGroupId;
  return groups.find((group) => group.is_default)?.id ?? null;
}

/** A holiday as date-holidays gives it: its local start (`YYYY-MM-DD hh:mm:ss`), its span, name and type. */
export interface LibraryHoliday {
  date: string;
  start: Date;
  end: Date;
  name: string;
  type: string;
}

/** A day written out for a group. */
export interface WrittenHoliday {
  date: CalendarDate;
  name: string;
  half_day: boolean;
}

const dayMs = 86_400_000;

function plusDays(date: CalendarDate, days: number): CalendarDate {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The days of public holidays as a group keeps them: only type `public` (not bank, school, optional or observance
 * days), each day of a holiday that spans several, a holiday that starts in the afternoon (Christmas Eve from 14:00 in
 * some countries) as a half day, and one row per date: two holidays on one date (Easter Sunday and Liberation Day in
 * 2011) become one, named after both, a full day if either is.
 */
export function publicHolidayDays(holidays: readonly LibraryHoliday[]): WrittenHoliday[] {
  const byDate = new Map<CalendarDate, WrittenHoliday>();
  for (const holiday of holidays) {
    if (holiday.type !== "public") continue;
    const first = holiday.date.slice(0, 10);
    const startsAfternoon = Number(holiday.date.slice(11, 13)) >= 12;
    const span = Math.max(1, Math.round((holiday.end.getTime() - holiday.start.getTime()) / dayMs));
    for (let i = 0; i < span; i += 1) {
      const date = plusDays(first, i);
      const halfDay = i === 0 && startsAfternoon;
      const known = byDate.get(date);
      if (!known) byDate.set(date, { date, name: holiday.name, half_day: halfDay });
      else if (!known.name.split(", ").includes(holiday.name)) {
        byDate.set(date, { date, name: `${known.name}, ${holiday.name}`, half_day: known.half_day && halfDay });
      } else byDate.set(date, { ...known, half_day: known.half_day && halfDay });
    }
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}
