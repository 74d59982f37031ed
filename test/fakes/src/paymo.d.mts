import type { FakeFailureMatch, FakeLoggedRequest, FakeRequestControls } from "./fake-http.mjs";

export interface FakePaymoUser {
  id: number;
  name: string;
  email: string;
  type: string;
  active: boolean;
  timezone: string;
}

export interface FakePaymoProject {
  id: number;
  name: string;
  code: string;
  description: string;
  client_id: number | null;
  active: boolean;
  billable: boolean;
  users: number[];
  managers: number[];
  created_on: string;
  updated_on: string;
}

export interface FakePaymoTask {
  id: number;
  name: string;
  code: string;
  project_id: number;
  tasklist_id: number | null;
  complete: boolean;
  description: string;
  /** `YYYY-MM-DD` or null. */
  due_date: string | null;
  users: number[];
  billable: boolean;
  created_on: string;
  updated_on: string;
}

export interface FakePaymoEntry {
  id: number;
  task_id: number;
  project_id: number;
  user_id: number;
  description: string;
  /** ISO 8601 in UTC, or null for an entry given as a date and a duration. */
  start_time: string | null;
  end_time: string | null;
  date: string;
  /** Seconds. */
  duration: number;
  added_manually: boolean;
  billed: boolean;
  created_on: string;
  updated_on: string;
}

export interface FakePaymoFailure extends FakeFailureMatch {
  /** The status answered, with Paymo's `{message}` (or `body`); none: only the delay. */
  status?: number;
  body?: unknown;
  message?: string;
  /** Sent as the Retry-After header (seconds, or an HTTP date). */
  retryAfter?: number | string;
  /** The request is carried out first; only its answer is the failure (or is late): a write whose answer was lost. */
  afterWrite?: boolean;
}

export interface FakePaymoRequest extends FakeLoggedRequest {
  /** The JSON body, parsed (or its text); null without one. */
  body: unknown;
}

export interface FakePaymo extends FakeRequestControls<FakePaymoRequest> {
  url: string;
  /** PAYMO_API_URL: `<url>/api`. */
  apiUrl: string;
  /** The first user's API key. */
  apiKey: string;
  /** Forgets everything; the first user is made again with its key. */
  reset(): void;
  /** Another user, with the API key the fake accepts for them. */
  addKey(user?: { apiKey?: string; name?: string; email?: string }): FakePaymoUser & { apiKey: string };
  addProject(project: {
    name: string;
    active?: boolean;
    code?: string;
    description?: string;
    client_id?: number | null;
    billable?: boolean;
  }): FakePaymoProject;
  addTask(task: {
    project_id: number;
    name: string;
    complete?: boolean;
    due_date?: string | null;
    description?: string;
    tasklist_id?: number | null;
    users?: number[];
  }): FakePaymoTask;
  /** The task is gone, as one deleted in Paymo meanwhile. */
  deleteTask(id: number): void;
  setTaskComplete(id: number, complete?: boolean): void;
  /** The time entries (of one task, when given), oldest first. */
  entries(taskId?: number): FakePaymoEntry[];
  deleteEntry(id: number): void;
  failNext(count: number, failure?: FakePaymoFailure): void;
  close(): Promise<void>;
}

export declare function startFakePaymo(options?: {
  port?: number;
  /** The first user's API key, name and e-mail. */
  apiKey?: string;
  name?: string;
  email?: string;
}): Promise<FakePaymo>;

/** The settings that point a Timetrap server's Paymo connection at `paymo` (a started fake). */
export declare function serverEnvOf(paymo: Pick<FakePaymo, "apiUrl">): Record<string, string>;
