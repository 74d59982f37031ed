import type { SourceItem } from "./source-item";

const pad = (value: number) => String(value).padStart(2, "0");

/** Today in the browser's zone, `YYYY-MM-DD`: the board's days are the browser's (ARCHITECTURE.md "Time"). */
export function localDay(now: number): string {
  const date = new Date(now);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The panel's "today" filter (spec part 1 §2: it compares dates): an item due today, or due before and still open,
 * as the services' own Today views list overdue work with today's. An item without a due date is not today's.
 */
export function isDueByDay(due: string | null, today: string): boolean {
  // `YYYY-MM-DD` strings compare as the days they name.
  return due !== null && due.slice(0, 10) <= today;
}

/** Todoist's filter popover: every task, today's, or one project's. */
export type TodoistFilter = { kind: "all" } | { kind: "today" } | { kind: "project"; projectId: string };

export function filterTodoist(items: readonly SourceItem[], filter: TodoistFilter, today: string): SourceItem[] {
  switch (filter.kind) {
    case "all":
      return [...items];
    case "today":
      return items.filter((item) => isDueByDay(item.due, today));
    case "project":
      return items.filter((item) => item.projectId === filter.projectId);
  }
}

/** Paymo's and Asana's filters: one project (null: all), and today's only. */
export function filterByProjectAndDay(
  items: readonly SourceItem[],
  { projectId, todayOnly }: { projectId: string | null; todayOnly: boolean },
  today: string,
): SourceItem[] {
  return items.filter(
    (item) => (projectId === null || item.projectId === projectId) && (!todayOnly || isDueByDay(item.due, today)),
  );
}

/** Jira's filter: one issue type, by its name (null: every type). */
export function filterByIssueType(items: readonly SourceItem[], typeName: string | null): SourceItem[] {
  return typeName === null ? [...items] : items.filter((item) => item.issueType?.name === typeName);
}

/** The issue types the listed issues have, each once, by name in the reader's language's order. */
export function issueTypesOf(items: readonly SourceItem[], language: string): string[] {
  const names = new Set(items.flatMap((item) => (item.issueType ? [item.issueType.name] : [])));
  const collator = new Intl.Collator(language, { sensitivity: "base" });
  return [...names].sort(collator.compare);
}

/** By due date, the undated last; otherwise in the service's own order (the sort is stable). */
export function sortByDue(items: readonly SourceItem[]): SourceItem[] {
  return [...items].sort((a, b) => {
    if (a.due === b.due) return 0;
    if (a.due === null) return 1;
    if (b.due === null) return -1;
    return a.due < b.due ? -1 : 1;
  });
}

/**
 * The drawn kind of a Jira issue type, by its name as the site calls it (English, or Italian on a site in Italian):
 * the panel draws its own icon for each (decision 032) rather than fetch the site's image.
 */
export type IssueTypeKind = "bug" | "task" | "story" | "epic" | "subtask" | "other";

const issueTypeKinds: Record<string, IssueTypeKind> = {
  bug: "bug",
  task: "task",
  attività: "task",
  story: "story",
  storia: "story",
  epic: "epic",
  subtask: "subtask",
  "sub-task": "subtask",
  sottoattività: "subtask",
  "sotto-attività": "subtask",
};

export function issueTypeKind(name: string): IssueTypeKind {
  return issueTypeKinds[name.trim().toLowerCase()] ?? "other";
}
