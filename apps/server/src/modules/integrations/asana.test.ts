import {
  asanaProjectsAnswerSchema,
  asanaTasksAnswerSchema,
  asanaWorkspacesAnswerSchema,
  completionAnswerSchema,
} from "@timetrap/domain";
import { asanaServerEnvOf, type FakeAsana, startFakeAsana } from "@timetrap/fakes";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { userIntegrations } from "../../db/schema.js";
import { askedOf } from "../../test/connector-tests.js";
import type { BuiltUser } from "../../test/factories.js";
import { connectThroughConsent, integrationRowOf, memberOf, useTestAppWithFake } from "../../test/integration-api.js";
import { request, snapshot, type TestApp } from "../../test/test-app.js";
import { integrationAad, openSecret } from "./secret-box.js";

const { t, fake: asana } = useTestAppWithFake<FakeAsana>(startFakeAsana, asanaServerEnvOf);

const person = () => memberOf(t);

async function connectUrlOf(user: BuiltUser) {
  return request(t.app, { method: "GET", url: "/api/v1/connect/asana", token: user.token });
}

/** The whole connection through the fake's consent page, for the Asana account `account`: where the browser lands. */
const connectAsana = (user: BuiltUser, account = user.email) => connectThroughConsent(t, asana, "asana", user, account);

/** A member with Asana connected, their workspace with two projects, a task in each and one of their own. */
async function connectedPerson() {
  const user = await person();
  expect(await connectAsana(user)).toBe(`http://timetrap.test/user/${user.id}/integrations?connected=asana`);
  const workspace = asana.addWorkspace(user.email, { name: "Studio Rossi" });
  const brand = asana.addProject(user.email, workspace.gid, { name: "Brand" });
  const site = asana.addProject(user.email, workspace.gid, { name: "Website" });
  const logo = asana.addTask(user.email, { name: "Design the logo", projects: [brand.gid], due_on: "2026-03-03" });
  const menu = asana.addTask(user.email, { name: "Draw the menu", projects: [site.gid] });
  const loose = asana.addTask(user.email, { name: "Call the client", workspace: workspace.gid });
  return { user, workspace, brand, site, logo, menu, loose };
}

const integrationOf = (userId: string) => integrationRowOf(t, userId, "asana");

const get = (user: BuiltUser, url: string, app: TestApp = t) =>
  request(app.app, { method: "GET", url: `/api/v1/connect/asana/${url}`, token: user.token });

const complete = (user: BuiltUser, id: string) =>
  request(t.app, { method: "POST", url: `/api/v1/connect/asana/tasks/${id}`, token: user.token });

const asked = () => askedOf(asana);

describe("connecting Asana", () => {
  test("the consent page's address asks for the granular scopes with a state and the server's callback", async () => {
    const user = await person();
    const response = await connectUrlOf(user);
    expect(response.statusCode).toBe(200);
    const url = new URL((response.json() as { url: string }).url);
    expect(`${url.origin}${url.pathname}`).toBe(asana.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: asana.clientId,
      response_type: "code",
      redirect_uri: "http://timetrap.test/api/v1/connect/asana/callback",
      scope: "workspaces:read projects:read tasks:read tasks:write stories:read stories:write",
    });
  });

  test("the callback stores the tokens sealed, the hour's expiry and the Asana account's e-mail", async () => {
    const { user } = await connectedPerson();
    const row = await integrationOf(user.id);
    expect(row).toMatchObject({ status: "active", tokenType: "Bearer", lastError: null });
    expect(row!.metadata.account_email).toBe(user.email);
    expect(row!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    expect(row!.expiresAt!.getTime()).toBeLessThan(Date.now() + 3700_000);
    expect(row!.refreshToken).toMatch(/^v1\./);
    const refresh = openSecret(t.config.integrationsKey, row!.refreshToken!, integrationAad(user.id, "asana"));
    expect(JSON.stringify(row)).not.toContain(refresh);
  });
});

