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

/** The plans the app names in the reader's language, by code: the server's plans are data named in English. */
export const translatedPlanCodes = ["free", "unlimited"] as const;
export type TranslatedPlanCode = (typeof translatedPlanCodes)[number];

/**
 * A plan's name in the reader's language (decision 036): `translate` gives the text `plans.<code>` of a plan the app
 * names; a plan added later without a text keeps the name the server gives it.
 */
export function planName(
  plan: { code: string; name: string },
  translate: (key: `plans.${TranslatedPlanCode}`) => string,
): string {
  const code = translatedPlanCodes.find((known) => known === plan.code);
  return code ? translate(`plans.${code}`) : plan.name;
}
