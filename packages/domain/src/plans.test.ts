import { describe, expect, it } from "vitest";
import { isUnitBlocked, type PlanConfigEntry, planName } from "./plans.js";

const free: PlanConfigEntry[] = [
  { unitType: "USER", enabled: true, tierLimited: true, tierLimit: 5 },
  { unitType: "PROJECT", enabled: true, tierLimited: true, tierLimit: 5 },
  { unitType: "TEAM_DASHBOARD", enabled: false, tierLimited: false, tierLimit: null },
  { unitType: "INTEGRATION", enabled: true, tierLimited: true, tierLimit: null },
];
const unlimited: PlanConfigEntry[] = [{ unitType: "USER", enabled: true, tierLimited: false, tierLimit: null }];

describe("isUnitBlocked", () => {
  it.each([
    ["no config list blocks nothing", null, "USER", 1000, false],
    ["an undefined config list blocks nothing", undefined, "TEAM_DASHBOARD", undefined, false],
    ["an empty list blocks every unit", [], "USER", 0, true],
    ["a unit with no entry is blocked", unlimited, "PROJECT", 0, true],
    ["a disabled unit is blocked", free, "TEAM_DASHBOARD", 0, true],
    ["a tier-limited unit below its limit is allowed", free, "USER", 4, false],
    ["a tier-limited unit at its limit is blocked", free, "USER", 5, true],
    ["a tier-limited unit over its limit is blocked", free, "PROJECT", 9, true],
    ["a tier-limited unit with unknown usage is blocked", free, "USER", undefined, true],
    ["a tier-limited unit without a limit is blocked", free, "INTEGRATION", 0, true],
    ["an enabled unit that is not tier-limited is allowed", unlimited, "USER", 1_000_000, false],
  ] as const)("%s", (_label, config, unit, usage, expected) => {
    expect(isUnitBlocked(config, unit, usage)).toBe(expected);
  });
});

describe("planName", () => {
  const translate = (key: string) => `«${key}»`;
  it.each([
    ["free", "Free", "«plans.free»"],
    ["unlimited", "Unlimited", "«plans.unlimited»"],
    ["enterprise", "Enterprise", "Enterprise"],
    ["", "Legacy", "Legacy"],
  ])("a plan of code %j named %j by the server shows as %j", (code, name, shown) => {
    expect(planName({ code, name }, translate)).toBe(shown);
  });
});
