import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Contract, noHoursByDay } from "./contracts.js";
import { addDays } from "./reports-figures.js";
import {
  budgetRunway,
  contractualSecondsByMonth,
  costsForecast,
  overheadShare,
  overheadsInMonth,
  type ProjectStatisticsInput,
  projectStatistics,
  targetBudget,
  weeklyCostOfLastFourWeeks,
} from "./reports-statistics.js";

const today = "2026-06-10";

describe("targetBudget", () => {
  it.each([
    [10_000, 30, 7000],
    [10_000, 0, 10_000],
    [999.99, 33.33, 666.69],
    [0, 30, 0],
  ])("a budget of %d with a %d%% target margin keeps costs under %d", (budget, margin, expected) => {
    expect(targetBudget(budget, margin)).toBe(expected);
  });
});

describe("budgetRunway", () => {
  it("€10,000 budget, €6,000 used, €1,000 a week: four weeks ahead", () => {
    expect(budgetRunway({ budget: 10_000, used: 6000, weeklyCost: 1000, futureCostByDay: new Map(), today })).toEqual({
      weekly_cost: 1000,
      runs_out_on: addDays(today, 28),
    });
  });

  it.each([
    ["no budget", { budget: 0, used: 0, weeklyCost: 1000 }, null],
    ["no pace and nothing planned: never", { budget: 10_000, used: 6000, weeklyCost: 0 }, null],
    ["already used up: today", { budget: 10_000, used: 10_500, weeklyCost: 1000 }, today],
    ["a budget used exactly up: today", { budget: 100, used: 100, weeklyCost: 0 }, today],
    ["one cent over a week of pace: the day after", { budget: 1000.01, used: 0, weeklyCost: 1000 }, addDays(today, 8)],
    ["a cent a week against a billion: past the calendar, never", { budget: 1e9, used: 0, weeklyCost: 0.01 }, null],
  ])("%s", (_label, input, expected) => {
    expect(budgetRunway({ ...input, futureCostByDay: new Map(), today }).runs_out_on).toBe(expected);
  });

  it("planned blocks above the pace bring the day closer", () => {
    const futureCostByDay = new Map([
      [addDays(today, 1), 2000],
      [addDays(today, 2), 2500],
    ]);
    expect(budgetRunway({ budget: 10_000, used: 6000, weeklyCost: 0, futureCostByDay, today }).runs_out_on).toBe(
      addDays(today, 2),
    );
    // Planned blocks below the pace change nothing.
    const small = new Map([[addDays(today, 3), 1]]);
    expect(
      budgetRunway({ budget: 10_000, used: 6000, weeklyCost: 1000, futureCostByDay: small, today }).runs_out_on,
    ).toBe(addDays(today, 28));
  });

  it("planned blocks alone that never use the budget up: never", () => {
    const futureCostByDay = new Map([[addDays(today, 5), 100]]);
    expect(budgetRunway({ budget: 10_000, used: 0, weeklyCost: 0, futureCostByDay, today }).runs_out_on).toBeNull();
  });

  it("at a steady pace, runs out after remaining ÷ pace weeks, rounded up to a day", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        (budgetCents, usedCents, weeklyCents) => {
          fc.pre(usedCents < budgetCents);
          const runway = budgetRunway({
            budget: budgetCents / 100,
            used: usedCents / 100,
            weeklyCost: weeklyCents / 100,
            futureCostByDay: new Map(),
            today,
          });
          const days = Math.ceil(((budgetCents - usedCents) * 7) / weeklyCents);
          // Past the last day a date can name, the budget never runs out.
          const pastTheCalendar = Date.parse(today) + days * 86_400_000 > Date.UTC(9999, 11, 31);
          return runway.runs_out_on === (pastTheCalendar ? null : addDays(today, days));
        },
      ),
    );
  });
});

describe("weeklyCostOfLastFourWeeks", () => {
  it("averages the 28 days before today, today left out", () => {
    const costByDay = new Map([
      [addDays(today, -28), 4000 * 3600],
      [addDays(today, -1), 0],
      [today, 99_999 * 3600],
      [addDays(today, -29), 99_999 * 3600],
    ]);
    expect(weeklyCostOfLastFourWeeks(costByDay, today)).toBe(1000);
  });
});

describe("costsForecast", () => {
  it("adds actual cost to today, then the future blocks up to the horizon", () => {
    const forecast = costsForecast({
      actualByDay: new Map([
        ["2026-06-01", 100 * 3600],
        ["2026-06-05", 50 * 3600],
      ]),
      expensesByDay: new Map([["2026-06-03", 20]]),
      undatedExpenses: 5,
      futureByDay: new Map([
        ["2026-06-09", 999 * 3600],
        ["2026-06-12", 30 * 3600],
        ["2026-06-30", 40 * 3600],
        ["2026-07-02", 1000 * 3600],
      ]),
      today,
      horizon: "2026-06-30",
    });
    expect(forecast).toEqual([
      { date: "2026-06-01", total_cost: 105 },
      { date: "2026-06-03", total_cost: 125 },
      { date: "2026-06-05", total_cost: 175 },
      { date: "2026-06-10", total_cost: 175 },
      { date: "2026-06-12", total_cost: 205 },
      { date: "2026-06-30", total_cost: 245 },
    ]);
  });

  it("is never decreasing", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -60, max: 60 }), fc.integer({ min: 0, max: 1e7 })), { maxLength: 30 }),
        (entries) => {
          const byDay = new Map(entries.map(([offset, value]) => [addDays(today, offset), value]));
          const points = costsForecast({
            actualByDay: byDay,
            expensesByDay: new Map(),
            undatedExpenses: 0,
            futureByDay: byDay,
            today,
            horizon: addDays(today, 30),
          });
          return points.every((p, i) => i === 0 || p.total_cost >= points[i - 1]!.total_cost);
        },
      ),
    );
  });
});

