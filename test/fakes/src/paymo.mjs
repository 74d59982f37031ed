import { randomBytes } from "node:crypto";
import {
  controlDone,
  controlHandler,
  failureQueue,
  jsonOrText,
  requestLog,
  retryAfterHeader,
  startFakeServer,
  withFailure,
} from "./fake-http.mjs";

/**
 * A stand-in for Paymo's API (INTEGRATIONS.md §3), answering as Paymo does, under http://127.0.0.1:<port>/api:
 *
 *   GET  /api/me                                       `{users: [me]}`
 *   GET  /api/projects[?where=active=true]             `{projects: [...]}`, integer ids
 *   GET  /api/tasks[?where=project_id=1 and complete=false]   `{tasks: [...]}` with `due_date`
 *   GET  /api/entries?where=task_id=5                  `{entries: [...]}` (a filter is required, as Paymo's)
 *   POST /api/entries                                  `{task_id, start_time, end_time, description}` or
 *                                                      `{task_id, date, duration, description}` -> 201 `{entries: [entry]}`
 *   PUT  /api/entries/{id}                             the changed fields -> `{entries: [entry]}`
 *   DELETE /api/entries/{id}
 *
 * Every call needs Basic auth with a known API key as the user name and any password (`KEY:X`), else 401. `where` takes
 * conditions joined by `and`: `field=value`, `!=`, `<`, `>`, `<=`, `>=`, `field in (1,2)`; an unknown field is a 400.
 * Errors are `{message}`; a 429 carries Retry-After and the X-Ratelimit headers. Tests drive it through the returned
 * methods or the same under /__control/ over HTTP:
 *
 *   POST   /__control/reset                 forget everything (the first API key stays)
 *   POST   /__control/keys                  {apiKey?, name?, email?} -> the user with its key
 *   POST   /__control/projects              {name, active?, ...} -> the project
 *   POST   /__control/tasks                 {project_id, name, complete?, due_date?, description?} -> the task
 *   DELETE /__control/tasks/{id}            the task is gone (deleted meanwhile)
 *   GET    /__control/entries[?task_id]     the time entries, oldest first
 *   DELETE /__control/entries/{id}          the entry is gone (deleted in Paymo meanwhile)
 *   POST   /__control/fail-next             {count, status?, body?, message?, retryAfter?, delayMs?, path?, method?,
 *                                             afterWrite?}
 *   GET    /__control/requests              the log; DELETE forgets it
 */

const random = (bytes = 18) => randomBytes(bytes).toString("hex");

const defaultMessages = {
  400: "Bad request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not found",
  429: "Rate limit exceeded",
  500: "Internal server error",
  502: "Bad gateway",
  503: "Service unavailable",
};

const paymoError = (status, message) => ({
  message: message ?? defaultMessages[status] ?? (status >= 500 ? defaultMessages[500] : defaultMessages[400]),
});

/** Paymo's timestamps: ISO 8601 in UTC without milliseconds. */
const paymoTime = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

class WhereError extends Error {}

/** Paymo's `where`: conditions joined by `and`. */
function parseWhere(text, fields) {
  if (!text) return [];
  return text
    .split(/\s+and\s+/i)
    .filter((part) => part.trim() !== "")
    .map((part) => {
      const inMatch = /^\s*(\w+)\s+in\s*\(([^)]*)\)\s*$/i.exec(part);
      if (inMatch) {
        if (!fields.includes(inMatch[1])) throw new WhereError(`Unknown field in where: ${inMatch[1]}`);
        const values = inMatch[2].split(",").map((value) => value.trim().replace(/^"(.*)"$/, "$1"));
        return { field: inMatch[1], op: "in", values };
      }
      const match = /^\s*(\w+)\s*(!=|>=|<=|=|>|<)\s*(.+?)\s*$/.exec(part);
      if (!match) throw new WhereError(`Invalid where condition: ${part.trim()}`);
      if (!fields.includes(match[1])) throw new WhereError(`Unknown field in where: ${match[1]}`);
      return { field: match[1], op: match[2], value: match[3].replace(/^"(.*)"$/, "$1") };
    });
}

