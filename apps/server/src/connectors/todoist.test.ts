import { createServer, type Server } from "node:http";
import { todoistTaskSchema } from "@timetrap/domain";
import { type FakeTodoist, startFakeTodoist } from "@timetrap/fakes";
import { describe, expect, test } from "vitest";
import { askedOf, consentCodeOf, failureOf, useFake, writeBackEntryOf } from "../test/connector-tests.js";
import { ConnectorError } from "./http-client.js";
import {
  createTodoistConnector,
  type TodoistConnector,
  type TodoistConnectorConfig,
  todoistMaxPages,
  todoistScopes,
  todoistTokenLifetimeSeconds,
} from "./todoist.js";

const email = "giulia@example.com";
const redirectUri = "http://127.0.0.1:3999/api/v1/connect/todoist/callback";

let todoist: FakeTodoist;
let connector: TodoistConnector;

function connectorFor(overrides: Partial<TodoistConnectorConfig> = {}): TodoistConnector {
  return createTodoistConnector({
    clientId: todoist.clientId,
    clientSecret: todoist.clientSecret,
    authorizeUrl: todoist.authorizeUrl,
    tokenUrl: todoist.tokenUrl,
    apiUrl: todoist.apiUrl,
    timeoutMs: 2000,
    backoffBaseMs: 10,
    ...overrides,
  });
}

useFake(startFakeTodoist, (fake) => {
  todoist = fake;
  connector = connectorFor();
});

/** The whole consent: the authorization URL, the fake's page answered for `account`, the code exchanged. */
async function connect(account = email) {
  const url = connector.authorizationUrl({ state: "state-1", redirectUri });
  return connector.exchangeCode({ code: consentCodeOf(todoist.consent(url, { email: account })), redirectUri });
}

/** What Todoist was asked, without the control calls: method, path and status. */
const asked = () => askedOf(todoist);

const entryFor = (itemId: string, seconds = 5400, eventId = "0d9e4c1a-4f7e-4a55-9d0b-3f3b8b2a1c11") =>
  writeBackEntryOf(itemId, eventId, seconds, new Date("2026-03-03T09:00:00Z"));

