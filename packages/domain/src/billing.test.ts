import { describe, expect, test } from "vitest";
import {
  downgradeBlockers,
  downgradeRefusal,
  freePlanCode,
  planCodeForSubscription,
  type SubscriptionStatus,
} from "./billing.js";
import type { PlanConfigEntry } from "./plans.js";

const free: PlanConfigEntry[] = [
  { unitType: "USER", enabled: true, tierLimited: true, tierLimit: 5 },
  { unitType: "PROJECT", enabled: true, tierLimited: true, tierLimit: 5 },
  { unitType: "INTEGRATION", enabled: true, tierLimited: true, tierLimit: 2 },
  { unitType: "TEAM_DASHBOARD", enabled: false, tierLimited: false, tierLimit: null },
];

describe("planCodeForSubscription", () => {
  test.each([
    ["active", "unlimited"],
    ["trialing", "unlimited"],
    // Paddle retries the payment of a past-due subscription: the plan stays while it does.
    ["past_due", "unlimited"],
    ["paused", freePlanCode],
    ["canceled", freePlanCode],
    ["none", freePlanCode],
  ] as Array<[SubscriptionStatus, string]>)("a %s subscription leaves the organization on %s", (status, plan) => {
    expect(planCodeForSubscription(status, "unlimited")).toBe(plan);
  });
});

describe("downgradeBlockers", () => {
  test.each([
    ["within every limit", { USER: 5, PROJECT: 5 }, []],
    ["one project over", { USER: 3, PROJECT: 6 }, [{ unit: "PROJECT", usage: 6, limit: 5, excess: 1 }]],
    [
      "users and projects over",
      { USER: 7, PROJECT: 9 },
      [
        { unit: "USER", usage: 7, limit: 5, excess: 2 },
        { unit: "PROJECT", usage: 9, limit: 5, excess: 4 },
      ],
    ],
    ["a unit whose usage is not given", { PROJECT: 2 }, []],
  ] as const)("%s", (_name, usage, expected) => {
    expect(downgradeBlockers(free, usage)).toEqual(expected);
  });

  test("a unit that is not tier-limited never blocks", () => {
    expect(downgradeBlockers(free, { TEAM_DASHBOARD: 100 })).toEqual([]);
  });
});

describe("downgradeRefusal", () => {
  test.each([
    [[], null],
    [
      [{ unit: "PROJECT", usage: 6, limit: 5, excess: 1 }],
      "The free plan allows fewer: remove 1 project (6 of 5 allowed) before downgrading",
    ],
    [
      [
        { unit: "USER", usage: 7, limit: 5, excess: 2 },
        { unit: "PROJECT", usage: 9, limit: 5, excess: 4 },
      ],
      "The free plan allows fewer: remove 2 users (7 of 5 allowed) and 4 projects (9 of 5 allowed) before downgrading",
    ],
  ] as const)("%j", (blockers, message) => {
    expect(downgradeRefusal(blockers)).toBe(message);
  });
});
