import { describe, expect, test } from "vitest";
import {
  conditionsMatch,
  crossedBudgetThresholds,
  marginAtRiskNow,
  retryDelayMs,
  shouldDisableWebhook,
  webhookDisableAfterMs,
  webhookInputSchema,
  webhookMaxAttempts,
  webhookRetryDelaysSeconds,
  webhookUrlProblem,
} from "./webhooks.js";

const statusA = "0b9f3f8e-7c1d-4c53-9b1e-3f2a1d0c9e8b";
const statusB = "6a1e2d3c-4b5a-4f6e-8d7c-9b0a1f2e3d4c";

describe("retryDelayMs", () => {
  test.each([
    [1, 0.5, 60_000],
    [1, 0, 48_000],
    [1, 0.999_999, 72_000],
    [2, 0.5, 300_000],
    [3, 0.5, 1_800_000],
    [7, 0.5, 28_800_000],
  ])("after attempt %i with random %d waits %i ms", (attempt, random, expected) => {
    expect(retryDelayMs(attempt, random)).toBe(expected);
  });

  test.each([0, -1, 1.5, webhookMaxAttempts, 99])("has no wait after attempt %d (none, or the last)", (attempt) => {
    expect(retryDelayMs(attempt, 0.5)).toBeNull();
  });

  test("spreads the attempts over about a day", () => {
    const total = webhookRetryDelaysSeconds.reduce((sum, seconds) => sum + seconds, 0);
    expect(total).toBeGreaterThanOrEqual(20 * 3600);
    expect(total).toBeLessThanOrEqual(28 * 3600);
  });
});

describe("shouldDisableWebhook", () => {
  const now = new Date("2026-03-02T12:00:00Z");
  test.each([
    ["not failing", null, false],
    ["failing for an hour", new Date(now.getTime() - 3_600_000), false],
    ["failing for a day less a second", new Date(now.getTime() - webhookDisableAfterMs + 1000), false],
    ["failing for exactly a day", new Date(now.getTime() - webhookDisableAfterMs), true],
    ["failing for two days", new Date(now.getTime() - 2 * webhookDisableAfterMs), true],
  ])("%s: %s", (_name, failingSince, expected) => {
    expect(shouldDisableWebhook(failingSince, now)).toBe(expected);
  });
});

describe("conditionsMatch", () => {
  test.each([
    ["no condition", {}, statusA, true],
    ["always", { "project.status.change": "always" as const }, statusA, true],
    ["a list with the new status", { "project.status.change": [statusA, statusB] }, statusB, true],
    ["a list without the new status", { "project.status.change": [statusB] }, statusA, false],
    ["a list and no status", { "project.status.change": [statusB] }, null, false],
  ])("project.status.change with %s", (_name, conditions, toStatus, expected) => {
    expect(conditionsMatch(conditions, "project.status.change", toStatus)).toBe(expected);
  });

  test("another event is sent whatever the status conditions say", () => {
    expect(conditionsMatch({ "project.status.change": [statusB] }, "project.budget.threshold", null)).toBe(true);
  });
});

describe("webhookUrlProblem", () => {
  test.each([
    ["https://hooks.example.com/timetrap", false, null],
    ["https://hooks.example.com:8443/x?y=1", false, null],
    ["https://[2606:4700::1111]/hook", false, null],
    ["http://hooks.example.com/", false, "The url must start with https://"],
    ["http://hooks.example.com/", true, null],
    ["ftp://files.example.com/", true, "The url must start with https:// or http://"],
    ["https://user:pw@hooks.example.com/", false, "The url must not contain a user name or password"],
    ["https:///nohost", false, "The url has no valid host"],
    ["hooks.example.com/path", false, "The url is not a valid address"],
    ["https://hooks example.com/", false, "The url is not a valid address"],
  ])("%s (http allowed: %s): %s", (url, allowHttp, expected) => {
    expect(webhookUrlProblem(url, allowHttp)).toBe(expected);
  });
});

describe("webhookInputSchema", () => {
  const schema = webhookInputSchema({ allowHttp: false });
  const valid = { url: "https://hooks.example.com/timetrap", events: "project.status.change" };

  test("reads the events' comma string, trimmed and without repeats, with the defaults", () => {
    expect(
      schema.parse({ ...valid, events: " project.status.change ,project.margin.at_risk,project.status.change" }),
    ).toEqual({
      url: valid.url,
      description: "",
      events: ["project.status.change", "project.margin.at_risk"],
      enabled: true,
      conditions: {},
    });
  });

  test.each([
    ["a url of 9 characters", { url: "https://a" }, ["url"]],
    ["an unknown event", { events: "project.created" }, ["events"]],
    ["no event", { events: " , " }, ["events"]],
    [
      "a condition for an event not chosen",
      { conditions: { "project.margin.at_risk": "always" } },
      ["conditions", "project.margin.at_risk"],
    ],
    [
      "a status list on an event that is always sent",
      { events: "project.budget.threshold", conditions: { "project.budget.threshold": [statusA] } },
      ["conditions", "project.budget.threshold"],
    ],
    ["an empty status list", { conditions: { "project.status.change": [] } }, ["conditions", "project.status.change"]],
    [
      "a status id that is not an id",
      { conditions: { "project.status.change": ["open"] } },
      ["conditions", "project.status.change", 0],
    ],
    ["an unknown field", { secret: "mine" }, []],
  ])("refuses %s", (_name, change, path) => {
    const result = schema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(path);
  });
});

describe("crossedBudgetThresholds", () => {
  test.each([
    [400, 1000, [], []],
    [500, 1000, [], [50]],
    [850, 1000, [], [50, 80]],
    [850, 1000, [50], [80]],
    [1200, 1000, [50, 80], [100]],
    [1200, 1000, [50, 80, 100], []],
    [500, 0, [], []],
  ])("cost %d of budget %d, sent %j: %j", (cost, budget, sent, expected) => {
    expect(crossedBudgetThresholds(cost, budget, sent)).toEqual(expected);
  });
});

describe("marginAtRiskNow", () => {
  test.each([
    [10, 20, true, true],
    [10, 20, false, false],
    [20, 20, true, false],
    [null, 20, true, false],
  ])("margin %s against target %d, armed %s: %s", (margin, target, armed, expected) => {
    expect(marginAtRiskNow(margin, target, armed)).toBe(expected);
  });
});
