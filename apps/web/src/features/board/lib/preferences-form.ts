import { type Preferences, type PreferencesPatch, preferencesPatchSchema } from "@timetrap/domain";

/** Spec part 1 §5 and §9: times are picked in 15-minute steps. */
export const timeStepMinutes = 15;

const pad = (n: number) => String(n).padStart(2, "0");

/** Seconds since midnight of `HH:mm` or `HH:mm:ss`. */
export function secondsOfTime(value: string): number {
  const [h = "0", m = "0", s = "0"] = value.split(":");
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

/** Every 15-minute time from `fromMinutes` to `toMinutes` (inclusive), as `HH:mm:ss` or `HH:mm`. */
export function quarterHourTimes(fromMinutes: number, toMinutes: number, withSeconds: boolean): string[] {
  const times: string[] = [];
  for (let minutes = fromMinutes; minutes <= toMinutes; minutes += timeStepMinutes) {
    const text = `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
    times.push(withSeconds ? `${text}:00` : text);
  }
  return times;
}

const lastQuarter = 23 * 60 + 45;

/** Spec part 1 §5: slot durations from 00:15 to 23:45 in 15-minute steps, as `HH:mm:ss`; 00:00:00 is not one. */
export const slotDurationOptions: readonly string[] = quarterHourTimes(timeStepMinutes, lastQuarter, true);
/** The visible hours' bounds, `HH:mm:ss` as the calendar takes them. */
export const visibleTimeOptions: readonly string[] = quarterHourTimes(0, lastQuarter, true);
/** Business hours, `HH:mm` as the preferences keep them. */
export const businessTimeOptions: readonly string[] = quarterHourTimes(0, lastQuarter, false);

/** Monday first, as the board's weeks start (spec §1); the values are the spec's 0 Sunday … 6 Saturday. */
export const weekdayOrder: readonly number[] = [1, 2, 3, 4, 5, 6, 0];

export interface BoardPreferencesValues {
  allDaySlot: boolean;
  weekends: boolean;
  slotDuration: string;
  slotMinTime: string;
  slotMaxTime: string;
  businessDaysOfWeek: number[];
  businessStartTime: string;
  businessEndTime: string;
  calendarView: Preferences["calendarView"];
}

/** A stored time in the form its picker offers: the preferences accept both `HH:mm` and `HH:mm:ss`. */
function asPickerTime(value: string, withSeconds: boolean): string {
  const seconds = secondsOfTime(value);
  const text = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}`;
  return withSeconds ? `${text}:${pad(seconds % 60)}` : text;
}

export function boardPreferencesValues(preferences: Preferences): BoardPreferencesValues {
  return {
    allDaySlot: preferences.allDaySlot,
    weekends: preferences.weekends,
    slotDuration: asPickerTime(preferences.slotDuration, true),
    slotMinTime: asPickerTime(preferences.slotMinTime, true),
    slotMaxTime: asPickerTime(preferences.slotMaxTime, true),
    businessDaysOfWeek: [...preferences.businessDaysOfWeek],
    businessStartTime: asPickerTime(preferences.businessStartTime, false),
    businessEndTime: asPickerTime(preferences.businessEndTime, false),
    calendarView: preferences.calendarView,
  };
}

/** Translation keys under `board.preferences.errors`. */
export type BoardPreferencesError = "slotDuration" | "visibleHours" | "businessHours" | "invalid";
export type BoardPreferencesErrors = Partial<Record<keyof BoardPreferencesValues, BoardPreferencesError>>;

/**
 * The form's values as a preferences patch, or what is wrong with them: a slot of 00:00:00, visible hours or
 * business hours whose start is not before their end, and anything the shared schema refuses.
 */
export function toPreferencesPatch(
  values: BoardPreferencesValues,
): { ok: true; patch: PreferencesPatch } | { ok: false; errors: BoardPreferencesErrors } {
  const errors: BoardPreferencesErrors = {};
  if (secondsOfTime(values.slotDuration) <= 0 || !slotDurationOptions.includes(values.slotDuration)) {
    errors.slotDuration = "slotDuration";
  }
  if (secondsOfTime(values.slotMinTime) >= secondsOfTime(values.slotMaxTime)) errors.slotMaxTime = "visibleHours";
  if (secondsOfTime(values.businessStartTime) >= secondsOfTime(values.businessEndTime)) {
    errors.businessEndTime = "businessHours";
  }
  const parsed = preferencesPatchSchema.safeParse({
    ...values,
    businessDaysOfWeek: [...new Set(values.businessDaysOfWeek)].sort((a, b) => a - b),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof BoardPreferencesValues | undefined;
      if (field && !errors[field]) errors[field] = "invalid";
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, patch: parsed.data };
}
