import { createServer, type Server } from "node:http";
import { asanaTaskSchema } from "@timetrap/domain";
import { type FakeAsana, startFakeAsana } from "@timetrap/fakes";
import { describe, expect, test } from "vitest";
import { askedOf, consentCodeOf, failureOf, useFake, writeBackEntryOf } from "../test/connector-tests.js";
import {
  type AsanaConnector,
  type AsanaConnectorConfig,
  asanaMaxPages,
  asanaScopes,
  asanaTaskFields,
  createAsanaConnector,
} from "./asana.js";
import { ConnectorError } from "./http-client.js";

const email = "giulia@example.com";
const redirectUri = "http://127.0.0.1:3999/api/v1/connect/asana/callback";

let asana: FakeAsana;
let connector: AsanaConnector;

function connectorFor(overrides: Partial<AsanaConnectorConfig> = {}): AsanaConnector {
  return createAsanaConnector({
    clientId: asana.clientId,
    clientSecret: asana.clientSecret,
    authorizeUrl: asana.authorizeUrl,
    tokenUrl: asana.tokenUrl,
    revokeUrl: asana.revokeUrl,
    apiUrl: asana.apiUrl,
    timeoutMs: 2000,
    backoffBaseMs: 10,
    ...overrides,
  });
}

useFake(startFakeAsana, (fake) => {
  asana = fake;
  connector = connectorFor();
});

async function connect(account = email) {
  const url = connector.authorizationUrl({ state: "state-1", redirectUri });
  return connector.exchangeCode({ code: consentCodeOf(asana.consent(url, { email: account })), redirectUri });
}

const asked = () => askedOf(asana);

const entryFor = (itemId: string, seconds = 5400, eventId = "0d9e4c1a-4f7e-4a55-9d0b-3f3b8b2a1c11") =>
  writeBackEntryOf(itemId, eventId, seconds, new Date("2026-03-03T09:00:00Z"));

/** A workspace with two projects, as Giulia's Asana has them. */
function seed() {
  const workspace = asana.addWorkspace(email, { name: "Studio Rossi" });
  const brand = asana.addProject(email, workspace.gid, { name: "Brand" });
  const site = asana.addProject(email, workspace.gid, { name: "Website" });
  return { workspace, brand, site };
}

