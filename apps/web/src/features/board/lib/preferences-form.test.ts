import { defaultPreferences } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import {
  boardPreferencesValues,
  businessTimeOptions,
  quarterHourTimes,
  slotDurationOptions,
  toPreferencesPatch,
  visibleTimeOptions,
} from "./preferences-form";

describe("time options", () => {
  it("offers slot durations from 00:15:00 to 23:45:00 every 15 minutes, never 00:00:00", () => {
    expect(slotDurationOptions[0]).toBe("00:15:00");
    expect(slotDurationOptions.at(-1)).toBe("23:45:00");
    expect(slotDurationOptions).toHaveLength(95);
    expect(slotDurationOptions).not.toContain("00:00:00");
    expect(slotDurationOptions).toContain("00:30:00");
    expect(slotDurationOptions).toContain("01:15:00");
  });

  it("offers the visible hours with seconds and the business hours without", () => {
    expect(visibleTimeOptions.slice(0, 3)).toEqual(["00:00:00", "00:15:00", "00:30:00"]);
    expect(visibleTimeOptions).toContain(defaultPreferences.slotMinTime);
    expect(visibleTimeOptions).toContain(defaultPreferences.slotMaxTime);
    expect(businessTimeOptions).toContain(defaultPreferences.businessStartTime);
    expect(businessTimeOptions).toContain(defaultPreferences.businessEndTime);
    expect(businessTimeOptions.at(-1)).toBe("23:45");
  });

  it("counts in quarters", () => {
    expect(quarterHourTimes(60, 105, false)).toEqual(["01:00", "01:15", "01:30", "01:45"]);
  });
});

describe("toPreferencesPatch", () => {
  const values = boardPreferencesValues({ ...defaultPreferences, businessDaysOfWeek: [1, 2, 3, 4, 5], gcalendars: [] });

  it("turns the defaults into a patch of the board's fields only", () => {
    expect(toPreferencesPatch(values)).toEqual({
      ok: true,
      patch: {
        allDaySlot: false,
        weekends: false,
        slotDuration: "00:30:00",
        slotMinTime: "06:00:00",
        slotMaxTime: "20:00:00",
        businessDaysOfWeek: [1, 2, 3, 4, 5],
        businessStartTime: "09:00",
        businessEndTime: "18:00",
        calendarView: "timeGridWeek",
      },
    });
  });

  it("reads stored times in the form their pickers offer", () => {
    const stored = boardPreferencesValues({
      ...defaultPreferences,
      slotDuration: "00:45",
      slotMinTime: "07:30",
      businessStartTime: "08:15:00",
    });
    expect(stored).toMatchObject({ slotDuration: "00:45:00", slotMinTime: "07:30:00", businessStartTime: "08:15" });
  });

  it("orders the business days and drops repeats", () => {
    const result = toPreferencesPatch({ ...values, businessDaysOfWeek: [6, 0, 6, 1] });
    expect(result.ok && result.patch.businessDaysOfWeek).toEqual([0, 1, 6]);
  });

  it.each([
    ["a slot of 00:00:00", { slotDuration: "00:00:00" }, { slotDuration: "slotDuration" }],
    ["a slot off the 15-minute steps", { slotDuration: "00:20:00" }, { slotDuration: "slotDuration" }],
    [
      "visible hours ending at their start",
      { slotMinTime: "08:00:00", slotMaxTime: "08:00:00" },
      { slotMaxTime: "visibleHours" },
    ],
    [
      "visible hours ending before their start",
      { slotMinTime: "18:00:00", slotMaxTime: "08:00:00" },
      { slotMaxTime: "visibleHours" },
    ],
    [
      "business hours ending before they start",
      { businessStartTime: "18:00", businessEndTime: "09:00" },
      { businessEndTime: "businessHours" },
    ],
    ["a weekday beyond Saturday", { businessDaysOfWeek: [1, 7] }, { businessDaysOfWeek: "invalid" }],
  ])("refuses %s", (_case, change, errors) => {
    expect(toPreferencesPatch({ ...values, ...change })).toEqual({ ok: false, errors });
  });
});
