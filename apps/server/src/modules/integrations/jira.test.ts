import { type Integration, jiraTasksAnswerSchema } from "@timetrap/domain";
import { type FakeJira, jiraServerEnvOf, startFakeJira } from "@timetrap/fakes";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { jiraCredentialOf, jiraCredentialText } from "../../connectors/jira.js";
import { userIntegrations } from "../../db/schema.js";
import { type BuiltUser, uniqueEmail } from "../../test/factories.js";
import { integrationRowOf, peopleOf, postIntegration, useTestAppWithFake } from "../../test/integration-api.js";
import { request, snapshot, type TestApp } from "../../test/test-app.js";
import { integrationAad, openSecret, sealSecret } from "./secret-box.js";

const { t, fake: jira } = useTestAppWithFake<FakeJira>(
  () => startFakeJira({ email: "giulia@example.com", apiToken: "ATATT-giulia" }),
  jiraServerEnvOf,
);

const people = () => peopleOf(t);

const connect = (person: BuiltUser, json: unknown, caller: BuiltUser = person, app: TestApp = t) =>
  postIntegration(app, person, json, caller);

const tasksOf = (person: BuiltUser, app: TestApp = t) =>
  request(app.app, { method: "GET", url: "/api/v1/connect/jira/tasks", token: person.token });

const jiraBody = (account: { email: string; apiToken: string }, domain = jira.domain) => ({
  service: "jira",
  auth_token: account.apiToken,
  token_type: "Basic",
  metadata: { email: account.email, domain },
});

const rowOf = (userId: string) => integrationRowOf(t, userId, "jira");

/** A person with Jira connected through the API, with an account of their own on the fake site. */
async function connectedPerson(account = jira.addAccount({ email: uniqueEmail("jira") })): Promise<BuiltUser> {
  const { person } = await people();
  const response = await connect(person, jiraBody(account));
  expect(response.statusCode, response.body).toBe(201);
  return person;
}

/** An app whose Jira sites must be public, as a production server's. */
let strict: TestApp | undefined;
async function strictApp(): Promise<TestApp> {
  strict ??= await t.buildAnotherApp({ JIRA_ALLOW_HTTP: "true" });
  return strict;
}

