import { type Integration, paymoTasksAnswerSchema, type UserIntegrations } from "@timetrap/domain";
import { type FakePaymo, paymoServerEnvOf, startFakePaymo } from "@timetrap/fakes";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { userIntegrations } from "../../db/schema.js";
import { askedOf } from "../../test/connector-tests.js";
import type { BuiltUser } from "../../test/factories.js";
import { integrationRowOf, peopleOf, postIntegration, useTestAppWithFake } from "../../test/integration-api.js";
import { request, snapshot, type TestApp } from "../../test/test-app.js";
import { integrationAad, openSecret } from "./secret-box.js";

const { t, fake: paymo } = useTestAppWithFake<FakePaymo>(
  () => startFakePaymo({ email: "giulia@example.com" }),
  paymoServerEnvOf,
);

/** A member of a new organization (on the free plan: two integrations), a colleague and an outsider. */
const people = () => peopleOf(t);

const connect = (person: BuiltUser, json: unknown, caller: BuiltUser = person, app: TestApp = t) =>
  postIntegration(app, person, json, caller);

const tasksOf = (person: BuiltUser, app: TestApp = t) =>
  request(app.app, { method: "GET", url: "/api/v1/connect/paymo/tasks", token: person.token });

const rowOf = (userId: string) => integrationRowOf(t, userId, "paymo");

/** A person with Paymo connected through the API, with a key of their own (made in the fake when not given). */
async function connectedPerson(apiKey = paymo.addKey({ email: "someone@example.com" }).apiKey): Promise<BuiltUser> {
  const { person } = await people();
  const response = await connect(person, { service: "paymo", auth_token: apiKey, token_type: "APIKEY" });
  expect(response.statusCode, response.body).toBe(201);
  return person;
}

/** What Paymo was asked: method and path with the answer's status. */
const asked = () => askedOf(paymo);

