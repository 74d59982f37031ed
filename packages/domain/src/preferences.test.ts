import { describe, expect, it } from "vitest";
import {
  defaultPreferences,
  isSlotDuration,
  preferencesPatchSchema,
  preferenceWithDefault,
  totalBusinessSeconds,
  withPreferenceDefaults,
} from "./preferences.js";

describe("withPreferenceDefaults", () => {
  it("gives the spec's defaults to a user without preferences", () => {
    expect(withPreferenceDefaults(undefined)).toEqual({
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
  });

  it.each([
    ["null", null],
    ["a string", "weekends"],
    ["an array", [1, 2]],
    ["an empty object", {}],
  ])("treats %s as no preferences", (_label, stored) => {
    expect(withPreferenceDefaults(stored)).toEqual(defaultPreferences);
  });

  it.each([
    ["weekends", true],
    ["calendarView", "timeGridDay"],
    ["slotDuration", "00:15:00"],
    ["businessDaysOfWeek", [0, 6]],
    ["timeZone", "Europe/Rome"],
    ["slotMaxTime", "24:00:00"],
    ["slotDuration", "23:45:00"],
  ])("keeps a stored %s", (key, value) => {
    expect(withPreferenceDefaults({ [key]: value })).toMatchObject({ [key]: value });
  });

  it.each([
    ["weekends", "yes"],
    ["calendarView", "month"],
    ["slotMinTime", "25:00"],
    ["slotDuration", "00:00:00"],
    ["slotDuration", "00:20:00"],
    ["slotMaxTime", "24:30:00"],
    ["businessDaysOfWeek", [7]],
  ])("replaces an unreadable %s with its default", (key, value) => {
    const result = withPreferenceDefaults({ [key]: value }) as unknown as Record<string, unknown>;
    expect(result[key]).toEqual((defaultPreferences as unknown as Record<string, unknown>)[key]);
  });

  it("never shares the default lists between users", () => {
    const a = withPreferenceDefaults({});
    a.businessDaysOfWeek.push(6);
    expect(withPreferenceDefaults({}).businessDaysOfWeek).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("totalBusinessSeconds", () => {
  it.each([
    ["09:00", "18:00", 32_400],
    ["09:00:00", "17:30:00", 30_600],
    ["08:15", "08:15", 0],
    ["18:00", "09:00", 0],
  ])("from %s to %s is %i s", (businessStartTime, businessEndTime, expected) => {
    expect(totalBusinessSeconds({ businessStartTime, businessEndTime })).toBe(expected);
  });
});

describe("isSlotDuration", () => {
  it.each([
    ["00:15:00", true],
    ["00:30:00", true],
    ["01:45:00", true],
    ["23:45:00", true],
    ["00:00:00", false],
    ["00:10:00", false],
    ["00:15:30", false],
    ["24:00:00", false],
  ])("%s is %s", (value, expected) => {
    expect(isSlotDuration(value)).toBe(expected);
  });

  it("rejects a slot duration of 00:00:00 in a preferences patch, naming the field", () => {
    const result = preferencesPatchSchema.safeParse({ slotDuration: "00:00:00" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["slotDuration"]);
  });
});

describe("preferenceWithDefault", () => {
  const stored: unknown[] = [
    undefined,
    null,
    "not an object",
    {},
    { timeZone: "Europe/Rome", weekends: false },
    { timeZone: 42, slotDuration: "00:00:00", businessDaysOfWeek: [1, 3] },
    { timeZone: "Not/A_Zone", language: "it", gcalendars: ["a@example.com"] },
  ];
  it.each(stored.map((value) => [JSON.stringify(value) ?? "undefined", value]))(
    "reads each field of %s as withPreferenceDefaults does",
    (_, value) => {
      const whole = withPreferenceDefaults(value) as unknown as Record<string, unknown>;
      for (const key of Object.keys(whole)) {
        expect(preferenceWithDefault(value, key as keyof typeof defaultPreferences), key).toEqual(whole[key]);
      }
    },
  );

  it("gives a fresh list each time, so a caller changing one changes no default", () => {
    const days = preferenceWithDefault({}, "businessDaysOfWeek");
    days.push(6);
    expect(preferenceWithDefault({}, "businessDaysOfWeek")).toEqual([1, 2, 3, 4, 5]);
  });
});