describe("workspaces, projects and tasks", () => {
  test("lists the person's workspaces and a workspace's projects", async () => {
    const { user, workspace, brand, site } = await connectedPerson();
    const workspaces = await get(user, "workspaces");
    expect(workspaces.statusCode).toBe(200);
    expect(asanaWorkspacesAnswerSchema.parse(workspaces.json())).toEqual({
      workspaces: [{ gid: workspace.gid, name: "Studio Rossi" }],
    });
    const projects = await get(user, `projects?workspaceId=${workspace.gid}`);
    expect(projects.statusCode).toBe(200);
    expect(asanaProjectsAnswerSchema.parse(projects.json())).toEqual({
      projects: [
        { gid: brand.gid, name: "Brand" },
        { gid: site.gid, name: "Website" },
      ],
    });
  });

  test("a project's incomplete tasks, or with workspaceId the person's in every project", async () => {
    const { user, workspace, brand, logo, menu, loose } = await connectedPerson();
    asana.addTask(user.email, { name: "Done", projects: [brand.gid], completed: true });
    const byProject = await get(user, `tasks?projectId=${brand.gid}`);
    expect(byProject.statusCode).toBe(200);
    expect(asanaTasksAnswerSchema.parse(byProject.json())).toEqual({
      tasks: [
        {
          gid: logo.gid,
          name: "Design the logo",
          due_on: "2026-03-03",
          projects: [{ gid: brand.gid, name: "Brand" }],
          html_notes: "<body></body>",
          permalink_url: logo.permalink_url,
        },
      ],
    });
    const all = await get(user, `tasks?workspaceId=${workspace.gid}`);
    expect(all.statusCode).toBe(200);
    expect(asanaTasksAnswerSchema.parse(all.json()).tasks.map((task) => task.gid)).toEqual([
      logo.gid,
      menu.gid,
      loose.gid,
    ]);
  });

  test("a bad query is a 400 naming the field, and Asana is not asked", async () => {
    const { user, workspace, brand } = await connectedPerson();
    asana.clearRequests();
    const cases: Array<[string, string]> = [
      ["projects", "query.workspaceId"],
      ["projects?workspaceId=", "query.workspaceId"],
      ["projects?workspaceId=..%2Fusers", "query.workspaceId"],
      ["tasks", "query.projectId"],
      [`tasks?projectId=${brand.gid}&workspaceId=${workspace.gid}`, "query.projectId"],
      ["tasks?projectId=a.b", "query.projectId"],
      ["tasks?workspaceId=1%2F2", "query.workspaceId"],
    ];
    for (const [url, field] of cases) {
      const response = await get(user, url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({
        code: "VALIDATION_FAILED",
        details: expect.arrayContaining([expect.objectContaining({ field })]),
      });
    }
    expect(asked()).toEqual([]);
  });

  test("a workspace or project that is not the person's is Asana's 404, named so", async () => {
    const { user } = await connectedPerson();
    const other = await connectedPerson();
    const projects = await get(user, `projects?workspaceId=${other.workspace.gid}`);
    expect(projects.statusCode).toBe(404);
    expect(projects.json()).toMatchObject({
      code: "NOT_FOUND",
      ErrorMessage: `Asana API: Unknown object: ${other.workspace.gid}`,
    });
    expect((await get(user, `tasks?projectId=${other.brand.gid}`)).statusCode).toBe(404);
    // A miss about one request is not the integration's trouble.
    expect((await integrationOf(user.id))?.lastError).toBeNull();
  });

  test("another person without Asana gets 409 on every call, and nothing of this person's", async () => {
    const { workspace, brand, logo } = await connectedPerson();
    const colleague = await person();
    for (const url of ["workspaces", `projects?workspaceId=${workspace.gid}`, `tasks?projectId=${brand.gid}`]) {
      const response = await get(colleague, url);
      expect(response.statusCode, url).toBe(409);
      expect(response.json()).toMatchObject({
        code: "INTEGRATION_NOT_CONNECTED",
        ErrorMessage: "Asana is not connected",
      });
    }
    const completion = await complete(colleague, logo.gid);
    expect(completion.statusCode).toBe(409);
    const gone = await request(t.app, { method: "DELETE", url: "/api/v1/connect/asana", token: colleague.token });
    expect(gone.statusCode).toBe(404);
  });
});

describe("the access token", () => {
  test("an expired one is refreshed with the refresh token, which is kept as Asana sends no new one", async () => {
    const { user } = await connectedPerson();
    const before = await integrationOf(user.id);
    await t.db
      .update(userIntegrations)
      .set({ expiresAt: new Date(Date.now() + 30_000) })
      .where(eq(userIntegrations.id, before!.id));
    asana.clearRequests();
    expect((await get(user, "workspaces")).statusCode).toBe(200);
    expect(asked()).toEqual(["POST /-/oauth_token 200", "GET /api/1.0/workspaces 200"]);
    const after = await integrationOf(user.id);
    const aad = integrationAad(user.id, "asana");
    const open = (sealed: string) => openSecret(t.config.integrationsKey, sealed, aad);
    expect(open(after!.credential)).not.toBe(open(before!.credential));
    expect(open(after!.refreshToken!)).toBe(open(before!.refreshToken!));
    expect(after!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 3500_000);
  });

  test("a token Asana refuses is refreshed once and the call made again", async () => {
    const { user } = await connectedPerson();
    asana.expireAccessTokens();
    asana.clearRequests();
    expect((await get(user, "workspaces")).statusCode).toBe(200);
    expect(asked()).toEqual(["GET /api/1.0/workspaces 401", "POST /-/oauth_token 200", "GET /api/1.0/workspaces 200"]);
  });

  test("a refused refresh marks the integration to connect again: 409 now and after, without asking Asana", async () => {
    const { user, logo } = await connectedPerson();
    asana.refuseRefresh(user.email);
    asana.expireAccessTokens();
    const refused = await get(user, "workspaces");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "INTEGRATION_NEEDS_RECONNECT",
      ErrorMessage: expect.stringMatching(/^Asana must be connected again \(Asana: .*invalid_grant/),
    });
    expect(await integrationOf(user.id)).toMatchObject({ status: "needs_reconnect" });
    asana.clearRequests();
    const completion = await complete(user, logo.gid);
    expect(completion.statusCode).toBe(409);
    expect(completion.json()).toMatchObject({ code: "INTEGRATION_NEEDS_RECONNECT" });
    expect(asked()).toEqual([]);
  });
});

