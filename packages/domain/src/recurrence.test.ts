import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  expandRecurrence,
  occurrenceOnDayOf,
  type RecurrenceRule,
  recurrenceFrequencies,
  recurrencePatchSchema,
  recurrenceRuleInputSchema,
  seriesEndBefore,
  shiftSeriesTemplate,
} from "./recurrence.js";
import { calendarDateIn, wallClockAt, weekdayNumber } from "./zoned-time.js";

const rome = "Europe/Rome";
/** An instant written as Rome's wall clock: "2026-03-23 09:00". */
const local = (text: string, zone = rome) => {
  const [date = "", time = "00:00"] = text.split(" ");
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  for (const offset of [0, -1, -2, 1, 2, -5, 5, -6, -4].map((h) => h * 3_600_000)) {
    const candidate = guess - offset;
    const clock = wallClockAt(candidate, zone);
    if (clock.hour === hour && clock.minute === minute && clock.day === day) return candidate;
  }
  throw new Error(`no instant for ${text}`);
};
const show = (instant: number) => {
  const c = wallClockAt(instant, rome);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${c.year}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}`;
};
const rule = (overrides: Partial<RecurrenceRule> = {}): RecurrenceRule => ({
  every: 1,
  frequency: "WEEKLY",
  day_of_weeks: [],
  until: null,
  repeat: null,
  skip: [],
  end_date: null,
  ...overrides,
});
const block = (start: string, end: string) => ({ start_time: local(start), end_time: local(end) });
const range = (from: string, to: string) => ({ from: local(from), to: local(to) });
const starts = (occurrences: { start_time: number }[]) => occurrences.map((o) => show(o.start_time));

describe("expandRecurrence", () => {
  it.each<[string, RecurrenceRule, string, string, string[]]>([
    [
      "a weekly 09:00 block stays at 09:00 across the spring change",
      rule(),
      "2026-03-16",
      "2026-04-06",
      ["2026-03-16 09:00", "2026-03-23 09:00", "2026-03-30 09:00"],
    ],
    [
      "and across the autumn change",
      rule(),
      "2026-10-19",
      "2026-11-03",
      ["2026-10-19 09:00", "2026-10-26 09:00", "2026-11-02 09:00"],
    ],
    [
      "daily every 2 days",
      rule({ frequency: "DAILY", every: 2 }),
      "2026-03-02",
      "2026-03-09",
      ["2026-03-02 09:00", "2026-03-04 09:00", "2026-03-06 09:00", "2026-03-08 09:00"],
    ],
    [
      "weekly on Monday, Wednesday and Friday",
      rule({ day_of_weeks: [5, 1, 3] }),
      "2026-03-02",
      "2026-03-09",
      ["2026-03-02 09:00", "2026-03-04 09:00", "2026-03-06 09:00"],
    ],
    [
      "weekly every 2 weeks on Tuesday and Sunday (weeks start on Monday)",
      rule({ every: 2, day_of_weeks: [2, 0] }),
      "2026-03-02",
      "2026-03-23",
      ["2026-03-03 09:00", "2026-03-08 09:00", "2026-03-17 09:00", "2026-03-22 09:00"],
    ],
    [
      "after 3 occurrences",
      rule({ frequency: "DAILY", repeat: 3 }),
      "2026-03-01",
      "2026-04-01",
      ["2026-03-02 09:00", "2026-03-03 09:00", "2026-03-04 09:00"],
    ],
    [
      "a skipped occurrence still counts towards repeat",
      rule({ frequency: "DAILY", repeat: 3, skip: [local("2026-03-03 09:00")] }),
      "2026-03-01",
      "2026-04-01",
      ["2026-03-02 09:00", "2026-03-04 09:00"],
    ],
    [
      "until a day, inclusive",
      rule({ frequency: "DAILY", until: "2026-03-04" }),
      "2026-03-01",
      "2026-04-01",
      ["2026-03-02 09:00", "2026-03-03 09:00", "2026-03-04 09:00"],
    ],
    [
      "ended one second before the third occurrence",
      rule({ frequency: "DAILY", end_date: local("2026-03-04 09:00") - 1000 }),
      "2026-03-01",
      "2026-04-01",
      ["2026-03-02 09:00", "2026-03-03 09:00"],
    ],
    [
      "repeat 0 means no limit",
      rule({ frequency: "DAILY", repeat: 0 }),
      "2026-05-01",
      "2026-05-03",
      ["2026-05-01 09:00", "2026-05-02 09:00"],
    ],
    [
      "monthly on the same day of the month",
      rule({ frequency: "MONTHLY" }),
      "2026-03-01",
      "2026-06-01",
      ["2026-03-02 09:00", "2026-04-02 09:00", "2026-05-02 09:00"],
    ],
    ["yearly", rule({ frequency: "YEARLY" }), "2027-01-01", "2029-01-01", ["2027-03-02 09:00", "2028-03-02 09:00"]],
  ])("%s", (_label, recurrence, from, to, expected) => {
    expect(
      starts(expandRecurrence(block("2026-03-02 09:00", "2026-03-02 10:00"), recurrence, rome, range(from, to))),
    ).toEqual(expected);
  });

  it("leaves out the months without a 31st", () => {
    expect(
      starts(
        expandRecurrence(
          block("2026-01-31 09:00", "2026-01-31 10:00"),
          rule({ frequency: "MONTHLY" }),
          rome,
          range("2026-01-01", "2026-06-01"),
        ),
      ),
    ).toEqual(["2026-01-31 09:00", "2026-03-31 09:00", "2026-05-31 09:00"]);
  });

  it("keeps each occurrence's end at the template's wall-clock end, also across midnight", () => {
    const occurrences = expandRecurrence(
      block("2026-03-27 22:00", "2026-03-28 01:00"),
      rule({ frequency: "DAILY" }),
      rome,
      range("2026-03-28 12:00", "2026-03-30 00:00"),
    );
    expect(occurrences.map((o) => [show(o.start_time), show(o.end_time)])).toEqual([
      ["2026-03-28 22:00", "2026-03-29 01:00"],
      ["2026-03-29 22:00", "2026-03-30 01:00"],
    ]);
  });

  it("starts with the template itself, also at a time of day the autumn change repeats", () => {
    // 01:00 on 7 November 2027 happens twice in New York; the template is the second, standard-time one.
    const template = { start_time: Date.parse("2027-11-07T06:00:00Z"), end_time: Date.parse("2027-11-07T07:00:00Z") };
    const [first, second] = expandRecurrence(template, rule({ frequency: "DAILY" }), "America/New_York", {
      from: template.start_time,
      to: template.start_time + 2 * 86_400_000,
    });
    expect(first).toEqual(template);
    expect(second?.start_time).toBe(Date.parse("2027-11-08T06:00:00Z"));
  });

  it("includes an occurrence that started before the range and ends inside it", () => {
    const occurrences = expandRecurrence(
      block("2026-03-02 09:00", "2026-03-02 11:00"),
      rule({ frequency: "DAILY" }),
      rome,
      range("2026-03-05 10:00", "2026-03-05 12:00"),
    );
    expect(starts(occurrences)).toEqual(["2026-03-05 09:00"]);
  });

  it("holds its promises for any rule, zone and range", () => {
    fc.assert(
      fc.property(
        fc.record({
          every: fc.integer({ min: 1, max: 99 }),
          frequency: fc.constantFrom(...recurrenceFrequencies),
          weekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 7 }),
          repeat: fc.option(fc.integer({ min: 0, max: 99 })),
          skipIndex: fc.option(fc.nat(20)),
        }),
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.integer({ min: 15, max: 600 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 62 }),
        fc.constantFrom(rome, "America/New_York", "UTC", "Australia/Sydney"),
        (shape, startMs, minutes, rangeOffsetDays, rangeDays, zone) => {
          const start = Math.floor(startMs / 60_000) * 60_000;
          const template = { start_time: start, end_time: start + minutes * 60_000 };
          const recurrence = rule({
            every: shape.every,
            frequency: shape.frequency,
            day_of_weeks: shape.frequency === "WEEKLY" ? shape.weekdays : [],
            repeat: shape.repeat,
          });
          const all = expandRecurrence(template, recurrence, zone, { from: start, to: start + 800 * 86_400_000 });
          const window = {
            from: start + rangeOffsetDays * 86_400_000,
            to: start + (rangeOffsetDays + rangeDays) * 86_400_000,
          };
          const inRange = expandRecurrence(template, recurrence, zone, window);
          const base = wallClockAt(start, zone);

          // Ordered, inside the range, the same as filtering the long expansion.
          expect(inRange).toEqual(all.filter((o) => o.start_time < window.to && o.end_time > window.from));
          for (let i = 1; i < all.length; i++) expect(all[i]!.start_time).toBeGreaterThan(all[i - 1]!.start_time);
          if (shape.repeat) expect(all.length).toBeLessThanOrEqual(shape.repeat);
          if (all.length > 0) expect(all[0]!.start_time).toBeGreaterThanOrEqual(start);
          for (const occurrence of all) {
            const clock = wallClockAt(occurrence.start_time, zone);
            expect(occurrence.end_time).toBeGreaterThan(occurrence.start_time);
            // Same time of day, unless that time does not exist on that day (the spring gap).
            if (clock.hour === base.hour) expect(clock.minute).toBe(base.minute);
            if (shape.frequency === "WEEKLY" && shape.weekdays.length > 0) {
              expect(shape.weekdays).toContain(weekdayNumber(clock));
            }
          }

          // A skipped occurrence disappears and nothing else changes.
          const skipped = shape.skipIndex === null ? undefined : all[shape.skipIndex % Math.max(1, all.length)];
          if (skipped) {
            const without = expandRecurrence(template, { ...recurrence, skip: [skipped.start_time] }, zone, {
              from: start,
              to: start + 800 * 86_400_000,
            });
            expect(without).toEqual(all.filter((o) => o !== skipped));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("occurrenceOnDayOf", () => {
  const template = block("2026-03-02 09:00", "2026-03-02 10:00");
  it.each([
    ["a day with an occurrence", "2026-03-30 15:00", "2026-03-30 09:00"],
    ["a day without one", "2026-03-31 15:00", null],
    ["late at night, still that day in Rome", "2026-03-30 23:30", "2026-03-30 09:00"],
  ])("%s", (_label, at, expected) => {
    const found = occurrenceOnDayOf(template, rule(), rome, local(at));
    expect(found ? show(found.start_time) : null).toBe(expected);
  });

  it("does not find a skipped occurrence", () => {
    expect(
      occurrenceOnDayOf(template, rule({ skip: [local("2026-03-30 09:00")] }), rome, local("2026-03-30 12:00")),
    ).toBeNull();
  });
});

describe("shiftSeriesTemplate", () => {
  it.each([
    [
      "moving one occurrence later in the day moves the template's time",
      "2026-03-30 11:00",
      "2026-03-30 12:30",
      "2026-03-02 11:00",
      "2026-03-02 12:30",
    ],
    [
      "moving it a day later moves the template a day later",
      "2026-03-31 09:00",
      "2026-03-31 10:00",
      "2026-03-03 09:00",
      "2026-03-03 10:00",
    ],
  ])("%s", (_label, start, end, templateStart, templateEnd) => {
    const shifted = shiftSeriesTemplate(
      block("2026-03-02 09:00", "2026-03-02 10:00"),
      local("2026-03-30 09:00"),
      block(start, end),
      rome,
    );
    expect([show(shifted.start_time), show(shifted.end_time)]).toEqual([templateStart, templateEnd]);
  });
});

describe("seriesEndBefore", () => {
  it("is one second before the occurrence", () => {
    expect(seriesEndBefore(local("2026-03-30 09:00"))).toBe(local("2026-03-30 09:00") - 1000);
    expect(calendarDateIn(seriesEndBefore(local("2026-03-30 00:00")), rome)).toBe("2026-03-29");
  });
});

describe("recurrenceRuleInputSchema", () => {
  const valid = { every: 1, frequency: "WEEKLY" };
  it.each([
    ["every 0", { ...valid, every: 0 }, "every"],
    ["every 100", { ...valid, every: 100 }, "every"],
    ["every 1.5", { ...valid, every: 1.5 }, "every"],
    ["an unknown frequency", { ...valid, frequency: "HOURLY" }, "frequency"],
    ["a weekday of 7", { ...valid, day_of_weeks: [7] }, "day_of_weeks"],
    ["a weekday of -1", { ...valid, day_of_weeks: [-1] }, "day_of_weeks"],
    ["weekdays on a daily series", { ...valid, frequency: "DAILY", day_of_weeks: [1] }, "day_of_weeks"],
    ["100 occurrences", { ...valid, repeat: 100 }, "repeat"],
    ["both an end date and a count", { ...valid, until: "2026-12-31", repeat: 3 }, "repeat"],
    ["a day that does not exist", { ...valid, until: "2026-02-30" }, "until"],
  ])("rejects %s", (_label, input, path) => {
    const result = recurrenceRuleInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(path);
  });

  it.each([
    ["the smallest", { every: 1, frequency: "DAILY" }],
    ["the largest", { every: 99, frequency: "WEEKLY", day_of_weeks: [0, 6], repeat: 99 }],
    ["0 occurrences", { every: 1, frequency: "MONTHLY", repeat: 0 }],
    ["an end date", { every: 1, frequency: "YEARLY", until: "2030-01-01" }],
  ])("accepts %s", (_label, input) => {
    expect(recurrenceRuleInputSchema.safeParse(input).success).toBe(true);
  });

  it("needs skip or end_date in a patch", () => {
    expect(recurrencePatchSchema.safeParse({}).success).toBe(false);
    expect(recurrencePatchSchema.safeParse({ skip: 1 }).success).toBe(true);
    expect(recurrencePatchSchema.safeParse({ end_date: null }).success).toBe(true);
    expect(recurrencePatchSchema.safeParse({ skip: 1, other: 2 }).success).toBe(false);
  });
});
