import { randomBytes } from "node:crypto";
import {
  answerConsentForm,
  bodyByContentType,
  consentLocation,
  controlDone,
  controlHandler,
  failureQueue,
  fakePages,
  requestLog,
  sendPage,
  sleep,
  startFakeServer,
} from "./fake-http.mjs";

/**
 * A stand-in for Todoist's OAuth flow and its unified API v1 (INTEGRATIONS.md §1), answering as Todoist does:
 *
 *   GET  /oauth/authorize                 the consent page (a clearly fake one): Allow / Deny, back to redirect_uri
 *   POST /oauth/authorize                 the page's form
 *   POST /oauth/access_token              the code exchanged for `{access_token, token_type}` (no expiry, no refresh)
 *   POST /api/v1/revoke                   RFC 7009, client credentials as Basic; DELETE /api/v1/access_tokens too
 *   GET  /api/v1/projects                 `{results, next_cursor}` (limit 1–200, 50 unless told)
 *   GET  /api/v1/tasks                    the active tasks, paginated the same way; project_id, parent_id, ids filters
 *   POST /api/v1/tasks/{id}/close         204 (a recurring task moves to its next day instead)
 *   GET  /api/v1/comments?task_id         a task's comments, paginated
 *   POST /api/v1/comments                 `{task_id, content}` -> the comment
 *   POST /api/v1/comments/{id}            `{content}` -> the comment as changed
 *
 * Every error is Todoist's JSON (`{error, error_code, error_extra, error_tag, http_code}`), a 429 with
 * `error_extra.retry_after` (seconds) and no header. Each Todoist account (by e-mail, the one chosen on the consent
 * page) has its projects (an Inbox made with it), tasks and comments. Tests drive it through the returned methods or
 * the same under /__control/ over HTTP:
 *
 *   POST   /__control/reset                      forget everything
 *   POST   /__control/projects                   {email, project}  -> the project as stored
 *   GET    /__control/projects?email
 *   POST   /__control/tasks                      {email, task}     -> the task as stored
 *   GET    /__control/tasks?email                every task of the account, closed and deleted ones too
 *   POST   /__control/comments                   {taskId, content} -> the comment
 *   GET    /__control/comments?taskId            the task's comments, deleted ones too
 *   POST   /__control/delete-task                {id}: deleted in Todoist meanwhile
 *   POST   /__control/delete-comment             {id}
 *   POST   /__control/fail-next                  {count, status?, retryAfter?, error?, delayMs?, path?, method?}
 *   POST   /__control/revoke-tokens              {email?}: the access tokens given so far answer 401
 *   POST   /__control/consent                    {url, email?, allow?} -> {location}: the consent page's answer
 *   POST   /__control/tokens                     {email, scope?} -> a token answer, as if consented
 *   GET    /__control/requests                   the log (bodies included); DELETE forgets it
 */

const knownScopes = ["task:add", "data:read", "data:read_write", "data:delete", "project:delete", "backups:read"];
const readScopes = ["data:read", "data:read_write"];
const writeScopes = ["data:read_write"];
const defaultScope = "data:read_write";

const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** An opaque id as API v1 writes them (`6X7rM8997g3RQmvh`). */
function todoistId() {
  return [...randomBytes(16)].map((byte) => alphabet[byte % alphabet.length]).join("");
}
const random = (bytes = 24) => randomBytes(bytes).toString("base64url");

/** Todoist's error body. `error_extra` always carries an `event_id`; a 429 adds `retry_after` (seconds). */
function todoistError(httpCode, error, errorCode, errorTag, extra = {}) {
  return {
    error,
    error_code: errorCode,
    error_extra: { event_id: random(8), ...extra },
    error_tag: errorTag,
    http_code: httpCode,
  };
}