describe("Asana's failures", () => {
  test.each([
    [
      "429 through every retry",
      { status: 429, retryAfter: 0 },
      4,
      503,
      "UPSTREAM_RATE_LIMITED",
      "Asana API: You have made too many requests recently. Please, be chill.",
    ],
    ["500 through every retry", { status: 500, retryAfter: 0 }, 4, 502, "UPSTREAM_ERROR", "Asana API: Server Error"],
    ["403 (not retried)", { status: 403 }, 1, 403, "FORBIDDEN", "Asana API: Forbidden"],
  ])("%s is answered as decision 029 says", async (_name, failure, count, status, code, message) => {
    const { user } = await connectedPerson();
    asana.failNext(count, { ...failure, path: "/api/1.0/workspaces" });
    const response = await get(user, "workspaces");
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code, ErrorMessage: message });
    expect((await integrationOf(user.id))?.lastError).toBe(message);
    // Every failure asked for was used: the next call works, and clears the integration's error.
    expect((await get(user, "workspaces")).statusCode).toBe(200);
    expect((await integrationOf(user.id))?.lastError).toBeNull();
  });

  test("a 429 with Retry-After is waited for, and the answer after it is the list", async () => {
    const { user, workspace } = await connectedPerson();
    asana.clearRequests();
    asana.failNext(1, { status: 429, retryAfter: 1 });
    const response = await get(user, `projects?workspaceId=${workspace.gid}`);
    expect(response.statusCode).toBe(200);
    const [first, second] = asana.requests;
    expect([first?.status, second?.status]).toEqual([429, 200]);
    expect(second!.time - first!.time).toBeGreaterThanOrEqual(950);
  });

  test("no answer within CONNECTOR_TIMEOUT_MS is a 504", async () => {
    const quick = await t.buildAnotherApp({ ...asanaServerEnvOf(asana), CONNECTOR_TIMEOUT_MS: "300" });
    const { user } = await connectedPerson();
    asana.failNext(1, { delayMs: 1500, path: "/api/1.0/workspaces" });
    const response = await get(user, "workspaces", quick);
    expect(response.statusCode).toBe(504);
    expect(response.json()).toMatchObject({
      code: "UPSTREAM_TIMEOUT",
      ErrorMessage: "Asana API: no answer within 300 ms",
    });
  });
});

