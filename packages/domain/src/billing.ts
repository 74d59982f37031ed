import { z } from "zod";
import { type PlanConfigEntry, planSchema, type UnitType } from "./plans.js";

/**
 * The subscription that pays for Timetrap, billed through Paddle Billing (spec part 2 §2 "Subscription", §3, §4;
 * shared/INTEGRATIONS.md §6b; decision 031). The organization's plan changes only when Paddle's webhook says so.
 */

/** Paddle Billing's subscription statuses, and `none` for an organization that never subscribed (or an operator's plan). */
export const subscriptionStatuses = ["none", "trialing", "active", "past_due", "paused", "canceled"] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** Paddle Billing's webhook events the server acts on. */
export const paddleEventTypes = [
  "subscription.created",
  "subscription.activated",
  "subscription.updated",
  "subscription.past_due",
  "subscription.paused",
  "subscription.resumed",
  "subscription.canceled",
  "transaction.completed",
] as const;
export type PaddleEventType = (typeof paddleEventTypes)[number];

/** How far a `Paddle-Signature`'s `ts` may be from the server's clock, as Paddle's SDK enforces. */
export const paddleSignatureToleranceSeconds = 5;

/** The free plan's code: where a canceled or paused subscription leaves an organization. */
export const freePlanCode = "free";

/**
 * The plan an organization is on once its Paddle subscription has `status`: the subscribed plan while the
 * subscription runs (a `past_due` one too, while Paddle retries the payment), the free plan once it is paused or
 * canceled.
 */
export function planCodeForSubscription(status: SubscriptionStatus, subscribedPlanCode: string): string {
  return status === "active" || status === "trialing" || status === "past_due" ? subscribedPlanCode : freePlanCode;
}

/** The usage the plan's tier limits apply to: active members with pending invitations, and projects. */
export type PlanUsage = Partial<Record<UnitType, number>>;

export interface DowngradeBlocker {
  unit: UnitType;
  usage: number;
  limit: number;
  /** How many must go before the plan allows the rest. */
  excess: number;
}

/** What keeps an organization with `usage` from moving to a plan with `config`: each tier limit it is over. */
export function downgradeBlockers(config: readonly PlanConfigEntry[], usage: PlanUsage): DowngradeBlocker[] {
  const blockers: DowngradeBlocker[] = [];
  for (const entry of config) {
    const used = usage[entry.unitType];
    if (!entry.tierLimited || entry.tierLimit === null || used === undefined) continue;
    if (used > entry.tierLimit) {
      blockers.push({ unit: entry.unitType, usage: used, limit: entry.tierLimit, excess: used - entry.tierLimit });
    }
  }
  return blockers;
}

/** The refusal of a downgrade, naming what must be removed first. */
export function downgradeRefusal(blockers: readonly DowngradeBlocker[]): string | null {
  if (blockers.length === 0) return null;
  const nouns: Partial<Record<UnitType, [string, string]>> = {
    USER: ["user", "users"],
    PROJECT: ["project", "projects"],
    INTEGRATION: ["integration", "integrations"],
  };
  const parts = blockers.map((b) => {
    const [one, many] = nouns[b.unit] ?? [b.unit.toLowerCase(), b.unit.toLowerCase()];
    return `${b.excess} ${b.excess === 1 ? one : many} (${b.usage} of ${b.limit} allowed)`;
  });
  return `The free plan allows fewer: remove ${parts.join(" and ")} before downgrading`;
}

/** A plan as `GET subscription` lists it: the spec's plan, with the Paddle price that buys it when payments are set. */
export const subscriptionPlanSchema = planSchema.extend({
  /** Paddle's price id (`pri_…`) for the checkout; null for the free plan and when payments are not configured. */
  price_id: z.string().nullable(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

/** `GET subscription`: the plans, and how payments are taken on this server. */
export const subscriptionPlansSchema = z.object({
  plans: z.array(subscriptionPlanSchema),
  payments: z.object({
    /** False when the server has no Paddle keys: the picker says so and an operator sets plans from the command line. */
    configured: z.boolean(),
    environment: z.enum(["sandbox", "production"]),
    /** Paddle.js's client-side token (`test_…` or `live_…`); null when not configured. */
    client_token: z.string().nullable(),
  }),
});
export type SubscriptionPlans = z.infer<typeof subscriptionPlansSchema>;

/** `GET organization/{orgId}/subscription`: the organization's plan, its subscription and its usage. */
export const organizationSubscriptionSchema = z.object({
  plan: subscriptionPlanSchema,
  status: z.enum(subscriptionStatuses),
  /** Paddle's subscription id (`sub_…`); null without one. */
  subscription_id: z.string().nullable(),
  /** The end of the period paid for; null without a subscription. */
  current_period_end: z.string().nullable(),
  /** A change Paddle has scheduled, such as the cancellation a downgrade asks for at the period's end. */
  scheduled_change: z.object({ action: z.string(), effective_at: z.string() }).nullable(),
  usage: z.object({ USER: z.number().int(), PROJECT: z.number().int() }),
  /** The units the free plan would refuse now: empty when a downgrade may go ahead. */
  downgrade_blockers: z.array(
    z.object({
      unit: z.string(),
      usage: z.number().int(),
      limit: z.number().int(),
      excess: z.number().int(),
    }),
  ),
});
export type OrganizationSubscription = z.infer<typeof organizationSubscriptionSchema>;