describe("OAuth", () => {
  test("is configured with a client id and secret, and asks for data:read_write", () => {
    expect(connector.configured).toBe(true);
    expect(connector.scopes).toEqual(["data:read_write"]);
    const unconfigured = connectorFor({ clientSecret: null });
    expect(unconfigured.configured).toBe(false);
    expect(() => unconfigured.authorizationUrl({ state: "s", redirectUri })).toThrow(ConnectorError);
  });

  test("the authorization URL carries the client, the comma-separated scopes, the state and the redirect URI", () => {
    const url = new URL(connector.authorizationUrl({ state: "abc.def", redirectUri }));
    expect(`${url.origin}${url.pathname}`).toBe(todoist.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: todoist.clientId,
      scope: todoistScopes.join(","),
      state: "abc.def",
      redirect_uri: redirectUri,
    });
  });

  test("the fake's consent page shows the client and the scopes, and its buttons send the browser back", async () => {
    const url = connector.authorizationUrl({ state: "state-2", redirectUri });
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Fake Todoist for local tests");
    expect(html).toContain(todoist.clientId);
    expect(html).toContain("<li>data:read_write</li>");
    expect(html).toContain('id="allow"');

    const params = new URL(url).searchParams;
    const press = (decision: string) =>
      fetch(todoist.authorizeUrl, {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams([...params.entries(), ["email", email], ["decision", decision]]),
      });
    const allowed = await press("allow");
    expect(allowed.status).toBe(302);
    const back = new URL(allowed.headers.get("location")!);
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    expect(back.searchParams.get("state")).toBe("state-2");
    const tokens = await connector.exchangeCode({ code: back.searchParams.get("code")!, redirectUri });
    await expect(connector.listProjects(tokens.accessToken)).resolves.toEqual([
      { id: expect.any(String), name: "Inbox" },
    ]);

    const denied = new URL((await press("deny")).headers.get("location")!);
    expect(Object.fromEntries(denied.searchParams)).toEqual({ error: "access_denied", state: "state-2" });
  });

  test("an unknown scope comes back as invalid_scope, as Todoist sends it", () => {
    const url = new URL(connector.authorizationUrl({ state: "s", redirectUri }));
    url.searchParams.set("scope", "data:read_write,everything");
    const back = new URL(todoist.consent(url.toString(), { email }));
    expect(Object.fromEntries(back.searchParams)).toEqual({ error: "invalid_scope", state: "s" });
  });

  test("exchanges a code once for a token that never expires; the same code again is refused", async () => {
    const url = connector.authorizationUrl({ state: "s", redirectUri });
    const code = new URL(todoist.consent(url, { email })).searchParams.get("code")!;
    const tokens = await connector.exchangeCode({ code, redirectUri });
    expect(tokens).toMatchObject({
      refreshToken: null,
      expiresInSeconds: todoistTokenLifetimeSeconds,
      scopes: ["data:read_write"],
      email: null,
    });
    expect(todoistTokenLifetimeSeconds).toBeGreaterThan(5 * 365 * 86_400);
    const exchange = todoist.requests.find((r) => r.path === "/oauth/access_token");
    expect(exchange?.body).toEqual({
      client_id: todoist.clientId,
      client_secret: todoist.clientSecret,
      code,
      redirect_uri: redirectUri,
    });

    const reused = await failureOf(connector.exchangeCode({ code, redirectUri }), code, todoist.clientSecret);
    expect(reused).toMatchObject({
      service: "Todoist",
      kind: "unauthorized",
      status: 400,
      reason: "bad_authorization_code",
      message: "Todoist: bad_authorization_code",
    });
  });

  test("a wrong client secret is the server's configuration (upstream), and the secret is in no message", async () => {
    const url = connector.authorizationUrl({ state: "s", redirectUri });
    const code = new URL(todoist.consent(url, { email })).searchParams.get("code")!;
    const error = await failureOf(
      connectorFor({ clientSecret: "not-the-secret" }).exchangeCode({ code, redirectUri }),
      "not-the-secret",
      code,
    );
    expect(error).toMatchObject({ kind: "upstream", status: 400, reason: "incorrect_application_credentials" });
  });

  test("a refresh is always unauthorized, without asking Todoist: the person connects again", async () => {
    const error = await failureOf(connector.refresh("anything"));
    expect(error).toMatchObject({ service: "Todoist", kind: "unauthorized" });
    expect(todoist.requests).toEqual([]);
  });

  test("revokes a token with the client's credentials: the token then answers 401", async () => {
    const { accessToken } = await connect();
    await connector.revoke(accessToken);
    const revoke = todoist.requests.find((r) => r.path === "/api/v1/revoke");
    expect(revoke).toMatchObject({ status: 200, body: { token: accessToken, token_type_hint: "access_token" } });
    expect(revoke?.headers.authorization).toBe("Basic [redacted]");
    const refused = await failureOf(connector.listProjects(accessToken), accessToken);
    expect(refused).toMatchObject({
      service: "Todoist API",
      kind: "unauthorized",
      status: 401,
      message: "Todoist API: Unauthorized",
    });
  });
});