describe("POST connect/asana/tasks/{id}", () => {
  test("completes the task in Asana and answers success", async () => {
    const { user, logo, brand } = await connectedPerson();
    const response = await complete(user, logo.gid);
    expect(response.statusCode).toBe(200);
    expect(completionAnswerSchema.parse(response.json())).toEqual({ success: true, err: null });
    expect(asana.tasks(user.email).find((task) => task.gid === logo.gid)?.completed).toBe(true);
    expect(asanaTasksAnswerSchema.parse((await get(user, `tasks?projectId=${brand.gid}`)).json()).tasks).toEqual([]);
  });

  test("a task deleted meanwhile, or another person's, is success false with Asana's message", async () => {
    const { user, logo } = await connectedPerson();
    const other = await connectedPerson();
    asana.deleteTask(logo.gid);
    expect((await complete(user, logo.gid)).json()).toEqual({
      success: false,
      err: `Asana API: Unknown object: ${logo.gid}`,
    });
    expect((await complete(user, other.logo.gid)).json()).toEqual({
      success: false,
      err: `Asana API: Unknown object: ${other.logo.gid}`,
    });
    expect(asana.tasks(other.user.email).find((task) => task.gid === other.logo.gid)?.completed).toBe(false);
  });

  test("Asana's failure through every retry is success false with its message", async () => {
    const { user, logo } = await connectedPerson();
    asana.failNext(4, { status: 503, retryAfter: 0, method: "PUT" });
    const response = await complete(user, logo.gid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: false, err: "Asana API: Server Error" });
  });

  test("a gid that is not one is a 400 naming it, and Asana is not asked", async () => {
    const { user } = await connectedPerson();
    asana.clearRequests();
    for (const segment of ["1%2F2", "a.b", "%20"]) {
      const response = await complete(user, segment);
      expect(response.statusCode, segment).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", details: [{ field: "params.id" }] });
    }
    expect(asked()).toEqual([]);
  });
});

describe("DELETE connect/asana", () => {
  test("disconnects the person's Asana and revokes the grant; again it is a 404 that changes nothing", async () => {
    const { user } = await connectedPerson();
    const other = await connectedPerson();
    const row = await integrationOf(user.id);
    const refresh = openSecret(t.config.integrationsKey, row!.refreshToken!, integrationAad(user.id, "asana"));
    asana.clearRequests();
    const response = await request(t.app, { method: "DELETE", url: "/api/v1/connect/asana", token: user.token });
    expect(response.statusCode).toBe(204);
    expect(await integrationOf(user.id)).toBeUndefined();
    expect(asana.requests.find((r) => r.path === "/-/oauth_revoke")).toMatchObject({
      status: 200,
      body: expect.objectContaining({ token: refresh }),
    });
    expect((await get(other.user, "workspaces")).statusCode).toBe(200);

    const before = await snapshot(t.db);
    const again = await request(t.app, { method: "DELETE", url: "/api/v1/connect/asana", token: user.token });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "Asana integration not found" });
    expect(await snapshot(t.db)).toEqual(before);
  });
});
