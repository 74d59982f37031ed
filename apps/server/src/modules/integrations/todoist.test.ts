import { completionAnswerSchema, todoistTasksAnswerSchema } from "@timetrap/domain";
import { type FakeTodoist, startFakeTodoist, todoistServerEnvOf } from "@timetrap/fakes";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { userIntegrations } from "../../db/schema.js";
import { askedOf } from "../../test/connector-tests.js";
import type { BuiltUser } from "../../test/factories.js";
import { connectThroughConsent, integrationRowOf, memberOf, useTestAppWithFake } from "../../test/integration-api.js";
import { pathOf } from "../../test/integrations.js";
import { request, snapshot, type TestApp } from "../../test/test-app.js";
import { integrationAad, openSecret } from "./secret-box.js";

const { t, fake: todoist } = useTestAppWithFake<FakeTodoist>(startFakeTodoist, todoistServerEnvOf);

/** A member of a new organization. */
const person = () => memberOf(t);

async function connectUrlOf(user: BuiltUser, app: TestApp = t) {
  return request(app.app, { method: "GET", url: "/api/v1/connect/todoist", token: user.token });
}

/** The whole connection through the fake's consent page, for the Todoist account `account`: where the browser lands. */
const connectTodoist = (user: BuiltUser, account = user.email) =>
  connectThroughConsent(t, todoist, "todoist", user, account);

/** A member whose Todoist (their own e-mail's account at the fake) is connected. */
async function connectedPerson(): Promise<BuiltUser> {
  const user = await person();
  expect(await connectTodoist(user)).toBe(`http://timetrap.test/user/${user.id}/integrations?connected=todoist`);
  return user;
}

const integrationOf = (userId: string) => integrationRowOf(t, userId, "todoist");

const tasksOf = (user: BuiltUser, app: TestApp = t) =>
  request(app.app, { method: "GET", url: "/api/v1/connect/todoist/tasks", token: user.token });

const close = (user: BuiltUser, id: string) =>
  request(t.app, {
    method: "POST",
    url: `/api/v1/connect/todoist/tasks/${encodeURIComponent(id)}/close`,
    token: user.token,
  });

const disconnect = (user: BuiltUser) =>
  request(t.app, { method: "DELETE", url: "/api/v1/connect/todoist", token: user.token });

/** What Todoist was asked, without the control calls: method, path and status. */
const asked = () => askedOf(todoist);

describe("connecting Todoist", () => {
  test("the consent page's address asks for data:read_write with a state and the server's callback", async () => {
    const user = await person();
    const response = await connectUrlOf(user);
    expect(response.statusCode).toBe(200);
    const url = new URL((response.json() as { url: string }).url);
    expect(`${url.origin}${url.pathname}`).toBe(todoist.authorizeUrl);
    expect(url.searchParams.get("client_id")).toBe(todoist.clientId);
    expect(url.searchParams.get("scope")).toBe("data:read_write");
    expect(url.searchParams.get("redirect_uri")).toBe("http://timetrap.test/api/v1/connect/todoist/callback");
    expect(url.searchParams.get("state")).toMatch(/^[^.]+\.[^.]+$/);
  });

  test("the callback after the consent stores the token sealed, without expiry worth the name and without refresh", async () => {
    const user = await connectedPerson();
    const row = await integrationOf(user.id);
    expect(row).toMatchObject({ status: "active", tokenType: "Bearer", refreshToken: null, lastError: null });
    expect(row!.credential).toMatch(/^v1\./);
    expect(row!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 5 * 365 * 86_400_000);
    const token = openSecret(t.config.integrationsKey, row!.credential, integrationAad(user.id, "todoist"));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(todoist.requests.find((r) => r.path === "/oauth/access_token")?.status).toBe(200);

    const page = await request(t.app, {
      method: "GET",
      url: `/api/v1/user/${user.id}/integrations`,
      token: user.token,
    });
    expect(page.json()).toMatchObject({
      services: expect.arrayContaining([
        expect.objectContaining({
          service: "todoist",
          available: true,
          integration: expect.objectContaining({
            status: "active",
            metadata: expect.objectContaining({ scopes: ["data:read_write"] }),
          }),
        }),
      ]),
    });
  });

  test("a declined consent stores nothing and says so on the integrations page", async () => {
    const user = await person();
    const started = await connectUrlOf(user);
    const location = todoist.consent((started.json() as { url: string }).url, { allow: false });
    const back = await request(t.app, { method: "GET", url: pathOf(location) });
    expect(back.headers.location).toBe(
      `http://timetrap.test/user/${user.id}/integrations?service=todoist&error=access_denied`,
    );
    expect(await integrationOf(user.id)).toBeUndefined();
  });

  test("a server without Todoist's client says it is not configured", async () => {
    const bare = await t.buildAnotherApp({});
    const user = await person();
    const response = await connectUrlOf(user, bare);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "INTEGRATION_UNAVAILABLE",
      ErrorMessage: "Todoist is not configured on this server",
    });
  });
});

