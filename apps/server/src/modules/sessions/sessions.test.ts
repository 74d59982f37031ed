import { createHash, randomBytes } from "node:crypto";
import { authResponseSchema, type Session, sessionListSchema } from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterEach, describe, expect, test, vi } from "vitest";
import { passwordResetTokens, sessions, users } from "../../db/schema.js";
import { type BuiltUser, buildUser } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

const t = useTestApp();

const minute = 60_000;
const day = 24 * 60 * minute;

const chromeOnWindows =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const safariOnIphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** Signs in through the API from a given device and address; answers the new session's token. */
async function signIn(user: BuiltUser, userAgent = chromeOnWindows, remoteAddress = "203.0.113.10"): Promise<string> {
  const response = await request(t.app, {
    method: "POST",
    url: "/api/v1/auth/basic",
    json: { email: user.email, password: user.password },
    headers: { "user-agent": userAgent },
    remoteAddress,
  });
  expect(response.statusCode).toBe(200);
  return authResponseSchema.parse(response.json()).token;
}

const me = (token: string) => request(t.app, { method: "GET", url: "/api/v1/auth/me", token });

async function listSessions(token: string): Promise<Session[]> {
  const response = await request(t.app, { method: "GET", url: "/api/v1/auth/sessions", token });
  expect(response.statusCode).toBe(200);
  return sessionListSchema.parse(response.json());
}

const currentSessionId = async (token: string) => (await listSessions(token)).find((s) => s.current)!.id;

const sessionRows = (userId: string) => t.db.select().from(sessions).where(eq(sessions.userId, userId));

