import { z } from "zod";
import { instantRangeQuerySchema } from "./integrations.js";

/**
 * Issue 15 (decision 032): the side panel's outside items (Todoist, Asana, Paymo, Jira) as the API answers them, the
 * completion answers, and the time written back to the tool an activity came from. The answers keep the spec's field
 * names (part 1 §3 "To-do service data", "Project-work service data", "Issue-tracker data", "Work-management data").
 */

/** The services whose items the side panel lists and whose logged time is written back. */
export const itemServices = ["todoist", "asana", "paymo", "jira"] as const;
export type ItemService = (typeof itemServices)[number];
export const itemServiceSchema = z.enum(itemServices);

export function isItemService(value: string): value is ItemService {
  return (itemServices as readonly string[]).includes(value);
}

/** Spec §7: a completion's answer, `{success, err}`; `err` says why in the service's words when it failed. */
export const completionAnswerSchema = z.object({ success: z.boolean(), err: z.string().nullable() });
export type CompletionAnswer = z.infer<typeof completionAnswerSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Todoist (INTEGRATIONS.md §1, API v1)

export const todoistProjectSchema = z.object({ id: z.string(), name: z.string() });

/** One active Todoist task. `priority` is Todoist's (1 normal … 4 urgent); the board multiplies it by 10. */
export const todoistTaskSchema = z.object({
  id: z.string(),
  content: z.string(),
  description: z.string(),
  /** `date` is the due day, `YYYY-MM-DD` (Todoist's first ten characters). */
  due: z.object({ date: z.string() }).nullable(),
  project_id: z.string(),
  /** `https://app.todoist.com/app/task/{id}` (API v1 tasks carry no url). */
  url: z.string(),
  completed: z.boolean(),
  priority: z.number().int().min(1).max(4),
  /** The parent task's content, for a subtask; null otherwise. */
  parent_description: z.string().nullable(),
});
export type TodoistTask = z.infer<typeof todoistTaskSchema>;

/** `GET connect/todoist/tasks`: every project and every active task, all pages followed. */
export const todoistTasksAnswerSchema = z.object({
  projects: z.array(todoistProjectSchema),
  tasks: z.array(todoistTaskSchema),
});
export type TodoistTasksAnswer = z.infer<typeof todoistTasksAnswerSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Asana (INTEGRATIONS.md §2)

export const asanaNamedSchema = z.object({ gid: z.string(), name: z.string() });
export type AsanaNamed = z.infer<typeof asanaNamedSchema>;

/** `GET connect/asana/workspaces`. */
export const asanaWorkspacesAnswerSchema = z.object({ workspaces: z.array(asanaNamedSchema) });
/** `GET connect/asana/projects?workspaceId`. */
export const asanaProjectsQuerySchema = z.object({ workspaceId: z.string().trim().min(1).max(64) });
export const asanaProjectsAnswerSchema = z.object({ projects: z.array(asanaNamedSchema) });

/**
 * `GET connect/asana/tasks?projectId` (a project's incomplete tasks) or `?workspaceId` (the spec's "all projects":
 * the person's incomplete tasks in the workspace). One of the two is required.
 */
export const asanaTasksQuerySchema = z
  .object({
    projectId: z.string().trim().min(1).max(64).optional(),
    workspaceId: z.string().trim().min(1).max(64).optional(),
  })
  .refine((query) => (query.projectId === undefined) !== (query.workspaceId === undefined), {
    message: "Send projectId, or workspaceId for all projects",
    path: ["projectId"],
  });

export const asanaTaskSchema = z.object({
  gid: z.string(),
  name: z.string(),
  /** `YYYY-MM-DD` or null. */
  due_on: z.string().nullable(),
  projects: z.array(asanaNamedSchema),
  html_notes: z.string(),
  permalink_url: z.string(),
});
export type AsanaTask = z.infer<typeof asanaTaskSchema>;
export const asanaTasksAnswerSchema = z.object({ tasks: z.array(asanaTaskSchema) });

// ---------------------------------------------------------------------------------------------------------------
// Paymo (INTEGRATIONS.md §3)

export const paymoProjectSchema = z.object({ id: z.string(), name: z.string() });
export const paymoTaskSchema = z.object({
  id: z.string(),
  name: z.string(),
  project_id: z.string(),
  description: z.string(),
  /** `YYYY-MM-DD` or null; the panel's today filter compares it. */
  due_date: z.string().nullable(),
  url: z.string(),
});
export type PaymoTask = z.infer<typeof paymoTaskSchema>;