describe("projects and tasks", () => {
  test("lists every project, across pages of 200", async () => {
    const { accessToken } = await connect();
    for (let i = 0; i < 250; i += 1) todoist.addProject(email, { name: `Project ${i}` });
    todoist.clearRequests();
    const projects = await connector.listProjects(accessToken);
    expect(projects).toHaveLength(251);
    expect(projects[0]).toEqual({ id: expect.any(String), name: "Inbox" });
    expect(projects[250]).toEqual({ id: expect.any(String), name: "Project 249" });
    expect(todoist.requests.map((r) => r.query.limit)).toEqual(["200", "200"]);
    expect(todoist.requests[0]?.query.cursor).toBeUndefined();
    expect(todoist.requests[1]?.query.cursor).toBeTruthy();
  });

  test("lists the active tasks in the answer's shape, every page, each subtask with its parent's content", async () => {
    const { accessToken } = await connect();
    const work = todoist.addProject(email, { name: "Work" });
    const parent = todoist.addTask(email, {
      content: "Prepare the offer",
      description: "For Rossi & figli",
      project_id: work.id,
      priority: 4,
      due: { date: "2026-03-03T09:30:00Z", timezone: "Europe/Rome", is_recurring: false },
    });
    const child = todoist.addTask(email, { content: "Ask for the prices", project_id: work.id, parent_id: parent.id });
    for (let i = 0; i < 420; i += 1) todoist.addTask(email, { content: `Chore ${i}`, due: "2026-03-04" });
    const closed = todoist.addTask(email, { content: "Done already", checked: true });
    const gone = todoist.addTask(email, { content: "Deleted" });
    todoist.deleteTask(gone.id);
    todoist.addTask("someone@example.com", { content: "Not mine" });
    todoist.clearRequests();

    const tasks = await connector.listTasks(accessToken);
    expect(tasks).toHaveLength(422);
    for (const task of tasks) todoistTaskSchema.parse(task);
    expect(tasks[0]).toEqual({
      id: parent.id,
      content: "Prepare the offer",
      description: "For Rossi & figli",
      due: { date: "2026-03-03" },
      project_id: work.id,
      url: `https://app.todoist.com/app/task/${parent.id}`,
      completed: false,
      priority: 4,
      parent_description: null,
    });
    expect(tasks[1]).toMatchObject({ id: child.id, parent_description: "Prepare the offer", due: null, priority: 1 });
    expect(tasks[2]).toMatchObject({ content: "Chore 0", due: { date: "2026-03-04" } });
    expect(tasks.map((task) => task.id)).not.toContain(closed.id);
    expect(tasks.map((task) => task.content)).not.toContain("Not mine");
    expect(todoist.requests.map((r) => `${r.path} ${r.query.limit}`)).toEqual([
      "/api/v1/tasks 200",
      "/api/v1/tasks 200",
      "/api/v1/tasks 200",
    ]);
  });

  test("closes a task (Todoist's 204); a task deleted meanwhile is not_found with Todoist's message", async () => {
    const { accessToken } = await connect();
    const task = todoist.addTask(email, { content: "Call the printer" });
    await connector.closeTask(accessToken, task.id);
    expect(todoist.tasks(email).find((t) => t.id === task.id)).toMatchObject({ checked: true });
    expect(asked()).toContain(`POST /api/v1/tasks/${task.id}/close 204`);
    expect(await connector.listTasks(accessToken)).toEqual([]);

    const other = todoist.addTask(email, { content: "Pay the invoice" });
    todoist.deleteTask(other.id);
    const error = await failureOf(connector.closeTask(accessToken, other.id));
    expect(error).toMatchObject({
      service: "Todoist API",
      kind: "not_found",
      status: 404,
      reason: "NOT_FOUND",
      message: "Todoist API: Task not found",
    });
  });

  test("a close is sent once: a recurring task must not move on twice for a lost answer", async () => {
    const { accessToken } = await connect();
    const task = todoist.addTask(email, { content: "Stand-up", due: { date: "2026-03-03", is_recurring: true } });
    todoist.clearRequests();
    todoist.failNext(1, { status: 500, path: "/close" });
    expect((await failureOf(connector.closeTask(accessToken, task.id))).kind).toBe("upstream");
    expect(asked()).toEqual([`POST /api/v1/tasks/${task.id}/close 500`]);
  });

  test("a recurring task moves to its next date instead of closing, as Todoist does", async () => {
    const { accessToken } = await connect();
    const task = todoist.addTask(email, { content: "Stand-up", due: { date: "2026-03-03", is_recurring: true } });
    await connector.closeTask(accessToken, task.id);
    const [listed] = await connector.listTasks(accessToken);
    expect(listed).toMatchObject({ id: task.id, due: { date: "2026-03-04" }, completed: false });
  });

  test("an id that is not Todoist's never reaches the API", async () => {
    const { accessToken } = await connect();
    todoist.clearRequests();
    for (const id of ["..", "../projects", "a/b", "", "x".repeat(65)]) {
      const error = await failureOf(connector.closeTask(accessToken, id));
      expect(error).toMatchObject({ kind: "not_found", reason: "invalid_id", status: null });
    }
    expect(todoist.requests).toEqual([]);
  });
});

