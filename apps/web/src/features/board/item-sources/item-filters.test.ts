import { describe, expect, it } from "vitest";
import {
  filterByIssueType,
  filterByProjectAndDay,
  filterTodoist,
  isDueByDay,
  issueTypeKind,
  issueTypesOf,
  localDay,
  sortByDue,
} from "./item-filters";
import { buildJiraIssue, buildPaymoTask, buildTodoistTask, paymoProjects, todoistProjects } from "./item-fixtures";
import { jiraItems, paymoItems, todoistItems } from "./source-item";

const today = "2026-03-18";

describe("localDay", () => {
  it("is the day in the browser's zone, not in UTC", () => {
    // 23:30 on the 18th in the zone the tests run in, whatever the day is in UTC.
    expect(localDay(new Date(2026, 2, 18, 23, 30).getTime())).toBe("2026-03-18");
    expect(localDay(new Date(2026, 2, 19, 0, 10).getTime())).toBe("2026-03-19");
  });
});

describe("the today filter compares dates", () => {
  it.each([
    ["2026-03-18", true],
    ["2026-03-17", true],
    ["2025-12-31", true],
    ["2026-03-19", false],
    ["2027-01-01", false],
    // Todoist's dates with a time are their day.
    ["2026-03-18T09:00:00", true],
    ["2026-03-18T23:59:59Z", true],
    ["2026-03-19T00:00:00", false],
    [null, false],
  ])("%s is due by %s: %s", (due, expected) => {
    expect(isDueByDay(due, today)).toBe(expected);
  });
});

describe("Todoist's filter", () => {
  const items = todoistItems({
    projects: todoistProjects,
    tasks: [
      buildTodoistTask({ id: "a", due: { date: "2026-03-18" } }),
      buildTodoistTask({ id: "b", due: { date: "2026-03-20" }, project_id: "6Jf8VQXxpwv56VQ8" }),
      buildTodoistTask({ id: "c", due: null, project_id: "6Jf8VQXxpwv56VQ8" }),
      buildTodoistTask({ id: "d", due: { date: "2026-03-02T10:00:00" } }),
    ],
  });
  const ids = (list: { sourceId: string }[]) => list.map((item) => item.sourceId);

  it("shows every task, today's (overdue included), or one project's", () => {
    expect(ids(filterTodoist(items, { kind: "all" }, today))).toEqual(["a", "b", "c", "d"]);
    expect(ids(filterTodoist(items, { kind: "today" }, today))).toEqual(["a", "d"]);
    expect(ids(filterTodoist(items, { kind: "project", projectId: "6Jf8VQXxpwv56VQ8" }, today))).toEqual(["b", "c"]);
    expect(ids(filterTodoist(items, { kind: "project", projectId: "gone" }, today))).toEqual([]);
  });
});

describe("Paymo's and Asana's filters", () => {
  const items = paymoItems({
    projects: paymoProjects,
    tasks: [
      buildPaymoTask({ id: "1", project_id: "301", due_date: "2026-03-18" }),
      buildPaymoTask({ id: "2", project_id: "302", due_date: "2026-03-18" }),
      buildPaymoTask({ id: "3", project_id: "301", due_date: null }),
      buildPaymoTask({ id: "4", project_id: "301", due_date: "2026-04-01" }),
    ],
  });
  const ids = (list: { sourceId: string }[]) => list.map((item) => item.sourceId);

  it.each([
    [null, false, ["1", "2", "3", "4"]],
    ["301", false, ["1", "3", "4"]],
    [null, true, ["1", "2"]],
    ["301", true, ["1"]],
    ["302", true, ["2"]],
    ["303", false, []],
  ])("project %s, today only %s: %j", (projectId, todayOnly, expected) => {
    expect(ids(filterByProjectAndDay(items, { projectId, todayOnly }, today))).toEqual(expected);
  });
});

describe("Jira's filter by issue type", () => {
  const items = jiraItems([
    buildJiraIssue({ key: "PROJ-1", type: "Story" }),
    buildJiraIssue({ key: "PROJ-2", type: "Bug" }),
    buildJiraIssue({ key: "PROJ-3", type: "Story" }),
    buildJiraIssue({ key: "PROJ-4", type: "Épica" }),
  ]);

  it("lists each type once, in the reader's order", () => {
    expect(issueTypesOf(items, "en")).toEqual(["Bug", "Épica", "Story"]);
  });

  it("keeps the issues of the chosen type, or all", () => {
    expect(filterByIssueType(items, "Story").map((item) => item.sourceId)).toEqual(["PROJ-1", "PROJ-3"]);
    expect(filterByIssueType(items, null)).toHaveLength(4);
    expect(filterByIssueType(items, "Epic")).toEqual([]);
  });

  it.each([
    ["Bug", "bug"],
    ["Task", "task"],
    ["Attività", "task"],
    ["Story", "story"],
    ["Storia", "story"],
    ["Epic", "epic"],
    ["Subtask", "subtask"],
    ["Sub-task", "subtask"],
    ["Sottoattività", "subtask"],
    [" bug ", "bug"],
    ["Incident", "other"],
    ["", "other"],
  ])("draws %j as %s", (name, kind) => {
    expect(issueTypeKind(name)).toBe(kind);
  });
});

describe("sortByDue", () => {
  it("puts the soonest first and the undated last, otherwise keeping the service's order", () => {
    const items = paymoItems({
      projects: paymoProjects,
      tasks: [
        buildPaymoTask({ id: "none-1", due_date: null }),
        buildPaymoTask({ id: "late", due_date: "2026-04-01" }),
        buildPaymoTask({ id: "soon-1", due_date: "2026-03-18" }),
        buildPaymoTask({ id: "none-2", due_date: null }),
        buildPaymoTask({ id: "soon-2", due_date: "2026-03-18" }),
      ],
    });
    expect(sortByDue(items).map((item) => item.sourceId)).toEqual(["soon-1", "soon-2", "late", "none-1", "none-2"]);
  });
});
