import type { OrganizationSubscription, SubscriptionPlan, SubscriptionPlans } from "@timetrap/domain";
import { ids } from "./examples.js";

/** The free plan as `GET subscription` lists it. */
export const freePlanExample: SubscriptionPlan = {
  uid: ids.freePlan,
  code: "free",
  name: "Free",
  config: [
    { unitType: "USER", enabled: true, tierLimited: true, tierLimit: 5 },
    { unitType: "PROJECT", enabled: true, tierLimited: true, tierLimit: 5 },
    { unitType: "INTEGRATION", enabled: true, tierLimited: true, tierLimit: 2 },
    { unitType: "TEAM_DASHBOARD", enabled: false, tierLimited: false, tierLimit: null },
  ],
  subscription: { id: null, billing_type: "free", billing_period: null, recurring_price: null, trial_days: null },
  price_id: null,
};

/** The unlimited plan, EUR 49 a month, with its Paddle price. */
export const unlimitedPlanExample: SubscriptionPlan = {
  uid: "5a0e2c4d-6f1b-4d3a-9e8c-7b2a1f0e9d68",
  code: "unlimited",
  name: "Unlimited",
  config: [
    { unitType: "USER", enabled: true, tierLimited: false, tierLimit: null },
    { unitType: "PROJECT", enabled: true, tierLimited: false, tierLimit: null },
    { unitType: "INTEGRATION", enabled: true, tierLimited: false, tierLimit: null },
    { unitType: "TEAM_DASHBOARD", enabled: true, tierLimited: false, tierLimit: null },
  ],
  subscription: {
    id: null,
    billing_type: "unlimited",
    billing_period: "month",
    recurring_price: { EUR: 49, USD: 55 },
    trial_days: null,
  },
  price_id: "pri_01hv8gq3k2d1x7v9m4n6p5r8s0",
};

export const subscriptionPlansExample: SubscriptionPlans = {
  plans: [freePlanExample, unlimitedPlanExample],
  payments: { configured: true, environment: "sandbox", client_token: "test_7d1c9a0b2e4f6a8c0e2d4b6f8a0" },
};

/** Studio Lumen on the unlimited plan, paid through 12 April 2026, with 7 users and 9 projects. */
export const organizationSubscriptionExample: OrganizationSubscription = {
  plan: unlimitedPlanExample,
  status: "active",
  subscription_id: "sub_01hv8x2m4n6p8r0t2v4x6z8b0d",
  current_period_end: "2026-04-12T09:30:00.000Z",
  scheduled_change: null,
  usage: { USER: 7, PROJECT: 9 },
  downgrade_blockers: [
    { unit: "USER", usage: 7, limit: 5, excess: 2 },
    { unit: "PROJECT", usage: 9, limit: 5, excess: 4 },
  ],
};

/** The same organization after asking to downgrade with 4 users and 5 projects: Paddle ends it with the period. */
export const scheduledDowngradeExample: OrganizationSubscription = {
  ...organizationSubscriptionExample,
  scheduled_change: { action: "cancel", effective_at: "2026-04-12T09:30:00.000Z" },
  usage: { USER: 4, PROJECT: 5 },
  downgrade_blockers: [],
};

export const paddleWebhookAnswerExample = { received: true as const, outcome: "applied" as const };
