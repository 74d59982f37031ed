import { describe, expect, it } from "vitest";
import {
  holidayDaysQuerySchema,
  holidayGroupDefaultRefusal,
  holidayGroupDeletionRefusal,
  holidayGroupIdOf,
  holidayGroupInputSchema,
  holidayGroupPatchSchema,
  isDefaultOnCreate,
  type LibraryHoliday,
  publicHolidayDays,
  repeatedOwnDates,
} from "./holidays.js";

const italy = { name: "Italia", country: "IT" };

/** The fields a refused body names, as the server's details would. */
const refusedFields = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.path.join("."));

describe("holidayGroupInputSchema", () => {
  it("fills the defaults: no region, the reduce convention, not asked to be the default, no own days", () => {
    expect(holidayGroupInputSchema.parse(italy)).toEqual({
      ...italy,
      region: null,
      convention: "reduce",
      is_default: false,
      days: [],
    });
  });

  it("keeps own days with their half-day flag, false unless given", () => {
    const parsed = holidayGroupInputSchema.parse({
      ...italy,
      region: "25",
      convention: "worked",
      days: [
        { date: "2026-12-07", name: " Sant'Ambrogio " },
        { date: "2026-12-24", name: "Vigilia", half_day: true },
      ],
    });
    expect(parsed.days).toEqual([
      { date: "2026-12-07", name: "Sant'Ambrogio", half_day: false },
      { date: "2026-12-24", name: "Vigilia", half_day: true },
    ]);
  });

  it.each([
    ["no name", { country: "IT" }, "name"],
    ["a blank name", { ...italy, name: "  " }, "name"],
    ["a name too long", { ...italy, name: "x".repeat(121) }, "name"],
    ["no country", { name: "Italia" }, "country"],
    ["a country in lower case", { ...italy, country: "it" }, "country"],
    ["a country of three letters", { ...italy, country: "ITA" }, "country"],
    ["a region with spaces", { ...italy, region: "Lombardia centrale" }, "region"],
    ["an unknown convention", { ...italy, convention: "double" }, "convention"],
    ["is_default as text", { ...italy, is_default: "yes" }, "is_default"],
    ["an own day without a date", { ...italy, days: [{ name: "Closure" }] }, "days.0.date"],
    [
      "an own day on a date that does not exist",
      { ...italy, days: [{ date: "2026-02-30", name: "X" }] },
      "days.0.date",
    ],
    ["an own day before 2000", { ...italy, days: [{ date: "1999-12-31", name: "X" }] }, "days.0.date"],
    ["an own day after 2060", { ...italy, days: [{ date: "2061-01-01", name: "X" }] }, "days.0.date"],
    ["an own day without a name", { ...italy, days: [{ date: "2026-08-16" }] }, "days.0.name"],
    [
      "two own days on one date",
      {
        ...italy,
        days: [
          { date: "2026-08-16", name: "Closure" },
          { date: "2026-08-17", name: "Closure" },
          { date: "2026-08-16", name: "Again" },
        ],
      },
      "days.2.date",
    ],
    ["a field the group does not have", { ...italy, colour: "red" }, ""],
  ])("refuses %s, naming the field", (_label, body, field) => {
    expect(refusedFields(holidayGroupInputSchema.safeParse(body))).toContain(field);
  });

  it("says which date is given twice", () => {
    const result = holidayGroupInputSchema.safeParse({
      ...italy,
      days: [
        { date: "2026-08-16", name: "A" },
        { date: "2026-08-16", name: "B" },
      ],
    });
    expect(result.error?.issues[0]?.message).toBe("Two own days fall on 16/08/2026: a date is given once");
  });
});

describe("holidayGroupPatchSchema", () => {
  it.each([
    [{ name: "Milano" }, true],
    [{ region: null }, true],
    [{ is_default: true }, true],
    [{ days: [] }, true],
    [{}, false],
    [{ country: "Italia" }, false],
    [
      {
        days: [
          { date: "2026-01-02", name: "A" },
          { date: "2026-01-02", name: "B" },
        ],
      },
      false,
    ],
  ])("%j is accepted: %s", (body, accepted) => {
    expect(holidayGroupPatchSchema.safeParse(body).success).toBe(accepted);
  });
});

describe("holidayDaysQuerySchema", () => {
  it.each([
    ["2026", 2026],
    ["2000", 2000],
    ["2060", 2060],
  ])("reads year=%s", (year, expected) => {
    expect(holidayDaysQuerySchema.parse({ year })).toEqual({ year: expected });
  });

  it.each([["1999"], ["2061"], ["2026.5"], ["twenty"], [undefined]])("refuses year=%s", (year) => {
    expect(holidayDaysQuerySchema.safeParse({ year }).success).toBe(false);
  });
});

