import { type CalendarDate, weekdayOf } from "./calendar-date.js";
import { type Contract, contractInForce, contractualHoursOn } from "./contracts.js";
import type { Overhead } from "./overheads.js";
import { currentMarginability } from "./projects.js";
import type { BudgetRunway, CostsForecastPoint, ProjectStatistics } from "./reports.js";
import { activityHours, addDays, daysFrom, euros, planVersusActual, round2 } from "./reports-figures.js";

/** The project statistics (spec part 2 §3; decision 012 defines each figure). */

/** The cost that keeps the target margin: budget × (1 − target margin / 100). */
export function targetBudget(budget: number, marginabilityPercentage: number): number {
  return round2(budget * (1 - marginabilityPercentage / 100));
}

/** Time and its cost as the aggregates give them: seconds and euro-seconds (see `euros`). */
export interface TimeCost {
  seconds: number;
  euroSeconds: number;
}

/**
 * Cumulative cost by day: the actual cost (logged time and dated final-balance expenses) on its day, then the future
 * blocks (planned and unconfirmed) after today, up to `horizon`. Undated expenses count from the first point. A point
 * is given on every day the total changes, and on today.
 */
export function costsForecast({
  actualByDay,
  expensesByDay,
  undatedExpenses,
  futureByDay,
  today,
  horizon,
}: {
  /** Euro-seconds of logged time by day. */
  actualByDay: ReadonlyMap<CalendarDate, number>;
  /** Euros of final-balance expenses by transaction day. */
  expensesByDay: ReadonlyMap<CalendarDate, number>;
  undatedExpenses: number;
  /** Euro-seconds of planned and unconfirmed blocks by day; only days after today count. */
  futureByDay: ReadonlyMap<CalendarDate, number>;
  today: CalendarDate;
  horizon: CalendarDate;
}): CostsForecastPoint[] {
  const days = new Set<CalendarDate>([today]);
  for (const day of actualByDay.keys()) days.add(day);
  for (const day of expensesByDay.keys()) days.add(day);
  for (const day of futureByDay.keys()) if (day > today) days.add(day);
  let euroSeconds = 0;
  let expenseCents = Math.round(undatedExpenses * 100);
  const points: CostsForecastPoint[] = [];
  for (const day of [...days].sort()) {
    if (day > horizon && day > today) break;
    euroSeconds += actualByDay.get(day) ?? 0;
    if (day > today) euroSeconds += futureByDay.get(day) ?? 0;
    expenseCents += Math.round((expensesByDay.get(day) ?? 0) * 100);
    points.push({ date: day, total_cost: round2(euros(euroSeconds) + expenseCents / 100) });
  }
  return points;
}

/** The last four whole weeks before today (28 days, today excluded: a day under way would lower the pace). */
export function weeklyCostOfLastFourWeeks(costByDay: ReadonlyMap<CalendarDate, number>, today: CalendarDate): number {
  let euroSeconds = 0;
  for (const day of daysFrom(addDays(today, -28), addDays(today, -1))) euroSeconds += costByDay.get(day) ?? 0;
  return round2(euros(euroSeconds) / 4);
}

/**
 * The day the budget is used up. Each day after today spends the larger of the recent pace (weekly cost / 7) and the
 * blocks planned that day; the budget runs out on the first day the remainder reaches 0. Counted in cents × 7, so a
 * week of pace is exact. Null without a budget, and when neither pace nor planned blocks ever use it up; today when it
 * is used up already.
 */
export function budgetRunway({
  budget,
  used,
  weeklyCost,
  futureCostByDay,
  today,
}: {
  budget: number;
  used: number;
  weeklyCost: number;
  /** Euros of future blocks by day. */
  futureCostByDay: ReadonlyMap<CalendarDate, number>;
  today: CalendarDate;
}): BudgetRunway {
  const result = (runsOutOn: CalendarDate | null): BudgetRunway => ({
    weekly_cost: weeklyCost,
    runs_out_on: runsOutOn,
  });
  if (!(budget > 0)) return result(null);
  let remaining = (Math.round(budget * 100) - Math.round(used * 100)) * 7;
  if (remaining <= 0) return result(today);
  const pace = Math.max(0, Math.round(weeklyCost * 100));
  const lastPlanned = [...futureCostByDay.keys()]
    .filter((day) => day > today)
    .sort()
    .at(-1);
  let day = today;
  if (lastPlanned) {
    while (day < lastPlanned) {
      day = addDays(day, 1);
      remaining -= Math.max(pace, Math.round((futureCostByDay.get(day) ?? 0) * 100) * 7);
      if (remaining <= 0) return result(day);
    }
  }
  if (pace === 0) return result(null);
  const days = Math.ceil(remaining / pace);
  // A pace of a cent a week against a large budget ends millions of years away, past any day a date can name: never.
  if (Date.parse(day) + days * 86_400_000 > lastRunwayDay) return result(null);
  return result(addDays(day, days));
}

const lastRunwayDay = Date.UTC(9999, 11, 31);

/** `YYYY-MM` of a day. */
export const monthOf = (date: CalendarDate) => date.slice(0, 7);

