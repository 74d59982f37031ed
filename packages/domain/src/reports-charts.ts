import type { ProjectStatistics } from "./reports.js";

/** Spec part 2 §9: the budget limit drawn when the project has none. */
export const defaultBudgetLimit = 120;
/** Spec part 2 §9: the forecast's y-axis reaches a tenth past its highest value. */
export const forecastHeadroom = 1.1;

/** The line the costs are measured against: the budget, or the spec's default without one. */
export function budgetLimitOf(statistics: Pick<ProjectStatistics, "budget">): number {
  return statistics.budget > 0 ? statistics.budget : defaultBudgetLimit;
}

/** A budget chart needs a budget or some cost; otherwise the spec's "not enough data" sentence is shown. */
export function hasBudgetData(statistics: Pick<ProjectStatistics, "budget" | "cumulative_total_costs">): boolean {
  return statistics.budget > 0 || statistics.cumulative_total_costs > 0;
}

/** A forecast needs two days to draw a line between, and some cost on them. */
export function hasForecastData(statistics: Pick<ProjectStatistics, "costs_forecast">): boolean {
  return statistics.costs_forecast.length >= 2 && statistics.costs_forecast.some((point) => point.total_cost > 0);
}

/** The forecast's suggested y-axis maximum: 1.1 × the highest of the costs and the budget limit. */
export function forecastSuggestedMax(statistics: Pick<ProjectStatistics, "budget" | "costs_forecast">): number {
  const highest = Math.max(budgetLimitOf(statistics), ...statistics.costs_forecast.map((point) => point.total_cost));
  return highest * forecastHeadroom;
}
