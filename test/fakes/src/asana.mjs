import { randomBytes } from "node:crypto";
import {
  answerConsentForm,
  bodyByContentType,
  consentLocation,
  controlDone,
  controlHandler,
  escapeHtml,
  failureQueue,
  fakePages,
  requestLog,
  retryAfterHeader,
  sendPage,
  sleep,
  startFakeServer,
} from "./fake-http.mjs";

/**
 * A stand-in for Asana's OAuth flow and REST API 1.0 (INTEGRATIONS.md §2), answering as Asana does: `{data}`
 * envelopes, string gids, `{errors: [{message, help}]}` error bodies, `next_page: {offset, path, uri}` pagination.
 *
 *   GET  /-/oauth_authorize                    the consent page (a clearly fake one): Allow / Deny, back to redirect_uri
 *   POST /-/oauth_authorize                    the page's form
 *   POST /-/oauth_token                        authorization_code and refresh_token grants (expires_in 3600; a refresh
 *                                              answers no new refresh_token)
 *   POST /-/oauth_revoke                       revokes the grant of a refresh token, or one access token
 *   GET  /api/1.0/users/me
 *   GET  /api/1.0/workspaces
 *   GET  /api/1.0/workspaces/{gid}/projects    archived=false
 *   GET  /api/1.0/projects/{gid}/tasks         completed_since=now: the incomplete ones
 *   GET  /api/1.0/tasks                        assignee=me&workspace={gid} (or project={gid}), completed_since
 *   GET|PUT /api/1.0/tasks/{gid}               PUT `{data: {completed: true}}` completes it
 *   GET|POST /api/1.0/tasks/{gid}/stories      POST `{data: {text}}` comments on it (201)
 *   GET|PUT /api/1.0/stories/{gid}             PUT `{data: {text}}` changes a comment
 *
 * Lists want `limit` 1–100 (the real API answers a legacy list without it unpaginated, and may time out on it: the
 * fake refuses it so that no caller forgets it) and honour `opt_fields` (`projects.name` gives each project's name;
 * `projects` alone only its gid). Granular scopes are checked (`default` grants them all). A 429 carries Retry-After.
 * Each Asana account (by e-mail, the one chosen on the consent page) has its workspaces, projects, tasks and stories.
 * Tests drive it through the returned methods or the same under /__control/ over HTTP:
 *
 *   POST   /__control/reset                      forget everything
 *   POST   /__control/workspaces                 {email, workspace}            -> the workspace
 *   POST   /__control/projects                   {email, workspaceGid, project} -> the project
 *   POST   /__control/tasks                      {email, task}                 -> the task
 *   GET    /__control/tasks?email                the account's tasks (completed ones too)
 *   POST   /__control/stories                    {taskGid, text}               -> the comment story
 *   GET    /__control/stories?taskGid            the task's stories
 *   POST   /__control/delete-task                {gid}: deleted in Asana meanwhile
 *   POST   /__control/delete-story               {gid}
 *   POST   /__control/fail-next                  {count, status?, message?, retryAfter?, delayMs?, path?, method?}
 *   POST   /__control/expire-access-tokens
 *   POST   /__control/refuse-refresh             {email?}
 *   POST   /__control/consent                    {url, email?, allow?} -> {location}
 *   POST   /__control/tokens                     {email, scope?} -> a token answer, as if consented
 *   GET    /__control/requests                   the log (bodies included); DELETE forgets it
 */

const knownScopes = [
  "default",
  "openid",
  "email",
  "profile",
  "users:read",
  "workspaces:read",
  "projects:read",
  "projects:write",
  "tasks:read",
  "tasks:write",
  "tasks:delete",
  "stories:read",
  "stories:write",
];
const defaultScope = "workspaces:read projects:read tasks:read tasks:write stories:read stories:write";
const help =
  "For more information on API status codes and how to handle them, read the docs on errors: https://developers.asana.com/docs/errors";

const random = (bytes = 24) => randomBytes(bytes).toString("base64url");
/** Asana's gids are decimal strings of 16 digits. */
let lastGid = 1_200_000_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;
const nextGid = () => String(++lastGid);