const errors = {
  badRequest: (message = "Invalid request", extra = {}) =>
    todoistError(400, message, 20, "INVALID_ARGUMENT_VALUE", extra),
  invalidArgument: (argument) =>
    todoistError(400, "Invalid argument value", 20, "INVALID_ARGUMENT_VALUE", { argument }),
  missingArgument: (argument) =>
    todoistError(400, "Required argument is missing", 19, "ARGUMENT_MISSING", { argument }),
  unauthorized: () => todoistError(401, "Unauthorized", 401, "AUTH_INVALID_TOKEN"),
  forbidden: () => todoistError(403, "Insufficient token scope", 403, "AUTH_INSUFFICIENT_TOKEN_SCOPE"),
  taskNotFound: () => todoistError(404, "Task not found", 478, "NOT_FOUND"),
  commentNotFound: () => todoistError(404, "Comment not found", 478, "NOT_FOUND"),
  notFound: () => todoistError(404, "Not found", 404, "NOT_FOUND"),
  rateLimited: (retryAfter) =>
    todoistError(429, "Too many requests. Limits reached. Try again later", 35, "LIMITS_REACHED", {
      retry_after: retryAfter,
    }),
  server: (status) =>
    status === 503
      ? todoistError(503, "Service unavailable", 503, "SERVICE_UNAVAILABLE")
      : todoistError(status, "Internal server error", 500, "INTERNAL_SERVER_ERROR"),
};

/** The body of a failure a test asked for, by status. */
function failureBody(status, retryAfter, error) {
  if (status === 429) return errors.rateLimited(retryAfter ?? 1);
  if (status === 401) return errors.unauthorized();
  if (status === 403) return errors.forbidden();
  if (status === 404) return errors.taskNotFound();
  if (status >= 500) return errors.server(status);
  return error ? todoistError(status, error, 20, "INVALID_ARGUMENT_VALUE") : errors.badRequest();
}

const { errorPage, consentPage: consentForm } = fakePages({
  service: "Todoist",
  color: "#202020",
  background: "#fde8e4",
  border: "#dc4c3e",
});