describe("repeatedOwnDates", () => {
  it.each([
    [[], []],
    [["2026-01-01", "2026-01-02"], []],
    [["2026-01-01", "2026-01-01"], ["2026-01-01"]],
    [
      ["2026-01-02", "2026-01-01", "2026-01-02", "2026-01-01", "2026-01-02"],
      ["2026-01-02", "2026-01-01"],
    ],
  ])("%j repeats %j", (dates, expected) => {
    expect(repeatedOwnDates(dates.map((date) => ({ date })))).toEqual(expected);
  });
});

describe("the default group", () => {
  it.each([
    [0, false, true],
    [0, true, true],
    [2, false, false],
    [2, true, true],
  ])("with %i groups already, asked %s: the new one is the default: %s", (existing, asked, expected) => {
    expect(isDefaultOnCreate(existing, asked)).toBe(expected);
  });

  it.each([
    [{ is_default: true }, 1, false],
    [{ is_default: true }, 2, true],
    [{ is_default: false }, 2, false],
    [{ is_default: false }, 1, false],
  ])("deleting %j among %i groups is refused: %s", (group, count, refused) => {
    expect(holidayGroupDeletionRefusal(group, count) !== null).toBe(refused);
  });

  it.each([
    [{ is_default: true }, false, true],
    [{ is_default: true }, true, false],
    [{ is_default: true }, undefined, false],
    [{ is_default: false }, false, false],
    [{ is_default: false }, true, false],
  ])("a change of %j to is_default %s is refused: %s", (group, asked, refused) => {
    expect(holidayGroupDefaultRefusal(group, asked) !== null).toBe(refused);
  });

  const groups = [
    { id: "north", is_default: true },
    { id: "south", is_default: false },
  ];
  it.each([
    ["south", groups, "south"],
    [null, groups, "north"],
    ["gone", groups, "north"],
    [null, [], null],
    [null, [{ id: "south", is_default: false }], null],
  ])("a member with group %s among %j is in %s", (own, list, expected) => {
    expect(holidayGroupIdOf(own, list)).toBe(expected);
  });
});

describe("publicHolidayDays", () => {
  const holiday = (date: string, hours: number, name: string, type = "public"): LibraryHoliday => {
    const start = new Date(`${date.replace(" ", "T")}Z`);
    return { date, start, end: new Date(start.getTime() + hours * 3_600_000), name, type };
  };

  it.each([
    [
      "keeps a public holiday as a full day",
      [holiday("2026-12-25 00:00:00", 24, "Natale")],
      [["2026-12-25", "Natale", false]],
    ],
    [
      "leaves out bank, school, optional and observance days",
      [
        holiday("2026-12-24 14:00:00", 10, "Heiliger Abend", "bank"),
        holiday("2026-11-18 00:00:00", 24, "Buß- und Bettag", "school"),
        holiday("2026-12-24 00:00:00", 24, "Christmas Eve", "optional"),
        holiday("2026-02-14 00:00:00", 24, "Valentine's Day", "observance"),
      ],
      [],
    ],
    [
      "writes a public holiday that starts in the afternoon as a half day",
      [holiday("2026-12-24 14:00:00", 10, "Nochebuena")],
      [["2026-12-24", "Nochebuena", true]],
    ],
    [
      "writes each day of a holiday of several days",
      [holiday("2026-01-01 00:00:00", 72, "New Year")],
      [
        ["2026-01-01", "New Year", false],
        ["2026-01-02", "New Year", false],
        ["2026-01-03", "New Year", false],
      ],
    ],
    [
      "joins two holidays of one date, a full day if either is",
      [holiday("2011-04-25 00:00:00", 24, "Pasquetta"), holiday("2011-04-25 14:00:00", 10, "Liberazione")],
      [["2011-04-25", "Pasquetta, Liberazione", false]],
    ],
    [
      "names a repeated holiday once",
      [holiday("2026-05-01 00:00:00", 24, "Labour Day"), holiday("2026-05-01 00:00:00", 24, "Labour Day")],
      [["2026-05-01", "Labour Day", false]],
    ],
    [
      "orders the days by date",
      [holiday("2026-12-26 00:00:00", 24, "B"), holiday("2026-01-06 00:00:00", 24, "A")],
      [
        ["2026-01-06", "A", false],
        ["2026-12-26", "B", false],
      ],
    ],
  ] as const)("%s", (_label, holidays, expected) => {
    expect(publicHolidayDays(holidays).map((day) => [day.date, day.name, day.half_day])).toEqual(expected);
  });
});
