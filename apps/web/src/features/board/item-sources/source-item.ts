import {
  type AsanaTask,
  type ItemService,
  itemUrlOf,
  type JiraIssue,
  type PaymoTasksAnswer,
  type Priority,
  priorityFromTodo,
  type TodoistTasksAnswer,
} from "@timetrap/domain";
import type { DropItem } from "../lib/drop-item";

/**
 * An outside item as the side panel's card shows it and drags it (spec part 1 §2 "Task card"), whatever service it
 * comes from. What a service does not have is null.
 */
export interface SourceItem {
  service: ItemService;
  /** The item's id in the service: the new block's `source_id` (Jira: the issue's key, which its address names). */
  sourceId: string;
  title: string;
  /** The project's name (Asana: every project the task is in). */
  project: string | null;
  /** The project's id in the service, for the project filters. */
  projectId: string | null;
  /** `YYYY-MM-DD`. */
  due: string | null;
  /** The item in its service, only ever an http(s) address. */
  url: string | null;
  /** Todoist's complete flag; the other services list open items only. */
  completed: boolean | null;
  /** Todoist's priority on Timetrap's scale (× 10). */
  priority: Priority | null;
  /** The parent task's name, for a Todoist subtask. */
  parent: string | null;
  /** Plain text (Asana's notes are HTML, Jira's description is flattened by the server). */
  description: string;
  /** Jira's issue type and key. */
  issueType: { name: string } | null;
  issueKey: string | null;
}

/** An address the card may link to: http or https only (a service's own data is not trusted to be a web address). */
export function safeUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * The text of Asana's `html_notes` (`<body>…</body>`): parsed as an inert document (nothing in it runs or loads), its
 * text with runs of white space made one.
 */
export function plainTextOf(html: string): string {
  if (!html) return "";
  const text = new DOMParser().parseFromString(html, "text/html").body.textContent ?? "";
  return text.replace(/\s+/g, " ").trim();
}

const base = {
  project: null,
  projectId: null,
  due: null,
  completed: null,
  priority: null,
  parent: null,
  description: "",
  issueType: null,
  issueKey: null,
} satisfies Partial<SourceItem>;

export function todoistItems(answer: TodoistTasksAnswer): SourceItem[] {
  const projects = new Map(answer.projects.map((project) => [project.id, project.name]));
  return answer.tasks.map((task) => ({
    ...base,
    service: "todoist",
    sourceId: task.id,
    title: task.content,
    project: projects.get(task.project_id) ?? null,
    projectId: task.project_id,
    // Todoist's date may carry a time ("…T09:00:00"): its first ten characters are the day.
    due: task.due?.date.slice(0, 10) ?? null,
    url: safeUrl(task.url) ?? itemUrlOf("todoist", task.id),
    completed: task.completed,
    priority: priorityFromTodo(task.priority),
    parent: task.parent_description,
    description: task.description.trim(),
  }));
}

export function asanaItems(tasks: readonly AsanaTask[]): SourceItem[] {
  return tasks.map((task) => ({
    ...base,
    service: "asana",
    sourceId: task.gid,
    title: task.name,
    project: task.projects.length > 0 ? task.projects.map((project) => project.name).join(", ") : null,
    projectId: task.projects[0]?.gid ?? null,
    due: task.due_on,
    url: safeUrl(task.permalink_url) ?? itemUrlOf("asana", task.gid),
    description: plainTextOf(task.html_notes),
  }));
}

export function paymoItems(answer: PaymoTasksAnswer): SourceItem[] {
  const projects = new Map(answer.projects.map((project) => [project.id, project.name]));
  return answer.tasks.map((task) => ({
    ...base,
    service: "paymo",
    sourceId: task.id,
    title: task.name,
    project: projects.get(task.project_id) ?? null,
    projectId: task.project_id,
    due: task.due_date,
    url: safeUrl(task.url) ?? itemUrlOf("paymo", task.id),
    description: task.description.trim(),
  }));
}

export function jiraItems(issues: readonly JiraIssue[]): SourceItem[] {
  return issues.map((issue) => ({
    ...base,
    service: "jira",
    // The key, not the numeric id: the block's link to the issue is its browse address, which names the key.
    sourceId: issue.key,
    title: issue.fields.summary,
    url: safeUrl(issue.url),
    description: issue.description.trim(),
    issueType: { name: issue.fields.issuetype.name },
    issueKey: issue.key,
  }));
}

/**
 * What an outside item's card carries onto the board (spec part 1 §4 "Events"): a one-hour activity with the item's
 * title, the service as its `source` and the item's id as its `source_id`; no project, category or task of
 * Timetrap's, which the person picks on the block if they want.
 */
export function itemDropItem(item: SourceItem): DropItem {
  return {
    title: item.title,
    source: item.service,
    sourceId: item.sourceId,
    color: null,
    projectId: null,
    categoryId: null,
    taskLinkedId: null,
  };
}

/** The key of an item's card among the panel's draggable cards. */
export const itemKey = (item: SourceItem) => `${item.service}:${item.sourceId}`;

/** Brand names: they read the same in every language. */
export const itemServiceNames: Record<ItemService, string> = {
  todoist: "Todoist",
  asana: "Asana",
  paymo: "Paymo",
  jira: "Jira",
};

/** Each service's badge colour on a card. */
export const itemServiceColors: Record<ItemService, string> = {
  todoist: "red",
  asana: "pink",
  paymo: "green",
  jira: "blue",
};
