import { z } from "zod";

export const unitTypes = ["USER", "PROJECT", "INTEGRATION", "TEAM_DASHBOARD"] as const;
export type UnitType = (typeof unitTypes)[number];

export const planConfigEntrySchema = z.object({
  unitType: z.enum(unitTypes),
  enabled: z.boolean(),
  tierLimited: z.boolean(),
  tierLimit: z.number().int().min(0).nullable(),
});
export type PlanConfigEntry = z.infer<typeof planConfigEntrySchema>;

export const planSchema = z.object({
  uid: z.string(),
  code: z.string(),
  name: z.string(),
  config: z.array(planConfigEntrySchema),
  subscription: z
    .object({
      id: z.string().nullable(),
      billing_type: z.enum(["free", "unlimited"]),
      billing_period: z.string().nullable(),
      recurring_price: z.object({ EUR: z.number(), USD: z.number() }).nullable(),
      trial_days: z.number().int().nullable(),
    })
    .nullable(),
});
export type Plan = z.infer<typeof planSchema>;

/**
 * Plan gating (spec part 1 §5, part 2 §4): with no config list nothing is blocked; with a list,
 * a unit with no entry or with enabled false is blocked; a tier-limited unit is blocked once usage
 * reaches its limit, and blocked outright when either the limit or the usage is unknown.
 */
export function isUnitBlocked(
  config: readonly PlanConfigEntry[] | null | undefined,
  unitType: UnitType,
  usage?: number,
): boolean {
  if (!config) return false;
  const entry = config.find((e) => e.unitType === unitType);
  if (!entry) return true;
  if (!entry.enabled) return true;
  if (entry.tierLimited) {
    if (entry.tierLimit === null || usage === undefined) return true;
    return usage >= entry.tierLimit;
  }
  return false;
}
