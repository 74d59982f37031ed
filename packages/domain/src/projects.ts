/** Project type codes and their constant names (spec part 2 §3). */
export const projectTypes = ["one-shot", "recurring", "cost-based", "hour-pack", "pre-sale"] as const;
export type ProjectType = (typeof projectTypes)[number];
export type ProjectTypeCode = 0 | 1 | 2 | 3 | 4;

export function projectTypeOfCode(code: ProjectTypeCode): ProjectType {
  return projectTypes[code];
}

export const defaultBudget = 0;
export const defaultMarginabilityPercentage = 30;

/** Two decimals, the spec's rounding of every percentage (part 2 §9). */
export function roundPercentage(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Current marginability (spec part 2 §3): 100 minus (work-log cost plus final-balance expenses) over budget, times
 * 100, two decimals; null without a budget, since a margin of nothing is not a number.
 */
export function currentMarginability(budget: number, workLogCost: number, finalBalanceExpenses: number): number | null {
  if (!budget) return null;
  return roundPercentage(100 - ((workLogCost + finalBalanceExpenses) / budget) * 100);
}
