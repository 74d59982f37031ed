import { describe, expect, it } from "vitest";
import { overdueColor, priorityFromTodo } from "./tasks.js";

const now = Date.UTC(2026, 10, 21, 12, 0, 0);
const hour = 3600 * 1000;

describe("overdueColor", () => {
  it.each([
    ["no due date", null, null],
    ["due tomorrow", now + 24 * hour, "green"],
    ["due right now", now, "green"],
    ["one minute overdue", now - 60 * 1000, "yellow"],
    ["exactly one day overdue", now - 24 * hour, "yellow"],
    ["a day and a minute overdue", now - 24 * hour - 60 * 1000, "red"],
    ["a week overdue", now - 7 * 24 * hour, "red"],
  ] as const)("%s", (_label, due, expected) => {
    expect(overdueColor(due, now)).toBe(expected);
  });
});

describe("priorityFromTodo", () => {
  it.each([
    [1, 10],
    [2, 20],
    [4, 40],
    [5, 50],
    [0, 10],
    [9, 50],
  ])("%d becomes %d", (todo, expected) => {
    expect(priorityFromTodo(todo)).toBe(expected);
  });
});
