import { z } from "zod";

const timeOfDay = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
/** The grid may end at midnight: 24:00 is the end of the day, as the calendar writes it. */
const endTimeOfDay = /^(([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?|24:00(:00)?)$/;

/** Whether a slot duration is one the board offers: 15-minute steps from 00:15 to 23:45. */
export function isSlotDuration(value: string): boolean {
  const [h = "0", m = "0", sec = "0"] = value.split(":");
  const minutes = Number(h) * 60 + Number(m);
  return Number(sec) === 0 && minutes % 15 === 0 && minutes >= 15 && minutes <= 23 * 60 + 45;
}

export const calendarViews = ["timeGridWeek", "timeGridDay"] as const;

export const preferencesSchema = z.object({
  allDaySlot: z.boolean(),
  weekends: z.boolean(),
  /** HH:mm:ss, in 15-minute steps between 00:15 and 23:45 (spec part 1 §5; 00:00:00 is rejected). */
  slotDuration: z
    .string()
    .regex(timeOfDay, "Slot duration must be written as HH:mm:ss")
    .refine(isSlotDuration, "Slot duration must be a multiple of 15 minutes from 00:15 to 23:45"),
  slotMinTime: z.string().regex(timeOfDay),
  slotMaxTime: z.string().regex(endTimeOfDay),
  /** 0 Sunday … 6 Saturday. */
  businessDaysOfWeek: z.array(z.number().int().min(0).max(6)),
  businessStartTime: z.string().regex(timeOfDay),
  businessEndTime: z.string().regex(timeOfDay),
  gcalendars: z.array(z.object({ id: z.string(), summary: z.string(), enabled: z.boolean() })),
  calendarView: z.enum(calendarViews),
  /** IANA zone; taken from the browser at first sign-in. Reports group days in this zone. */
  timeZone: z.string().min(1).max(64).nullable(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const preferencesPatchSchema = preferencesSchema.partial().strict();
export type PreferencesPatch = z.infer<typeof preferencesPatchSchema>;

export const defaultPreferences: Readonly<Preferences> = Object.freeze({
  allDaySlot: false,
  weekends: false,
  slotDuration: "00:30:00",
  slotMinTime: "06:00:00",
  slotMaxTime: "20:00:00",
  businessDaysOfWeek: [1, 2, 3, 4, 5],
  businessStartTime: "09:00",
  businessEndTime: "18:00",
  gcalendars: [],
  calendarView: "timeGridWeek",
  timeZone: null,
});

/**
 * Stored preferences may be partial (older rows, or a patch of a single field): every missing
 * or unreadable field takes the spec's default, so the board never sees an undefined setting.
 */
export function withPreferenceDefaults(stored: unknown): Preferences {
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(preferencesSchema.shape) as (keyof Preferences)[]) {
    result[key] = preferenceWithDefault(stored, key);
  }
  return result as Preferences;
}

const fallbacks: Preferences = { ...defaultPreferences, businessDaysOfWeek: [1, 2, 3, 4, 5], gcalendars: [] };

/** A default, as a fresh copy where it is a list: callers may change what they are given. */
function fallback<Key extends keyof Preferences>(key: Key): Preferences[Key] {
  const value = fallbacks[key];
  return (Array.isArray(value) ? [...value] : value) as Preferences[Key];
}

/**
 * One field of `withPreferenceDefaults`, read alone: a report reads every member's zone, and checking all of each
 * member's preferences for it cost more than the report's statement.
 */
export function preferenceWithDefault<Key extends keyof Preferences>(stored: unknown, key: Key): Preferences[Key] {
  const value = stored && typeof stored === "object" ? (stored as Record<string, unknown>)[key] : undefined;
  if (value === undefined) return fallback(key);
  const parsed = preferencesSchema.shape[key].safeParse(value);
  return parsed.success ? (parsed.data as Preferences[Key]) : fallback(key);
}

function secondsOfDay(value: string): number {
  const [h = "0", m = "0", s = "0"] = value.split(":");
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

/** Length of the business day in seconds, derived from business start and end (never negative). */
export function totalBusinessSeconds(preferences: Pick<Preferences, "businessStartTime" | "businessEndTime">): number {
  return Math.max(0, secondsOfDay(preferences.businessEndTime) - secondsOfDay(preferences.businessStartTime));
}