describe("connecting Jira with an e-mail, a site and an API token", () => {
  test("checked with the site's myself, kept sealed together, the site and e-mail shown, never the token", async () => {
    const { person } = await people();
    jira.clearRequests();
    const response = await connect(person, jiraBody(jira, `HTTP://${jira.domain}/jira/your-work`));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      service: "jira",
      status: "active",
      token_type: "Basic",
      expires_at: null,
      metadata: { account_email: "giulia@example.com", domain: jira.domain, scopes: [] },
      last_error: null,
      write_back: true,
      created_at: expect.any(Number),
    } satisfies Integration);
    expect(jira.requests.map((r) => `${r.method} ${r.path} ${r.status} ${r.headers.authorization}`)).toEqual([
      "GET /rest/api/3/myself 200 Basic [redacted]",
    ]);
    const row = (await rowOf(person.id))!;
    expect(row).toMatchObject({ tokenType: "Basic", status: "active", refreshToken: null });
    expect(row.credential).not.toContain(jira.apiToken);
    const opened = openSecret(t.config.integrationsKey, row.credential, integrationAad(person.id, "jira"));
    expect(jiraCredentialOf(opened)).toEqual({ domain: jira.domain, email: jira.email, apiToken: jira.apiToken });
    expect(response.body).not.toContain(jira.apiToken);
  });

  test("a token Jira refuses is a 400 in Jira's words, and nothing is kept", async () => {
    const { person } = await people();
    const before = await snapshot(t.db);
    const response = await connect(person, jiraBody({ email: jira.email, apiToken: "ATATT-wrong" }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "BAD_REQUEST",
      ErrorMessage: "Jira API: Client must be authenticated to access this resource.",
    });
    expect(response.body).not.toContain("ATATT-wrong");
    expect(await snapshot(t.db)).toEqual(before);
  });

  test.each<[string, unknown, string]>([
    ["no e-mail", { service: "jira", auth_token: "t", metadata: { domain: "acme.atlassian.net" } }, "email"],
    ["no site", { service: "jira", auth_token: "t", metadata: { email: "a@example.com" } }, "domain"],
    ["no metadata", { service: "jira", auth_token: "t" }, "metadata"],
    [
      "a bad e-mail",
      { service: "jira", auth_token: "t", metadata: { email: "a@", domain: "acme.atlassian.net" } },
      "email",
    ],
    [
      "a site that is no address",
      { service: "jira", auth_token: "t", metadata: { email: "a@example.com", domain: "my jira" } },
      "domain",
    ],
    ["no token", { service: "jira", metadata: { email: "a@example.com", domain: "acme.atlassian.net" } }, "auth_token"],
  ])("%s is a 400 naming the field, nothing kept and no site asked", async (_label, json, field) => {
    const { person } = await people();
    const before = await snapshot(t.db);
    jira.clearRequests();
    const response = await connect(person, json);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(JSON.stringify(response.json())).toContain(field);
    expect(await snapshot(t.db)).toEqual(before);
    expect(jira.requests).toEqual([]);
  });

  test.each([
    ["a loopback address", "127.0.0.1", "127.0.0.1: loopback"],
    ["a private address", "10.20.30.40", "10.20.30.40: private"],
    ["the cloud's metadata address", "169.254.169.254", "169.254.169.254: link-local"],
  ])("a site on %s is a 400 that says so, and nothing is kept", async (_label, domain, reason) => {
    const app = await strictApp();
    const { person } = await people();
    const before = await snapshot(t.db);
    const response = await connect(person, jiraBody(jira, domain), person, app);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "BAD_REQUEST",
      ErrorMessage: `Jira API: the site ${domain} resolves to a private address (${reason}); only a public Jira Cloud site can be connected`,
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("a site on another port than 443 is refused where sites must be public", async () => {
    const app = await strictApp();
    const { person } = await people();
    jira.clearRequests();
    const response = await connect(person, jiraBody(jira), person, app);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ErrorMessage: expect.stringContaining("is not on port 443") });
    expect(jira.requests).toEqual([]);
    expect(await rowOf(person.id)).toBeUndefined();
  });
});