describe("OAuth", () => {
  test("is configured with a client id and secret, and asks for its granular scopes space-separated", () => {
    expect(connector.configured).toBe(true);
    expect(asanaScopes).toEqual([
      "workspaces:read",
      "projects:read",
      "tasks:read",
      "tasks:write",
      "stories:read",
      "stories:write",
    ]);
    const url = new URL(connector.authorizationUrl({ state: "abc.def", redirectUri }));
    expect(`${url.origin}${url.pathname}`).toBe(asana.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: asana.clientId,
      redirect_uri: redirectUri,
      response_type: "code",
      state: "abc.def",
      scope: asanaScopes.join(" "),
    });
    const unconfigured = connectorFor({ clientId: null });
    expect(unconfigured.configured).toBe(false);
    expect(() => unconfigured.authorizationUrl({ state: "s", redirectUri })).toThrow(ConnectorError);
  });

  test("the fake's consent page shows the scopes, and its buttons send the browser back", async () => {
    const url = connector.authorizationUrl({ state: "state-2", redirectUri });
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Fake Asana for local tests");
    expect(html).toContain("<li>stories:write</li>");
    const params = new URL(url).searchParams;
    const press = (decision: string) =>
      fetch(asana.authorizeUrl, {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams([...params.entries(), ["email", "other@example.com"], ["decision", decision]]),
      });
    const back = new URL((await press("allow")).headers.get("location")!);
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    expect(back.searchParams.get("state")).toBe("state-2");
    const tokens = await connector.exchangeCode({ code: back.searchParams.get("code")!, redirectUri });
    expect(tokens.email).toBe("other@example.com");
    const denied = new URL((await press("deny")).headers.get("location")!);
    expect(Object.fromEntries(denied.searchParams)).toEqual({ error: "access_denied", state: "state-2" });
  });

  test("exchanges a code once for an hour's token, a refresh token and the account's e-mail", async () => {
    const url = connector.authorizationUrl({ state: "s", redirectUri });
    const code = new URL(asana.consent(url, { email })).searchParams.get("code")!;
    const tokens = await connector.exchangeCode({ code, redirectUri });
    expect(tokens).toMatchObject({ expiresInSeconds: 3600, scopes: asanaScopes, email });
    expect(tokens.refreshToken).toBeTruthy();
    const reused = await failureOf(connector.exchangeCode({ code, redirectUri }), code, asana.clientSecret);
    expect(reused).toMatchObject({ service: "Asana", kind: "unauthorized", status: 400, reason: "invalid_grant" });
    expect(reused.message).toMatch(/^Asana: /);
  });

  test("a wrong client secret is the server's configuration (upstream)", async () => {
    const url = connector.authorizationUrl({ state: "s", redirectUri });
    const code = new URL(asana.consent(url, { email })).searchParams.get("code")!;
    const error = await failureOf(
      connectorFor({ clientSecret: "not-the-secret" }).exchangeCode({ code, redirectUri }),
      "not-the-secret",
      code,
    );
    expect(error).toMatchObject({ kind: "upstream", status: 401, reason: "invalid_client" });
  });

  test("refreshes a token (no new refresh token comes back); a refused refresh is unauthorized", async () => {
    const first = await connect();
    asana.expireAccessTokens();
    expect((await failureOf(connector.listWorkspaces(first.accessToken), first.accessToken)).kind).toBe("unauthorized");
    const refreshed = await connector.refresh(first.refreshToken!);
    expect(refreshed).toMatchObject({ refreshToken: null, expiresInSeconds: 3600 });
    expect(refreshed.accessToken).not.toBe(first.accessToken);
    await expect(connector.listWorkspaces(refreshed.accessToken)).resolves.toEqual([]);
    const form = asana.requests.filter((r) => r.path === "/-/oauth_token").at(-1)?.body;
    expect(form).toEqual({
      grant_type: "refresh_token",
      refresh_token: first.refreshToken,
      client_id: asana.clientId,
      client_secret: asana.clientSecret,
    });

    asana.refuseRefresh(email);
    const error = await failureOf(connector.refresh(first.refreshToken!), first.refreshToken!);
    expect(error).toMatchObject({ service: "Asana", kind: "unauthorized", reason: "invalid_grant" });
  });

  test("revokes the grant by its refresh token: the access token then answers 401", async () => {
    const tokens = await connect();
    await connector.revoke(tokens.refreshToken!);
    const error = await failureOf(connector.listWorkspaces(tokens.accessToken), tokens.accessToken);
    expect(error).toMatchObject({ kind: "unauthorized", status: 401, message: "Asana API: Not Authorized" });
  });
});