describe("GET connect/todoist/tasks", () => {
  test("answers the person's projects and active tasks, subtasks with their parent's content", async () => {
    const user = await connectedPerson();
    const work = todoist.addProject(user.email, { name: "Rossi & figli" });
    const offer = todoist.addTask(user.email, {
      content: "Prepare the offer",
      project_id: work.id,
      priority: 4,
      due: "2026-03-03T10:00:00",
    });
    todoist.addTask(user.email, { content: "Ask for prices", project_id: work.id, parent_id: offer.id });
    todoist.addTask(user.email, { content: "Closed", checked: true });
    todoist.addTask("stranger@example.com", { content: "Someone else's" });

    const response = await tasksOf(user);
    expect(response.statusCode, response.body).toBe(200);
    const answer = todoistTasksAnswerSchema.parse(response.json());
    expect(answer.projects.map((p) => p.name)).toEqual(["Inbox", "Rossi & figli"]);
    expect(answer.tasks).toEqual([
      {
        id: offer.id,
        content: "Prepare the offer",
        description: "",
        due: { date: "2026-03-03" },
        project_id: work.id,
        url: `https://app.todoist.com/app/task/${offer.id}`,
        completed: false,
        priority: 4,
        parent_description: null,
      },
      expect.objectContaining({ content: "Ask for prices", parent_description: "Prepare the offer" }),
    ]);
  });

  test("another person connected to another Todoist account sees only theirs, and one without Todoist gets 409", async () => {
    const giulia = await connectedPerson();
    const marco = await connectedPerson();
    const colleague = await person();
    todoist.addTask(giulia.email, { content: "Giulia's" });
    todoist.addTask(marco.email, { content: "Marco's" });
    const tasks = async (user: BuiltUser) =>
      todoistTasksAnswerSchema.parse((await tasksOf(user)).json()).tasks.map((task) => task.content);
    expect(await tasks(giulia)).toEqual(["Giulia's"]);
    expect(await tasks(marco)).toEqual(["Marco's"]);
    const none = await tasksOf(colleague);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: "INTEGRATION_NOT_CONNECTED", ErrorMessage: "Todoist is not connected" });
  });

  test("an integration to connect again is a 409 without asking Todoist", async () => {
    const user = await connectedPerson();
    await t.db
      .update(userIntegrations)
      .set({ status: "needs_reconnect", lastError: "Todoist API: Unauthorized" })
      .where(eq(userIntegrations.userId, user.id));
    todoist.clearRequests();
    const response = await tasksOf(user);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "INTEGRATION_NEEDS_RECONNECT",
      ErrorMessage: "Todoist must be connected again (Todoist API: Unauthorized)",
    });
    expect(asked()).toEqual([]);
  });

  test("a token Todoist refuses cannot be refreshed: the integration is marked to connect again", async () => {
    const user = await connectedPerson();
    todoist.revokeTokens(user.email);
    const response = await tasksOf(user);
    expect(response.statusCode).toBe(409);
    // Todoist's words for the refusal are why, not the refresh token its grants never have.
    expect(response.json()).toMatchObject({
      code: "INTEGRATION_NEEDS_RECONNECT",
      ErrorMessage: expect.stringMatching(/^Todoist must be connected again \(Todoist API: /),
    });
    expect(await integrationOf(user.id)).toMatchObject({
      status: "needs_reconnect",
      lastError: expect.stringMatching(/^Todoist API: /),
    });
    // Connecting again mends it.
    await connectTodoist(user);
    expect(await integrationOf(user.id)).toMatchObject({ status: "active", lastError: null });
    expect((await tasksOf(user)).statusCode).toBe(200);
  });

  test.each([
    [
      "429 through every retry",
      { status: 429, retryAfter: 0 },
      4,
      503,
      "UPSTREAM_RATE_LIMITED",
      "Todoist API: Too many requests. Limits reached. Try again later",
    ],
    ["500 through every retry", { status: 500 }, 4, 502, "UPSTREAM_ERROR", "Todoist API: Internal server error"],
  ])(
    "%s is answered as decision 029 says and kept on the integration",
    async (_name, failure, count, status, code, message) => {
      const user = await connectedPerson();
      todoist.failNext(count, { ...failure, path: "/api/v1/projects" });
      const response = await tasksOf(user);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ code, ErrorMessage: message });
      expect((await integrationOf(user.id))?.lastError).toBe(message);
      // The next call that works clears it.
      expect((await tasksOf(user)).statusCode).toBe(200);
      expect((await integrationOf(user.id))?.lastError).toBeNull();
    },
  );

  test("a 429 with its retry_after is waited for, and the answer after it is the list", async () => {
    const user = await connectedPerson();
    todoist.clearRequests();
    todoist.failNext(1, { status: 429, retryAfter: 1, path: "/api/v1/tasks" });
    const response = await tasksOf(user);
    expect(response.statusCode).toBe(200);
    const lists = todoist.requests.filter((r) => r.path === "/api/v1/tasks");
    expect(lists.map((r) => r.status)).toEqual([429, 200]);
    expect(lists[1]!.time - lists[0]!.time).toBeGreaterThanOrEqual(950);
  });

  test("no answer within CONNECTOR_TIMEOUT_MS is a 504", async () => {
    const quick = await t.buildAnotherApp({ ...todoistServerEnvOf(todoist), CONNECTOR_TIMEOUT_MS: "300" });
    const user = await connectedPerson();
    todoist.failNext(1, { delayMs: 1500, path: "/api/v1/projects" });
    const response = await tasksOf(user, quick);
    expect(response.statusCode).toBe(504);
    expect(response.json()).toMatchObject({
      code: "UPSTREAM_TIMEOUT",
      ErrorMessage: "Todoist API: no answer within 300 ms",
    });
  });
});

