import type { DayOff } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { type DayOffClasses, type DayOffWords, dayOffEvents, holidayColor, withDaysOff } from "./days-off-events";

const words: DayOffWords = {
  requested: (name) => `${name} (requested)`,
  half: (name) => `${name} (half day)`,
  hours: (name, hours) => `${name} (${hours} h)`,
  onTimeOff: "Planned on a day of time off",
};
const classes: DayOffClasses = {
  dayOff: "day-off",
  holiday: "holiday",
  pending: "pending",
  half: "half",
  overbooked: "overbooked",
};

const holiday = (date: string, name: string, half_day = false): DayOff => ({
  date,
  type: "holiday",
  name,
  color: null,
  half_day,
  hours: null,
  status: null,
  time_off_id: null,
});
const timeOff = (date: string, overrides: Partial<DayOff> = {}): DayOff => ({
  date,
  type: "time_off",
  name: "Vacation",
  color: "#228be6",
  half_day: false,
  hours: null,
  status: "approved",
  time_off_id: "to-1",
  ...overrides,
});

describe("dayOffEvents", () => {
  it.each([
    [
      "a holiday: grey, its name, one day",
      [holiday("2026-12-08", "Immacolata Concezione")],
      [
        {
          title: "Immacolata Concezione",
          start: "2026-12-08",
          end: "2026-12-09",
          color: holidayColor,
          classNames: ["day-off", "holiday"],
        },
      ],
    ],
    [
      "a week of approved vacation: one block in the kind's colour",
      ["2026-08-10", "2026-08-11", "2026-08-12"].map((date) => timeOff(date)),
      [{ title: "Vacation", start: "2026-08-10", end: "2026-08-13", color: "#228be6", classNames: ["day-off"] }],
    ],
    [
      "a request: pending, said so",
      [timeOff("2026-08-10", { status: "requested" })],
      [{ title: "Vacation (requested)", classNames: ["day-off", "pending"] }],
    ],
    [
      "a half day: lighter, said so",
      [timeOff("2026-08-10", { half_day: true })],
      [{ title: "Vacation (half day)", classNames: ["day-off", "half"] }],
    ],
    [
      "some hours: lighter, with the hours",
      [timeOff("2026-08-10", { hours: 2.5, name: "Permit", color: "#fab005" })],
      [{ title: "Permit (2.5 h)", color: "#fab005", classNames: ["day-off", "half"] }],
    ],
    [
      "a half holiday",
      [holiday("2026-12-24", "Christmas Eve", true)],
      [{ title: "Christmas Eve (half day)", classNames: ["day-off", "holiday", "half"] }],
    ],
    [
      "two time offs on touching days stay two blocks",
      [timeOff("2026-08-10"), timeOff("2026-08-11", { time_off_id: "to-2" })],
      [
        { start: "2026-08-10", end: "2026-08-11" },
        { start: "2026-08-11", end: "2026-08-12" },
      ],
    ],
    [
      "a time off interrupted by a gap (a weekend left out) makes two blocks",
      [timeOff("2026-08-14"), timeOff("2026-08-17")],
      [
        { start: "2026-08-14", end: "2026-08-15" },
        { start: "2026-08-17", end: "2026-08-18" },
      ],
    ],
  ])("%s", (_label, days, expected) => {
    const events = dayOffEvents(days, words, classes);
    expect(events).toHaveLength(expected.length);
    expect(events).toMatchObject(expected);
  });

  it("makes every block read-only and all-day", () => {
    for (const event of dayOffEvents([holiday("2026-12-08", "Immacolata"), timeOff("2026-08-10")], words, classes)) {
      expect(event).toMatchObject({ allDay: true, editable: false, startEditable: false, durationEditable: false });
    }
  });
});

describe("withDaysOff", () => {
  const rome = "Europe/Rome";
  // 10 August 2026, 09:00 and 23:30 in Rome.
  const nineAm = Date.UTC(2026, 7, 10, 7, 0);
  const lateEvening = Date.UTC(2026, 7, 10, 21, 30);
  const block = (id: string, start: number, eventType: "planning" | "activity") => ({
    id,
    start,
    end: start + 3_600_000,
    extendedProps: { eventType },
  });

  it.each([
    ["a planning block on a day of approved time off", block("p", nineAm, "planning"), [timeOff("2026-08-10")], true],
    ["late in the evening, by the person's zone", block("p", lateEvening, "planning"), [timeOff("2026-08-10")], true],
    ["an activity on that day", block("a", nineAm, "activity"), [timeOff("2026-08-10")], false],
    [
      "a planning block on a day of requested time off",
      block("p", nineAm, "planning"),
      [timeOff("2026-08-10", { status: "requested" })],
      false,
    ],
    ["a planning block on a holiday", block("p", nineAm, "planning"), [holiday("2026-08-10", "Holiday")], false],
    ["a planning block the day before", block("p", nineAm, "planning"), [timeOff("2026-08-11")], false],
  ] as const)("%s: warned %s", (_label, event, days, warned) => {
    const [marked] = withDaysOff([event], days, { words, classes, timeZone: rome });
    expect(marked?.extendedProps?.warning).toBe(warned ? words.onTimeOff : undefined);
    expect(String(marked?.className ?? "").includes("overbooked")).toBe(warned);
  });

  it("keeps a block's own classes beside the warning, and adds the days off after the events", () => {
    const events = withDaysOff([{ ...block("p", nineAm, "planning"), className: "running" }], [timeOff("2026-08-10")], {
      words,
      classes,
      timeZone: rome,
    });
    expect(events.map((event) => event.id)).toEqual(["p", "day-off:time-off:to-1:approved:2026-08-10"]);
    expect(events[0]?.className).toBe("running overbooked");
  });
});