describe("workspaces, projects and tasks", () => {
  test("lists the workspaces and a workspace's projects that are not archived, every page of 100", async () => {
    const { accessToken } = await connect();
    const { workspace, brand, site } = seed();
    asana.addProject(email, workspace.gid, { name: "Old", archived: true });
    for (let i = 0; i < 120; i += 1) asana.addProject(email, workspace.gid, { name: `P${i}` });
    const other = asana.addWorkspace(email, { name: "Personal" });
    asana.addWorkspace("someone@example.com", { name: "Not mine" });
    asana.clearRequests();

    expect(await connector.listWorkspaces(accessToken)).toEqual([
      { gid: workspace.gid, name: "Studio Rossi" },
      { gid: other.gid, name: "Personal" },
    ]);
    const projects = await connector.listProjects(accessToken, workspace.gid);
    expect(projects).toHaveLength(122);
    expect(projects.slice(0, 2)).toEqual([
      { gid: brand.gid, name: "Brand" },
      { gid: site.gid, name: "Website" },
    ]);
    expect(projects.map((p) => p.name)).not.toContain("Old");
    const listings = asana.requests.filter((r) => r.path.endsWith("/projects"));
    expect(listings.map((r) => [r.query.limit, r.query.archived, r.query.opt_fields])).toEqual([
      ["100", "false", "name"],
      ["100", "false", "name"],
    ]);
    expect(listings[1]?.query.offset).toBeTruthy();
    expect(await connector.listProjects(accessToken, other.gid)).toEqual([]);
  });

  test("a project's incomplete tasks in the answer's shape, with their projects' names, every page", async () => {
    const { accessToken } = await connect();
    const { workspace, brand, site } = seed();
    const logo = asana.addTask(email, {
      name: "Design the logo",
      projects: [brand.gid, site.gid],
      due_on: "2026-03-03",
      html_notes: "<body>Three <strong>proposals</strong></body>",
    });
    for (let i = 0; i < 150; i += 1) asana.addTask(email, { name: `Task ${i}`, projects: [brand.gid] });
    asana.addTask(email, { name: "Done", projects: [brand.gid], completed: true });
    asana.addTask(email, { name: "Elsewhere", workspace: workspace.gid });
    asana.clearRequests();

    const tasks = await connector.listProjectTasks(accessToken, brand.gid);
    expect(tasks).toHaveLength(151);
    for (const task of tasks) asanaTaskSchema.parse(task);
    expect(tasks[0]).toEqual({
      gid: logo.gid,
      name: "Design the logo",
      due_on: "2026-03-03",
      projects: [
        { gid: brand.gid, name: "Brand" },
        { gid: site.gid, name: "Website" },
      ],
      html_notes: "<body>Three <strong>proposals</strong></body>",
      permalink_url: logo.permalink_url,
    });
    expect(tasks[1]).toMatchObject({ name: "Task 0", due_on: null });
    expect(tasks.map((t) => t.name)).not.toContain("Done");
    expect(asana.requests.map((r) => [r.path, r.query.completed_since, r.query.opt_fields, r.query.limit])).toEqual([
      [`/api/1.0/projects/${brand.gid}/tasks`, "now", asanaTaskFields, "100"],
      [`/api/1.0/projects/${brand.gid}/tasks`, "now", asanaTaskFields, "100"],
    ]);
  });

  test("all projects: the person's incomplete tasks in the workspace", async () => {
    const { accessToken } = await connect();
    const { workspace, brand } = seed();
    const mine = asana.addTask(email, { name: "Mine", projects: [brand.gid] });
    const loose = asana.addTask(email, { name: "No project", workspace: workspace.gid });
    asana.addTask(email, { name: "Nobody's", projects: [brand.gid], assignee: null });
    asana.addTask(email, { name: "Done", projects: [brand.gid], completed: true });
    const other = asana.addWorkspace(email, { name: "Personal" });
    asana.addTask(email, { name: "Other workspace", workspace: other.gid });
    asana.clearRequests();

    const tasks = await connector.listMyTasks(accessToken, workspace.gid);
    expect(tasks.map((t) => t.gid)).toEqual([mine.gid, loose.gid]);
    expect(tasks[1]).toMatchObject({ projects: [], html_notes: "<body></body>" });
    expect(asana.requests[0]?.query).toMatchObject({
      assignee: "me",
      workspace: workspace.gid,
      completed_since: "now",
      limit: "100",
    });
  });

  test("completes a task; a task deleted meanwhile is not_found with Asana's message", async () => {
    const { accessToken } = await connect();
    const { brand } = seed();
    const task = asana.addTask(email, { name: "Send the files", projects: [brand.gid] });
    await connector.completeTask(accessToken, task.gid);
    expect(asana.tasks(email).find((t) => t.gid === task.gid)).toMatchObject({ completed: true });
    expect(asana.requests.find((r) => r.method === "PUT")?.body).toEqual({ data: { completed: true } });
    expect(await connector.listProjectTasks(accessToken, brand.gid)).toEqual([]);

    const gone = asana.addTask(email, { name: "Gone", projects: [brand.gid] });
    asana.deleteTask(gone.gid);
    const error = await failureOf(connector.completeTask(accessToken, gone.gid));
    expect(error).toMatchObject({
      service: "Asana API",
      kind: "not_found",
      status: 404,
      message: `Asana API: Unknown object: ${gone.gid}`,
    });
  });

  test("a gid that is not one never reaches the API", async () => {
    const { accessToken } = await connect();
    asana.clearRequests();
    for (const gid of ["..", "../workspaces", "1/2", ""]) {
      expect((await failureOf(connector.completeTask(accessToken, gid))).reason).toBe("invalid_id");
      expect((await failureOf(connector.listProjects(accessToken, gid))).reason).toBe("invalid_id");
      expect((await failureOf(connector.listMyTasks(accessToken, gid))).reason).toBe("invalid_id");
    }
    expect(asana.requests).toEqual([]);
  });

  test("a token without a scope the call needs is forbidden, with Asana's message", async () => {
    const { access_token } = asana.issueTokens(email, { scope: "workspaces:read" });
    const { workspace } = seed();
    await expect(connector.listWorkspaces(access_token)).resolves.toHaveLength(1);
    const error = await failureOf(connector.listProjects(access_token, workspace.gid), access_token);
    expect(error).toMatchObject({ kind: "forbidden", status: 403 });
    expect(error.message).toMatch(/^Asana API: .*projects:read/);
  });
});

