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
 * A stand-in for one Jira Cloud site's REST API v3 (INTEGRATIONS.md §4), answering as Jira does, at
 * http://127.0.0.1:<port> (the site's "domain" is `127.0.0.1:<port>`):
 *
 *   GET  /rest/api/3/myself
 *   GET  /rest/api/3/search/jql?jql&fields&maxResults&nextPageToken     token pagination, `isLast`
 *   GET|POST /rest/api/3/search                                          410 Gone (retired, CHANGE-2046)
 *   GET  /rest/api/3/issue/{key}/worklog?startAt&maxResults              `{startAt, maxResults, total, worklogs}`
 *   POST /rest/api/3/issue/{key}/worklog                                 `{timeSpentSeconds, started, comment: ADF}`
 *   PUT|DELETE /rest/api/3/issue/{key}/worklog/{id}
 *
 * Every call needs `Authorization: Basic base64(email:api_token)` of a known account (else 401). Errors are Jira's
 * `{errorMessages: [...], errors: {field: message}}`. The JQL understood is what a client of the side panel sends:
 * clauses joined by AND (`assignee = currentUser()`, `assignee = "<account id or e-mail>"`, `statusCategory = | !=
 * <To Do|In Progress|Done>`, `project = KEY`), then `ORDER BY updated|created|key [ASC|DESC]`; anything else is Jira's
 * 400 for a query it cannot read. Tests drive it through the returned methods or the same under /__control/ over HTTP:
 *
 *   POST   /__control/reset                           forget everything (the first account stays)
 *   POST   /__control/accounts                        {email, apiToken?, displayName?} -> the account with its token
 *   POST   /__control/issues                          {key?, project?, summary, description?, type?, assignee?,
 *                                                      status?, updated?} -> the issue as stored
 *   DELETE /__control/issues/{key}                    the issue is gone (deleted meanwhile)
 *   POST   /__control/issues/{key}/status             {status}: "To Do", "In Progress" or "Done"
 *   GET    /__control/issues/{key}/worklogs           the issue's worklogs, oldest first
 *   DELETE /__control/issues/{key}/worklogs/{id}      the worklog is gone (deleted in Jira meanwhile)
 *   POST   /__control/fail-next                       {count, status?, body?, message?, retryAfter?, delayMs?, path?,
 *                                                      method?, afterWrite?}
 *   POST   /__control/page-limits                     {search?, worklogs?}: the most a page holds
 *   GET    /__control/requests                        the log; DELETE forgets it
 */

const random = (bytes = 18) => randomBytes(bytes).toString("base64url");

/** Jira's status categories, by the name JQL uses; `key` is the category's key in an issue's answer. */
const statusCategories = {
  "to do": { id: 2, key: "new", name: "To Do", colorName: "blue-gray" },
  "in progress": { id: 4, key: "indeterminate", name: "In Progress", colorName: "yellow" },
  done: { id: 3, key: "done", name: "Done", colorName: "green" },
};

const issueTypes = {
  epic: { id: "10000", name: "Epic", avatar: 10307, subtask: false },
  task: { id: "10001", name: "Task", avatar: 10318, subtask: false },
  story: { id: "10002", name: "Story", avatar: 10315, subtask: false },
  subtask: { id: "10003", name: "Subtask", avatar: 10316, subtask: true },
  bug: { id: "10004", name: "Bug", avatar: 10303, subtask: false },
};

const defaultMessages = {
  400: "Bad request.",
  401: "Client must be authenticated to access this resource.",
  403: "You do not have permission to perform this operation.",
  404: "Issue does not exist or you do not have permission to see it.",
  410: "Gone.",
  429: "Rate limit exceeded.",
  500: "Internal server error.",
  502: "Bad gateway.",
  503: "Service unavailable.",
};

/** Jira's error body. */
function jiraError(status, message, errors = {}) {
  const text = message ?? defaultMessages[status] ?? (status >= 500 ? defaultMessages[500] : defaultMessages[400]);
  return { errorMessages: text ? [text] : [], errors };
}

/** ADF for a plain text: one paragraph per line. */
export function adfOf(text) {
  return {
    type: "doc",
    version: 1,
    content: String(text)
      .split("\n")
      .map((line) => ({ type: "paragraph", content: line ? [{ type: "text", text: line }] : [] })),
  };
}

