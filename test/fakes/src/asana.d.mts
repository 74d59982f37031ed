import type { FakeFailureMatch, FakeLoggedRequest, FakeRequestControls } from "./fake-http.mjs";

export interface FakeAsanaReference {
  gid: string;
  name: string;
  resource_type: string;
}

export interface FakeAsanaWorkspace {
  gid: string;
  name: string;
  resource_type: "workspace";
  is_organization: boolean;
  [field: string]: unknown;
}

export interface FakeAsanaProject {
  gid: string;
  name: string;
  resource_type: "project";
  archived: boolean;
  workspace: FakeAsanaReference;
  [field: string]: unknown;
}

export interface FakeAsanaTask {
  gid: string;
  name: string;
  resource_type: "task";
  notes: string;
  html_notes: string;
  completed: boolean;
  completed_at: string | null;
  /** `YYYY-MM-DD` or null. */
  due_on: string | null;
  permalink_url: string;
  workspace: FakeAsanaReference;
  projects: FakeAsanaReference[];
  assignee: FakeAsanaReference | null;
  [field: string]: unknown;
}

/**
 * What a test stores: any of the task's fields, with `workspace` a workspace's gid (its first project's unless given),
 * `projects` the projects' gids, and `assignee` null for a task nobody is assigned to (the account's person otherwise).
 */
export type FakeAsanaTaskInput = Partial<Omit<FakeAsanaTask, "workspace" | "projects" | "assignee">> & {
  workspace?: string;
  projects?: string[];
  assignee?: null | "me";
};

export interface FakeAsanaStory {
  gid: string;
  resource_type: "story";
  type: "comment" | "system";
  resource_subtype: string;
  text: string;
  html_text: string;
  is_edited: boolean;
  created_at: string;
  created_by: FakeAsanaReference;
  target: FakeAsanaReference;
  [field: string]: unknown;
}

export interface FakeAsanaFailure extends FakeFailureMatch {
  /** The status answered, with Asana's `{errors: [{message}]}` body (OAuth's `{error}` on the token and revoke ends). */
  status?: number;
  /** The error's message (or OAuth's `error`), instead of the usual one for the status. */
  message?: string;
  /** The answer's body instead of Asana's: an object sent as JSON, a string as it is (a proxy's page). */
  body?: unknown;
  /** Sent as the Retry-After header (seconds). */
  retryAfter?: number;
}

export interface FakeAsanaRequest extends FakeLoggedRequest {
  /** The body: JSON parsed, a form as an object, null when empty. */
  body: unknown;
}

export interface FakeAsanaTokenAnswer {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  refresh_token?: string;
  data: { id: number; gid: string; name: string; email: string };
}

export interface FakeAsana extends FakeRequestControls<FakeAsanaRequest> {
  url: string;
  /** ASANA_OAUTH_AUTHORIZE_URL */
  authorizeUrl: string;
  /** ASANA_OAUTH_TOKEN_URL */
  tokenUrl: string;
  /** ASANA_OAUTH_REVOKE_URL */
  revokeUrl: string;
  /** ASANA_API_URL */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  reset(): void;
  addWorkspace(email: string, workspace?: Partial<FakeAsanaWorkspace>): FakeAsanaWorkspace;
  addProject(email: string, workspaceGid: string, project?: Partial<FakeAsanaProject>): FakeAsanaProject;
  addTask(email: string, task?: FakeAsanaTaskInput): FakeAsanaTask;
  /** A comment (or, with `type: "system"`, an activity) story on the task. */
  addStory(taskGid: string, text: string, options?: { type?: "comment" | "system" }): FakeAsanaStory;
  /** The account's tasks, completed ones too. */
  tasks(email: string): FakeAsanaTask[];
  stories(taskGid: string): FakeAsanaStory[];
  /** Deleted in Asana meanwhile: every call about it, or its stories, is a 404 "Unknown object". */
  deleteTask(gid: string): void;
  deleteStory(gid: string): void;
  failNext(count: number, failure?: FakeAsanaFailure): void;
  expireAccessTokens(): void;
  /** The refresh tokens given so far (to that account, or every one) are refused with invalid_grant from now on. */
  refuseRefresh(email?: string): void;
  /** The consent page's answer to an authorization URL: the address the browser is sent to next. */
  consent(url: string, options?: { email?: string; allow?: boolean }): string;
  /** Tokens for an account as if its person had consented (`scope` space-separated; the connector's scopes unless told). */
  issueTokens(email: string, options?: { scope?: string }): FakeAsanaTokenAnswer;
  close(): Promise<void>;
}

export declare function startFakeAsana(options?: {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** The account the consent page offers. */
  defaultEmail?: string;
}): Promise<FakeAsana>;

/** The settings that point a Timetrap server's Asana connection at `asana` (a started fake). */
export declare function serverEnvOf(
  asana: Pick<FakeAsana, "clientId" | "clientSecret" | "authorizeUrl" | "tokenUrl" | "revokeUrl" | "apiUrl">,
): Record<string, string>;
