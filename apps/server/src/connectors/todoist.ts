import { itemUrlOf, type TodoistTask, type todoistProjectSchema } from "@timetrap/domain";
import { z } from "zod";
import type { WriteBackEntry, WriteBackTarget } from "../modules/write-back/write-back-target.js";
import {
  bearer,
  checkedId as checkedPathId,
  clientSettingsOf,
  everyPage,
  type OAuthConnectorConfig,
  oauthClientOf,
  parsed,
  textMessage,
} from "./connector-kit.js";
import { ConnectorError, type ConnectorErrorKind, createConnectorClient } from "./http-client.js";

/**
 * Todoist's OAuth flow and unified API v1 (INTEGRATIONS.md §1, decision 032), through the connectors' client: the
 * consent page's address, the code exchange (a token without expiry or refresh), revocation, the projects and active
 * tasks (every page of their cursors), closing a task, and the time written back as a comment on the task.
 */

export const todoistOAuthService = "Todoist";
export const todoistApiService = "Todoist API";

/** `data:read_write` covers reading projects and tasks, closing tasks and adding comments. */
export const todoistScopes = ["data:read_write"];

/**
 * Todoist's tokens do not expire and come without a refresh token; the integration keeps an expiry for every token, so
 * this one is set far enough that the token is never taken for expiring. A revoked token is a 401, and the person
 * connects again.
 */
export const todoistTokenLifetimeSeconds = 10 * 365 * 86_400;

export interface TodoistConnectorConfig extends OAuthConnectorConfig {
  /** The API's base, `https://api.todoist.com/api/v1`; the revocation endpoint is under it. */
  apiUrl: string;
}

export interface TodoistTokens {
  accessToken: string;
  refreshToken: null;
  expiresInSeconds: number;
  /** What was asked for: Todoist's answer names no scope. */
  scopes: string[];
  email: null;
}

export type TodoistProject = z.infer<typeof todoistProjectSchema>;

export interface TodoistConnector extends WriteBackTarget {
  configured: boolean;
  scopes: string[];
  authorizationUrl(options: { state: string; redirectUri: string }): string;
  exchangeCode(options: { code: string; redirectUri: string }): Promise<TodoistTokens>;
  /** Todoist has no refresh: always the `unauthorized` failure, so that the person connects again. */
  refresh(refreshToken: string): Promise<TodoistTokens>;
  revoke(token: string): Promise<void>;
  listProjects(accessToken: string): Promise<TodoistProject[]>;
  /** The active tasks, each with its parent's content when it is a subtask. */
  listTasks(accessToken: string): Promise<TodoistTask[]>;
  /** Closes the task (a recurring one moves to its next date, as Todoist does). */
  closeTask(accessToken: string, taskId: string): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------
// What Todoist answers (only the fields read)

const tokenAnswerSchema = z.object({ access_token: z.string().min(1), token_type: z.string().optional() });

const projectSchema = z.object({ id: z.string(), name: z.string() });

const taskSchema = z.object({
  id: z.string(),
  content: z.string(),
  description: z.string().nullish(),
  due: z.object({ date: z.string() }).nullish(),
  project_id: z.string(),
  parent_id: z.string().nullish(),
  priority: z.number().nullish(),
  checked: z.boolean().nullish(),
});
type TodoistApiTask = z.infer<typeof taskSchema>;

const commentSchema = z.object({ id: z.string(), content: z.string().nullish() });

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ results: z.array(item), next_cursor: z.string().nullish() });

// ---------------------------------------------------------------------------------------------------------------
// Errors

/** API v1's `{error, error_code, error_extra, error_tag, http_code}`; the token endpoint's `{error}`. */
function readTodoistError(_status: number, body: unknown): { reason: string | null; message: string | null } {
  if (body === null || typeof body !== "object") {
    return { reason: null, message: textMessage(body) };
  }
  const record = body as Record<string, unknown>;
  const error = typeof record.error === "string" ? record.error : null;
  const tag = typeof record.error_tag === "string" ? record.error_tag : null;
  return { reason: tag ?? error, message: error };
}

/** A 429's wait, `error_extra.retry_after` (seconds): Todoist sends no Retry-After header. */
function todoistRetryAfter(_status: number, body: unknown): number | null {
  if (body === null || typeof body !== "object") return null;
  const extra = (body as { error_extra?: unknown }).error_extra;
  const seconds = extra !== null && typeof extra === "object" ? (extra as { retry_after?: unknown }).retry_after : null;
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
}

/** A code Todoist refuses is the person's to try again; refused client credentials are this server's configuration. */
function classifyOAuth(_status: number, reason: string | null): ConnectorErrorKind | null {
  if (reason === "bad_authorization_code") return "unauthorized";
  if (reason === "incorrect_application_credentials") return "upstream";
  return null;
}

// ---------------------------------------------------------------------------------------------------------------

/** An item's id, checked before it goes in a path or a body: one that is not Todoist's shape never reaches the API. */
const checkedId = (id: string, what: string) => checkedPathId(id, what, todoistApiService, "a Todoist id");

const segment = (id: string, what: string) => encodeURIComponent(checkedId(id, what));

/** A loop guard: 200 a page, this many pages is far beyond anyone's tasks. */
export const todoistMaxPages = 100;
const pageSize = 200;