describe("POST connect/todoist/tasks/{id}/close", () => {
  test("closes the task in Todoist and answers success", async () => {
    const user = await connectedPerson();
    const task = todoist.addTask(user.email, { content: "Call the printer" });
    const response = await close(user, task.id);
    expect(response.statusCode).toBe(200);
    expect(completionAnswerSchema.parse(response.json())).toEqual({ success: true, err: null });
    expect(todoist.tasks(user.email).find((t) => t.id === task.id)?.checked).toBe(true);
  });

  test("a task deleted meanwhile is success false with Todoist's message, and not kept as the integration's error", async () => {
    const user = await connectedPerson();
    const task = todoist.addTask(user.email, { content: "Gone" });
    todoist.deleteTask(task.id);
    const response = await close(user, task.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: false, err: "Todoist API: Task not found" });
    expect((await integrationOf(user.id))?.lastError).toBeNull();
  });

  test("another person's task id is Todoist's not found for this person, and their task stays open", async () => {
    const giulia = await connectedPerson();
    const marco = await connectedPerson();
    const hers = todoist.addTask(giulia.email, { content: "Giulia's" });
    const response = await close(marco, hers.id);
    expect(response.json()).toEqual({ success: false, err: "Todoist API: Task not found" });
    expect(todoist.tasks(giulia.email).find((t) => t.id === hers.id)?.checked).toBe(false);
  });

  test("Todoist's rate limit is success false with its message (a close is sent once), kept on the integration", async () => {
    const user = await connectedPerson();
    const task = todoist.addTask(user.email, { content: "Busy" });
    todoist.failNext(1, { status: 429, retryAfter: 0, path: "/close" });
    todoist.clearRequests();
    const response = await close(user, task.id);
    expect(asked()).toEqual([`POST /api/v1/tasks/${task.id}/close 429`]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: false,
      err: "Todoist API: Too many requests. Limits reached. Try again later",
    });
    expect(todoist.tasks(user.email).find((t) => t.id === task.id)?.checked).toBe(false);
    expect((await integrationOf(user.id))?.lastError).toBe(
      "Todoist API: Too many requests. Limits reached. Try again later",
    );
  });

  test("an id that is not Todoist's is a 400 naming it, and Todoist is not asked", async () => {
    const user = await connectedPerson();
    todoist.clearRequests();
    // As the path carries them.
    for (const segment of ["..%2Fprojects", "a%2Fb", "a.b", "%20", "x".repeat(65)]) {
      const response = await request(t.app, {
        method: "POST",
        url: `/api/v1/connect/todoist/tasks/${segment}/close`,
        token: user.token,
      });
      expect(response.statusCode, segment).toBe(400);
      expect(response.json()).toMatchObject({
        code: "VALIDATION_FAILED",
        details: [{ field: "params.id", message: "Must be an id of letters, digits, - and _ (at most 64)" }],
      });
    }
    // A `..` (escaped or not) is resolved before routing: no route of this kind is reached.
    for (const segment of ["..", "%2E%2E"]) {
      const response = await request(t.app, {
        method: "POST",
        url: `/api/v1/connect/todoist/tasks/${segment}/close`,
        token: user.token,
      });
      expect(response.statusCode, segment).toBe(404);
    }
    expect(asked()).toEqual([]);
  });

  test("without Todoist, or to connect again, it is still the 409 (not a success false)", async () => {
    const user = await person();
    const response = await close(user, "6X7rM8997g3RQmvh");
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "INTEGRATION_NOT_CONNECTED" });

    const connected = await connectedPerson();
    todoist.revokeTokens(connected.email);
    const refused = await close(connected, "6X7rM8997g3RQmvh");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "INTEGRATION_NEEDS_RECONNECT" });
  });
});

describe("DELETE connect/todoist", () => {
  test("disconnects the person's Todoist and revokes the token at Todoist; again it is a 404", async () => {
    const user = await connectedPerson();
    const other = await connectedPerson();
    const row = await integrationOf(user.id);
    const token = openSecret(t.config.integrationsKey, row!.credential, integrationAad(user.id, "todoist"));
    todoist.clearRequests();
    const response = await disconnect(user);
    expect(response.statusCode).toBe(204);
    expect(await integrationOf(user.id)).toBeUndefined();
    expect(todoist.requests.find((r) => r.path === "/api/v1/revoke")).toMatchObject({
      status: 200,
      body: { token, token_type_hint: "access_token" },
    });
    // The other person's integration is untouched.
    expect(await integrationOf(other.id)).toMatchObject({ status: "active" });
    expect((await tasksOf(other)).statusCode).toBe(200);

    const before = await snapshot(t.db);
    const again = await disconnect(user);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "Todoist integration not found" });
    expect(await snapshot(t.db)).toEqual(before);
  });
});
