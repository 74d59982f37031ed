import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "./reports-figures.js";
import {
  isOverCapacity,
  longestTeamPlanDays,
  mostTeamPlanUsers,
  teamPlanBar,
  teamPlanFigures,
  teamPlanLoad,
  teamPlanQuerySchema,
  teamPlanTotals,
  teamPlanWeeks,
} from "./team-plan.js";

const hour = 3600;
const id = "2b1f6a52-8a4e-4c39-9d0e-2f6f7f1d7c11";
const other = "7d0f6a52-8a4e-4c39-9d0e-2f6f7f1d7c22";
const ids = (count: number) =>
  Array.from({ length: count }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return result.success ? [] : result.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

describe("the team plan's query", () => {
  const week = { start_date: "2026-03-02", end_date: "2026-03-08" };

  it.each([
    ["a week", week, []],
    ["one day", { start_date: "2026-03-02", end_date: "2026-03-02" }, []],
    ["the forecast's twelve weeks", { start_date: "2026-03-02", end_date: "2026-05-24" }, []],
    ["91 days", { start_date: "2026-01-01", end_date: "2026-04-01" }, []],
    ["92 days", { start_date: "2026-01-01", end_date: "2026-04-02" }, ["end_date: A team plan covers at most 91 days"]],
    [
      "reversed",
      { start_date: "2026-03-08", end_date: "2026-03-02" },
      ["end_date: end_date cannot be before start_date"],
    ],
    [
      "an impossible day",
      { start_date: "2026-02-30", end_date: "2026-03-02" },
      ["start_date: start_date must be an existing date written as YYYY-MM-DD"],
    ],
    ["missing", { start_date: "2026-03-02" }, ["end_date: end_date is required, written as YYYY-MM-DD"]],
    [
      "a user id that is not one",
      { ...week, user_id: "me" },
      ["user_id: user_id must be a user id; repeat the parameter for several"],
    ],
    [
      "201 users",
      { ...week, user_id: ids(mostTeamPlanUsers + 1) },
      [`user_id: user_id names at most ${mostTeamPlanUsers} users`],
    ],
    ["200 users", { ...week, user_id: ids(mostTeamPlanUsers) }, []],
  ])("%s", (_label, query, expected) => {
    expect(issues(teamPlanQuerySchema.safeParse(query))).toEqual(expected);
  });

  it("takes one user_id or a repeated one as a list of distinct ids, and none as an empty list", () => {
    expect(teamPlanQuerySchema.parse({ ...week, user_id: id }).user_id).toEqual([id]);
    expect(teamPlanQuerySchema.parse({ ...week, user_id: [id, other, id] }).user_id).toEqual([id, other]);
    expect(teamPlanQuerySchema.parse(week).user_id).toEqual([]);
  });

  it("counts the users after dropping repeats", () => {
    const repeated = [...ids(mostTeamPlanUsers), ...ids(mostTeamPlanUsers)];
    expect(teamPlanQuerySchema.safeParse({ ...week, user_id: repeated }).success).toBe(true);
  });
});

describe("a day's figures", () => {
  it.each([
    ["nothing planned on a working day", 0, 8 * hour, 0, false],
    ["half the day planned", 4 * hour, 8 * hour, 50, false],
    ["exactly the day's capacity", 8 * hour, 8 * hour, 100, false],
    ["a second more than the capacity", 8 * hour + 1, 8 * hour, 100, true],
    ["nine hours of eight", 9 * hour, 8 * hour, 112.5, true],
    ["a third of the day, two decimals", 8 * hour, 24 * hour, 33.33, false],
    ["a part-time day of four hours, six planned", 6 * hour, 4 * hour, 150, true],
    ["nothing planned on a day without capacity", 0, 0, null, false],
    ["any time planned on a day without capacity", 60, 0, null, true],
  ])("%s", (_label, planned, capacity, percentage, over) => {
    expect(teamPlanFigures({ planned, logged: 0, capacity })).toEqual({
      planned,
      logged: 0,
      capacity,
      percentage,
      over_capacity: over,
    });
  });

  it("keeps the logged seconds beside the planned ones, without counting them against the capacity", () => {
    expect(teamPlanFigures({ planned: hour, logged: 10 * hour, capacity: 8 * hour })).toMatchObject({
      logged: 10 * hour,
      percentage: 12.5,
      over_capacity: false,
    });
  });
});

describe("a cell's bar", () => {
  it.each([
    ["empty", 0, 8 * hour, { fill: 0, full: false }],
    ["a quarter", 2 * hour, 8 * hour, { fill: 25, full: false }],
    ["exactly 100: darker", 8 * hour, 8 * hour, { fill: 100, full: true }],
    ["over: clamped to 100, not the darker bar", 10 * hour, 8 * hour, { fill: 100, full: false }],
    ["a second short of the capacity: shown as 100, not full", 8 * hour - 1, 8 * hour, { fill: 100, full: false }],
    ["nothing on a day without capacity", 0, 0, { fill: 0, full: false }],
    ["time on a day without capacity: a full bar, never the darker one", hour, 0, { fill: 100, full: false }],
  ])("%s", (_label, planned, capacity, bar) => {
    expect(teamPlanBar({ planned, capacity })).toEqual(bar);
  });

  it("always fills 0 to 100, full only at exactly the capacity", () => {
    const seconds = fc.integer({ min: 0, max: 7 * 24 * hour });
    fc.assert(
      fc.property(seconds, seconds, (planned, capacity) => {
        const bar = teamPlanBar({ planned, capacity });
        expect(bar.fill).toBeGreaterThanOrEqual(0);
        expect(bar.fill).toBeLessThanOrEqual(100);
        expect(bar.full).toBe(capacity > 0 && planned === capacity);
        // The bar is never full-coloured for an over-capacity day, and never empty for one.
        if (isOverCapacity({ planned, capacity })) expect(bar).toEqual({ fill: 100, full: false });
      }),
    );
  });
});

describe("a week's load", () => {
  it.each([
    ["over", 45 * hour, 40 * hour, "over"],
    ["exactly full", 40 * hour, 40 * hour, "normal"],
    ["half", 20 * hour, 40 * hour, "normal"],
    ["a second under half: pale", 20 * hour - 1, 40 * hour, "low"],
    ["nothing planned", 0, 40 * hour, "low"],
    ["neither capacity nor planned time", 0, 0, "none"],
    ["planned time in a week without capacity", hour, 0, "over"],
  ])("%s", (_label, planned, capacity, load) => {
    expect(teamPlanLoad({ planned, capacity })).toBe(load);
  });
});

/** A week of days from Monday 2 March 2026, the figures given per day. */
function weekOf(monday: string, planned: number[], capacity: number[], logged: number[] = []) {
  return planned.map((p, i) => ({
    date: addDays(monday, i),
    planned: p,
    capacity: capacity[i] ?? 0,
    logged: logged[i] ?? 0,
  }));
}

describe("weeks", () => {
  const fullTime = [8, 8, 8, 8, 8, 0, 0].map((h) => h * hour);

  it("a 40 h week of capacity with 45 h planned is 112.5 %", () => {
    const days = weekOf(
      "2026-03-02",
      [9, 9, 9, 9, 9, 0, 0].map((h) => h * hour),
      fullTime,
    );
    expect(teamPlanWeeks(days)).toEqual([
      {
        week_start: "2026-03-02",
        days: 7,
        planned: 45 * hour,
        logged: 0,
        capacity: 40 * hour,
        percentage: 112.5,
        over_capacity: true,
        load: "over",
      },
    ]);
  });

  it("adds each week from its Monday, in date order, whatever order the days come in", () => {
    const first = weekOf(
      "2026-03-02",
      [8, 8, 8, 8, 8, 0, 0].map((h) => h * hour),
      fullTime,
    );
    const second = weekOf(
      "2026-03-09",
      [2, 2, 2, 2, 2, 0, 0].map((h) => h * hour),
      fullTime,
    );
    const weeks = teamPlanWeeks([...second, ...first].reverse());
    expect(weeks.map((w) => [w.week_start, w.percentage, w.load])).toEqual([
      ["2026-03-02", 100, "normal"],
      ["2026-03-09", 25, "low"],
    ]);
  });

  it("a range that starts on a Wednesday has a short first week under that week's Monday", () => {
    const days = weekOf(
      "2026-03-04",
      [4, 4, 4, 4, 4, 4, 4].map((h) => h * hour),
      [8, 8, 8, 0, 0, 8, 8].map((h) => h * hour),
    );
    expect(teamPlanWeeks(days).map((w) => [w.week_start, w.days, w.planned / hour, w.capacity / hour])).toEqual([
      ["2026-03-02", 5, 20, 24],
      ["2026-03-09", 2, 8, 16],
    ]);
  });

  it("twelve weeks of the forecast, every person's days together, are the team's weeks", () => {
    const person = (plannedHours: number) =>
      Array.from({ length: 12 }, (_, week) =>
        weekOf(addDays("2026-03-02", week * 7), [plannedHours, 0, 0, 0, 0, 0, 0], fullTime),
      ).flat();
    const weeks = teamPlanWeeks([...person(30 * hour), ...person(15 * hour)]);
    expect(weeks).toHaveLength(12);
    expect(weeks.every((w) => w.capacity === 80 * hour && w.planned === 45 * hour && w.percentage === 56.25)).toBe(
      true,
    );
  });

  it("a week's totals add the logged time too", () => {
    const days = weekOf(
      "2026-03-02",
      [1, 0, 0, 0, 0, 0, 0].map((h) => h * hour),
      fullTime,
      [hour, hour],
    );
    expect(teamPlanTotals(days)).toEqual({
      planned: hour,
      logged: 2 * hour,
      capacity: 40 * hour,
      percentage: 2.5,
      over_capacity: false,
    });
  });

  it("no days, no weeks; no seconds, no percentage", () => {
    expect(teamPlanWeeks([])).toEqual([]);
    expect(teamPlanTotals([])).toEqual({ planned: 0, logged: 0, capacity: 0, percentage: null, over_capacity: false });
  });

  it("the weeks' seconds are the days' seconds", () => {
    const day = fc.record({
      offset: fc.integer({ min: 0, max: longestTeamPlanDays - 1 }),
      planned: fc.integer({ min: 0, max: 24 * hour }),
      logged: fc.integer({ min: 0, max: 24 * hour }),
      capacity: fc.integer({ min: 0, max: 24 * hour }),
    });
    fc.assert(
      fc.property(fc.array(day, { maxLength: 60 }), (drawn) => {
        const days = drawn.map(({ offset, ...seconds }) => ({ date: addDays("2026-01-01", offset), ...seconds }));
        const weeks = teamPlanWeeks(days);
        const sum = (
          pick: (d: { planned: number; capacity: number }) => number,
          list: readonly { planned: number; capacity: number }[],
        ) => list.reduce((total, each) => total + pick(each), 0);
        expect(sum((w) => w.planned, weeks)).toBe(sum((d) => d.planned, days));
        expect(sum((w) => w.capacity, weeks)).toBe(sum((d) => d.capacity, days));
        for (const week of weeks) expect(week.over_capacity).toBe(week.load === "over");
      }),
    );
  });
});