/** The text of an ADF document: its text nodes, a line per block. */
export function textOfAdf(node) {
  if (!node || typeof node !== "object") return "";
  if (node.type === "text") return String(node.text ?? "");
  if (node.type === "hardBreak") return "\n";
  const inner = Array.isArray(node.content) ? node.content.map(textOfAdf) : [];
  const block = ["paragraph", "heading", "listItem", "codeBlock", "blockquote"].includes(node.type);
  return block ? `${inner.join("")}\n` : inner.join("");
}

const isAdf = (value) =>
  value !== null && typeof value === "object" && value.type === "doc" && Array.isArray(value.content);

const pad = (value, width = 2) => String(value).padStart(width, "0");

/** Jira's timestamps: `2026-11-27T09:00:00.000+0000`. */
function jiraTime(ms) {
  const date = new Date(ms);
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.` +
    `${pad(date.getUTCMilliseconds(), 3)}+0000`
  );
}

/** Jira's `started`: exactly `yyyy-MM-dd'T'HH:mm:ss.SSSZ`, the offset without a colon. */
const startedPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{4}$/;

/** `1h 30m`, as Jira writes a time spent. */
function timeSpentText(seconds) {
  const minutes = Math.round(seconds / 60);
  const parts = [];
  if (Math.floor(minutes / 60)) parts.push(`${Math.floor(minutes / 60)}h`);
  if (minutes % 60) parts.push(`${minutes % 60}m`);
  return parts.join(" ") || "0m";
}

class JqlError extends Error {}

/** The clauses and order of the JQL this fake understands; a JqlError names what it cannot read. */
function parseJql(jql) {
  const text = String(jql ?? "").trim();
  if (!text) {
    throw new JqlError("Unbounded JQL queries are not allowed here. Please add a search restriction to your query.");
  }
  const [where, orderText] = text.split(/\s+ORDER\s+BY\s+/i);
  const order = { field: "key", descending: false };
  if (orderText !== undefined) {
    const match = /^(updated|created|key)(?:\s+(ASC|DESC))?$/i.exec(orderText.trim());
    if (!match) throw new JqlError(`Error in the JQL Query: cannot order by '${orderText.trim()}'.`);
    order.field = match[1].toLowerCase();
    order.descending = (match[2] ?? "ASC").toUpperCase() === "DESC";
  }
  const clauses = (where ?? "")
    .trim()
    .split(/\s+AND\s+/i)
    .filter(Boolean)
    .map((clause) => {
      let match = /^assignee\s*=\s*currentUser\(\)$/i.exec(clause);
      if (match) return { kind: "assignee-me" };
      match = /^assignee\s*=\s*"?([^"]+)"?$/i.exec(clause);
      if (match) return { kind: "assignee", value: match[1].trim().toLowerCase() };
      match = /^statusCategory\s*(!=|=)\s*"?([A-Za-z ]+?)"?$/i.exec(clause);
      if (match) {
        const category = statusCategories[match[2].trim().toLowerCase()];
        if (!category) throw new JqlError(`The value '${match[2]}' does not exist for the field 'statusCategory'.`);
        return { kind: "category", negate: match[1] === "!=", key: category.key };
      }
      match = /^project\s*=\s*"?([A-Za-z][A-Za-z0-9_]*)"?$/i.exec(clause);
      if (match) return { kind: "project", value: match[1].toUpperCase() };
      const field = /^\s*([A-Za-z]+)/.exec(clause)?.[1] ?? clause;
      throw new JqlError(`Field '${field}' does not exist or you do not have permission to view it.`);
    });
  if (clauses.length === 0) {
    throw new JqlError("Unbounded JQL queries are not allowed here. Please add a search restriction to your query.");
  }
  return { clauses, order };
}

export async function startFakeJira({
  port = 0,
  email = "person@example.com",
  apiToken = "jira-api-token",
  displayName = "Giulia Rossi",
} = {}) {
  let accounts = new Map();
  let issues = new Map();
  let worklogs = new Map();
  const failures = failureQueue();
  let nextIssueId = 10001;
  let nextWorklogId = 10000;
  let nextIssueNumber = new Map();
  const pageLimits = { search: 100, worklogs: 5000 };
  const log = requestLog({ body: jsonOrText });
  let baseUrl = "";

  function addAccount({ email: accountEmail, apiToken: token = random(), displayName: name } = {}) {
    if (!accountEmail) throw new Error("an account needs an email");
    const key = String(accountEmail).trim().toLowerCase();
    let account = accounts.get(key);
    if (!account) {
      account = {
        accountId: `712020:${random(12)}`,
        email: key,
        displayName: name ?? key.split("@")[0],
        tokens: new Set(),
      };
      accounts.set(key, account);
    }
    if (name) account.displayName = name;
    account.tokens.add(token);
    return { accountId: account.accountId, email: key, displayName: account.displayName, apiToken: token };
  }

  function resetAll() {
    accounts = new Map();
    issues = new Map();
    worklogs = new Map();
    failures.clear();
    nextIssueId = 10001;
    nextWorklogId = 10000;
    nextIssueNumber = new Map();
    pageLimits.search = 100;
    pageLimits.worklogs = 5000;
    log.clear();
    addAccount({ email, apiToken, displayName });
  }
  resetAll();

  /** The account of a Basic credential, or null. */
  function accountOf(header) {
    const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? "");
    if (!match) return null;
    const decoded = Buffer.from(match[1], "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) return null;
    const account = accounts.get(decoded.slice(0, colon).toLowerCase());
    return account?.tokens.has(decoded.slice(colon + 1)) ? account : null;
  }

  const accountByIdOrEmail = (value) =>
    [...accounts.values()].find(
      (account) => account.accountId.toLowerCase() === value || account.email === String(value).toLowerCase(),
    );

  function userOf(account) {
    return {
      self: `${baseUrl}/rest/api/3/user?accountId=${account.accountId}`,
      accountId: account.accountId,
      accountType: "atlassian",
      emailAddress: account.email,
      displayName: account.displayName,
      active: true,
      timeZone: "Europe/Rome",
      locale: "en_US",
    };
  }

  function addIssue({
    key,
    project = "PROJ",
    summary,
    description = null,
    type = "Task",
    assignee = email,
    status = "To Do",
    updated = Date.now(),
  } = {}) {
    if (!summary) throw new Error("an issue needs a summary");
    const projectKey = String(key ? key.split("-")[0] : project).toUpperCase();
    let theKey = key ? String(key).toUpperCase() : null;
    if (!theKey) {
      const number = (nextIssueNumber.get(projectKey) ?? 0) + 1;
      nextIssueNumber.set(projectKey, number);
      theKey = `${projectKey}-${number}`;
    }
    const typeInfo = issueTypes[String(type).toLowerCase()] ?? {
      id: String(10100 + Object.keys(issueTypes).length),
      name: type,
      avatar: 10300,
      subtask: false,
    };
    const category = statusCategories[String(status).toLowerCase()];
    if (!category) throw new Error(`unknown status ${status}`);
    const assigneeAccount = assignee === null ? null : accountByIdOrEmail(String(assignee).toLowerCase());
    if (assignee !== null && !assigneeAccount) throw new Error(`no account ${assignee}`);
    const issue = {
      id: String(nextIssueId++),
      key: theKey,
      project: projectKey,
      summary,
      description: description === null ? null : isAdf(description) ? description : adfOf(description),
      type: typeInfo,
      assignee: assigneeAccount?.accountId ?? null,
      category: category.key,
      status: category.name,
      created: Date.now(),
      updated,
      deleted: false,
    };
    issues.set(theKey, issue);
    worklogs.set(theKey, []);
    return structuredClone(issueAnswer(issue, ["summary", "description", "issuetype", "status", "assignee"]));
  }

  function issueAnswer(issue, fields) {
    if (fields.length === 0) return { id: issue.id };
    const all = fields.includes("*all") || fields.includes("*navigable");
    const wanted = (name) => all || fields.includes(name);
    const answer = { expand: "", id: issue.id, self: `${baseUrl}/rest/api/3/issue/${issue.id}`, key: issue.key };
    const values = {};
    if (wanted("summary")) values.summary = issue.summary;
    if (wanted("description")) values.description = issue.description;
    if (wanted("issuetype")) {
      values.issuetype = {
        self: `${baseUrl}/rest/api/3/issuetype/${issue.type.id}`,
        id: issue.type.id,
        description: "",
        iconUrl: `${baseUrl}/rest/api/2/universal_avatar/view/type/issuetype/avatar/${issue.type.avatar}?size=medium`,
        name: issue.type.name,
        subtask: issue.type.subtask,
        avatarId: issue.type.avatar,
        hierarchyLevel: issue.type.subtask ? -1 : 0,
      };
    }
    if (wanted("status")) {
      const category = Object.values(statusCategories).find((one) => one.key === issue.category);
      values.status = { name: issue.status, statusCategory: { ...category } };
    }
    if (wanted("assignee")) {
      const account = [...accounts.values()].find((one) => one.accountId === issue.assignee);
      values.assignee = account ? userOf(account) : null;
    }
    if (wanted("updated")) values.updated = jiraTime(issue.updated);
    if (wanted("created")) values.created = jiraTime(issue.created);
    answer.fields = values;
    return answer;
  }

  function liveIssue(key) {
    const issue = issues.get(String(key).toUpperCase());
    return issue && !issue.deleted ? issue : null;
  }

  function worklogAnswer(issue, worklog) {
    const author = [...accounts.values()].find((one) => one.accountId === worklog.author);
    const authorAnswer = author ? userOf(author) : null;
    return {
      self: `${baseUrl}/rest/api/3/issue/${issue.id}/worklog/${worklog.id}`,
      author: authorAnswer,
      updateAuthor: authorAnswer,
      comment: worklog.comment,
      created: jiraTime(worklog.created),
      updated: jiraTime(worklog.updated),
      started: worklog.started,
      timeSpent: timeSpentText(worklog.timeSpentSeconds),
      timeSpentSeconds: worklog.timeSpentSeconds,
      id: worklog.id,
      issueId: issue.id,
    };
  }

  // -------------------------------------------------------------------------------------------------------------
  // The API

  function search(account, query) {
    let parsed;
    try {
      parsed = parseJql(query.get("jql"));
    } catch (error) {
      if (error instanceof JqlError) return [400, jiraError(400, error.message)];
      throw error;
    }
    const fieldsParam = query.get("fields");
    const fields = fieldsParam
      ? fieldsParam
          .split(",")
          .map((field) => field.trim())
          .filter(Boolean)
      : [];
    const idOnly = fields.length === 0 || fields.every((field) => field === "id" || field === "key");
    const maxAllowed = idOnly ? 5000 : pageLimits.search;
    const asked = query.has("maxResults") ? Number(query.get("maxResults")) : 50;
    if (!Number.isInteger(asked) || asked < 0) {
      return [400, jiraError(400, "The value of 'maxResults' is not valid.")];
    }
    const size = Math.min(asked, maxAllowed);
    const jqlText = String(query.get("jql"));
    let offset = 0;
    const token = query.get("nextPageToken");
    if (token) {
      try {
        const decoded = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
        if (decoded.jql !== jqlText || !Number.isInteger(decoded.offset)) throw new Error("another query's token");
        offset = decoded.offset;
      } catch {
        return [400, jiraError(400, "The provided next page token is invalid or expired.")];
      }
    }
    const matches = [...issues.values()]
      .filter((issue) => !issue.deleted)
      .filter((issue) =>
        parsed.clauses.every((clause) => {
          switch (clause.kind) {
            case "assignee-me":
              return issue.assignee === account.accountId;
            case "assignee":
              return issue.assignee === accountByIdOrEmail(clause.value)?.accountId;
            case "category":
              return clause.negate ? issue.category !== clause.key : issue.category === clause.key;
            case "project":
              return issue.project === clause.value;
            default:
              return false;
          }
        }),
      )
      .sort((a, b) => {
        const { field, descending } = parsed.order;
        const compared =
          field === "key"
            ? a.project.localeCompare(b.project) || Number(a.key.split("-")[1]) - Number(b.key.split("-")[1])
            : a[field] - b[field] || Number(a.id) - Number(b.id);
        return descending ? -compared : compared;
      });
    const page = matches.slice(offset, offset + size);
    const last = offset + page.length >= matches.length;
    const answer = { issues: page.map((issue) => issueAnswer(issue, fields)), isLast: last };
    if (!last) {
      answer.nextPageToken = Buffer.from(JSON.stringify({ jql: jqlText, offset: offset + page.length })).toString(
        "base64url",
      );
    }
    return [200, answer];
  }

  /** A worklog's body, checked as Jira checks it; an error answer when it is not one. */
  function worklogInput(body, { partial }) {
    let input;
    try {
      input = body ? JSON.parse(body) : {};
    } catch {
      return { error: [400, jiraError(400, "Unexpected character in the request body.")] };
    }
    const errors = {};
    const result = {};
    if (input.timeSpentSeconds !== undefined) {
      if (!Number.isInteger(input.timeSpentSeconds) || input.timeSpentSeconds <= 0) {
        errors.timeLogged = "Time Spent: Invalid time duration entered.";
      } else result.timeSpentSeconds = input.timeSpentSeconds;
    } else if (!partial) errors.timeLogged = "You must indicate the time spent working.";
    if (input.started !== undefined) {
      if (typeof input.started !== "string" || !startedPattern.test(input.started)) {
        errors.started = "Started must be a date in the format yyyy-MM-dd'T'HH:mm:ss.SSSZ.";
      } else result.started = input.started;
    }
    if (input.comment !== undefined && input.comment !== null) {
      if (!isAdf(input.comment)) {
        return { error: [400, jiraError(400, "Comment: Operation value must be an Atlassian Document (see ADF).")] };
      }
      result.comment = input.comment;
    }
    if (Object.keys(errors).length > 0) return { error: [400, jiraError(400, null, errors)] };
    return { input: result };
  }

  function issueApi(account, request, rest, query, body) {
    const match = /^\/issue\/([^/]+)\/worklog(?:\/([^/]+))?$/.exec(rest);
    if (!match) return [404, jiraError(404, "Not found.")];
    const issue = liveIssue(decodeURIComponent(match[1]));
    if (!issue) return [404, jiraError(404)];
    const list = worklogs.get(issue.key);
    const worklogId = match[2] ? decodeURIComponent(match[2]) : null;
    if (worklogId === null && request.method === "GET") {
      const live = list.filter((one) => !one.deleted);
      const startAt = query.has("startAt") ? Number(query.get("startAt")) : 0;
      const asked = query.has("maxResults") ? Number(query.get("maxResults")) : 5000;
      if (!Number.isInteger(startAt) || startAt < 0 || !Number.isInteger(asked) || asked < 0) {
        return [400, jiraError(400, "The startAt or maxResults value is not valid.")];
      }
      const size = Math.min(asked, pageLimits.worklogs);
      return [
        200,
        {
          startAt,
          maxResults: size,
          total: live.length,
          worklogs: live.slice(startAt, startAt + size).map((one) => worklogAnswer(issue, one)),
        },
      ];
    }
    if (worklogId === null && request.method === "POST") {
      const checked = worklogInput(body, { partial: false });
      if (checked.error) return checked.error;
      const now = Date.now();
      const worklog = {
        id: String(nextWorklogId++),
        author: account.accountId,
        comment: checked.input.comment ?? null,
        started: checked.input.started ?? jiraTime(now),
        timeSpentSeconds: checked.input.timeSpentSeconds,
        created: now,
        updated: now,
        deleted: false,
      };
      list.push(worklog);
      issue.updated = now;
      return [201, worklogAnswer(issue, worklog)];
    }
    const worklog = list.find((one) => one.id === worklogId && !one.deleted);
    if (!worklog) return [404, jiraError(404, `Cannot find worklog with id: ${worklogId}.`)];
    if (request.method === "GET") return [200, worklogAnswer(issue, worklog)];
    if (request.method === "PUT") {
      const checked = worklogInput(body, { partial: true });
      if (checked.error) return checked.error;
      Object.assign(worklog, checked.input, { updated: Date.now() });
      return [200, worklogAnswer(issue, worklog)];
    }
    if (request.method === "DELETE") {
      worklog.deleted = true;
      return [204, null];
    }
    return [405, jiraError(405, "Method not allowed.")];
  }

  function api(request, path, query, body) {
    if (path === "/rest/api/3/search" || path === "/rest/api/2/search") {
      return [
        410,
        jiraError(
          410,
          "The requested API has been removed. Please migrate to the /rest/api/3/search/jql API. A full migration " +
            "guideline is available at https://developer.atlassian.com/changelog/#CHANGE-2046",
        ),
      ];
    }
    const account = accountOf(request.headers.authorization);
    if (!account) return [401, jiraError(401)];
    if (path === "/rest/api/3/myself" && request.method === "GET") return [200, userOf(account)];
    if (path === "/rest/api/3/search/jql" && request.method === "GET") return search(account, query);
    if (path.startsWith("/rest/api/3/issue/")) {
      return issueApi(account, request, path.slice("/rest/api/3".length), query, body);
    }
    return [404, jiraError(404, "Not found.")];
  }

  // -------------------------------------------------------------------------------------------------------------
  // Control

  const control = {
    reset: resetAll,
    addAccount,
    addIssue,
    /** The issue is gone, as one deleted in Jira meanwhile: every call about it is a 404. */
    deleteIssue(key) {
      const issue = issues.get(String(key).toUpperCase());
      if (!issue) throw new Error(`no issue ${key}`);
      issue.deleted = true;
    },
    setIssueStatus(key, status) {
      const issue = issues.get(String(key).toUpperCase());
      const category = statusCategories[String(status).toLowerCase()];
      if (!issue || !category) throw new Error(`no issue ${key} or status ${status}`);
      issue.category = category.key;
      issue.status = category.name;
      issue.updated = Date.now();
    },
    /** The issue's worklogs (deleted ones left out), oldest first, as Jira answers them, with their comment's text. */
    worklogs(key) {
      const issue = issues.get(String(key).toUpperCase());
      if (!issue) return [];
      return worklogs
        .get(issue.key)
        .filter((one) => !one.deleted)
        .map((one) => ({ ...structuredClone(worklogAnswer(issue, one)), commentText: textOfAdf(one.comment).trim() }));
    },
    deleteWorklog(key, id) {
      const worklog = worklogs.get(String(key).toUpperCase())?.find((one) => one.id === String(id));
      if (!worklog) throw new Error(`no worklog ${id} on ${key}`);
      worklog.deleted = true;
    },
    /**
     * The next `count` requests (matching `path`, a part of the path, and `method` when given) fail this way. With
     * `afterWrite` the request is carried out first and only its answer is the failure (or only late, with
     * `delayMs` and no status): a write whose answer was lost.
     */
    failNext(count, { status, body, message, retryAfter, delayMs, path, method, afterWrite = false } = {}) {
      failures.add(count, { status, body, message, retryAfter, delayMs, path, method, afterWrite });
    },
    setPageLimits({ search: searchLimit, worklogs: worklogLimit } = {}) {
      if (searchLimit !== undefined) pageLimits.search = searchLimit;
      if (worklogLimit !== undefined) pageLimits.worklogs = worklogLimit;
    },
    requests: log.entries,
    clearRequests: log.clear,
  };

  const handleControl = controlHandler(control, (route, input) => {
    if (route === "POST /accounts") return [200, control.addAccount(input)];
    if (route === "POST /issues") return [200, control.addIssue(input)];
    if (route === "POST /page-limits") {
      control.setPageLimits(input);
      return controlDone();
    }
    const done = { success: true };
    const issueRoutes = [
      [
        /^DELETE \/issues\/([^/]+)$/,
        ([key]) => {
          control.deleteIssue(key);
          return done;
        },
      ],
      [
        /^POST \/issues\/([^/]+)\/status$/,
        ([key]) => {
          control.setIssueStatus(key, input.status);
          return done;
        },
      ],
      [/^GET \/issues\/([^/]+)\/worklogs$/, ([key]) => control.worklogs(key)],
      [
        /^DELETE \/issues\/([^/]+)\/worklogs\/([^/]+)$/,
        ([key, id]) => {
          control.deleteWorklog(key, id);
          return done;
        },
      ],
    ];
    for (const [pattern, handle] of issueRoutes) {
      const match = pattern.exec(route);
      if (match) return [200, handle(match.slice(1).map(decodeURIComponent))];
    }
    return undefined;
  });

  const server = await startFakeServer({
    port,
    contentType: "application/json;charset=UTF-8",
    control: handleControl,
    errorBody: (message) => jiraError(400, message),
    async handle({ request, response, url, path, body, send }) {
      log.record(request, response, url, body);

      const failure = failures.take(request.method, path);
      const failWith = () => {
        const extra = retryAfterHeader(failure);
        if (failure.status === 429) {
          Object.assign(extra, { "x-ratelimit-limit": "100", "x-ratelimit-remaining": "0" });
        }
        send(failure.status, failure.body ?? jiraError(failure.status, failure.message), extra);
      };
      const answer = await withFailure(failure, () => api(request, path, url.searchParams, body), failWith);
      if (!answer) return;
      const [status, value] = answer;
      send(status, value, status === 401 ? { "www-authenticate": 'Basic realm="protected-by-jira"' } : {});
    },
  });
  const actualPort = server.port;
  baseUrl = server.url;

  return {
    url: baseUrl,
    /** The site's address as a person types it in Timetrap (`metadata.domain`). */
    domain: `127.0.0.1:${actualPort}`,
    email,
    apiToken,
    ...control,
    close: server.close,
  };
}

/**
 * The settings that let a Timetrap server reach a started fake Jira: its site is on 127.0.0.1 over http, which a
 * production server refuses.
 */
export function serverEnvOf(_jira) {
  return { JIRA_ALLOW_PRIVATE: "true", JIRA_ALLOW_HTTP: "true" };
}