function toTask(task: TodoistApiTask, parents: ReadonlyMap<string, TodoistApiTask>): TodoistTask {
  const priority = Math.round(task.priority ?? 1);
  return {
    id: task.id,
    content: task.content,
    description: task.description ?? "",
    due: task.due ? { date: task.due.date.slice(0, 10) } : null,
    project_id: task.project_id,
    url: itemUrlOf("todoist", task.id) ?? "",
    completed: task.checked === true,
    priority: Math.min(4, Math.max(1, priority)),
    parent_description: task.parent_id ? (parents.get(task.parent_id)?.content ?? null) : null,
  };
}

export function createTodoistConnector(config: TodoistConnectorConfig): TodoistConnector {
  const common = clientSettingsOf(config);
  const tokenClient = createConnectorClient({
    ...common,
    service: todoistOAuthService,
    baseUrl: config.tokenUrl,
    readError: readTodoistError,
    classify: classifyOAuth,
  });
  const apiOptions = {
    ...common,
    service: todoistApiService,
    baseUrl: config.apiUrl,
    readError: readTodoistError,
    retryAfterOf: todoistRetryAfter,
  };
  const api = createConnectorClient(apiOptions);
  // Sent once: a new comment, or a close (a recurring task's moves it on a date), repeated after a failure or a
  // silence that came after Todoist did it would be done twice. The write-back job tries again later, and looks for
  // the comment it may have written first; a close is the person's to press again.
  const once = createConnectorClient({ ...apiOptions, retries: 0 });
  const client = () => oauthClientOf(config, todoistOAuthService, "Todoist");

  /** Every item of a listing, its cursors followed; a listing that never ends is the service's failure. */
  function listAll<T>(
    accessToken: string,
    path: string,
    item: z.ZodType<T>,
    query: Record<string, string> = {},
  ): Promise<T[]> {
    const schema = pageOf(item);
    return everyPage({
      service: todoistApiService,
      path,
      maxPages: todoistMaxPages,
      page: async (cursor) => {
        const answer = parsed(
          schema,
          await api.request<unknown>({
            method: "GET",
            path,
            query: { ...query, limit: pageSize, cursor },
            headers: bearer(accessToken),
          }),
          todoistApiService,
        );
        return { items: answer.results as T[], next: answer.next_cursor };
      },
    });
  }

  async function findComment(accessToken: string, entry: WriteBackEntry): Promise<string | null> {
    const comments = await listAll(accessToken, "/comments", commentSchema, {
      task_id: checkedId(entry.itemId, "Task"),
    });
    return comments.find((comment) => comment.content?.includes(entry.reference))?.id ?? null;
  }

  return {
    service: "todoist",
    configured: Boolean(config.clientId && config.clientSecret),
    scopes: [...todoistScopes],

    authorizationUrl({ state, redirectUri }) {
      const url = new URL(config.authorizeUrl);
      url.searchParams.set("client_id", client().client_id);
      url.searchParams.set("scope", todoistScopes.join(","));
      url.searchParams.set("state", state);
      url.searchParams.set("redirect_uri", redirectUri);
      return url.toString();
    },

    async exchangeCode({ code, redirectUri }) {
      const answer = parsed(
        tokenAnswerSchema,
        await tokenClient.request<unknown>({
          method: "POST",
          path: "",
          form: { ...client(), code, redirect_uri: redirectUri },
        }),
        todoistOAuthService,
      );
      return {
        accessToken: answer.access_token,
        refreshToken: null,
        expiresInSeconds: todoistTokenLifetimeSeconds,
        scopes: [...todoistScopes],
        email: null,
      };
    },

    async refresh() {
      throw new ConnectorError({
        service: todoistOAuthService,
        kind: "unauthorized",
        status: null,
        reason: "no_refresh",
        serviceMessage: "Todoist's access tokens cannot be refreshed",
      });
    },

    async revoke(token) {
      const { client_id, client_secret } = client();
      await api.request<void>({
        method: "POST",
        path: "/revoke",
        headers: {
          authorization: `Basic ${Buffer.from(`${encodeURIComponent(client_id)}:${encodeURIComponent(client_secret)}`).toString("base64")}`,
        },
        form: { token, token_type_hint: "access_token" },
        expect: "empty",
      });
    },

    async listProjects(accessToken) {
      return listAll(accessToken, "/projects", projectSchema);
    },

    async listTasks(accessToken) {
      const tasks = await listAll(accessToken, "/tasks", taskSchema);
      const byId = new Map(tasks.map((task) => [task.id, task]));
      return tasks.map((task) => toTask(task, byId));
    },

    async closeTask(accessToken, taskId) {
      await once.request<void>({
        method: "POST",
        path: `/tasks/${segment(taskId, "Task")}/close`,
        headers: bearer(accessToken),
        expect: "empty",
      });
    },

    find: findComment,

    async create(accessToken, entry) {
      const comment = parsed(
        commentSchema,
        await once.request<unknown>({
          method: "POST",
          path: "/comments",
          headers: bearer(accessToken),
          json: { task_id: checkedId(entry.itemId, "Task"), content: entry.note },
        }),
        todoistApiService,
      );
      return comment.id;
    },

    async update(accessToken, recordId, entry) {
      await api.request<unknown>({
        method: "POST",
        path: `/comments/${segment(recordId, "Comment")}`,
        headers: bearer(accessToken),
        json: { content: entry.note },
      });
    },
  };
}