describe("Asana's failures", () => {
  test("a 429 waits for its Retry-After, then succeeds", async () => {
    const { accessToken } = await connect();
    asana.clearRequests();
    asana.failNext(1, { status: 429, retryAfter: 1, path: "/workspaces" });
    await expect(connector.listWorkspaces(accessToken)).resolves.toEqual([]);
    expect(asked()).toEqual(["GET /api/1.0/workspaces 429", "GET /api/1.0/workspaces 200"]);
    const [first, second] = asana.requests;
    expect(second!.time - first!.time).toBeGreaterThanOrEqual(950);
  });

  test("429 through every retry is rate_limited with Asana's message", async () => {
    const { accessToken } = await connect();
    asana.clearRequests();
    asana.failNext(10, { status: 429, retryAfter: 0 });
    const error = await failureOf(connector.listWorkspaces(accessToken), accessToken);
    expect(error).toMatchObject({
      kind: "rate_limited",
      status: 429,
      message: "Asana API: You have made too many requests recently. Please, be chill.",
    });
    expect(asana.requests).toHaveLength(4);
  });

  test("a 500 through every retry is upstream", async () => {
    const { accessToken } = await connect();
    asana.failNext(10, { status: 500, retryAfter: 0 });
    const error = await failureOf(connector.listWorkspaces(accessToken));
    expect(error).toMatchObject({ kind: "upstream", status: 500, message: "Asana API: Server Error" });
  });

  test("no answer within the timeout is a timeout", async () => {
    const { accessToken } = await connect();
    asana.failNext(1, { delayMs: 1500 });
    const error = await failureOf(connectorFor({ timeoutMs: 300 }).listWorkspaces(accessToken));
    expect(error).toMatchObject({ kind: "timeout", message: "Asana API: no answer within 300 ms" });
  });

  test("a proxy's page, or an answer without its data, is upstream", async () => {
    const { accessToken } = await connect();
    asana.failNext(4, { status: 502, body: "<html>Bad gateway</html>", retryAfter: 0 });
    const proxy = await failureOf(connector.listWorkspaces(accessToken));
    expect(proxy).toMatchObject({ kind: "upstream", status: 502, message: "Asana API: <html>Bad gateway</html>" });
    asana.failNext(1, { status: 200, body: { workspaces: [] } });
    const shape = await failureOf(connector.listWorkspaces(accessToken));
    expect(shape).toMatchObject({ kind: "upstream", message: "Asana API: an answer that is not the API's" });
  });

  test("the fake refuses a list without limit, or with one over 100, and another listing's offset", async () => {
    const { accessToken } = await connect();
    const { workspace } = seed();
    for (let i = 0; i < 3; i += 1) asana.addWorkspace(email, { name: `W${i}` });
    const get = (query: string) =>
      fetch(`${asana.apiUrl}${query}`, { headers: { authorization: `Bearer ${accessToken}` } });
    for (const query of ["/workspaces", "/workspaces?limit=101"]) {
      const refused = await get(query);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        errors: [expect.objectContaining({ message: expect.stringMatching(/^limit: /) })],
      });
    }
    const page = (await (await get("/workspaces?limit=2")).json()) as { next_page: { offset: string } };
    const mixed = await get(`/workspaces/${workspace.gid}/projects?limit=2&offset=${page.next_page.offset}`);
    expect(mixed.status).toBe(400);
  });

  test("a listing whose offsets never end is an upstream failure, not an endless loop", async () => {
    let calls = 0;
    const server: Server = createServer((_request, response) => {
      calls += 1;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ data: [], next_page: { offset: `o${calls}`, path: "/x", uri: "http://x" } }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const error = await failureOf(connectorFor({ apiUrl: `http://127.0.0.1:${port}` }).listWorkspaces("token"));
      expect(error).toMatchObject({ kind: "upstream", reason: "endless_listing" });
      expect(calls).toBe(asanaMaxPages);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("time written back as a comment story", () => {
  test("find answers null before, create comments, find then finds it past other stories and pages", async () => {
    const { accessToken } = await connect();
    const { brand } = seed();
    const task = asana.addTask(email, { name: "Design the logo", projects: [brand.gid] });
    for (let i = 0; i < 120; i += 1) asana.addStory(task.gid, `added to Brand ${i}`, { type: "system" });
    // A system story that quotes the reference is not the comment.
    asana.addStory(task.gid, "timetrap:0d9e4c1a-4f7e-4a55-9d0b-3f3b8b2a1c11", { type: "system" });
    const entry = entryFor(task.gid);

    expect(await connector.find(accessToken, entry)).toBeNull();
    const gid = await connector.create(accessToken, entry);
    expect(asana.stories(task.gid).find((story) => story.gid === gid)).toMatchObject({
      type: "comment",
      text: "1 h 30 m logged in Timetrap on 03/03/2026 [timetrap:0d9e4c1a-4f7e-4a55-9d0b-3f3b8b2a1c11]",
    });
    expect(await connector.find(accessToken, entry)).toBe(gid);
    expect(await connector.find(accessToken, entryFor(task.gid, 60, "another-event"))).toBeNull();
  });

  test("update changes the same story; a story deleted meanwhile is not_found", async () => {
    const { accessToken } = await connect();
    const { brand } = seed();
    const task = asana.addTask(email, { name: "Design the logo", projects: [brand.gid] });
    const gid = await connector.create(accessToken, entryFor(task.gid));
    await connector.update(accessToken, gid, entryFor(task.gid, 2700));
    expect(asana.stories(task.gid)).toEqual([
      expect.objectContaining({ gid, is_edited: true, text: expect.stringMatching(/^45 m logged in Timetrap/) }),
    ]);
    asana.deleteStory(gid);
    const error = await failureOf(connector.update(accessToken, gid, entryFor(task.gid)));
    expect(error).toMatchObject({ kind: "not_found", status: 404, message: `Asana API: Unknown object: ${gid}` });
  });

  test("a new comment is sent once: a failure after it is answered at once", async () => {
    const { accessToken } = await connect();
    const { brand } = seed();
    const task = asana.addTask(email, { name: "Design the logo", projects: [brand.gid] });
    asana.clearRequests();
    asana.failNext(1, { status: 500, method: "POST", path: "/stories" });
    const error = await failureOf(connector.create(accessToken, entryFor(task.gid)));
    expect(error).toMatchObject({ kind: "upstream", status: 500 });
    expect(asked()).toEqual([`POST /api/1.0/tasks/${task.gid}/stories 500`]);
    expect(asana.stories(task.gid)).toEqual([]);
  });

  test("a task deleted meanwhile is not_found for find and create", async () => {
    const { accessToken } = await connect();
    const { brand } = seed();
    const task = asana.addTask(email, { name: "Gone", projects: [brand.gid] });
    asana.deleteTask(task.gid);
    expect((await failureOf(connector.find(accessToken, entryFor(task.gid)))).kind).toBe("not_found");
    expect((await failureOf(connector.create(accessToken, entryFor(task.gid)))).kind).toBe("not_found");
  });
});
