import { type Plan, type PlanConfigEntry, type UnitType, unitTypes } from "@timetrap/domain";

/**
 * What a plan allows of each unit (spec part 2 §3, ARCHITECTURE "Plans"), read with the same rule as the gating
 * (`isUnitBlocked`): no config list allows everything; a unit with no entry, or not enabled, is not included; a
 * tier-limited one stops at its limit (INTEGRATION's limit is per person); any other is unlimited.
 */
export type UnitAllowance =
  | { unit: UnitType; kind: "limited"; limit: number; perPerson: boolean }
  | { unit: UnitType; kind: "unlimited"; perPerson: boolean }
  | { unit: UnitType; kind: "excluded" };

/** The units counted per organization; INTEGRATION counts per person, TEAM_DASHBOARD is on or off. */
const perPersonUnits: ReadonlySet<UnitType> = new Set(["INTEGRATION"]);

export function unitAllowance(config: readonly PlanConfigEntry[] | null | undefined, unit: UnitType): UnitAllowance {
  const perPerson = perPersonUnits.has(unit);
  if (!config) return { unit, kind: "unlimited", perPerson };
  const entry = config.find((e) => e.unitType === unit);
  if (!entry?.enabled) return { unit, kind: "excluded" };
  // A tier-limited unit without a limit is blocked outright by the gating: nothing of it is included.
  if (entry.tierLimited)
    return entry.tierLimit === null
      ? { unit, kind: "excluded" }
      : { unit, kind: "limited", limit: entry.tierLimit, perPerson };
  return { unit, kind: "unlimited", perPerson };
}

/** Every unit of `plan`, in the spec's order. */
export function planAllowances(plan: Pick<Plan, "config">): UnitAllowance[] {
  return unitTypes.map((unit) => unitAllowance(plan.config, unit));
}

/** A unit counted against the organization's plan: how much is used, and how full the bar is. */
export interface UnitUsageView {
  allowance: UnitAllowance;
  /** The organization's count, for the units the server counts (users with pending invitations, projects). */
  used: number | null;
  /** 0 to 100 for a limited unit with a count; null where there is no bar to draw. */
  percent: number | null;
  /** At or over the limit: the next one is refused. */
  full: boolean;
}

export function unitUsages(plan: Pick<Plan, "config">, usage: Partial<Record<UnitType, number>>): UnitUsageView[] {
  return planAllowances(plan).map((allowance) => {
    const used = usage[allowance.unit] ?? null;
    if (allowance.kind !== "limited" || used === null || allowance.perPerson) {
      return { allowance, used, percent: null, full: false };
    }
    const percent = allowance.limit === 0 ? 100 : Math.min(100, Math.round((used / allowance.limit) * 100));
    return { allowance, used, percent, full: used >= allowance.limit };
  });
}

/** The plan's monthly price in euro, or null for a free plan. */
export function monthlyEuro(plan: Pick<Plan, "subscription">): number | null {
  const subscription = plan.subscription;
  if (!subscription || subscription.billing_type === "free") return null;
  const price = subscription.recurring_price?.EUR ?? 0;
  return price > 0 ? price : null;
}
