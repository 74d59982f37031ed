import { describe, expect, it } from "vitest";
import { canSeeProjectWhen, currentMarginability, isOnProjectOf, projectTypeOfCode } from "./projects.js";

describe("currentMarginability", () => {
  it.each([
    ["no budget", 0, 500, 0, null],
    ["nothing spent", 10_000, 0, 0, 100],
    ["a third spent", 9_000, 2_000, 1_000, 66.67],
    ["exactly on budget", 5_000, 4_000, 1_000, 0],
    ["over budget", 1_000, 1_500, 0, -50],
    ["rounded to two decimals", 3, 1, 0, 66.67],
  ])("%s", (_label, budget, cost, expenses, expected) => {
    expect(currentMarginability(budget, cost, expenses)).toBe(expected);
  });
});

describe("projectTypeOfCode", () => {
  it.each([
    [0, "one-shot"],
    [1, "recurring"],
    [2, "cost-based"],
    [3, "hour-pack"],
    [4, "pre-sale"],
  ] as const)("%d is %s", (code, expected) => {
    expect(projectTypeOfCode(code)).toBe(expected);
  });
});

describe("isOnProjectOf and canSeeProjectWhen", () => {
  it.each([
    ["the manager", "u1", "u1", [], true],
    ["a member", "u2", "u1", ["u3", "u2"], true],
    ["neither", "u4", "u1", ["u2", "u3"], false],
    ["no manager, not a member", "u1", null, [], false],
    ["no manager, a member", "u1", null, ["u1"], true],
  ] as const)("%s", (_label, userId, managerId, memberIds, expected) => {
    expect(isOnProjectOf(userId, managerId, memberIds)).toBe(expected);
  });

  it("lets read on project see every project, and anyone else only those they are on", () => {
    const reader = { acls: [{ subject: "project" as const, actions: ["read" as const] }] };
    const other = { acls: [] };
    expect(canSeeProjectWhen(reader, false)).toBe(true);
    expect(canSeeProjectWhen(other, false)).toBe(false);
    expect(canSeeProjectWhen(other, true)).toBe(true);
  });
});
