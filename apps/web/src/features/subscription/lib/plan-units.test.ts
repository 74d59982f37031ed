import type { PlanConfigEntry } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { monthlyEuro, planAllowances, unitAllowance, unitUsages } from "./plan-units";

// The seed's two plans (ARCHITECTURE "Plans").
const free: PlanConfigEntry[] = [
  { unitType: "USER", enabled: true, tierLimited: true, tierLimit: 5 },
  { unitType: "PROJECT", enabled: true, tierLimited: true, tierLimit: 5 },
  { unitType: "INTEGRATION", enabled: true, tierLimited: true, tierLimit: 2 },
  { unitType: "TEAM_DASHBOARD", enabled: false, tierLimited: false, tierLimit: null },
];
const unlimited: PlanConfigEntry[] = free.map((entry) => ({
  ...entry,
  enabled: true,
  tierLimited: false,
  tierLimit: null,
}));

describe("a plan's allowance of a unit", () => {
  it.each([
    ["the free plan's users stop at 5", free, "USER", { kind: "limited", limit: 5, perPerson: false }],
    [
      "the free plan's integrations are 2 per person",
      free,
      "INTEGRATION",
      { kind: "limited", limit: 2, perPerson: true },
    ],
    ["the free plan has no team dashboard", free, "TEAM_DASHBOARD", { kind: "excluded" }],
    ["the unlimited plan's projects have no limit", unlimited, "PROJECT", { kind: "unlimited", perPerson: false }],
    ["no config list allows everything", null, "TEAM_DASHBOARD", { kind: "unlimited", perPerson: false }],
    ["a unit with no entry is not included", [free[0] as PlanConfigEntry], "PROJECT", { kind: "excluded" }],
    [
      "a tier-limited unit without a limit is not included (the gating blocks it)",
      [{ unitType: "USER", enabled: true, tierLimited: true, tierLimit: null }] as PlanConfigEntry[],
      "USER",
      { kind: "excluded" },
    ],
  ] as const)("%s", (_, config, unit, expected) => {
    expect(unitAllowance(config, unit)).toEqual({ unit, ...expected });
  });

  it("lists the four units in the spec's order", () => {
    expect(planAllowances({ config: free }).map((a) => a.unit)).toEqual([
      "USER",
      "PROJECT",
      "INTEGRATION",
      "TEAM_DASHBOARD",
    ]);
  });
});

describe("a unit's usage against the plan", () => {
  it("fills the bar with the organization's count, full at the limit", () => {
    const [users, projects, integrations, dashboard] = unitUsages({ config: free }, { USER: 3, PROJECT: 5 });
    expect(users).toMatchObject({ used: 3, percent: 60, full: false });
    expect(projects).toMatchObject({ used: 5, percent: 100, full: true });
    // Counted per person, not by the organization: no bar.
    expect(integrations).toMatchObject({ used: null, percent: null, full: false });
    expect(dashboard).toMatchObject({ percent: null, full: false });
  });

  it("caps the bar at 100 for an organization over the limit (after a downgrade by an operator)", () => {
    expect(unitUsages({ config: free }, { USER: 8 })[0]).toMatchObject({ percent: 100, full: true });
  });

  it("draws no bar for an unlimited unit, only its count", () => {
    expect(unitUsages({ config: unlimited }, { USER: 12 })[0]).toMatchObject({ used: 12, percent: null, full: false });
  });
});

describe("a plan's monthly price", () => {
  const subscription = { id: null, billing_period: "month", trial_days: null } as const;
  it.each([
    ["no subscription is free", null, null],
    ["the free billing type is free", { ...subscription, billing_type: "free", recurring_price: null }, null],
    ["a zero price is free", { ...subscription, billing_type: "unlimited", recurring_price: { EUR: 0, USD: 0 } }, null],
    [
      "the unlimited plan costs its EUR price",
      { ...subscription, billing_type: "unlimited", recurring_price: { EUR: 49, USD: 55 } },
      49,
    ],
  ] as const)("%s", (_, value, expected) => {
    expect(monthlyEuro({ subscription: value })).toBe(expected);
  });
});