/** The clock the server judges sessions by; only `Date` is faked, so timers and I/O run as usual. */
function setClock(at: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("sign-in", () => {
  test("opens a session row with the sign-in's time, address, user agent and a 30-day end", async () => {
    const user = await buildUser(t);
    const start = Date.UTC(2031, 0, 6, 9, 0, 0);
    setClock(start);
    const token = await signIn(user, safariOnIphone, "198.51.100.23");
    const [row] = (await sessionRows(user.id)).filter((s) => s.ip === "198.51.100.23");
    expect(row).toMatchObject({ userAgent: safariOnIphone, ip: "198.51.100.23" });
    expect(row!.createdAt.getTime()).toBe(start);
    expect(row!.lastSeenAt.getTime()).toBe(start);
    expect(row!.expiresAt.getTime()).toBe(start + 30 * day);
    expect((await me(token)).statusCode).toBe(200);
  });

  test("refuses a token that names no session (one issued before sessions lived on the server)", async () => {
    const user = await buildUser(t);
    const legacy = await new SignJWT({ pv: user.passwordVersion })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime("30d")
      .sign(new TextEncoder().encode(t.config.authSecret));
    const response = await me(legacy);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

describe("POST /auth/logout", () => {
  test("ends the session at once: the same token is 401 afterwards, other sessions go on", async () => {
    const user = await buildUser(t);
    const laptop = await signIn(user);
    const phone = await signIn(user, safariOnIphone);

    const response = await request(t.app, { method: "POST", url: "/api/v1/auth/logout", token: laptop });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");

    const after = await me(laptop);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: "UNAUTHENTICATED" });
    expect((await me(phone)).statusCode).toBe(200);
    expect((await request(t.app, { method: "POST", url: "/api/v1/auth/logout", token: laptop })).statusCode).toBe(401);
  });

  test("needs a session", async () => {
    const response = await request(t.app, { method: "POST", url: "/api/v1/auth/logout" });
    expect(response.statusCode).toBe(401);
  });
});

describe("GET /auth/sessions", () => {
  test("lists the person's live sessions, newest first, with device, address and the current one marked", async () => {
    const start = Date.UTC(2031, 1, 3, 8, 0, 0);
    setClock(start - minute);
    const user = await buildUser(t);
    setClock(start);
    const laptop = await signIn(user, chromeOnWindows, "203.0.113.5");
    setClock(start + 10 * minute);
    const phone = await signIn(user, safariOnIphone, "198.51.100.7");
    const other = await buildUser(t);
    await signIn(other);

    setClock(start + 20 * minute);
    const list = await listSessions(laptop);
    // The session the factory opened for the built user comes last: it is the oldest.
    expect(list.slice(0, 2)).toEqual([
      {
        id: expect.any(String),
        created_at: start + 10 * minute,
        last_seen_at: start + 10 * minute,
        ip: "198.51.100.7",
        device: { browser: "Safari", os: "iPhone" },
        current: false,
      },
      {
        id: expect.any(String),
        created_at: start,
        // The list's own request was the laptop's first use since sign-in more than 5 minutes ago.
        last_seen_at: start + 20 * minute,
        ip: "203.0.113.5",
        device: { browser: "Chrome", os: "Windows" },
        current: true,
      },
    ]);
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect((await listSessions(phone)).map((s) => s.current)).toEqual([true, false, false]);
  });

  test("needs a session", async () => {
    expect((await request(t.app, { method: "GET", url: "/api/v1/auth/sessions" })).statusCode).toBe(401);
  });
});

describe("DELETE /auth/sessions/{id}", () => {
  test("ends another of one's sessions: its token is 401 at once, the asking one goes on", async () => {
    const user = await buildUser(t);
    const laptop = await signIn(user);
    const phone = await signIn(user, safariOnIphone);
    const phoneId = await currentSessionId(phone);

    const response = await request(t.app, { method: "DELETE", url: `/api/v1/auth/sessions/${phoneId}`, token: laptop });
    expect(response.statusCode).toBe(204);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await listSessions(laptop)).map((s) => s.id)).not.toContain(phoneId);
  });

  test("answers 404 for another person's session and ends nothing", async () => {
    const owner = await buildUser(t);
    const stranger = await buildUser(t);
    const ownerToken = await signIn(owner);
    const ownerSessionId = await currentSessionId(ownerToken);

    const before = await snapshot(t.db);
    const response = await request(t.app, {
      method: "DELETE",
      url: `/api/v1/auth/sessions/${ownerSessionId}`,
      token: stranger.token,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "Session not found" });
    expect(await snapshot(t.db)).toEqual(before);
    expect((await me(ownerToken)).statusCode).toBe(200);
  });

  test("answers 404 for a session that does not exist", async () => {
    const user = await buildUser(t);
    const response = await request(t.app, {
      method: "DELETE",
      url: "/api/v1/auth/sessions/00000000-0000-4000-8000-000000000000",
      token: user.token,
    });
    expect(response.statusCode).toBe(404);
  });

  test("refuses an id that is not a UUID, naming it, and ends nothing", async () => {
    const user = await buildUser(t);
    const before = await snapshot(t.db);
    const response = await request(t.app, { method: "DELETE", url: "/api/v1/auth/sessions/42", token: user.token });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: "params.id", message: "Session id must be a UUID" }]);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("needs a session", async () => {
    const response = await request(t.app, {
      method: "DELETE",
      url: "/api/v1/auth/sessions/00000000-0000-4000-8000-000000000000",
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("DELETE /auth/sessions?others=true", () => {
  test("signs out of every other device and keeps the asking one, without touching other people", async () => {
    const user = await buildUser(t);
    const other = await buildUser(t);
    const laptop = await signIn(user);
    const phone = await signIn(user, safariOnIphone);

    const response = await request(t.app, {
      method: "DELETE",
      url: "/api/v1/auth/sessions?others=true",
      token: laptop,
    });
    expect(response.statusCode).toBe(204);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
    expect(await listSessions(laptop)).toEqual([expect.objectContaining({ current: true })]);
    expect((await me(other.token)).statusCode).toBe(200);
  });

  test.each([
    ["without the flag", "/api/v1/auth/sessions"],
    ["with others=false", "/api/v1/auth/sessions?others=false"],
  ])("refuses a request %s, naming the field, and ends nothing", async (_label, url) => {
    const user = await buildUser(t);
    await signIn(user);
    const before = await snapshot(t.db);
    const response = await request(t.app, { method: "DELETE", url, token: user.token });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: "query.others", message: "others must be true: only the other sessions can be ended at once" },
    ]);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("needs a session", async () => {
    expect((await request(t.app, { method: "DELETE", url: "/api/v1/auth/sessions?others=true" })).statusCode).toBe(401);
  });
});

describe("the end of a session", () => {
  test("an idle session ends after 14 days without use; use keeps it alive", async () => {
    const user = await buildUser(t);
    const start = Date.UTC(2032, 2, 1, 9, 0, 0);
    setClock(start);
    const used = await signIn(user);
    const idle = await signIn(user, safariOnIphone);

    setClock(start + 13 * day);
    expect((await me(used)).statusCode).toBe(200);
    setClock(start + 14 * day - 1);
    expect((await me(idle)).statusCode).toBe(200);
    // The idle session was just used; the next request 14 days on would find it ended.
    setClock(start + 26 * day);
    expect((await me(used)).statusCode).toBe(200);
    setClock(start + 28 * day);
    const ended = await me(idle);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ code: "UNAUTHENTICATED" });
    expect((await me(used)).statusCode).toBe(200);
  });

  test("any session ends 30 days after its sign-in, however often it is used", async () => {
    const user = await buildUser(t);
    const start = Date.UTC(2032, 5, 1, 9, 0, 0);
    setClock(start);
    const token = await signIn(user);
    for (const days of [7, 14, 21, 28]) {
      setClock(start + days * day);
      expect((await me(token)).statusCode).toBe(200);
    }
    setClock(start + 30 * day - minute);
    expect((await me(token)).statusCode).toBe(200);
    setClock(start + 30 * day);
    expect((await me(token)).statusCode).toBe(401);
  });

  test("writes 'last seen' once it is a few minutes old, not on every request", async () => {
    const user = await buildUser(t);
    const start = Date.UTC(2032, 8, 1, 9, 0, 0);
    setClock(start);
    const token = await signIn(user);
    const lastSeen = async () => (await sessionRows(user.id)).find((s) => s.createdAt.getTime() === start)!.lastSeenAt;

    setClock(start + 4 * minute);
    await me(token);
    expect((await lastSeen()).getTime()).toBe(start);
    setClock(start + 5 * minute);
    await me(token);
    expect((await lastSeen()).getTime()).toBe(start + 5 * minute);
    setClock(start + 7 * minute);
    await me(token);
    expect((await lastSeen()).getTime()).toBe(start + 5 * minute);
  });

  test("ended sessions' rows are swept by later sign-ins", async () => {
    const start = Date.UTC(2033, 0, 10, 9, 0, 0);
    setClock(start);
    const user = await buildUser(t);
    const other = await buildUser(t);
    await signIn(user);
    await signIn(user, safariOnIphone);
    expect(await sessionRows(user.id)).toHaveLength(3);

    // Anyone's sign-in deletes sessions past their 30 days.
    setClock(start + 31 * day);
    await signIn(other);
    expect((await sessionRows(user.id)).filter((s) => s.createdAt.getTime() === start)).toEqual([]);

    // One's own sign-in also deletes one's idle sessions.
    setClock(start + 32 * day);
    const fresh = await signIn(user);
    setClock(start + 47 * day);
    await signIn(user, safariOnIphone);
    const left = await sessionRows(user.id);
    expect(left.map((s) => s.createdAt.getTime())).toEqual([start + 47 * day]);
    expect((await me(fresh)).statusCode).toBe(401);
  });

  test("a deactivated user's sessions stop working, and work again if reactivated before they end", async () => {
    const user = await buildUser(t);
    const token = await signIn(user);
    await t.db.update(users).set({ status: "inactive" }).where(eq(users.id, user.id));
    const refused = await me(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: "UNAUTHENTICATED" });
    expect((await request(t.app, { method: "GET", url: "/api/v1/auth/sessions", token })).statusCode).toBe(401);
    await t.db.update(users).set({ status: "active" }).where(eq(users.id, user.id));
    expect((await me(token)).statusCode).toBe(200);
  });

  test("a password change through a reset link ends every other session; the person who changed it is signed in", async () => {
    const user = await buildUser(t);
    const laptop = await signIn(user);
    const phone = await signIn(user, safariOnIphone);
    const token = randomBytes(32).toString("base64url");
    await t.db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: createHash("sha256").update(token).digest("hex"),
      purpose: "reset",
      expiresAt: new Date(Date.now() + 30 * minute),
    });

    const changed = await request(t.app, {
      method: "POST",
      url: "/api/v1/auth/basic/change-password",
      json: { email: user.email, token, password: "a brand new passphrase 93" },
      headers: { "user-agent": chromeOnWindows },
      remoteAddress: "192.0.2.44",
    });
    expect(changed.statusCode).toBe(200);
    const newToken = authResponseSchema.parse(changed.json()).token;

    for (const old of [laptop, phone, user.token]) expect((await me(old)).statusCode).toBe(401);
    expect((await me(newToken)).statusCode).toBe(200);
    expect(await listSessions(newToken)).toEqual([
      expect.objectContaining({ current: true, ip: "192.0.2.44", device: { browser: "Chrome", os: "Windows" } }),
    ]);
    expect(await sessionRows(user.id)).toHaveLength(1);
  });
});

