import type { FakeFailureMatch, FakeLoggedRequest, FakeRequestControls } from "./fake-http.mjs";

/** Todoist's `due` (API v1): `date` is `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM:SS` or the same with `Z`. */
export interface FakeTodoistDue {
  date: string;
  timezone?: string | null;
  string?: string;
  lang?: string;
  is_recurring?: boolean;
}

export interface FakeTodoistProject {
  id: string;
  name: string;
  color: string;
  parent_id: string | null;
  child_order: number;
  inbox_project: boolean;
  is_archived: boolean;
  is_favorite: boolean;
  is_deleted: boolean;
  view_style: string;
  [field: string]: unknown;
}

export interface FakeTodoistTask {
  id: string;
  user_id: string;
  project_id: string;
  section_id: string | null;
  parent_id: string | null;
  labels: string[];
  checked: boolean;
  is_deleted: boolean;
  added_at: string;
  completed_at: string | null;
  updated_at: string;
  /** 1 normal … 4 urgent. */
  priority: number;
  child_order: number;
  content: string;
  description: string;
  due: Required<FakeTodoistDue> | null;
  [field: string]: unknown;
}

/** What a test stores: any of the task's fields; `due` a date string or Todoist's object. */
export type FakeTodoistTaskInput = Partial<Omit<FakeTodoistTask, "due">> & { due?: string | FakeTodoistDue | null };

export interface FakeTodoistComment {
  id: string;
  /** The task's id (API v1 keeps the Sync API's name). */
  item_id: string;
  project_id: string | null;
  content: string;
  posted_at: string;
  posted_uid: string;
  is_deleted: boolean;
  [field: string]: unknown;
}

export interface FakeTodoistFailure extends FakeFailureMatch {
  /** The status answered, with Todoist's error body for it (the token endpoint's `{error}` there); none: only the delay. */
  status?: number;
  /** A 429's `error_extra.retry_after`, in seconds (1 unless told). Todoist sends no Retry-After header. */
  retryAfter?: number;
  /** The body's `error` for a 4xx other than 401, 403, 404 and 429 (or the token endpoint's `error`). */
  error?: string;
  /** The answer's body instead of Todoist's: an object sent as JSON, a string as it is (a proxy's page). */
  body?: unknown;
}

export interface FakeTodoistRequest extends FakeLoggedRequest {
  /** The body: JSON parsed, a form as an object, null when empty. */
  body: unknown;
}

export interface FakeTodoist extends FakeRequestControls<FakeTodoistRequest> {
  url: string;
  /** TODOIST_OAUTH_AUTHORIZE_URL */
  authorizeUrl: string;
  /** TODOIST_OAUTH_TOKEN_URL */
  tokenUrl: string;
  /** TODOIST_API_URL */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  reset(): void;
  addProject(email: string, project?: Partial<FakeTodoistProject>): FakeTodoistProject;
  /** Stores a task (in the account's Inbox unless `project_id` names one of its projects) and answers it as stored. */
  addTask(email: string, task?: FakeTodoistTaskInput): FakeTodoistTask;
  addComment(taskId: string, content: string): FakeTodoistComment;
  /** The account's projects, its Inbox first. */
  projects(email: string): FakeTodoistProject[];
  /** Every task of the account: active, closed (`checked`) and deleted (`is_deleted`) ones. */
  tasks(email: string): FakeTodoistTask[];
  /** A task's comments, deleted ones too. */
  comments(taskId: string): FakeTodoistComment[];
  /** Deleted in Todoist meanwhile: no longer listed, and every call about it is a 404 "Task not found". */
  deleteTask(id: string): void;
  deleteComment(id: string): void;
  failNext(count: number, failure?: FakeTodoistFailure): void;
  /** The access tokens given so far (to that account, or every one) are refused with 401 from now on. */
  revokeTokens(email?: string): void;
  /** The consent page's answer to an authorization URL: the address the browser is sent to next. */
  consent(url: string, options?: { email?: string; allow?: boolean }): string;
  /** A token for an account as if its person had consented (`scope` comma-separated, `data:read_write` unless told). */
  issueToken(email: string, options?: { scope?: string }): { access_token: string; token_type: "Bearer" };
  close(): Promise<void>;
}

export declare function startFakeTodoist(options?: {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** The account the consent page offers. */
  defaultEmail?: string;
}): Promise<FakeTodoist>;

/** The settings that point a Timetrap server's Todoist connection at `todoist` (a started fake). */
export declare function serverEnvOf(
  todoist: Pick<FakeTodoist, "clientId" | "clientSecret" | "authorizeUrl" | "tokenUrl" | "apiUrl">,
): Record<string, string>;