describe("overheads", () => {
  const overheads = [
    { amount: 3000, from_date: "2026-01-15", to_date: "2026-02-10" },
    { amount: 1000, from_date: "2026-02-01", to_date: null },
  ];

  it.each([
    ["2025-12", 0],
    ["2026-01", 300_000],
    ["2026-02", 400_000],
    ["2026-03", 100_000],
  ])("in %s the overheads in force are %d cents a month", (month, cents) => {
    expect(overheadsInMonth(overheads, month)).toBe(cents);
  });

  it("are allocated by hour: the month's overheads over the organization's hours, times the project's hours", () => {
    const share = overheadShare({
      overheads,
      organizationSecondsByMonth: new Map([
        ["2026-02", 400 * 3600],
        ["2026-03", 0],
      ]),
      projectSecondsByMonth: new Map([
        // 40 of 400 hours: a tenth of €4,000.
        ["2026-02", 40 * 3600],
        // No contractual hours in March: not allocated.
        ["2026-03", 10 * 3600],
        // No overheads in December.
        ["2025-12", 5 * 3600],
      ]),
    });
    expect(share).toEqual({ amount: 400, unallocatedSeconds: 36_000 });
  });

  it("the organization's contractual seconds come from each member's contracts", () => {
    const full: Contract = {
      uid: "a",
      user_id: "a",
      contract_type: "full-time",
      contractual_hours: 8,
      contractual_hours_by_day: null,
      hourly_cost: 30,
      productivity_target: 80,
      from_date: "2026-01-01",
      to_date: null,
    };
    const part: Contract = {
      ...full,
      uid: "b",
      user_id: "b",
      contract_type: "part-time",
      contractual_hours: 0,
      contractual_hours_by_day: { ...noHoursByDay, saturday: 5 },
      from_date: "2026-02-15",
    };
    // February 2026: 20 weekdays; Saturdays from the 15th: 21 and 28.
    expect(contractualSecondsByMonth([[full], [part], []], ["2026-02"])).toEqual(
      new Map([["2026-02", (20 * 8 + 2 * 5) * 3600]]),
    );
  });
});

describe("projectStatistics", () => {
  const base: ProjectStatisticsInput = {
    projectId: "p",
    budget: 10_000,
    marginabilityPercentage: 30,
    confirmed: { seconds: 43_200, euroSeconds: 43_200 * 40, withoutContract: 0 },
    unconfirmed: { seconds: 7200, euroSeconds: 7200 * 40 },
    planned: { seconds: 72_000, euroSeconds: 72_000 * 40 },
    plannedToDate: { seconds: 36_000, euroSeconds: 36_000 * 40 },
    finalBalanceExpenses: 520,
    forecast: [
      { date: "2026-06-01", total_cost: 1000 },
      { date: "2026-06-20", total_cost: 1400 },
    ],
    runway: { weekly_cost: 480, runs_out_on: null },
    overhead: { amount: 100, unallocatedSeconds: 0 },
    today,
  };

  it("names every figure of the spec's entity", () => {
    expect(projectStatistics(base)).toEqual({
      project_id: "p",
      budget: 10_000,
      target_budget: 7000,
      current_budget_used: 1000,
      available_budget: 9000,
      target_marginability_percentage: 30,
      current_marginality_percentage: 90,
      total_confirmed_hours: 12,
      total_confirmed_hours_cost: 480,
      total_unconfirmed_hours: 2,
      total_unconfirmed_hours_cost: 80,
      total_planned_hours: 20,
      total_planned_hours_cost: 800,
      cumulative_total_costs: 1400,
      costs_forecast: base.forecast,
      total_work_log: 43_200,
      total_work_log_cost: 480,
      total_final_balance_expenses: 520,
      without_contract: 0,
      // 10 h planned to date and 12 h logged at €40/h: +2 h and +€80.
      plan_versus_actual: {
        planned: 36_000,
        logged: 43_200,
        difference: 7200,
        planned_cost: 400,
        logged_cost: 480,
        difference_cost: 80,
      },
      budget_runway: base.runway,
      overhead_share: { amount: 100, marginability_with_overheads: 89, unallocated_seconds: 0 },
      today,
    });
  });

  it("a project without budget or time: no NaN, no Infinity, margins empty", () => {
    const stats = projectStatistics({
      ...base,
      budget: 0,
      confirmed: { seconds: 0, euroSeconds: 0, withoutContract: 0 },
      unconfirmed: { seconds: 0, euroSeconds: 0 },
      planned: { seconds: 0, euroSeconds: 0 },
      plannedToDate: { seconds: 0, euroSeconds: 0 },
      finalBalanceExpenses: 0,
      forecast: [],
      overhead: { amount: 0, unallocatedSeconds: 0 },
    });
    expect(stats.current_marginality_percentage).toBeNull();
    expect(stats.overhead_share.marginability_with_overheads).toBeNull();
    expect(stats.cumulative_total_costs).toBe(0);
    const numbers = JSON.stringify(stats).match(/NaN|Infinity/g);
    expect(numbers).toBeNull();
  });
});
