import { describe, expect, it } from "vitest";
import {
  earliestDueDate,
  latestDueDate,
  overdueColor,
  priorityFromTodo,
  taskInputSchema,
  taskUpdateSchema,
  wouldCreateCycle,
} from "./tasks.js";

const now = Date.UTC(2026, 10, 21, 12, 0, 0);
const hour = 3600 * 1000;
const validTask = {
  name: "Wireframes",
  projectId: "0b8a3e5e-3b8e-4c56-9b7c-7f0d8a1e2c3d",
  userId: "1b8a3e5e-3b8e-4c56-9b7c-7f0d8a1e2c3d",
};

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

describe("taskInputSchema", () => {
  const valid = {
    name: "Wireframes",
    projectId: "0b8a3e5e-3b8e-4c56-9b7c-7f0d8a1e2c3d",
    userId: "1b8a3e5e-3b8e-4c56-9b7c-7f0d8a1e2c3d",
  };
  const messagesOf = (input: unknown) => {
    const result = taskInputSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("defaults the priority to medium and sends empty ids as null", () => {
    expect(taskInputSchema.parse({ ...valid, categoryId: "", parentId: null })).toMatchObject({
      priority: 30,
      categoryId: null,
      parentId: null,
      complete: false,
      dueDate: null,
    });
  });

  it.each([
    ["no name", { name: "" }, "name: Task name is required!"],
    ["no project", { projectId: null }, "projectId: Task project is required!"],
    ["an empty project", { projectId: "" }, "projectId: Task project is required!"],
    ["no assignee", { userId: null }, "userId: Assignee is required!"],
    ["a priority off the scale", { priority: 35 }, "priority: Priority must be 10, 20, 30, 40 or 50"],
    ["a due date of a fraction of a millisecond", { dueDate: 1.5 }, "dueDate: Due date must be a time in milliseconds"],
    ["a due date after the year 9999", { dueDate: 1e20 }, "dueDate: Due date must be between the years 1 and 9999"],
    ["a due date before the year 1", { dueDate: -1e15 }, "dueDate: Due date must be between the years 1 and 9999"],
  ])("rejects %s with the spec's message", (_label, patch, expected) => {
    expect(messagesOf({ ...valid, ...patch })).toContain(expected);
  });
});

describe("due date range", () => {
  it.each([
    ["the first millisecond of the year 1", earliestDueDate, "0001-01-01T00:00:00.000Z"],
    ["the last millisecond of the year 9999", latestDueDate, "9999-12-31T23:59:59.999Z"],
  ])("accepts %s", (_label, dueDate, iso) => {
    expect(new Date(dueDate).toISOString()).toBe(iso);
    expect(taskInputSchema.parse({ ...validTask, dueDate }).dueDate).toBe(dueDate);
    expect(taskUpdateSchema.parse({ dueDate }).dueDate).toBe(dueDate);
  });

  it.each([earliestDueDate - 1, latestDueDate + 1])("rejects %d in an update too", (dueDate) => {
    expect(taskUpdateSchema.safeParse({ dueDate }).success).toBe(false);
  });
});

describe("wouldCreateCycle", () => {
  // a <- b <- c (c's parent is b, b's parent is a)
  const parents: Record<string, string | null> = { a: null, b: "a", c: "b", d: null };
  const parentOf = (id: string) => parents[id] ?? null;
  it.each([
    ["a task as its own parent", "a", "a", true],
    ["a parent under its grandchild", "a", "c", true],
    ["a parent under its child", "b", "c", true],
    ["a leaf under an unrelated task", "c", "d", false],
    ["a task under its own parent again", "c", "b", false],
  ])("%s", (_label, taskId, parentId, expected) => {
    expect(wouldCreateCycle(taskId, parentId, parentOf)).toBe(expected);
  });
});