/** Asana's error body; a 500 carries a `phrase` to quote to Asana's support. */
function asanaError(message, status = 400) {
  return { errors: [{ message, help, ...(status >= 500 ? { phrase: "6 sad squid snuggle softly" } : {}) }] };
}

function failureBody(status, message) {
  if (message) return asanaError(message, status);
  if (status === 401) return asanaError("Not Authorized", 401);
  if (status === 403) return asanaError("Forbidden", 403);
  if (status === 404) return asanaError("Unknown object: the resource does not exist", 404);
  if (status === 429) return asanaError("You have made too many requests recently. Please, be chill.", 429);
  if (status >= 500) return asanaError("Server Error", status);
  return asanaError("Bad Request", status);
}

const { errorPage, consentPage: consentForm } = fakePages({
  service: "Asana",
  article: "an",
  color: "#1e1f21",
  background: "#fce8ee",
  border: "#f06a6a",
});

function withParams(base, params) {
  const url = new URL(base);
  for (const [name, value] of Object.entries(params)) if (value !== null) url.searchParams.set(name, value);
  return url.toString();
}

/** The fields a record answers: `opt_fields` when given (gid always), else its compact ones. */
function selected(record, optFields, compact) {
  const fields = optFields
    ? optFields
        .split(",")
        .map((field) => field.trim())
        .filter(Boolean)
    : compact;
  const answer = { gid: record.gid };
  for (const field of fields) {
    const [head, ...rest] = field.split(".");
    if (!(head in record)) continue;
    const value = record[head];
    const isReference = (item) => item !== null && typeof item === "object" && "gid" in item;
    if (Array.isArray(value) && value.every(isReference)) {
      const previous = Array.isArray(answer[head]) ? answer[head] : value.map((item) => ({ gid: item.gid }));
      answer[head] = previous.map((item, index) =>
        rest.length === 0 ? item : { ...item, [rest.join(".")]: value[index][rest.join(".")] },
      );
    } else if (isReference(value)) {
      const previous = answer[head] ?? { gid: value.gid };
      answer[head] = rest.length === 0 ? previous : { ...previous, [rest.join(".")]: value[rest.join(".")] };
    } else {
      answer[head] = structuredClone(value);
    }
  }
  return answer;
}

// ---------------------------------------------------------------------------------------------------------------