function matches(item, conditions) {
  return conditions.every((condition) => {
    const actual = item[condition.field];
    const text = actual === null || actual === undefined ? "null" : String(actual);
    switch (condition.op) {
      case "in":
        return condition.values.includes(text);
      case "=":
        return text === condition.value;
      case "!=":
        return text !== condition.value;
      default: {
        const [a, b] = [Number(actual), Number(condition.value)];
        if (condition.op === ">") return a > b;
        if (condition.op === "<") return a < b;
        if (condition.op === ">=") return a >= b;
        return a <= b;
      }
    }
  });
}

export async function startFakePaymo({ port = 0, apiKey = "paymo-api-key", name = "Giulia Rossi", email } = {}) {
  let users = new Map();
  let projects = new Map();
  let tasks = new Map();
  let entries = new Map();
  const failures = failureQueue();
  let nextUserId = 101;
  let nextProjectId = 1001;
  let nextTaskId = 5001;
  let nextEntryId = 90001;
  const log = requestLog({ body: jsonOrText });

  function addKey({ apiKey: key = random(), name: userName = "Paymo user", email: userEmail } = {}) {
    const user = {
      id: nextUserId++,
      name: userName,
      email: userEmail ?? `user${nextUserId}@example.com`,
      type: "Admin",
      active: true,
      timezone: "Europe/Rome",
    };
    users.set(key, user);
    return { ...user, apiKey: key };
  }

  function resetAll() {
    users = new Map();
    projects = new Map();
    tasks = new Map();
    entries = new Map();
    failures.clear();
    nextUserId = 101;
    nextProjectId = 1001;
    nextTaskId = 5001;
    nextEntryId = 90001;
    log.clear();
    addKey({ apiKey, name, email: email ?? "person@example.com" });
  }
  resetAll();

  function userOf(header) {
    const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? "");
    if (!match) return null;
    const decoded = Buffer.from(match[1], "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    return users.get(colon < 0 ? decoded : decoded.slice(0, colon)) ?? null;
  }

  function addProject({ name: projectName, active = true, code, description = "", client_id = null, billable = true }) {
    if (!projectName) throw new Error("a project needs a name");
    const now = paymoTime(Date.now());
    const project = {
      id: nextProjectId++,
      name: projectName,
      code: code ?? projectName.slice(0, 3).toUpperCase(),
      description,
      client_id,
      active,
      billable,
      users: [...users.values()].map((user) => user.id),
      managers: [],
      created_on: now,
      updated_on: now,
    };
    projects.set(project.id, project);
    return structuredClone(project);
  }

  function addTask({
    project_id,
    name: taskName,
    complete = false,
    due_date = null,
    description = "",
    tasklist_id = null,
    users: assigned = [],
  }) {
    if (!projects.has(Number(project_id))) throw new Error(`no project ${project_id}`);
    if (!taskName) throw new Error("a task needs a name");
    const now = paymoTime(Date.now());
    const task = {
      id: nextTaskId++,
      name: taskName,
      code: `T${nextTaskId}`,
      project_id: Number(project_id),
      tasklist_id,
      complete,
      description,
      due_date,
      users: assigned,
      billable: true,
      created_on: now,
      updated_on: now,
    };
    tasks.set(task.id, task);
    return structuredClone(task);
  }

  /** An entry's fields from a body, checked as Paymo checks them; an error answer when they are not. */
  function entryFields(input, { partial }) {
    const result = {};
    if (input.task_id !== undefined) {
      const task = tasks.get(Number(input.task_id));
      if (!task) return { error: [404, paymoError(404, "Task not found")] };
      result.task_id = task.id;
    } else if (!partial) return { error: [400, paymoError(400, "task_id is required")] };
    if (input.description !== undefined) result.description = String(input.description);
    const timed = input.start_time !== undefined || input.end_time !== undefined;
    const dated = input.date !== undefined || input.duration !== undefined;
    if (timed && dated) return { error: [400, paymoError(400, "Send start_time and end_time, or date and duration")] };
    if (timed) {
      const start = Date.parse(input.start_time);
      const end = Date.parse(input.end_time);
      if (Number.isNaN(start) || Number.isNaN(end)) {
        return { error: [400, paymoError(400, "start_time and end_time must be dates")] };
      }
      if (end <= start) return { error: [400, paymoError(400, "end_time must be after start_time")] };
      Object.assign(result, {
        start_time: paymoTime(start),
        end_time: paymoTime(end),
        date: paymoTime(start).slice(0, 10),
        duration: Math.round((end - start) / 1000),
        added_manually: false,
      });
    } else if (dated) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(String(input.date ?? ""))) {
        return { error: [400, paymoError(400, "date must be YYYY-MM-DD")] };
      }
      if (!Number.isInteger(input.duration) || input.duration <= 0) {
        return { error: [400, paymoError(400, "duration must be a positive number of seconds")] };
      }
      Object.assign(result, {
        start_time: null,
        end_time: null,
        date: input.date,
        duration: input.duration,
        added_manually: true,
      });
    } else if (!partial) {
      return { error: [400, paymoError(400, "Send start_time and end_time, or date and duration")] };
    }
    return { fields: result };
  }

  // -------------------------------------------------------------------------------------------------------------
  // The API

  function api(request, path, query, body) {
    const user = userOf(request.headers.authorization);
    if (!user) return [401, paymoError(401, "Invalid API key")];
    const method = request.method;
    const listed = (name, collection, fields) => {
      try {
        const conditions = parseWhere(query.get("where"), fields);
        return [
          200,
          { [name]: collection.filter((item) => matches(item, conditions)).map((item) => structuredClone(item)) },
        ];
      } catch (error) {
        if (error instanceof WhereError) return [400, paymoError(400, error.message)];
        throw error;
      }
    };
    if (path === "/api/me" && method === "GET") return [200, { users: [structuredClone(user)] }];
    if (path === "/api/projects" && method === "GET") {
      return listed("projects", [...projects.values()], ["id", "name", "active", "client_id", "billable", "code"]);
    }
    if (path === "/api/tasks" && method === "GET") {
      return listed("tasks", [...tasks.values()], ["id", "name", "project_id", "tasklist_id", "complete", "due_date"]);
    }
    if (path === "/api/entries" && method === "GET") {
      if (!query.get("where")) {
        return [400, paymoError(400, "Time entries need a filter: a time interval, task_id, project_id or user_id")];
      }
      return listed("entries", [...entries.values()], ["id", "task_id", "user_id", "project_id", "date", "billed"]);
    }
    let input = {};
    if (body) {
      try {
        input = JSON.parse(body);
      } catch {
        return [400, paymoError(400, "The body is not JSON")];
      }
    }
    if (path === "/api/entries" && method === "POST") {
      const checked = entryFields(input, { partial: false });
      if (checked.error) return checked.error;
      const now = paymoTime(Date.now());
      const task = tasks.get(checked.fields.task_id);
      const entry = {
        id: nextEntryId++,
        task_id: task.id,
        project_id: task.project_id,
        user_id: user.id,
        description: "",
        billed: false,
        invoice_item_id: null,
        ...checked.fields,
        created_on: now,
        updated_on: now,
      };
      entries.set(entry.id, entry);
      return [201, { entries: [structuredClone(entry)] }];
    }
    const entryMatch = /^\/api\/entries\/(\d+)$/.exec(path);
    if (entryMatch) {
      const entry = entries.get(Number(entryMatch[1]));
      if (!entry) return [404, paymoError(404, "Entry not found")];
      if (method === "GET") return [200, { entries: [structuredClone(entry)] }];
      if (method === "PUT") {
        const checked = entryFields(input, { partial: true });
        if (checked.error) return checked.error;
        Object.assign(entry, checked.fields, { updated_on: paymoTime(Date.now()) });
        if (checked.fields.task_id) entry.project_id = tasks.get(checked.fields.task_id).project_id;
        return [200, { entries: [structuredClone(entry)] }];
      }
      if (method === "DELETE") {
        entries.delete(entry.id);
        return [200, {}];
      }
    }
    const itemMatch = /^\/api\/(projects|tasks)\/(\d+)$/.exec(path);
    if (itemMatch && method === "GET") {
      const item = (itemMatch[1] === "projects" ? projects : tasks).get(Number(itemMatch[2]));
      if (!item) return [404, paymoError(404, `${itemMatch[1] === "projects" ? "Project" : "Task"} not found`)];
      return [200, { [itemMatch[1]]: [structuredClone(item)] }];
    }
    return [404, paymoError(404)];
  }

  // -------------------------------------------------------------------------------------------------------------
  // Control

  const control = {
    reset: resetAll,
    addKey,
    addProject,
    addTask,
    /** The task is gone, as one deleted in Paymo meanwhile. */
    deleteTask(id) {
      if (!tasks.delete(Number(id))) throw new Error(`no task ${id}`);
    },
    setTaskComplete(id, complete = true) {
      const task = tasks.get(Number(id));
      if (!task) throw new Error(`no task ${id}`);
      task.complete = complete;
    },
    /** The time entries (of one task, when given), oldest first. */
    entries(taskId) {
      return structuredClone(
        [...entries.values()].filter((entry) => taskId === undefined || entry.task_id === Number(taskId)),
      );
    },
    deleteEntry(id) {
      if (!entries.delete(Number(id))) throw new Error(`no entry ${id}`);
    },
    /**
     * The next `count` requests (matching `path`, a part of the path, and `method` when given) fail this way. With
     * `afterWrite` the request is carried out first and only its answer is the failure (or only late, with
     * `delayMs` and no status): a write whose answer was lost.
     */
    failNext(count, { status, body, message, retryAfter, delayMs, path, method, afterWrite = false } = {}) {
      failures.add(count, { status, body, message, retryAfter, delayMs, path, method, afterWrite });
    },
    requests: log.entries,
    clearRequests: log.clear,
  };

  const handleControl = controlHandler(control, (route, input, query) => {
    switch (route) {
      case "POST /keys":
        return [200, control.addKey(input)];
      case "POST /projects":
        return [200, control.addProject(input)];
      case "POST /tasks":
        return [200, control.addTask(input)];
      case "GET /entries":
        return [200, control.entries(query.get("task_id") ?? undefined)];
      default:
        break;
    }
    const task = /^DELETE \/tasks\/(\d+)$/.exec(route);
    if (task) {
      control.deleteTask(task[1]);
      return controlDone();
    }
    const entry = /^DELETE \/entries\/(\d+)$/.exec(route);
    if (entry) {
      control.deleteEntry(entry[1]);
      return controlDone();
    }
    return undefined;
  });

  const server = await startFakeServer({
    port,
    control: handleControl,
    errorBody: (message) => paymoError(400, message),
    async handle({ request, response, url, path, body, send }) {
      log.record(request, response, url, body);

      const failure = path.startsWith("/api/") ? failures.take(request.method, path) : null;
      const failWith = () => {
        const extra = retryAfterHeader(failure);
        if (failure.status === 429) {
          Object.assign(extra, {
            "x-ratelimit-decay-period": "5",
            "x-ratelimit-limit": "40",
            "x-ratelimit-remaining": "0",
          });
        }
        send(failure.status, failure.body ?? paymoError(failure.status, failure.message), extra);
      };
      const answer = await withFailure(
        failure,
        () => (path.startsWith("/api/") ? api(request, path, url.searchParams, body) : [404, paymoError(404)]),
        failWith,
      );
      if (!answer) return;
      const [status, value] = answer;
      send(status, value, {
        "x-ratelimit-decay-period": "5",
        "x-ratelimit-limit": "40",
        "x-ratelimit-remaining": "39",
        ...(status === 401 ? { "www-authenticate": 'Basic realm="Paymo API"' } : {}),
      });
    },
  });
  const url = server.url;

  return {
    url,
    /** PAYMO_API_URL */
    apiUrl: `${url}/api`,
    apiKey,
    ...control,
    close: server.close,
  };
}

/** The settings that point a Timetrap server's Paymo connection at `paymo` (a started fake). */
export function serverEnvOf(paymo) {
  return { PAYMO_API_URL: paymo.apiUrl };
}