/** The organization's contractual seconds in each month of `months`, from every member's contracts. */
export function contractualSecondsByMonth(
  contractsByUser: ReadonlyArray<readonly Contract[]>,
  months: readonly string[],
): Map<string, number> {
  const result = new Map<string, number>();
  for (const month of months) {
    const [y, m] = month.split("-").map(Number) as [number, number];
    const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    let seconds = 0;
    // Day by day, the weekday read once for everyone: a year of a hundred people is 36,500 look-ups.
    for (const day of daysFrom(`${month}-01`, last)) {
      const weekday = weekdayOf(day);
      for (const contracts of contractsByUser) {
        const contract = contractInForce(contracts, day);
        if (contract) seconds += contractualHoursOn(contract, weekday) * 3600;
      }
    }
    result.set(month, seconds);
  }
  return result;
}

/** Overheads in force in a month: each one's amount is a monthly amount, counted in every month its period touches. */
export function overheadsInMonth(
  overheads: readonly Pick<Overhead, "amount" | "from_date" | "to_date">[],
  month: string,
) {
  const first = `${month}-01`;
  const last = `${month}-31`;
  return overheads
    .filter((o) => o.from_date <= last && (o.to_date === null || o.to_date >= first))
    .reduce((total, o) => total + Math.round(o.amount * 100), 0);
}

/**
 * The project's share of the overheads, allocated by hour: in each month, the overheads in force over the
 * organization's contractual seconds give a cost per second, charged on the project's logged seconds. A month with
 * overheads but no contractual hours cannot be allocated: its seconds are counted apart.
 */
export function overheadShare({
  overheads,
  organizationSecondsByMonth,
  projectSecondsByMonth,
}: {
  overheads: readonly Pick<Overhead, "amount" | "from_date" | "to_date">[];
  organizationSecondsByMonth: ReadonlyMap<string, number>;
  projectSecondsByMonth: ReadonlyMap<string, number>;
}): { amount: number; unallocatedSeconds: number } {
  let cents = 0;
  let unallocatedSeconds = 0;
  for (const [month, seconds] of projectSecondsByMonth) {
    const monthCents = overheadsInMonth(overheads, month);
    if (monthCents === 0 || seconds === 0) continue;
    const organizationSeconds = organizationSecondsByMonth.get(month) ?? 0;
    if (organizationSeconds <= 0) unallocatedSeconds += seconds;
    else cents += (monthCents * seconds) / organizationSeconds;
  }
  return { amount: Math.round(cents) / 100, unallocatedSeconds };
}

export interface ProjectStatisticsInput {
  projectId: string;
  budget: number;
  marginabilityPercentage: number;
  /** Completed activities. */
  confirmed: TimeCost & { withoutContract: number };
  /** Activities not completed: their length. */
  unconfirmed: TimeCost;
  /** Planning blocks: their length. */
  planned: TimeCost;
  /** Planning blocks that started by the end of today, for plan versus actual. */
  plannedToDate: TimeCost;
  finalBalanceExpenses: number;
  forecast: CostsForecastPoint[];
  runway: BudgetRunway;
  overhead: { amount: number; unallocatedSeconds: number };
  today: CalendarDate;
}

export function projectStatistics(input: ProjectStatisticsInput): ProjectStatistics {
  const confirmedCost = euros(input.confirmed.euroSeconds);
  const used = round2(confirmedCost + input.finalBalanceExpenses);
  const current = currentMarginability(input.budget, confirmedCost, input.finalBalanceExpenses);
  const withOverheads = currentMarginability(
    input.budget,
    round2(confirmedCost + input.overhead.amount),
    input.finalBalanceExpenses,
  );
  return {
    project_id: input.projectId,
    budget: input.budget,
    target_budget: targetBudget(input.budget, input.marginabilityPercentage),
    current_budget_used: used,
    available_budget: round2(input.budget - used),
    target_marginability_percentage: input.marginabilityPercentage,
    current_marginality_percentage: current,
    total_confirmed_hours: activityHours(input.confirmed.seconds),
    total_confirmed_hours_cost: confirmedCost,
    total_unconfirmed_hours: activityHours(input.unconfirmed.seconds),
    total_unconfirmed_hours_cost: euros(input.unconfirmed.euroSeconds),
    total_planned_hours: activityHours(input.planned.seconds),
    total_planned_hours_cost: euros(input.planned.euroSeconds),
    cumulative_total_costs: input.forecast.at(-1)?.total_cost ?? used,
    costs_forecast: input.forecast,
    total_work_log: input.confirmed.seconds,
    total_work_log_cost: confirmedCost,
    total_final_balance_expenses: input.finalBalanceExpenses,
    without_contract: input.confirmed.withoutContract,
    plan_versus_actual: planVersusActual({
      planned: input.plannedToDate.seconds,
      logged: input.confirmed.seconds,
      plannedCost: euros(input.plannedToDate.euroSeconds),
      loggedCost: confirmedCost,
    }),
    budget_runway: input.runway,
    overhead_share: {
      amount: input.overhead.amount,
      marginability_with_overheads: withOverheads,
      unallocated_seconds: input.overhead.unallocatedSeconds,
    },
    today: input.today,
  };
}
