import { type AsanaNamed, type AsanaTask, itemUrlOf } from "@timetrap/domain";
import { z } from "zod";
import type { WriteBackEntry, WriteBackTarget } from "../modules/write-back/write-back-target.js";
import {
  bearer,
  checkedId,
  classifyOAuthGrant,
  clientSettingsOf,
  everyPage,
  type OAuthConnectorConfig,
  oauthClientOf,
  parsed,
  readOAuthError,
  textMessage,
} from "./connector-kit.js";
import { createConnectorClient } from "./http-client.js";

/**
 * Asana's OAuth flow and REST API 1.0 (INTEGRATIONS.md §2, decision 032), through the connectors' client: the consent
 * page's address, the code exchange and refresh (an hour's token; a refresh keeps the first refresh token),
 * revocation, the workspaces, their projects, a project's incomplete tasks or the person's in a workspace (every page
 * of their offsets), completing a task, and the time written back as a comment (a story) on the task.
 */

export const asanaOAuthService = "Asana";
export const asanaApiService = "Asana API";

/**
 * The granular scopes of what is read and written. INTEGRATIONS.md names the first four; the stories' two are what
 * the time written back as a comment needs (an app registered with granular scopes is refused what it did not ask).
 */
export const asanaScopes = [
  "workspaces:read",
  "projects:read",
  "tasks:read",
  "tasks:write",
  "stories:read",
  "stories:write",
];

/** The fields a task is asked with: `projects.name`, since `projects` alone answers their gids only. */
export const asanaTaskFields = "name,due_on,projects.name,html_notes,permalink_url,completed";

/** Asana's access tokens last an hour. */
const asanaTokenLifetimeSeconds = 3600;

export interface AsanaConnectorConfig extends OAuthConnectorConfig {
  revokeUrl: string;
  /** The API's base, `https://app.asana.com/api/1.0`. */
  apiUrl: string;
}

export interface AsanaTokens {
  accessToken: string;
  /** Sent with the code's exchange; a refresh sends none and the first one is kept (null here). */
  refreshToken: string | null;
  expiresInSeconds: number;
  /** What was asked for: Asana's answer names no scope. */
  scopes: string[];
  /** The Asana account's e-mail, from the token answer's `data`. */
  email: string | null;
}

export interface AsanaConnector extends WriteBackTarget {
  configured: boolean;
  scopes: string[];
  authorizationUrl(options: { state: string; redirectUri: string }): string;
  exchangeCode(options: { code: string; redirectUri: string }): Promise<AsanaTokens>;
  refresh(refreshToken: string): Promise<AsanaTokens>;
  revoke(token: string): Promise<void>;
  listWorkspaces(accessToken: string): Promise<AsanaNamed[]>;
  /** The workspace's projects that are not archived. */
  listProjects(accessToken: string, workspaceGid: string): Promise<AsanaNamed[]>;
  /** The project's incomplete tasks. */
  listProjectTasks(accessToken: string, projectGid: string): Promise<AsanaTask[]>;
  /** The incomplete tasks assigned to the person in the workspace, whatever their project: "all projects". */
  listMyTasks(accessToken: string, workspaceGid: string): Promise<AsanaTask[]>;
  completeTask(accessToken: string, taskGid: string): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------
// What Asana answers (only the fields read)

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
  refresh_token: z.string().min(1).optional(),
  data: z.object({ email: z.string().optional() }).partial().optional(),
});

const namedSchema = z.object({ gid: z.string(), name: z.string().nullish() });

const taskSchema = z.object({
  gid: z.string(),
  name: z.string().nullish(),
  due_on: z.string().nullish(),
  projects: z.array(namedSchema).nullish(),
  html_notes: z.string().nullish(),
  permalink_url: z.string().nullish(),
  completed: z.boolean().nullish(),
});
type AsanaApiTask = z.infer<typeof taskSchema>;

const storySchema = z.object({
  gid: z.string(),
  text: z.string().nullish(),
  type: z.string().nullish(),
});

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    next_page: z.object({ offset: z.string().nullish() }).nullish(),
  });

const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item });

// ---------------------------------------------------------------------------------------------------------------
// Errors

/** The API's `{errors: [{message, help, phrase}]}`: the messages, joined. */
function readAsanaError(_status: number, body: unknown): { reason: string | null; message: string | null } {
  const errors = body !== null && typeof body === "object" ? (body as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(errors)) {
    return { reason: null, message: textMessage(body) };
  }
  const messages = errors
    .map((error) => (error !== null && typeof error === "object" ? (error as { message?: unknown }).message : null))
    .filter((message): message is string => typeof message === "string" && message.trim() !== "");
  return { reason: null, message: messages.length > 0 ? messages.join("; ") : null };
}

// ---------------------------------------------------------------------------------------------------------------

/** A gid, checked before it goes in a path or a query: one that is not an id's shape never reaches the API. */
const checkedGid = (gid: string, what: string) => checkedId(gid, what, asanaApiService, "an Asana gid");

const segment = (gid: string, what: string) => encodeURIComponent(checkedGid(gid, what));

/** A loop guard: 100 a page, this many pages is far beyond anyone's tasks. */
export const asanaMaxPages = 100;
const pageSize = 100;

function toTask(task: AsanaApiTask): AsanaTask {
  return {
    gid: task.gid,
    name: task.name ?? "",
    due_on: task.due_on ?? null,
    projects: (task.projects ?? []).map((project) => ({ gid: project.gid, name: project.name ?? "" })),
    html_notes: task.html_notes ?? "",
    permalink_url: task.permalink_url ?? itemUrlOf("asana", task.gid) ?? "",
  };
}

