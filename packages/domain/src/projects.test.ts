import { describe, expect, it } from "vitest";
import { currentMarginability, projectTypeOfCode } from "./projects.js";

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