describe("Todoist's failures", () => {
  test("a 429 waits for the body's error_extra.retry_after, then succeeds", async () => {
    const { accessToken } = await connect();
    todoist.clearRequests();
    todoist.failNext(1, { status: 429, retryAfter: 1, path: "/api/v1/projects" });
    const started = Date.now();
    await expect(connector.listProjects(accessToken)).resolves.toHaveLength(1);
    expect(asked()).toEqual(["GET /api/v1/projects 429", "GET /api/v1/projects 200"]);
    const [first, second] = todoist.requests;
    expect(second!.time - first!.time).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  test("429 through every retry is rate_limited after the first attempt and three more", async () => {
    const { accessToken } = await connect();
    todoist.clearRequests();
    todoist.failNext(10, { status: 429, retryAfter: 0, path: "/api/v1/tasks" });
    const error = await failureOf(connector.listTasks(accessToken), accessToken);
    expect(error).toMatchObject({
      kind: "rate_limited",
      status: 429,
      reason: "LIMITS_REACHED",
      message: "Todoist API: Too many requests. Limits reached. Try again later",
    });
    expect(todoist.requests).toHaveLength(4);
  });

  test("a retry_after longer than the longest wait is not waited for", async () => {
    const { accessToken } = await connect();
    todoist.failNext(1, { status: 429, retryAfter: 60 });
    const started = Date.now();
    const error = await failureOf(connector.listProjects(accessToken));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error.kind).toBe("rate_limited");
  });

  test("a 500 is retried, and through every retry it is upstream", async () => {
    const { accessToken } = await connect();
    todoist.failNext(1, { status: 500 });
    await expect(connector.listProjects(accessToken)).resolves.toHaveLength(1);
    todoist.clearRequests();
    todoist.failNext(10, { status: 503 });
    const error = await failureOf(connector.listProjects(accessToken));
    expect(error).toMatchObject({ kind: "upstream", status: 503, message: "Todoist API: Service unavailable" });
    expect(todoist.requests).toHaveLength(4);
  });

  test("no answer within the timeout is a timeout", async () => {
    const { accessToken } = await connect();
    todoist.failNext(1, { delayMs: 1500 });
    const error = await failureOf(connectorFor({ timeoutMs: 300 }).listProjects(accessToken));
    expect(error).toMatchObject({ kind: "timeout", message: "Todoist API: no answer within 300 ms" });
  });

  test("a proxy's page, or an answer that is not the API's, is upstream", async () => {
    const { accessToken } = await connect();
    todoist.failNext(4, { status: 502, body: "<html>Bad gateway</html>" });
    const proxy = await failureOf(connector.listProjects(accessToken));
    expect(proxy).toMatchObject({ kind: "upstream", status: 502, message: "Todoist API: <html>Bad gateway</html>" });
    todoist.failNext(1, { status: 200, body: { results: "none" } });
    const shape = await failureOf(connector.listProjects(accessToken));
    expect(shape).toMatchObject({ kind: "upstream", message: "Todoist API: an answer that is not the API's" });
  });

  test("the fake refuses a limit over 200 and another listing's cursor, as Todoist does", async () => {
    const { accessToken } = await connect();
    for (let i = 0; i < 3; i += 1) todoist.addProject(email, { name: `P${i}` });
    const get = (query: string) =>
      fetch(`${todoist.apiUrl}${query}`, { headers: { authorization: `Bearer ${accessToken}` } });
    const over = await get("/tasks?limit=201");
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({
      error: "Invalid argument value",
      error_tag: "INVALID_ARGUMENT_VALUE",
      error_extra: { argument: "limit" },
      http_code: 400,
    });
    const page = (await (await get("/projects?limit=2")).json()) as { next_cursor: string };
    expect(page.next_cursor).toBeTruthy();
    const mixed = await get(`/tasks?cursor=${page.next_cursor}`);
    expect(mixed.status).toBe(400);
    expect(await mixed.json()).toMatchObject({ error_extra: { argument: "cursor" } });
  });

  test("a listing whose cursors never end is an upstream failure, not an endless loop", async () => {
    let calls = 0;
    const server: Server = createServer((_request, response) => {
      calls += 1;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ results: [], next_cursor: `cursor-${calls}` }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const broken = connectorFor({ apiUrl: `http://127.0.0.1:${port}/api/v1` });
      const error = await failureOf(broken.listProjects("token"));
      expect(error).toMatchObject({ kind: "upstream", reason: "endless_listing" });
      expect(calls).toBe(todoistMaxPages);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("time written back as a comment", () => {
  test("find answers null before, create writes the note, find then finds it among many comments", async () => {
    const { accessToken } = await connect();
    const task = todoist.addTask(email, { content: "Design the logo" });
    for (let i = 0; i < 230; i += 1) todoist.addComment(task.id, `A note ${i}`);
    const entry = entryFor(task.id);

    expect(await connector.find(accessToken, entry)).toBeNull();
    const id = await connector.create(accessToken, entry);
    const written = todoist.comments(task.id).find((comment) => comment.id === id);
    expect(written?.content).toBe(
      "1 h 30 m logged in Timetrap on 03/03/2026 [timetrap:0d9e4c1a-4f7e-4a55-9d0b-3f3b8b2a1c11]",
    );
    todoist.clearRequests();
    expect(await connector.find(accessToken, entry)).toBe(id);
    expect(todoist.requests.map((r) => r.query.task_id)).toEqual([task.id, task.id]);
    // Another block's reference is not this one's.
    expect(await connector.find(accessToken, entryFor(task.id, 60, "another-event"))).toBeNull();
  });

  test("update changes the same comment; a comment deleted meanwhile is not_found", async () => {
    const { accessToken } = await connect();
    const task = todoist.addTask(email, { content: "Design the logo" });
    const id = await connector.create(accessToken, entryFor(task.id));
    await connector.update(accessToken, id, entryFor(task.id, 2700));
    expect(todoist.comments(task.id)).toEqual([
      expect.objectContaining({ id, content: expect.stringMatching(/^45 m logged in Timetrap on 03\/03\/2026 \[/) }),
    ]);

    todoist.deleteComment(id);
    const error = await failureOf(connector.update(accessToken, id, entryFor(task.id, 3600)));
    expect(error).toMatchObject({ kind: "not_found", status: 404, message: "Todoist API: Comment not found" });
  });

  test("a new comment is sent once: a failure after it is answered at once, and a retry finds none written", async () => {
    const { accessToken } = await connect();
    const task = todoist.addTask(email, { content: "Design the logo" });
    todoist.clearRequests();
    todoist.failNext(1, { status: 503, path: "/api/v1/comments" });
    const error = await failureOf(connector.create(accessToken, entryFor(task.id)));
    expect(error).toMatchObject({ kind: "upstream", status: 503 });
    expect(asked()).toEqual(["POST /api/v1/comments 503"]);
    expect(await connector.find(accessToken, entryFor(task.id))).toBeNull();
  });

  test("a task deleted meanwhile is not_found for find and create", async () => {
    const { accessToken } = await connect();
    const task = todoist.addTask(email, { content: "Design the logo" });
    todoist.deleteTask(task.id);
    expect((await failureOf(connector.find(accessToken, entryFor(task.id)))).kind).toBe("not_found");
    expect((await failureOf(connector.create(accessToken, entryFor(task.id)))).kind).toBe("not_found");
    expect(todoist.comments(task.id)).toEqual([]);
  });
});