export function createAsanaConnector(config: AsanaConnectorConfig): AsanaConnector {
  const common = clientSettingsOf(config);
  const oauthOptions = {
    ...common,
    service: asanaOAuthService,
    readError: readOAuthError,
    classify: classifyOAuthGrant,
  };
  const tokenClient = createConnectorClient({ ...oauthOptions, baseUrl: config.tokenUrl });
  const revokeClient = createConnectorClient({ ...oauthOptions, baseUrl: config.revokeUrl });
  const apiOptions = { ...common, service: asanaApiService, baseUrl: config.apiUrl, readError: readAsanaError };
  const api = createConnectorClient(apiOptions);
  // A new comment is sent once: repeated after a failure or a silence that came after Asana wrote it, it would be
  // written twice. The write-back job tries again later, and looks for the one it may have written first.
  const once = createConnectorClient({ ...apiOptions, retries: 0 });
  const client = () => oauthClientOf(config, asanaOAuthService, "Asana");

  async function tokens(form: Record<string, string>): Promise<AsanaTokens> {
    const answer = parsed(
      tokenAnswerSchema,
      await tokenClient.request<unknown>({ method: "POST", path: "", form: { ...form, ...client() } }),
      asanaOAuthService,
    );
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token ?? null,
      expiresInSeconds: answer.expires_in ?? asanaTokenLifetimeSeconds,
      scopes: [...asanaScopes],
      email: answer.data?.email ?? null,
    };
  }

  /** Every item of a listing, its offsets followed; a listing that never ends is the service's failure. */
  function listAll<T>(
    accessToken: string,
    path: string,
    item: z.ZodType<T>,
    query: Record<string, string>,
  ): Promise<T[]> {
    const schema = pageOf(item);
    return everyPage({
      service: asanaApiService,
      path,
      maxPages: asanaMaxPages,
      page: async (offset) => {
        const answer = parsed(
          schema,
          await api.request<unknown>({
            method: "GET",
            path,
            query: { ...query, limit: pageSize, offset },
            headers: bearer(accessToken),
          }),
          asanaApiService,
        );
        return { items: answer.data as T[], next: answer.next_page?.offset };
      },
    });
  }

  const incomplete = (tasks: AsanaApiTask[]) => tasks.filter((task) => task.completed !== true).map(toTask);

  return {
    service: "asana",
    configured: Boolean(config.clientId && config.clientSecret),
    scopes: [...asanaScopes],

    authorizationUrl({ state, redirectUri }) {
      const url = new URL(config.authorizeUrl);
      const params: Record<string, string> = {
        client_id: client().client_id,
        redirect_uri: redirectUri,
        response_type: "code",
        state,
        scope: asanaScopes.join(" "),
      };
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      return url.toString();
    },

    exchangeCode({ code, redirectUri }) {
      return tokens({ grant_type: "authorization_code", code, redirect_uri: redirectUri });
    },

    refresh(refreshToken) {
      return tokens({ grant_type: "refresh_token", refresh_token: refreshToken });
    },

    async revoke(token) {
      await revokeClient.request<void>({ method: "POST", path: "", form: { ...client(), token }, expect: "empty" });
    },

    async listWorkspaces(accessToken) {
      const workspaces = await listAll(accessToken, "/workspaces", namedSchema, { opt_fields: "name" });
      return workspaces.map((workspace) => ({ gid: workspace.gid, name: workspace.name ?? "" }));
    },

    async listProjects(accessToken, workspaceGid) {
      const projects = await listAll(
        accessToken,
        `/workspaces/${segment(workspaceGid, "Workspace")}/projects`,
        namedSchema,
        {
          archived: "false",
          opt_fields: "name",
        },
      );
      return projects.map((project) => ({ gid: project.gid, name: project.name ?? "" }));
    },

    async listProjectTasks(accessToken, projectGid) {
      const tasks = await listAll(accessToken, `/projects/${segment(projectGid, "Project")}/tasks`, taskSchema, {
        completed_since: "now",
        opt_fields: asanaTaskFields,
      });
      return incomplete(tasks);
    },

    async listMyTasks(accessToken, workspaceGid) {
      const tasks = await listAll(accessToken, "/tasks", taskSchema, {
        assignee: "me",
        workspace: checkedGid(workspaceGid, "Workspace"),
        completed_since: "now",
        opt_fields: asanaTaskFields,
      });
      return incomplete(tasks);
    },

    async completeTask(accessToken, taskGid) {
      await api.request<unknown>({
        method: "PUT",
        path: `/tasks/${segment(taskGid, "Task")}`,
        query: { opt_fields: "completed" },
        headers: bearer(accessToken),
        json: { data: { completed: true } },
      });
    },

    async find(accessToken: string, entry: WriteBackEntry) {
      const stories = await listAll(accessToken, `/tasks/${segment(entry.itemId, "Task")}/stories`, storySchema, {
        opt_fields: "text,type",
      });
      return stories.find((story) => story.type === "comment" && story.text?.includes(entry.reference))?.gid ?? null;
    },

    async create(accessToken, entry) {
      const answer = parsed(
        dataOf(storySchema),
        await once.request<unknown>({
          method: "POST",
          path: `/tasks/${segment(entry.itemId, "Task")}/stories`,
          query: { opt_fields: "text,type" },
          headers: bearer(accessToken),
          json: { data: { text: entry.note } },
        }),
        asanaApiService,
      );
      return answer.data.gid;
    },

    async update(accessToken, recordId, entry) {
      await api.request<unknown>({
        method: "PUT",
        path: `/stories/${segment(recordId, "Story")}`,
        query: { opt_fields: "text" },
        headers: bearer(accessToken),
        json: { data: { text: entry.note } },
      });
    },
  };
}