function withParams(base, params) {
  const url = new URL(base);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** A request body as the log keeps it: JSON parsed, a form as an object, other text as it is. */
/** The day after a `YYYY-MM-DD…` date, keeping its time part: a recurring task's next occurrence in the fake. */
function nextDay(date) {
  const day = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return `${day.toISOString().slice(0, 10)}${date.slice(10)}`;
}

// ---------------------------------------------------------------------------------------------------------------

export async function startFakeTodoist({
  port = 0,
  clientId = "fake-todoist-client",
  clientSecret = "fake-todoist-secret",
  defaultEmail = "person@example.com",
} = {}) {
  /** @type {Map<string, {email: string, uid: string, inboxId: string}>} */
  let accounts = new Map();
  /** Every project, task and comment, by id, with the account (`owner`) it belongs to. */
  let projects = new Map();
  let tasks = new Map();
  let comments = new Map();
  let codes = new Map();
  let accessTokens = new Map();
  const failures = failureQueue();
  let order = 0;
  const log = requestLog({ body: (text, request) => bodyByContentType(text, request.headers["content-type"]) });

  const now = () => new Date().toISOString();

  function account(email) {
    const key = String(email).trim().toLowerCase();
    let found = accounts.get(key);
    if (!found) {
      found = { email: key, uid: String(40_000_000 + accounts.size + 1), inboxId: "" };
      accounts.set(key, found);
      found.inboxId = storeProject(found, { name: "Inbox", inbox_project: true }).id;
    }
    return found;
  }

  function storeProject(owner, project) {
    const id = project.id ?? todoistId();
    const stored = {
      name: project.name ?? "Project",
      color: "charcoal",
      parent_id: null,
      child_order: ++order,
      inbox_project: false,
      is_archived: false,
      is_favorite: false,
      is_shared: false,
      is_collapsed: false,
      is_deleted: false,
      view_style: "list",
      description: "",
      creator_uid: owner.uid,
      created_at: now(),
      updated_at: now(),
      ...structuredClone(project),
      id,
    };
    projects.set(id, { owner: owner.email, project: stored });
    return stored;
  }

  function dueOf(due) {
    if (due === null || due === undefined) return null;
    const value = typeof due === "string" ? { date: due } : due;
    return {
      date: value.date,
      timezone: value.timezone ?? (value.date.endsWith("Z") ? "Europe/Rome" : null),
      string: value.string ?? value.date.slice(0, 10),
      lang: value.lang ?? "en",
      is_recurring: value.is_recurring ?? false,
    };
  }

  function storeTask(owner, task) {
    const id = task.id ?? todoistId();
    const projectId = task.project_id ?? owner.inboxId;
    const project = projects.get(projectId);
    if (!project || project.owner !== owner.email) throw new Error(`${owner.email} has no project ${projectId}`);
    if (task.parent_id && tasks.get(task.parent_id)?.owner !== owner.email) {
      throw new Error(`${owner.email} has no task ${task.parent_id}`);
    }
    const stored = {
      user_id: owner.uid,
      project_id: projectId,
      section_id: null,
      parent_id: null,
      added_by_uid: owner.uid,
      assigned_by_uid: null,
      responsible_uid: null,
      labels: [],
      deadline: null,
      duration: null,
      checked: false,
      is_deleted: false,
      added_at: now(),
      completed_at: null,
      updated_at: now(),
      priority: 1,
      child_order: ++order,
      content: "Task",
      description: "",
      note_count: 0,
      day_order: -1,
      is_collapsed: false,
      ...structuredClone(task),
      id,
      due: dueOf(task.due),
    };
    tasks.set(id, { owner: owner.email, task: stored });
    return stored;
  }

  function storeComment(taskId, content) {
    const entry = tasks.get(taskId);
    if (!entry) throw new Error(`no task ${taskId}`);
    const id = todoistId();
    const comment = {
      id,
      item_id: taskId,
      project_id: null,
      content,
      posted_at: now(),
      posted_uid: account(entry.owner).uid,
      uids_to_notify: null,
      is_deleted: false,
      reactions: null,
      file_attachment: null,
    };
    comments.set(id, { owner: entry.owner, comment });
    return comment;
  }

  // -------------------------------------------------------------------------------------------------------------
  // OAuth

  function checkAuthorization(params) {
    if (!params.get("client_id") || params.get("client_id") !== clientId) {
      return { page: errorPage(400, "Invalid client_id") };
    }
    const redirectUri = params.get("redirect_uri");
    let redirect = null;
    try {
      redirect = redirectUri ? new URL(redirectUri) : null;
    } catch {
      redirect = null;
    }
    if (!redirect || !/^https?:$/.test(redirect.protocol)) {
      return { page: errorPage(400, `The redirect_uri "${redirectUri ?? ""}" is not one of the application's`) };
    }
    if (!params.get("state")) return { page: errorPage(400, "The state parameter is required") };
    const scopes = (params.get("scope") ?? "").split(",").filter(Boolean);
    if (scopes.length === 0 || scopes.some((scope) => !knownScopes.includes(scope))) {
      return { location: withParams(redirectUri, { error: "invalid_scope", state: params.get("state") }) };
    }
    return null;
  }

  function consentPage(params) {
    const invalid = checkAuthorization(params);
    if (invalid?.page) return { status: invalid.page.status, html: invalid.page.html };
    if (invalid?.location) return { redirect: invalid.location };
    const scopes = params.get("scope").split(",");
    return consentForm({
      title: "Authorize - Todoist (fake)",
      heading: "Todoist (fake)",
      clientId,
      asks: "would like to access your Todoist account",
      action: "/oauth/authorize",
      params,
      email: defaultEmail,
      scopes,
    });
  }

  /** The page's answer: where the browser goes next (the redirect URI with a code, or with `error=access_denied`). */
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
    const code = random(20);
    codes.set(code, {
      email: owner.email,
      redirectUri,
      scope: params.get("scope"),
      expiresAt: Date.now() + 10 * 60_000,
      used: false,
    });
    return { location: withParams(redirectUri, { code, state }) };
  }

  function issue(email, scope) {
    const owner = account(email);
    const token = random(30);
    accessTokens.set(token, { email: owner.email, scopes: scope.split(",").filter(Boolean), revoked: false });
    return { access_token: token, token_type: "Bearer" };
  }

  function exchange(form) {
    if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret) {
      return [400, { error: "incorrect_application_credentials" }];
    }
    const issued = codes.get(form.get("code") ?? "");
    if (!issued || issued.used || issued.expiresAt < Date.now()) return [400, { error: "bad_authorization_code" }];
    const redirectUri = form.get("redirect_uri");
    if (redirectUri !== null && redirectUri !== issued.redirectUri) return [400, { error: "bad_authorization_code" }];
    issued.used = true;
    return [200, issue(issued.email, issued.scope)];
  }

  function clientOf(request, fields) {
    const header = request.headers.authorization ?? "";
    if (header.startsWith("Basic ")) {
      const [id, secret] = Buffer.from(header.slice(6), "base64").toString("utf8").split(":");
      return { id: decodeURIComponent(id ?? ""), secret: decodeURIComponent(secret ?? "") };
    }
    return { id: fields.client_id, secret: fields.client_secret };
  }

  function revoke(request, fields) {
    const client = clientOf(request, fields);
    if (client.id !== clientId || client.secret !== clientSecret) {
      return [401, todoistError(401, "Invalid client credentials", 401, "AUTH_INVALID_CLIENT")];
    }
    const token = fields.token ?? fields.access_token;
    if (!token) return [400, errors.missingArgument("token")];
    // RFC 7009: an unknown token is revoked as far as the caller can tell.
    const access = accessTokens.get(token);
    if (access) access.revoked = true;
    return [200, null];
  }

  // -------------------------------------------------------------------------------------------------------------
  // API

  function authorize(request, needed) {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
    const access = match ? accessTokens.get(match[1]) : undefined;
    if (!access || access.revoked) return { error: [401, errors.unauthorized()] };
    if (!needed.some((scope) => access.scopes.includes(scope))) return { error: [403, errors.forbidden()] };
    return { owner: account(access.email) };
  }

  /**
   * A page of `items`: `limit` 1–200 (50 unless told), `cursor` the previous page's `next_cursor`, which carries the
   * listing's other parameters so that a cursor sent with other ones is refused, as Todoist does.
   */
  function paginate(items, query, signature) {
    const limitText = query.get("limit");
    const limit = limitText === null ? 50 : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) return [400, errors.invalidArgument("limit")];
    let offset = 0;
    const cursor = query.get("cursor");
    if (cursor) {
      try {
        const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
        if (parsed.s !== signature || !Number.isInteger(parsed.o) || parsed.o < 0) throw new Error("cursor");
        offset = parsed.o;
      } catch {
        return [400, errors.invalidArgument("cursor")];
      }
    }
    const next = offset + limit < items.length ? offset + limit : null;
    return [
      200,
      {
        results: structuredClone(items.slice(offset, offset + limit)),
        next_cursor:
          next === null
            ? null
            : Buffer.from(JSON.stringify({ o: next, s: signature, r: random(4) })).toString("base64url"),
      },
    ];
  }

  const signatureOf = (query, names) => names.map((name) => `${name}=${query.get(name) ?? ""}`).join("&");

  function listProjects(owner, query) {
    const own = [...projects.values()]
      .filter((entry) => entry.owner === owner.email && !entry.project.is_deleted && !entry.project.is_archived)
      .map((entry) => entry.project)
      .sort((a, b) => a.child_order - b.child_order);
    return paginate(own, query, "projects");
  }

  function listTasks(owner, query) {
    const ids = query.get("ids")?.split(",").filter(Boolean);
    const active = [...tasks.values()]
      .filter((entry) => entry.owner === owner.email && !entry.task.checked && !entry.task.is_deleted)
      .map((entry) => entry.task)
      .filter(
        (task) =>
          (!query.get("project_id") || task.project_id === query.get("project_id")) &&
          (!query.get("section_id") || task.section_id === query.get("section_id")) &&
          (!query.get("parent_id") || task.parent_id === query.get("parent_id")) &&
          (!query.get("label") || task.labels.includes(query.get("label"))) &&
          (!ids || ids.includes(task.id)),
      )
      .sort((a, b) => a.child_order - b.child_order);
    return paginate(
      active,
      query,
      `tasks?${signatureOf(query, ["project_id", "section_id", "parent_id", "label", "ids"])}`,
    );
  }

  /** The account's task by id; a deleted one, or someone else's, is not found. */
  function ownTask(owner, id) {
    const entry = tasks.get(id);
    return entry && entry.owner === owner.email && !entry.task.is_deleted ? entry.task : null;
  }

  function closeTask(owner, id) {
    const task = ownTask(owner, id);
    if (!task) return [404, errors.taskNotFound()];
    if (task.due?.is_recurring) {
      task.due.date = nextDay(task.due.date);
    } else {
      task.checked = true;
      task.completed_at = task.completed_at ?? now();
    }
    task.updated_at = now();
    return [204, null];
  }

  function listComments(owner, query) {
    const taskId = query.get("task_id");
    const projectId = query.get("project_id");
    if (!taskId && !projectId) return [400, errors.missingArgument("task_id")];
    if (taskId && projectId) return [400, errors.invalidArgument("project_id")];
    if (projectId) {
      const project = projects.get(projectId);
      if (!project || project.owner !== owner.email)
        return [404, todoistError(404, "Project not found", 478, "NOT_FOUND")];
      return paginate([], query, `comments?project_id=${projectId}`);
    }
    if (!ownTask(owner, taskId)) return [404, errors.taskNotFound()];
    const list = [...comments.values()]
      .filter((entry) => entry.comment.item_id === taskId && !entry.comment.is_deleted)
      .map((entry) => entry.comment);
    return paginate(list, query, `comments?task_id=${taskId}`);
  }

  function parseJson(body) {
    try {
      const parsed = JSON.parse(body || "null");
      return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
        ? { value: parsed }
        : { bad: true };
    } catch {
      return { bad: true };
    }
  }

  function addComment(owner, body) {
    const { value, bad } = parseJson(body);
    if (bad) return [400, errors.badRequest("Invalid JSON body")];
    if (!value.task_id && !value.project_id) return [400, errors.missingArgument("task_id")];
    if (typeof value.content !== "string" || value.content.trim() === "")
      return [400, errors.missingArgument("content")];
    if (value.content.length > 15_000) return [400, errors.invalidArgument("content")];
    if (!value.task_id || !ownTask(owner, String(value.task_id))) return [404, errors.taskNotFound()];
    return [200, structuredClone(storeComment(String(value.task_id), value.content))];
  }

  function updateComment(owner, id, body) {
    const entry = comments.get(id);
    if (!entry || entry.owner !== owner.email || entry.comment.is_deleted) return [404, errors.commentNotFound()];
    if (!ownTask(owner, entry.comment.item_id)) return [404, errors.taskNotFound()];
    const { value, bad } = parseJson(body);
    if (bad) return [400, errors.badRequest("Invalid JSON body")];
    if (typeof value.content !== "string" || value.content.trim() === "")
      return [400, errors.missingArgument("content")];
    entry.comment.content = value.content;
    return [200, structuredClone(entry.comment)];
  }

  function api(request, path, query, body) {
    const method = request.method;
    const reading = method === "GET";
    const routes = [
      [/^\/projects$/, "GET", (owner) => listProjects(owner, query)],
      [/^\/tasks$/, "GET", (owner) => listTasks(owner, query)],
      [/^\/tasks\/([^/]+)\/close$/, "POST", (owner, id) => closeTask(owner, id)],
      [/^\/comments$/, "GET", (owner) => listComments(owner, query)],
      [/^\/comments$/, "POST", (owner) => addComment(owner, body)],
      [/^\/comments\/([^/]+)$/, "POST", (owner, id) => updateComment(owner, id, body)],
    ];
    for (const [pattern, routeMethod, handle] of routes) {
      const match = pattern.exec(path);
      if (!match) continue;
      if (method !== routeMethod) continue;
      const { owner, error } = authorize(request, reading ? readScopes : writeScopes);
      if (error) return error;
      return handle(owner, match[1] === undefined ? undefined : decodeURIComponent(match[1]));
    }
    return [404, errors.notFound()];
  }

  // -------------------------------------------------------------------------------------------------------------
  // Control

  const control = {
    reset() {
      accounts = new Map();
      projects = new Map();
      tasks = new Map();
      comments = new Map();
      codes = new Map();
      accessTokens = new Map();
      failures.clear();
      log.clear();
    },
    /** Stores a project in the account (its id made up when absent) and answers it as stored. */
    addProject(email, project = {}) {
      return structuredClone(storeProject(account(email), project));
    },
    /** Stores a task (in the Inbox unless `project_id` says otherwise; `due` a date or Todoist's object). */
    addTask(email, task = {}) {
      return structuredClone(storeTask(account(email), task));
    },
    addComment(taskId, content) {
      return structuredClone(storeComment(taskId, content));
    },
    projects(email) {
      const key = String(email).trim().toLowerCase();
      return structuredClone([...projects.values()].filter((e) => e.owner === key).map((e) => e.project));
    },
    /** Every task of the account: active, closed (`checked`) and deleted ones. */
    tasks(email) {
      const key = String(email).trim().toLowerCase();
      return structuredClone([...tasks.values()].filter((e) => e.owner === key).map((e) => e.task));
    },
    /** A task's comments, the deleted ones too (`is_deleted`). */
    comments(taskId) {
      return structuredClone([...comments.values()].filter((e) => e.comment.item_id === taskId).map((e) => e.comment));
    },
    /** The task is deleted in Todoist: it is listed no more and every call about it is a 404. */
    deleteTask(id) {
      const entry = tasks.get(id);
      if (!entry) throw new Error(`no task ${id}`);
      entry.task.is_deleted = true;
    },
    deleteComment(id) {
      const entry = comments.get(id);
      if (!entry) throw new Error(`no comment ${id}`);
      entry.comment.is_deleted = true;
    },
    /**
     * The next `count` API or token requests (to `path`, a part of the path, and `method`, when given) fail with
     * `status` and Todoist's body for it (a 429's `retryAfter` in `error_extra.retry_after`, seconds), or only wait
     * `delayMs`. `body` replaces the answer's body: an object as JSON, a string as it is (a proxy's page).
     */
    failNext(count, { status, retryAfter, error, body, delayMs, path, method } = {}) {
      failures.add(count, { status, retryAfter, error, body, delayMs, path, method });
    },
    /** The access tokens given so far (to that account, or every one) are refused with 401 from now on. */
    revokeTokens(email) {
      const key = email === undefined ? undefined : String(email).trim().toLowerCase();
      for (const access of accessTokens.values()) if (key === undefined || access.email === key) access.revoked = true;
    },
    requests: log.entries,
    clearRequests: log.clear,
    /** What the consent page does when its button is pressed: the browser's next address. */
    consent(url, options) {
      return consentLocation(decide, url, options);
    },
    /** A token answer for `email`, as if its person had consented to `scope` (comma-separated). */
    issueToken(email, { scope = defaultScope } = {}) {
      return issue(email, scope);
    },
  };

  const handleControl = controlHandler(control, (route, input, query) => {
    switch (route) {
      case "POST /projects":
        return [200, control.addProject(input.email, input.project)];
      case "GET /projects":
        return [200, control.projects(query.get("email"))];
      case "POST /tasks":
        return [200, control.addTask(input.email, input.task)];
      case "GET /tasks":
        return [200, control.tasks(query.get("email"))];
      case "POST /comments":
        return [200, control.addComment(input.taskId, input.content)];
      case "GET /comments":
        return [200, control.comments(query.get("taskId"))];
      case "POST /delete-task":
        control.deleteTask(input.id);
        return controlDone();
      case "POST /delete-comment":
        control.deleteComment(input.id);
        return controlDone();
      case "POST /revoke-tokens":
        control.revokeTokens(input.email);
        return controlDone();
      case "POST /consent":
        return [200, { location: control.consent(input.url, input) }];
      case "POST /tokens":
        return [200, control.issueToken(input.email, input)];
      default:
        return undefined;
    }
  });

  const server = await startFakeServer({
    port,
    control: handleControl,
    errorBody: (message) => errors.badRequest(message),
    async handle({ request, response, url, path, body, send }) {
      log.record(request, response, url, body);

      const token = path === "/oauth/access_token";
      const apiPath = path.startsWith("/api/v1/") ? path.slice("/api/v1".length) : null;
      if (token || apiPath !== null) {
        const failure = failures.take(request.method, path);
        if (failure?.delayMs) await sleep(failure.delayMs);
        if (failure?.status && typeof failure.body === "string") {
          response.writeHead(failure.status, { "content-type": "text/html" }).end(failure.body);
          return;
        }
        if (failure?.status) {
          send(
            failure.status,
            failure.body !== undefined
              ? failure.body
              : token
                ? { error: failure.error ?? (failure.status >= 500 ? "server_error" : "bad_authorization_code") }
                : failureBody(failure.status, failure.retryAfter, failure.error),
          );
          return;
        }
      }

      if (path === "/oauth/authorize" && request.method === "GET") {
        sendPage(response, consentPage(url.searchParams));
      } else if (path === "/oauth/authorize" && request.method === "POST") {
        answerConsentForm(response, body, decide);
      } else if (token && request.method === "POST") {
        const [status, value] = exchange(new URLSearchParams(body));
        send(status, value, { "cache-control": "no-store" });
      } else if (apiPath === "/revoke" && request.method === "POST") {
        const fields = /json/i.test(request.headers["content-type"] ?? "")
          ? (parseJson(body).value ?? {})
          : Object.fromEntries(new URLSearchParams(body));
        const [status, value] = revoke(request, fields);
        send(status, value);
      } else if (apiPath === "/access_tokens" && request.method === "DELETE") {
        const [status, value] = revoke(request, Object.fromEntries(url.searchParams));
        send(status, value);
      } else if (apiPath !== null) {
        const [status, value] = api(request, apiPath, url.searchParams, body);
        send(status, value);
      } else {
        send(404, errors.notFound());
      }
    },
  });
  const url = server.url;

  return {
    url,
    authorizeUrl: `${url}/oauth/authorize`,
    tokenUrl: `${url}/oauth/access_token`,
    apiUrl: `${url}/api/v1`,
    clientId,
    clientSecret,
    ...control,
    close: server.close,
  };
}

/** The settings that point a Timetrap server's Todoist connection at `todoist` (a started fake). */
export function serverEnvOf(todoist) {
  return {
    TODOIST_CLIENT_ID: todoist.clientId,
    TODOIST_CLIENT_SECRET: todoist.clientSecret,
    TODOIST_OAUTH_AUTHORIZE_URL: todoist.authorizeUrl,
    TODOIST_OAUTH_TOKEN_URL: todoist.tokenUrl,
    TODOIST_API_URL: todoist.apiUrl,
  };
}