/** `GET connect/paymo/tasks`: the active projects and their incomplete tasks. */
export const paymoTasksAnswerSchema = z.object({
  projects: z.array(paymoProjectSchema),
  tasks: z.array(paymoTaskSchema),
});
export type PaymoTasksAnswer = z.infer<typeof paymoTasksAnswerSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Jira (INTEGRATIONS.md §4, Cloud v3 with search/jql)

export const jiraIssueSchema = z.object({
  id: z.string(),
  key: z.string(),
  /** `https://{site}/browse/{key}`. */
  url: z.string(),
  fields: z.object({
    summary: z.string(),
    issuetype: z.object({ id: z.string(), name: z.string(), iconUrl: z.string().nullable() }),
  }),
  /** The description's text (Atlassian Document Format flattened to plain text); empty when there is none. */
  description: z.string(),
});
export type JiraIssue = z.infer<typeof jiraIssueSchema>;

/** `GET connect/jira/tasks`: the person's open issues (assignee = currentUser(), not done), every page followed. */
export const jiraTasksAnswerSchema = z.object({ tasks: z.array(jiraIssueSchema) });
export type JiraTasksAnswer = z.infer<typeof jiraTasksAnswerSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Links back to an item (a block dropped from the panel keeps `source` and `source_id`)

/**
 * The address of an outside item from a block's `source` and `source_id`; Jira needs the person's site (the
 * integration's `metadata.domain`). Null when it cannot be made.
 */
export function itemUrlOf(service: string, sourceId: string | null, jiraDomain: string | null = null): string | null {
  if (!sourceId) return null;
  const id = encodeURIComponent(sourceId);
  switch (service) {
    case "todoist":
      return `https://app.todoist.com/app/task/${id}`;
    case "asana":
      return `https://app.asana.com/0/0/${id}`;
    case "paymo":
      return `https://app.paymoapp.com/#Paymo.Tasks/${id}`;
    case "jira":
      return jiraDomain ? `https://${jiraDomain}/browse/${id}` : null;
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Time written back (beyond the spec; decision 032)

/**
 * A block's write-back: `pending` (queued or being retried), `written` (the tool has the block's current time),
 * `failed` (the last attempt gave up; `error` says why and a retry queues it again), `off` (the person turned
 * write-back off for the service when the block was completed).
 */
export const writeBackStates = ["pending", "written", "failed", "off"] as const;
export type WriteBackState = (typeof writeBackStates)[number];

export const writeBackSchema = z.object({
  event_id: z.string(),
  service: itemServiceSchema,
  /** The item's id in the tool (the block's `source_id`). */
  item_id: z.string(),
  state: z.enum(writeBackStates),
  /** The seconds and day the tool has now (null before the first write). */
  written_seconds: z.number().int().nullable(),
  written_date: z.string().nullable(),
  /** Why the last attempt failed, in the service's words, or null. */
  error: z.string().nullable(),
  attempts: z.number().int().min(0),
  updated_at: z.number().int(),
});
export type WriteBack = z.infer<typeof writeBackSchema>;

/** `GET user/{id}/write-backs?start_time&end_time`: the write-backs of the blocks that start in the range. */
export const writeBacksQuerySchema = instantRangeQuerySchema({});
export const writeBacksAnswerSchema = z.object({ write_backs: z.array(writeBackSchema) });

/** `PATCH user/{id}/integration/{service}`: the person's settings of a connected service. */
export const integrationSettingsPatchSchema = z.object({ write_back: z.boolean() }).strict();
export type IntegrationSettingsPatch = z.infer<typeof integrationSettingsPatchSchema>;

/** Whole minutes of logged time, as a tool's comment says them: "1 h 30 m", "45 m", "2 h". */
export function loggedTimeText(seconds: number): string {
  const minutes = Math.max(0, Math.round(seconds / 60));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} m`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} m`;
}

/** `YYYY-MM-DD` as `dd/MM/yyyy`. */
function dayText(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}/${month}/${year}`;
}

/**
 * The note a write-back leaves on a Todoist or Asana task (and the worklog's or time entry's description):
 * "1 h 30 m logged in Timetrap on 27/11/2026", with the block's reference, by which a retried write finds the one it
 * wrote before instead of writing a second.
 */
export function writeBackNote(seconds: number, day: string, reference: string): string {
  return `${loggedTimeText(seconds)} logged in Timetrap on ${dayText(day)} [${reference}]`;
}

/** The reference of a block in a write-back's note: `timetrap:<event id>`. */
export function writeBackReference(eventId: string): string {
  return `timetrap:${eventId}`;
}
