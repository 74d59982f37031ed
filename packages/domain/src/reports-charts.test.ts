import { describe, expect, test } from "vitest";
import { budgetLimitOf, forecastSuggestedMax, hasBudgetData, hasForecastData } from "./reports-charts.js";

const points = (...costs: number[]) =>
  costs.map((total_cost, i) => ({ date: `2026-11-${String(10 + i).padStart(2, "0")}`, total_cost }));

describe("project insight charts", () => {
  test.each([
    [9000, 9000],
    [0, 120],
  ])("a budget of %d draws its limit at %d", (budget, limit) => {
    expect(budgetLimitOf({ budget })).toBe(limit);
  });

  test.each([
    [0, 0, false],
    [0, 10, true],
    [500, 0, true],
  ])("budget %d and costs %d: a budget chart is %s", (budget, cumulative_total_costs, drawn) => {
    expect(hasBudgetData({ budget, cumulative_total_costs })).toBe(drawn);
  });

  test.each([
    [points(), false],
    [points(40), false],
    [points(0, 0), false],
    [points(0, 40), true],
  ])("forecast %j: a line is %s", (costs_forecast, drawn) => {
    expect(hasForecastData({ costs_forecast })).toBe(drawn);
  });

  test.each([
    [0, points(40, 100), 132],
    [0, points(10, 20), 132],
    [1000, points(100, 1500), 1650],
    [2000, points(100, 1500), 2200],
  ])("budget %d with forecast %j suggests a y-axis up to %d", (budget, costs_forecast, max) => {
    expect(forecastSuggestedMax({ budget, costs_forecast })).toBeCloseTo(max, 9);
  });
});