describe("GET connect/jira/tasks", () => {
  test("the person's open issues on their site, with the type's icon, the description's text and the issue's address", async () => {
    const account = jira.addAccount({ email: uniqueEmail("jira") });
    const person = await connectedPerson(account);
    const now = Date.now();
    jira.addIssue({ key: "API-1", summary: "Rate limits", type: "Bug", assignee: account.email, updated: now - 10 });
    jira.addIssue({
      key: "API-2",
      summary: "Webhooks",
      type: "Story",
      assignee: account.email,
      description: "Sign each delivery",
      updated: now,
    });
    jira.addIssue({ key: "API-3", summary: "Shipped", assignee: account.email, status: "Done" });
    jira.addIssue({ key: "API-4", summary: "Someone else's" });
    const response = await tasksOf(person);
    expect(response.statusCode, response.body).toBe(200);
    const { tasks } = jiraTasksAnswerSchema.parse(response.json());
    expect(tasks.map((task) => [task.key, task.fields.summary, task.fields.issuetype.name, task.description])).toEqual([
      ["API-2", "Webhooks", "Story", "Sign each delivery"],
      ["API-1", "Rate limits", "Bug", ""],
    ]);
    expect(tasks[0]?.url).toBe(`https://${jira.domain}/browse/API-2`);
    expect(tasks[0]?.fields.issuetype.iconUrl).toContain("/universal_avatar/view/type/issuetype/avatar/");
  });

  test("without Jira connected: 409 INTEGRATION_NOT_CONNECTED, and no site is asked", async () => {
    const { person } = await people();
    jira.clearRequests();
    const response = await tasksOf(person);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "INTEGRATION_NOT_CONNECTED", ErrorMessage: "Jira is not connected" });
    expect(jira.requests).toEqual([]);
  });

  test("a token Jira refuses later marks the integration to connect again (409), and it is not sent again", async () => {
    const person = await connectedPerson();
    // The fake forgets the accounts made since: this person's token is no longer Jira's.
    jira.reset();
    const refused = await tasksOf(person);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "INTEGRATION_NEEDS_RECONNECT",
      ErrorMessage: "Jira must be connected again (Jira API: Client must be authenticated to access this resource.)",
    });
    expect(await rowOf(person.id)).toMatchObject({ status: "needs_reconnect" });
    jira.clearRequests();
    expect((await tasksOf(person)).statusCode).toBe(409);
    expect(jira.requests).toEqual([]);
  });

  test("each person's own credential only: another's integration is never used", async () => {
    const mine = jira.addAccount({ email: uniqueEmail("mine") });
    const theirs = jira.addAccount({ email: uniqueEmail("theirs") });
    const me = await connectedPerson(mine);
    const them = await connectedPerson(theirs);
    jira.addIssue({ key: "OWN-1", summary: "Mine", assignee: mine.email });
    jira.addIssue({ key: "OWN-2", summary: "Theirs", assignee: theirs.email });
    const keysOf = async (person: BuiltUser) =>
      jiraTasksAnswerSchema.parse((await tasksOf(person)).json()).tasks.map((task) => task.key);
    expect(await keysOf(me)).toEqual(["OWN-1"]);
    expect(await keysOf(them)).toEqual(["OWN-2"]);
    const { person: stranger } = await people();
    expect((await tasksOf(stranger)).json()).toMatchObject({ code: "INTEGRATION_NOT_CONNECTED" });
  });

  test("a site that turns private is refused at each call, and the reason is kept on the integration", async () => {
    const person = await connectedPerson();
    // As if the site's name now pointed inside the network: the stored site is a loopback address.
    const stored = jiraCredentialOf(
      openSecret(t.config.integrationsKey, (await rowOf(person.id))!.credential, integrationAad(person.id, "jira")),
    );
    await t.db
      .update(userIntegrations)
      .set({
        credential: sealSecret(
          t.config.integrationsKey,
          jiraCredentialText({ ...stored, domain: "127.0.0.1" }),
          integrationAad(person.id, "jira"),
        ),
      })
      .where(eq(userIntegrations.userId, person.id));
    jira.clearRequests();
    const response = await tasksOf(person, await strictApp());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "BAD_REQUEST",
      ErrorMessage: expect.stringContaining("Jira API: the site 127.0.0.1 resolves to a private address"),
    });
    expect(jira.requests).toEqual([]);
    expect(await rowOf(person.id)).toMatchObject({
      status: "active",
      lastError: expect.stringContaining("resolves to a private address"),
    });
  });

  test("Jira's failures: 503 rate-limited, 502 failing, and the last error cleared by a call that works", async () => {
    const person = await connectedPerson();
    jira.failNext(4, { status: 429, retryAfter: 0 });
    const limited = await tasksOf(person);
    expect(limited.statusCode).toBe(503);
    expect(limited.json()).toMatchObject({
      code: "UPSTREAM_RATE_LIMITED",
      ErrorMessage: "Jira API: Rate limit exceeded.",
    });
    jira.failNext(4, { status: 500 });
    expect((await tasksOf(person)).json()).toMatchObject({ code: "UPSTREAM_ERROR" });
    expect(await rowOf(person.id)).toMatchObject({ lastError: "Jira API: Internal server error." });
    expect((await tasksOf(person)).statusCode).toBe(200);
    expect(await rowOf(person.id)).toMatchObject({ lastError: null });
  });
});