describe("connecting Paymo with an API key", () => {
  test("the key is checked with Paymo, kept sealed, and the answer shows the account, never the key", async () => {
    const { person } = await people();
    paymo.clearRequests();
    const response = await connect(person, {
      user_id: person.id,
      service: "paymo",
      auth_token: ` ${paymo.apiKey} `,
      token_type: "APIKEY",
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      service: "paymo",
      status: "active",
      token_type: "APIKEY",
      expires_at: null,
      metadata: { account_email: "giulia@example.com", domain: null, scopes: [] },
      last_error: null,
      write_back: true,
      created_at: expect.any(Number),
    } satisfies Integration);
    expect(asked()).toEqual(["GET /api/me 200"]);

    const row = (await rowOf(person.id))!;
    expect(row).toMatchObject({ status: "active", tokenType: "APIKEY", refreshToken: null, expiresAt: null });
    expect(row.credential).toMatch(/^v1\./);
    expect(row.credential).not.toContain(paymo.apiKey);
    expect(openSecret(t.config.integrationsKey, row.credential, integrationAad(person.id, "paymo"))).toBe(paymo.apiKey);

    const list = await request(t.app, {
      method: "GET",
      url: `/api/v1/user/${person.id}/integrations`,
      token: person.token,
    });
    const state = (list.json() as UserIntegrations).services.find((s) => s.service === "paymo")!;
    expect(state).toMatchObject({ connection: "credentials", available: true, unavailable_reason: null });
    expect(state.integration).toMatchObject({ status: "active", token_type: "APIKEY" });
    for (const answer of [response.body, list.body]) expect(answer).not.toContain(paymo.apiKey);
  });

  test("a key Paymo refuses is a 400 in Paymo's words, and nothing is kept", async () => {
    const { person } = await people();
    const before = await snapshot(t.db);
    const response = await connect(person, { service: "paymo", auth_token: "not-a-paymo-key" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "BAD_REQUEST", ErrorMessage: "Paymo API: Invalid API key" });
    expect(response.body).not.toContain("not-a-paymo-key");
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("Paymo failing, limiting or silent is decision 029's 502, 503 and 504, and nothing is kept", async () => {
    const { person } = await people();
    const before = await snapshot(t.db);
    paymo.failNext(4, { status: 500, path: "/me" });
    const failing = await connect(person, { service: "paymo", auth_token: paymo.apiKey });
    expect(failing.statusCode).toBe(502);
    expect(failing.json()).toMatchObject({ code: "UPSTREAM_ERROR" });
    paymo.failNext(4, { status: 429, retryAfter: 0, path: "/me" });
    const limited = await connect(person, { service: "paymo", auth_token: paymo.apiKey });
    expect(limited.statusCode).toBe(503);
    expect(limited.json()).toMatchObject({
      code: "UPSTREAM_RATE_LIMITED",
      ErrorMessage: "Paymo API: Rate limit exceeded",
    });
    const impatient = await t.buildAnotherApp({ ...paymoServerEnvOf(paymo), CONNECTOR_TIMEOUT_MS: "300" });
    paymo.failNext(1, { delayMs: 1000, path: "/me" });
    const silent = await connect(person, { service: "paymo", auth_token: paymo.apiKey }, person, impatient);
    expect(silent.statusCode).toBe(504);
    expect(silent.json()).toMatchObject({
      code: "UPSTREAM_TIMEOUT",
      ErrorMessage: "Paymo API: no answer within 300 ms",
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("connecting again replaces the key, makes a refused integration active again, and keeps one row", async () => {
    const first = paymo.addKey({ email: "first@example.com" });
    const person = await connectedPerson(first.apiKey);
    await t.db
      .update(userIntegrations)
      .set({ status: "needs_reconnect", lastError: "Paymo API: Invalid API key", writeBack: false })
      .where(eq(userIntegrations.userId, person.id));
    const second = paymo.addKey({ email: "second@example.com" });
    const again = await connect(person, { service: "paymo", auth_token: second.apiKey });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({
      status: "active",
      last_error: null,
      write_back: false,
      metadata: { account_email: "second@example.com" },
    });
    const rows = await t.db.select().from(userIntegrations).where(eq(userIntegrations.userId, person.id));
    expect(rows).toHaveLength(1);
    expect(openSecret(t.config.integrationsKey, rows[0]!.credential, integrationAad(person.id, "paymo"))).toBe(
      second.apiKey,
    );
  });

  test.each<[string, unknown, string]>([
    ["no key", { service: "paymo" }, "body.auth_token"],
    ["an empty key", { service: "paymo", auth_token: "   " }, "body.auth_token"],
    ["a Bearer token", { service: "paymo", auth_token: "k", token_type: "Bearer" }, "body.token_type"],
    ["an unknown service", { service: "harvest", auth_token: "k" }, "body.service"],
  ])("%s is a 400 naming the field, nothing kept and Paymo not asked", async (_label, json, field) => {
    const { person } = await people();
    const before = await snapshot(t.db);
    paymo.clearRequests();
    const response = await connect(person, json);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(JSON.stringify(response.json())).toContain(field);
    expect(await snapshot(t.db)).toEqual(before);
    expect(paymo.requests).toEqual([]);
  });

  test("only the person themselves: someone else's user_id, a colleague, another organization, nobody", async () => {
    const { person, admin, outsider } = await people();
    const before = await snapshot(t.db);
    paymo.clearRequests();
    const body = { service: "paymo", auth_token: paymo.apiKey };
    const mismatch = await connect(person, { ...body, user_id: admin.id });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ ErrorMessage: "user_id must be the id of the path, or left out" });
    expect((await connect(person, body, admin)).statusCode).toBe(403);
    expect((await connect(person, body, outsider)).statusCode).toBe(404);
    expect((await connect(person, body, { ...person, token: "not-a-token" })).statusCode).toBe(401);
    expect(await snapshot(t.db)).toEqual(before);
    expect(paymo.requests).toEqual([]);
  });
});

describe("GET connect/paymo/tasks", () => {
  test("the active projects and their incomplete tasks, with the person's own key", async () => {
    paymo.reset();
    const person = await connectedPerson(paymo.apiKey);
    const web = paymo.addProject({ name: "Website" });
    paymo.addProject({ name: "Archive", active: false });
    const task = paymo.addTask({ project_id: web.id, name: "Checkout", due_date: "2026-11-27", description: "Pay" });
    paymo.addTask({ project_id: web.id, name: "Done", complete: true });
    paymo.clearRequests();
    const response = await tasksOf(person);
    expect(response.statusCode, response.body).toBe(200);
    expect(paymoTasksAnswerSchema.parse(response.json())).toEqual({
      projects: [{ id: String(web.id), name: "Website" }],
      tasks: [
        {
          id: String(task.id),
          name: "Checkout",
          project_id: String(web.id),
          description: "Pay",
          due_date: "2026-11-27",
          url: `https://app.paymoapp.com/#Paymo.Tasks/${task.id}`,
        },
      ],
    });
    expect(asked().sort()).toEqual(["GET /api/projects 200", "GET /api/tasks 200"]);
  });

  test("without Paymo connected: 409 INTEGRATION_NOT_CONNECTED, and Paymo is not asked", async () => {
    const { person } = await people();
    paymo.clearRequests();
    const response = await tasksOf(person);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "INTEGRATION_NOT_CONNECTED",
      ErrorMessage: "Paymo is not connected",
    });
    expect(paymo.requests).toEqual([]);
    expect((await request(t.app, { method: "GET", url: "/api/v1/connect/paymo/tasks" })).statusCode).toBe(401);
  });

  test("a key Paymo refuses later marks the integration to connect again (409), and it is not sent again", async () => {
    const person = await connectedPerson();
    // Forgetting the keys made since: this person's key is no longer Paymo's.
    paymo.reset();
    const refused = await tasksOf(person);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "INTEGRATION_NEEDS_RECONNECT",
      ErrorMessage: "Paymo must be connected again (Paymo API: Invalid API key)",
    });
    expect(await rowOf(person.id)).toMatchObject({
      status: "needs_reconnect",
      lastError: "Paymo API: Invalid API key",
    });
    paymo.clearRequests();
    expect((await tasksOf(person)).statusCode).toBe(409);
    expect(paymo.requests).toEqual([]);
  });

  test("each person's own key only: another's integration is never used", async () => {
    paymo.reset();
    const owner = await connectedPerson(paymo.apiKey);
    const other = await connectedPerson(paymo.addKey({ email: "other@example.com" }).apiKey);
    const { person: stranger } = await people();
    // The other's key is forgotten by Paymo: their call fails with their own key while the owner's works.
    paymo.reset();
    expect((await tasksOf(owner)).statusCode).toBe(200);
    expect((await tasksOf(other)).json()).toMatchObject({ code: "INTEGRATION_NEEDS_RECONNECT" });
    expect((await tasksOf(stranger)).json()).toMatchObject({ code: "INTEGRATION_NOT_CONNECTED" });
    expect(await rowOf(owner.id)).toMatchObject({ status: "active" });
  });

  test("Paymo's failures are kept as the integration's last error until a call works", async () => {
    paymo.reset();
    const person = await connectedPerson(paymo.apiKey);
    paymo.failNext(8, { status: 503 });
    const failing = await tasksOf(person);
    expect(failing.statusCode).toBe(502);
    expect(failing.json()).toMatchObject({ code: "UPSTREAM_ERROR", ErrorMessage: "Paymo API: Service unavailable" });
    expect(await rowOf(person.id)).toMatchObject({ status: "active", lastError: "Paymo API: Service unavailable" });
    paymo.failNext(8, { status: 429, retryAfter: 0 });
    expect((await tasksOf(person)).statusCode).toBe(503);
    expect((await tasksOf(person)).statusCode).toBe(200);
    expect(await rowOf(person.id)).toMatchObject({ lastError: null });
  });
});
