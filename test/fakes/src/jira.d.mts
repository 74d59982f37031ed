import type { FakeFailureMatch, FakeLoggedRequest, FakeRequestControls } from "./fake-http.mjs";

/** An Atlassian Document Format document (only what the fake reads: its text nodes). */
export interface FakeJiraAdf {
  type: "doc";
  version: 1;
  content: unknown[];
}

export interface FakeJiraAccount {
  accountId: string;
  email: string;
  displayName: string;
  /** The API token the fake accepts for it (with the e-mail, as Basic). */
  apiToken: string;
}

export interface FakeJiraIssueInput {
  /** `PROJ-7`; made up in the project when absent. */
  key?: string;
  /** The project's key when `key` is absent: `PROJ` unless told. */
  project?: string;
  summary: string;
  /** A plain text (made into ADF paragraphs) or an ADF document; none when absent. */
  description?: string | FakeJiraAdf | null;
  /** Bug, Task, Story, Epic, Subtask or another name. Task unless told. */
  type?: string;
  /** The assignee's e-mail or account id; the fake's first account unless told; null for nobody. */
  assignee?: string | null;
  /** "To Do" (unless told), "In Progress" or "Done". */
  status?: string;
  /** Epoch ms, for `ORDER BY updated`. */
  updated?: number;
}

/** An issue as the fake answers it with every field. */
export interface FakeJiraIssue {
  id: string;
  key: string;
  self: string;
  fields: {
    summary: string;
    description: FakeJiraAdf | null;
    issuetype: { id: string; name: string; iconUrl: string; subtask: boolean; [field: string]: unknown };
    [field: string]: unknown;
  };
  [field: string]: unknown;
}

export interface FakeJiraWorklog {
  id: string;
  issueId: string;
  self: string;
  author: Record<string, unknown> | null;
  comment: FakeJiraAdf | null;
  /** The comment's text, lines joined by a newline. */
  commentText: string;
  /** As Jira keeps it: `2026-11-27T09:00:00.000+0000`. */
  started: string;
  timeSpent: string;
  timeSpentSeconds: number;
  created: string;
  updated: string;
}

export interface FakeJiraFailure extends FakeFailureMatch {
  /** The status answered, with Jira's error body (or `body`); none: only the delay. */
  status?: number;
  /** The answer's body instead of Jira's `{errorMessages, errors}`. */
  body?: unknown;
  /** The message in Jira's error body. */
  message?: string;
  /** Sent as the Retry-After header (seconds, or an HTTP date). */
  retryAfter?: number | string;
  /** The request is carried out first; only its answer is the failure (or is late): a write whose answer was lost. */
  afterWrite?: boolean;
}

export interface FakeJiraRequest extends FakeLoggedRequest {
  /** The JSON body, parsed (or its text); null without one. */
  body: unknown;
}

export interface FakeJira extends FakeRequestControls<FakeJiraRequest> {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `127.0.0.1:<port>`: the site's address as a person types it (`metadata.domain`). */
  domain: string;
  /** The first account's e-mail and API token. */
  email: string;
  apiToken: string;
  /** Forgets everything; the first account is made again with its token. */
  reset(): void;
  /** An account (or another API token of one), with the token the fake accepts. */
  addAccount(account: { email: string; apiToken?: string; displayName?: string }): FakeJiraAccount;
  addIssue(issue: FakeJiraIssueInput): FakeJiraIssue;
  /** The issue is gone, as one deleted in Jira meanwhile: every call about it is a 404. */
  deleteIssue(key: string): void;
  setIssueStatus(key: string, status: "To Do" | "In Progress" | "Done"): void;
  /** The issue's worklogs (deleted ones left out), oldest first. */
  worklogs(key: string): FakeJiraWorklog[];
  deleteWorklog(key: string, id: string): void;
  failNext(count: number, failure?: FakeJiraFailure): void;
  /** The most a page holds: search (100 unless told; 5000 for ids only) and worklogs (5000 unless told). */
  setPageLimits(limits: { search?: number; worklogs?: number }): void;
  close(): Promise<void>;
}

export declare function startFakeJira(options?: {
  port?: number;
  /** The first account: e-mail, API token and name. */
  email?: string;
  apiToken?: string;
  displayName?: string;
}): Promise<FakeJira>;

/** ADF for a plain text: one paragraph per line. */
export declare function adfOf(text: string): FakeJiraAdf;
/** The text of an ADF document: its text nodes, a line per block. */
export declare function textOfAdf(node: unknown): string;

/** The settings that let a Timetrap server reach a started fake Jira (on 127.0.0.1, over http). */
export declare function serverEnvOf(jira: FakeJira): Record<string, string>;