describe("OpenAPI", () => {
  test("documents the session calls with their inputs and answers", async () => {
    const document = (await request(t.app, { method: "GET", url: "/api/docs/json" })).json();
    const logout = document.paths["/api/v1/auth/logout"].post;
    // 403: a personal access token cannot sign out; 429: past the session's request budget.
    expect(Object.keys(logout.responses).sort()).toEqual(["204", "401", "403", "429"]);
    expect(logout.security).toEqual([{ bearerAuth: [] }]);

    const list = document.paths["/api/v1/auth/sessions"];
    expect(Object.keys(list).sort()).toEqual(["delete", "get"]);
    expect(Object.keys(list.get.responses["200"].content["application/json"].schema.items.properties).sort()).toEqual([
      "created_at",
      "current",
      "device",
      "id",
      "ip",
      "last_seen_at",
    ]);
    expect(list.delete.parameters).toEqual([
      expect.objectContaining({
        in: "query",
        name: "others",
        required: true,
        schema: { type: "string", enum: ["true"] },
      }),
    ]);
    expect(Object.keys(list.delete.responses).sort()).toEqual(["204", "400", "401", "403", "429"]);

    const one = document.paths["/api/v1/auth/sessions/{id}"].delete;
    expect(one.parameters).toEqual([
      expect.objectContaining({
        in: "path",
        name: "id",
        required: true,
        schema: expect.objectContaining({ format: "uuid" }),
      }),
    ]);
    expect(Object.keys(one.responses).sort()).toEqual(["204", "400", "401", "403", "404", "429"]);
  });
});