export async function startFakeAsana({
  port = 0,
  clientId = "1200000000000001",
  clientSecret = "fake-asana-secret",
  defaultEmail = "person@example.com",
} = {}) {
  let accounts = new Map();
  let workspaces = new Map();
  let projects = new Map();
  let tasks = new Map();
  let stories = new Map();
  let codes = new Map();
  let grants = new Map();
  let accessTokens = new Map();
  let refreshTokens = new Map();
  const failures = failureQueue();
  const log = requestLog({ body: (text, request) => bodyByContentType(text, request.headers["content-type"]) });

  const now = () => new Date().toISOString();
  const keyOf = (email) => String(email).trim().toLowerCase();

  function account(email) {
    const key = keyOf(email);
    let found = accounts.get(key);
    if (!found) {
      found = { gid: nextGid(), email: key, name: key.split("@")[0] };
      accounts.set(key, found);
    }
    return found;
  }

  const userRef = (user) => ({ gid: user.gid, name: user.name, resource_type: "user" });

  function storeWorkspace(owner, workspace) {
    const gid = workspace.gid ?? nextGid();
    const stored = {
      resource_type: "workspace",
      name: "Workspace",
      is_organization: false,
      email_domains: [],
      ...structuredClone(workspace),
      gid,
    };
    workspaces.set(gid, { owner: owner.email, workspace: stored });
    return stored;
  }

  function ownWorkspace(owner, gid) {
    const entry = workspaces.get(gid);
    return entry && entry.owner === owner.email ? entry.workspace : null;
  }

  function storeProject(owner, workspaceGid, project) {
    const workspace = ownWorkspace(owner, workspaceGid);
    if (!workspace) throw new Error(`${owner.email} has no workspace ${workspaceGid}`);
    const gid = project.gid ?? nextGid();
    const stored = {
      resource_type: "project",
      name: "Project",
      archived: false,
      color: "light-green",
      created_at: now(),
      modified_at: now(),
      notes: "",
      permalink_url: `https://app.asana.com/0/${gid}/${gid}`,
      ...structuredClone(project),
      gid,
      workspace: { gid: workspace.gid, name: workspace.name, resource_type: "workspace" },
    };
    projects.set(gid, { owner: owner.email, project: stored });
    return stored;
  }

  function ownProject(owner, gid) {
    const entry = projects.get(gid);
    return entry && entry.owner === owner.email ? entry.project : null;
  }

  /**
   * A task in the account: `workspace` (a gid) its first project's unless given; `projects` gids; `assignee` "me"
   * (the default) or null.
   */
  function storeTask(owner, task) {
    const projectGids = task.projects ?? [];
    const taskProjects = projectGids.map((gid) => {
      const project = ownProject(owner, gid);
      if (!project) throw new Error(`${owner.email} has no project ${gid}`);
      return project;
    });
    const workspaceGid = task.workspace ?? taskProjects[0]?.workspace.gid;
    const workspace = workspaceGid ? ownWorkspace(owner, workspaceGid) : null;
    if (!workspace) throw new Error(`a task needs a workspace of ${owner.email} (or a project in one)`);
    const gid = task.gid ?? nextGid();
    const htmlNotes = task.html_notes ?? `<body>${escapeHtml(task.notes ?? "")}</body>`;
    const stored = {
      resource_type: "task",
      resource_subtype: "default_task",
      name: "Task",
      notes: task.notes ?? htmlNotes.replace(/<[^>]*>/g, ""),
      completed: false,
      completed_at: null,
      due_on: null,
      due_at: null,
      created_at: now(),
      modified_at: now(),
      permalink_url: `https://app.asana.com/0/${taskProjects[0]?.gid ?? 0}/${gid}`,
      ...structuredClone({ ...task, projects: undefined, workspace: undefined, assignee: undefined }),
      html_notes: htmlNotes,
      gid,
      workspace: { gid: workspace.gid, name: workspace.name, resource_type: "workspace" },
      projects: taskProjects.map((project) => ({ gid: project.gid, name: project.name, resource_type: "project" })),
      assignee: task.assignee === null ? null : userRef(owner),
    };
    if (stored.completed && !stored.completed_at) stored.completed_at = now();
    tasks.set(gid, { owner: owner.email, task: stored });
    return stored;
  }

  function ownTask(owner, gid) {
    const entry = tasks.get(gid);
    return entry && entry.owner === owner.email ? entry.task : null;
  }

  function storeStory(taskGid, text, { type = "comment" } = {}) {
    const entry = tasks.get(taskGid);
    if (!entry) throw new Error(`no task ${taskGid}`);
    const gid = nextGid();
    const story = {
      gid,
      resource_type: "story",
      type,
      resource_subtype: type === "comment" ? "comment_added" : "added_to_project",
      text,
      html_text: `<body>${escapeHtml(text)}</body>`,
      is_edited: false,
      is_pinned: false,
      created_at: now(),
      created_by: userRef(account(entry.owner)),
      target: { gid: taskGid, name: entry.task.name, resource_type: "task" },
    };
    stories.set(gid, { owner: entry.owner, taskGid, story });
    return story;
  }

  // -------------------------------------------------------------------------------------------------------------
  // OAuth

  function checkAuthorization(params) {
    if (!params.get("client_id") || params.get("client_id") !== clientId) {
      return { page: errorPage(400, "invalid_client: The client_id is not a registered application") };
    }
    const redirectUri = params.get("redirect_uri");
    let redirect = null;
    try {
      redirect = redirectUri ? new URL(redirectUri) : null;
    } catch {
      redirect = null;
    }
    if (!redirect || !/^https?:$/.test(redirect.protocol)) {
      return { page: errorPage(400, `invalid_request: The redirect_uri "${redirectUri ?? ""}" does not match`) };
    }
    const state = params.get("state");
    if (params.get("response_type") !== "code") {
      return { location: withParams(redirectUri, { error: "unsupported_response_type", state }) };
    }
    const scopes = (params.get("scope") ?? "default").split(" ").filter(Boolean);
    if (scopes.length === 0 || scopes.some((scope) => !knownScopes.includes(scope))) {
      return { location: withParams(redirectUri, { error: "invalid_scope", state }) };
    }
    return null;
  }

  function consentPage(params) {
    const invalid = checkAuthorization(params);
    if (invalid?.page) return { status: invalid.page.status, html: invalid.page.html };
    if (invalid?.location) return { redirect: invalid.location };
    const scopes = (params.get("scope") ?? "default").split(" ").filter(Boolean);
    return consentForm({
      title: "Grant permission - Asana (fake)",
      heading: "Asana (fake)",
      clientId,
      asks: "is requesting permission to access your Asana account",
      action: "/-/oauth_authorize",
      params,
      email: defaultEmail,
      scopes,
    });
  }

  function decide(params, { email, allow }) {
    const invalid = checkAuthorization(params);
    if (invalid?.page) return { error: invalid.page };
    if (invalid?.location) return { location: invalid.location };
    const redirectUri = params.get("redirect_uri");
    const state = params.get("state");
    if (!allow) return { location: withParams(redirectUri, { error: "access_denied", state }) };
    const chosen = String(email ?? defaultEmail).trim();
    if (!/^[^@\s]+@[^@\s]+$/.test(chosen)) return { error: errorPage(400, "Enter an e-mail address.") };
    const owner = account(chosen);
    const code = `1/${nextGid()}:${random(16)}`;
    codes.set(code, {
      email: owner.email,
      redirectUri,
      scope: params.get("scope") ?? "default",
      expiresAt: Date.now() + 10 * 60_000,
      used: false,
    });
    return { location: withParams(redirectUri, { code, state }) };
  }

  function accessAnswer(grant) {
    const owner = account(grant.email);
    const token = `2/${owner.gid}/${nextGid()}:${random(16)}`;
    accessTokens.set(token, { grantId: grant.id, expiresAt: Date.now() + 3600_000, revoked: false });
    return {
      access_token: token,
      token_type: "bearer",
      expires_in: 3600,
      data: { id: Number(owner.gid), gid: owner.gid, name: owner.name, email: owner.email },
    };
  }

  function issue(email, scope) {
    const owner = account(email);
    const grant = {
      id: random(9),
      email: owner.email,
      scopes: scope.split(" ").filter(Boolean),
      revoked: false,
      refreshRefused: false,
    };
    grants.set(grant.id, grant);
    const refreshToken = `1/${owner.gid}:${random(20)}`;
    refreshTokens.set(refreshToken, grant.id);
    return { ...accessAnswer(grant), refresh_token: refreshToken };
  }

  function token(form) {
    if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret) {
      return [401, { error: "invalid_client", error_description: "The client_id or client_secret is not valid." }];
    }
    const grantType = form.get("grant_type");
    if (grantType === "authorization_code") {
      const issued = codes.get(form.get("code") ?? "");
      if (!issued || issued.used || issued.expiresAt < Date.now()) {
        return [400, { error: "invalid_grant", error_description: "The `code` is invalid or expired." }];
      }
      if (form.get("redirect_uri") !== issued.redirectUri) {
        return [400, { error: "invalid_request", error_description: "The `redirect_uri` does not match." }];
      }
      issued.used = true;
      return [200, issue(issued.email, issued.scope)];
    }
    if (grantType === "refresh_token") {
      const grant = grants.get(refreshTokens.get(form.get("refresh_token") ?? "") ?? "");
      if (!grant || grant.revoked || grant.refreshRefused) {
        return [400, { error: "invalid_grant", error_description: "The `refresh_token` is invalid or revoked." }];
      }
      // No new refresh token: the first one stays good.
      return [200, accessAnswer(grant)];
    }
    if (!grantType) return [400, { error: "invalid_request", error_description: "`grant_type` is missing." }];
    return [400, { error: "unsupported_grant_type", error_description: `\`${grantType}\` is not supported.` }];
  }

  function revoke(form) {
    if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret) {
      return [401, { error: "invalid_client", error_description: "The client_id or client_secret is not valid." }];
    }
    const value = form.get("token") ?? "";
    const grantId = refreshTokens.get(value);
    if (grantId) {
      grants.get(grantId).revoked = true;
      return [200, null];
    }
    const access = accessTokens.get(value);
    if (!access) return [400, { error: "invalid_request", error_description: "The `token` is not valid." }];
    access.revoked = true;
    return [200, null];
  }

  // -------------------------------------------------------------------------------------------------------------
  // API

  /** The grant behind the bearer token, or Asana's 401 (403 for a scope the grant lacks). */
  function authorize(request, scope) {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
    const access = match ? accessTokens.get(match[1]) : undefined;
    const grant = access ? grants.get(access.grantId) : undefined;
    if (!access || !grant || access.revoked || grant.revoked || access.expiresAt <= Date.now()) {
      return { error: [401, asanaError("Not Authorized", 401)] };
    }
    if (scope && !grant.scopes.includes("default") && !grant.scopes.includes(scope)) {
      return {
        error: [403, asanaError(`The token does not have the scope this endpoint requires: ${scope}`, 403)],
      };
    }
    return { owner: account(grant.email) };
  }

  /** A page of `items`: `limit` 1–100 required, `offset` the previous page's `next_page.offset`. */
  function paginate(items, query, path, signature, compact) {
    const limitText = query.get("limit");
    if (limitText === null) return [400, asanaError("limit: Missing input")];
    const limit = Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return [400, asanaError("limit: Not a valid integer between 1 and 100")];
    }
    let offset = 0;
    const given = query.get("offset");
    if (given) {
      try {
        const parsed = JSON.parse(Buffer.from(given, "base64url").toString("utf8"));
        if (parsed.s !== signature || !Number.isInteger(parsed.o) || parsed.o < 0) throw new Error("offset");
        offset = parsed.o;
      } catch {
        return [400, asanaError("offset: Your pagination token is invalid")];
      }
    }
    const next = offset + limit < items.length ? offset + limit : null;
    let nextPage = null;
    if (next !== null) {
      const token = Buffer.from(JSON.stringify({ o: next, s: signature })).toString("base64url");
      const nextQuery = new URLSearchParams(query);
      nextQuery.set("offset", token);
      nextPage = {
        offset: token,
        path: `${path}?${nextQuery}`,
        uri: `https://app.asana.com/api/1.0${path}?${nextQuery}`,
      };
    }
    const optFields = query.get("opt_fields");
    return [
      200,
      {
        data: items.slice(offset, offset + limit).map((item) => selected(item, optFields, compact)),
        next_page: nextPage,
      },
    ];
  }

  const compactTask = ["name", "resource_type", "resource_subtype"];
  const compactNamed = ["name", "resource_type"];
  const compactStory = ["created_at", "created_by", "resource_type", "text", "type", "resource_subtype"];

  /** `completed_since=now`: only incomplete tasks; a date: incomplete ones and those completed since. */
  function completedSince(query) {
    const value = query.get("completed_since");
    if (value === null) return { keep: () => true };
    if (value === "now") return { keep: (task) => !task.completed };
    const since = Date.parse(value);
    if (Number.isNaN(since)) return { error: [400, asanaError("completed_since: Not a valid date-time")] };
    return { keep: (task) => !task.completed || Date.parse(task.completed_at) >= since };
  }

  function listTasks(owner, query, tasksOf, path) {
    const filter = completedSince(query);
    if (filter.error) return filter.error;
    const list = [...tasks.values()]
      .filter((entry) => entry.owner === owner.email)
      .map((entry) => entry.task)
      .filter((task) => tasksOf(task) && filter.keep(task));
    return paginate(list, query, path, `${path}?${query.get("completed_since") ?? ""}`, compactTask);
  }

  function parseData(body) {
    try {
      const parsed = JSON.parse(body || "null");
      if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
        return { error: [400, asanaError("Could not parse request data, invalid JSON")] };
      }
      if (parsed.data === null || typeof parsed.data !== "object" || Array.isArray(parsed.data)) {
        return { error: [400, asanaError("data: Missing input")] };
      }
      return { data: parsed.data };
    } catch {
      return { error: [400, asanaError("Could not parse request data, invalid JSON")] };
    }
  }

  const unknown = (gid) => [404, asanaError(`Unknown object: ${gid}`, 404)];

  function api(request, path, query, body) {
    const method = request.method;
    const optFields = query.get("opt_fields");
    const routes = [
      [/^\/users\/me$/, "GET", "users:read", (owner) => [200, { data: { ...userRef(owner), email: owner.email } }]],
      [
        /^\/workspaces$/,
        "GET",
        "workspaces:read",
        (owner) => {
          const own = [...workspaces.values()].filter((e) => e.owner === owner.email).map((e) => e.workspace);
          return paginate(own, query, "/workspaces", "workspaces", compactNamed);
        },
      ],
      [
        /^\/workspaces\/([^/]+)\/projects$/,
        "GET",
        "projects:read",
        (owner, gid) => {
          if (!ownWorkspace(owner, gid)) return unknown(gid);
          const archived = query.get("archived");
          const list = [...projects.values()]
            .filter((e) => e.owner === owner.email && e.project.workspace.gid === gid)
            .map((e) => e.project)
            .filter((project) => archived === null || String(project.archived) === archived);
          return paginate(list, query, `/workspaces/${gid}/projects`, `projects?${archived}`, compactNamed);
        },
      ],
      [
        /^\/projects\/([^/]+)\/tasks$/,
        "GET",
        "tasks:read",
        (owner, gid) => {
          if (!ownProject(owner, gid)) return unknown(gid);
          return listTasks(owner, query, (task) => task.projects.some((p) => p.gid === gid), `/projects/${gid}/tasks`);
        },
      ],
      [
        /^\/tasks$/,
        "GET",
        "tasks:read",
        (owner) => {
          const project = query.get("project");
          const assignee = query.get("assignee");
          const workspace = query.get("workspace");
          if (project && !assignee && !workspace) {
            if (!ownProject(owner, project)) return unknown(project);
            return listTasks(owner, query, (task) => task.projects.some((p) => p.gid === project), "/tasks");
          }
          if (!project && assignee && workspace) {
            if (!ownWorkspace(owner, workspace)) return unknown(workspace);
            if (assignee !== "me" && assignee !== owner.gid && assignee !== owner.email) return unknown(assignee);
            return listTasks(
              owner,
              query,
              (task) => task.workspace.gid === workspace && task.assignee?.gid === owner.gid,
              "/tasks",
            );
          }
          return [
            400,
            asanaError("Must specify exactly one of project, tag, section, user task list, or assignee + workspace"),
          ];
        },
      ],
      [
        /^\/tasks\/([^/]+)$/,
        "GET",
        "tasks:read",
        (owner, gid) => {
          const task = ownTask(owner, gid);
          return task
            ? [200, { data: optFields ? selected(task, optFields, []) : structuredClone(task) }]
            : unknown(gid);
        },
      ],
      [
        /^\/tasks\/([^/]+)$/,
        "PUT",
        "tasks:write",
        (owner, gid) => {
          const task = ownTask(owner, gid);
          if (!task) return unknown(gid);
          const { data, error } = parseData(body);
          if (error) return error;
          for (const [field, value] of Object.entries(data)) {
            if (field === "completed") {
              if (typeof value !== "boolean") return [400, asanaError("completed: Not a boolean")];
              task.completed = value;
              task.completed_at = value ? (task.completed_at ?? now()) : null;
            } else if (field === "name" || field === "due_on" || field === "notes" || field === "html_notes") {
              task[field] = value;
            } else {
              return [400, asanaError(`${field}: Cannot write this property`)];
            }
          }
          task.modified_at = now();
          return [200, { data: optFields ? selected(task, optFields, []) : structuredClone(task) }];
        },
      ],
      [
        /^\/tasks\/([^/]+)\/stories$/,
        "GET",
        "stories:read",
        (owner, gid) => {
          if (!ownTask(owner, gid)) return unknown(gid);
          const list = [...stories.values()].filter((e) => e.taskGid === gid).map((e) => e.story);
          return paginate(list, query, `/tasks/${gid}/stories`, `stories?${gid}`, compactStory);
        },
      ],
      [
        /^\/tasks\/([^/]+)\/stories$/,
        "POST",
        "stories:write",
        (owner, gid) => {
          if (!ownTask(owner, gid)) return unknown(gid);
          const { data, error } = parseData(body);
          if (error) return error;
          const text = typeof data.text === "string" ? data.text : null;
          if (text === null || text.trim() === "") return [400, asanaError("text: Missing input")];
          const story = storeStory(gid, text);
          return [201, { data: optFields ? selected(story, optFields, []) : structuredClone(story) }];
        },
      ],
      [
        /^\/stories\/([^/]+)$/,
        "GET",
        "stories:read",
        (owner, gid) => {
          const entry = stories.get(gid);
          return entry && entry.owner === owner.email ? [200, { data: structuredClone(entry.story) }] : unknown(gid);
        },
      ],
      [
        /^\/stories\/([^/]+)$/,
        "PUT",
        "stories:write",
        (owner, gid) => {
          const entry = stories.get(gid);
          if (!entry || entry.owner !== owner.email) return unknown(gid);
          const { data, error } = parseData(body);
          if (error) return error;
          if (entry.story.type !== "comment") return [400, asanaError("text: Only comment stories can be edited")];
          if (typeof data.text !== "string" || data.text.trim() === "") return [400, asanaError("text: Missing input")];
          entry.story.text = data.text;
          entry.story.html_text = `<body>${escapeHtml(data.text)}</body>`;
          entry.story.is_edited = true;
          return [200, { data: optFields ? selected(entry.story, optFields, []) : structuredClone(entry.story) }];
        },
      ],
    ];
    let pathKnown = false;
    for (const [pattern, routeMethod, scope, handle] of routes) {
      const match = pattern.exec(path);
      if (!match) continue;
      pathKnown = true;
      if (method !== routeMethod) continue;
      const { owner, error } = authorize(request, scope);
      if (error) return error;
      return handle(owner, match[1] === undefined ? undefined : decodeURIComponent(match[1]));
    }
    return pathKnown ? [405, asanaError(`${method} is not allowed here`)] : [404, asanaError("No matching route", 404)];
  }

  // -------------------------------------------------------------------------------------------------------------
  // Control

  const control = {
    reset() {
      accounts = new Map();
      workspaces = new Map();
      projects = new Map();
      tasks = new Map();
      stories = new Map();
      codes = new Map();
      grants = new Map();
      accessTokens = new Map();
      refreshTokens = new Map();
      failures.clear();
      log.clear();
    },
    addWorkspace(email, workspace = {}) {
      return structuredClone(storeWorkspace(account(email), workspace));
    },
    addProject(email, workspaceGid, project = {}) {
      return structuredClone(storeProject(account(email), workspaceGid, project));
    },
    addTask(email, task = {}) {
      return structuredClone(storeTask(account(email), task));
    },
    addStory(taskGid, text, options) {
      return structuredClone(storeStory(taskGid, text, options));
    },
    /** The account's tasks, completed ones too. */
    tasks(email) {
      const key = keyOf(email);
      return structuredClone([...tasks.values()].filter((e) => e.owner === key).map((e) => e.task));
    },
    stories(taskGid) {
      return structuredClone([...stories.values()].filter((e) => e.taskGid === taskGid).map((e) => e.story));
    },
    /** The task is deleted in Asana: every call about it (and its stories) is a 404 "Unknown object". */
    deleteTask(gid) {
      if (!tasks.delete(gid)) throw new Error(`no task ${gid}`);
      for (const [storyGid, entry] of stories) if (entry.taskGid === gid) stories.delete(storyGid);
    },
    deleteStory(gid) {
      if (!stories.delete(gid)) throw new Error(`no story ${gid}`);
    },
    /**
     * The next `count` API or OAuth requests (to `path`, a part of the path, and `method`, when given) fail with
     * `status` and Asana's body (`message` when given), `retryAfter` seconds in the Retry-After header, or only wait
     * `delayMs`. `body` replaces the answer's body: an object as JSON, a string as it is (a proxy's page).
     */
    failNext(count, { status, message, body, retryAfter, delayMs, path, method } = {}) {
      failures.add(count, { status, message, body, retryAfter, delayMs, path, method });
    },
    expireAccessTokens() {
      for (const access of accessTokens.values()) access.expiresAt = 0;
    },
    /** The refresh tokens given so far (to that account, or every one) are refused with invalid_grant from now on. */
    refuseRefresh(email) {
      const key = email === undefined ? undefined : keyOf(email);
      for (const grant of grants.values()) if (key === undefined || grant.email === key) grant.refreshRefused = true;
    },
    requests: log.entries,
    clearRequests: log.clear,
    consent(url, options) {
      return consentLocation(decide, url, options);
    },
    /** A token answer for `email`, as if its person had consented to `scope` (space-separated). */
    issueTokens(email, { scope = defaultScope } = {}) {
      return issue(email, scope);
    },
  };

  const handleControl = controlHandler(control, (route, input, query) => {
    switch (route) {
      case "POST /workspaces":
        return [200, control.addWorkspace(input.email, input.workspace)];
      case "POST /projects":
        return [200, control.addProject(input.email, input.workspaceGid, input.project)];
      case "POST /tasks":
        return [200, control.addTask(input.email, input.task)];
      case "GET /tasks":
        return [200, control.tasks(query.get("email"))];
      case "POST /stories":
        return [200, control.addStory(input.taskGid, input.text, input)];
      case "GET /stories":
        return [200, control.stories(query.get("taskGid"))];
      case "POST /delete-task":
        control.deleteTask(input.gid);
        return controlDone();
      case "POST /delete-story":
        control.deleteStory(input.gid);
        return controlDone();
      case "POST /expire-access-tokens":
        control.expireAccessTokens();
        return controlDone();
      case "POST /refuse-refresh":
        control.refuseRefresh(input.email);
        return controlDone();
      case "POST /consent":
        return [200, { location: control.consent(input.url, input) }];
      case "POST /tokens":
        return [200, control.issueTokens(input.email, input)];
      default:
        return undefined;
    }
  });

  const server = await startFakeServer({
    port,
    contentType: "application/json; charset=UTF-8",
    control: handleControl,
    errorBody: (message) => asanaError(message),
    async handle({ request, response, url, path, body, send }) {
      log.record(request, response, url, body);

      const oauth = path === "/-/oauth_token" || path === "/-/oauth_revoke";
      const apiPath = path.startsWith("/api/1.0/") ? path.slice("/api/1.0".length) : null;
      if (oauth || apiPath !== null) {
        const failure = failures.take(request.method, path);
        if (failure?.delayMs) await sleep(failure.delayMs);
        if (failure?.status) {
          const retryAfter = retryAfterHeader(failure);
          if (typeof failure.body === "string") {
            response.writeHead(failure.status, { "content-type": "text/html", ...retryAfter }).end(failure.body);
            return;
          }
          const value =
            failure.body !== undefined
              ? failure.body
              : oauth
                ? {
                    error: failure.message ?? (failure.status >= 500 ? "server_error" : "invalid_request"),
                    error_description: "The request failed.",
                  }
                : failureBody(failure.status, failure.message);
          send(failure.status, value, retryAfter);
          return;
        }
      }

      if (path === "/-/oauth_authorize" && request.method === "GET") {
        sendPage(response, consentPage(url.searchParams));
      } else if (path === "/-/oauth_authorize" && request.method === "POST") {
        answerConsentForm(response, body, decide);
      } else if (path === "/-/oauth_token" && request.method === "POST") {
        const [status, value] = token(new URLSearchParams(body));
        send(status, value, { "cache-control": "no-store" });
      } else if (path === "/-/oauth_revoke" && request.method === "POST") {
        const [status, value] = revoke(new URLSearchParams(body));
        send(status, value);
      } else if (apiPath !== null) {
        const [status, value] = api(request, apiPath, url.searchParams, body);
        send(status, value, status === 401 ? { "www-authenticate": 'Bearer realm="Asana"' } : {});
      } else {
        send(404, asanaError("No matching route", 404));
      }
    },
  });
  const url = server.url;

  return {
    url,
    authorizeUrl: `${url}/-/oauth_authorize`,
    tokenUrl: `${url}/-/oauth_token`,
    revokeUrl: `${url}/-/oauth_revoke`,
    apiUrl: `${url}/api/1.0`,
    clientId,
    clientSecret,
    ...control,
    close: server.close,
  };
}

/** The settings that point a Timetrap server's Asana connection at `asana` (a started fake). */
export function serverEnvOf(asana) {
  return {
    ASANA_CLIENT_ID: asana.clientId,
    ASANA_CLIENT_SECRET: asana.clientSecret,
    ASANA_OAUTH_AUTHORIZE_URL: asana.authorizeUrl,
    ASANA_OAUTH_TOKEN_URL: asana.tokenUrl,
    ASANA_OAUTH_REVOKE_URL: asana.revokeUrl,
    ASANA_API_URL: asana.apiUrl,
  };
}
