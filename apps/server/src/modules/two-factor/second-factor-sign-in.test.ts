import { createHash } from "node:crypto";
import {
  authResponseSchema,
  changePasswordResponseSchema,
  mfaRequiredResponseSchema,
  signInResponseSchema,
} from "@timetrap/domain";
import { type FakeJwks, startFakeJwks } from "@timetrap/fakes";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { mfaTickets, passwordResetTokens, sessions, users } from "../../db/schema.js";
import { buildOrganization, buildUser } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";
import { forgetUsedSteps, freshAddress, totpCodeAt, withTotp, wrongCodeFor } from "../../test/two-factor-factories.js";

let jwks: FakeJwks;
const t = useTestApp(async () => {
  jwks = await startFakeJwks();
  return { GOOGLE_CLIENT_ID: jwks.clientId, GOOGLE_JWKS_URL: jwks.url };
});
afterAll(() => jwks?.close());

const step = 30_000;

const signIn = (email: string, password: string, remoteAddress = freshAddress()) =>
  request(t.app, { method: "POST", url: "/api/v1/auth/basic", json: { email, password }, remoteAddress });

const secondStep = (json: unknown, remoteAddress = freshAddress()) =>
  request(t.app, { method: "POST", url: "/api/v1/auth/basic/mfa", json, remoteAddress });

/** The first step of a person with two-factor on: its ticket. */
async function ticketFor(user: { email: string; password: string }, remoteAddress = freshAddress()) {
  const response = await signIn(user.email, user.password, remoteAddress);
  expect(response.statusCode).toBe(200);
  return mfaRequiredResponseSchema.parse(response.json()).ticket;
}

const me = (token: string) => request(t.app, { method: "GET", url: "/api/v1/auth/me", token });

describe("POST /auth/basic with two-factor on", () => {
  test("answers a ticket and the ways to pass the second step, and no token or session", async () => {
    const user = await withTotp(t);
    const sessionsBefore = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const response = await signIn(user.email, user.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ mfa_required: true, ticket: expect.any(String), methods: ["totp", "recovery_code"] });
    expect(body).not.toHaveProperty("token");
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual(sessionsBefore);
    // Only the ticket's hash is kept.
    const [row] = await t.db.select().from(mfaTickets).where(eq(mfaTickets.userId, user.id));
    expect(row?.ticketHash).toBe(createHash("sha256").update(body.ticket).digest("hex"));
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
  });

  test("still answers a wrong password with 401 and no ticket", async () => {
    const user = await withTotp(t);
    const response = await signIn(user.email, "not the password");
    expect(response.statusCode).toBe(401);
    expect(response.json()).not.toHaveProperty("ticket");
  });

  test("signs in at once a person without a second factor", async () => {
    const user = await buildUser(t);
    const response = await signIn(user.email, user.password);
    expect(authResponseSchema.parse(response.json())).toMatchObject({ enrolment_required: false });
  });
});

describe("POST /auth/basic/mfa", () => {
  test("signs in with the authenticator app's code", async () => {
    const user = await withTotp(t);
    const ticket = await ticketFor(user);
    const response = await secondStep({ ticket, code: totpCodeAt(user.secret, Date.now()) });
    expect(response.statusCode).toBe(200);
    const { token, user: signedIn, enrolment_required } = authResponseSchema.parse(response.json());
    expect(signedIn.uid).toBe(user.id);
    expect(enrolment_required).toBe(false);
    expect((await me(token)).statusCode).toBe(200);
  });

  test("accepts a code written with a space, as apps show it", async () => {
    const user = await withTotp(t);
    const code = totpCodeAt(user.secret, Date.now());
    const response = await secondStep({ ticket: await ticketFor(user), code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(response.statusCode).toBe(200);
  });

  test("refuses the ticket a second time, even with a new code", async () => {
    const user = await withTotp(t);
    const ticket = await ticketFor(user);
    expect((await secondStep({ ticket, code: totpCodeAt(user.secret, Date.now()) })).statusCode).toBe(200);
    const again = await secondStep({ ticket, code: user.recoveryCodes[0] });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "INVALID_TOKEN", ErrorMessage: expect.stringMatching(/sign in again/) });
  });

  test("refuses a code already used (no replay within its window)", async () => {
    const user = await withTotp(t);
    const code = totpCodeAt(user.secret, Date.now());
    expect((await secondStep({ ticket: await ticketFor(user), code })).statusCode).toBe(200);
    const replay = await secondStep({ ticket: await ticketFor(user), code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: "INVALID_CREDENTIALS", ErrorMessage: "Wrong code" });
  });

  test("refuses the code of a step before the last one used", async () => {
    const user = await withTotp(t);
    // withTotp confirmed the previous step's code: it, and any earlier, are spent.
    const response = await secondStep({
      ticket: await ticketFor(user),
      code: totpCodeAt(user.secret, Date.now() - step),
    });
    expect(response.statusCode).toBe(401);
  });

  test("accepts a phone one step off either way, and refuses two steps off", async () => {
    const user = await withTotp(t);
    await forgetUsedSteps(t, user.id);
    const behind = await secondStep({
      ticket: await ticketFor(user),
      code: totpCodeAt(user.secret, Date.now() - 2 * step),
    });
    expect(behind.statusCode).toBe(401);
    const ahead = await secondStep({
      ticket: await ticketFor(user),
      code: totpCodeAt(user.secret, Date.now() + 2 * step),
    });
    expect(ahead.statusCode).toBe(401);
    const slow = await secondStep({ ticket: await ticketFor(user), code: totpCodeAt(user.secret, Date.now() - step) });
    expect(slow.statusCode).toBe(200);
    const fast = await secondStep({ ticket: await ticketFor(user), code: totpCodeAt(user.secret, Date.now() + step) });
    expect(fast.statusCode).toBe(200);
  });

  test("signs in with a recovery code, once", async () => {
    const user = await withTotp(t);
    const [code] = user.recoveryCodes;
    const first = await secondStep({ ticket: await ticketFor(user), code: code!.toUpperCase() });
    expect(first.statusCode).toBe(200);
    const again = await secondStep({ ticket: await ticketFor(user), code });
    expect(again.statusCode).toBe(401);
    const status = await request(t.app, { method: "GET", url: "/api/v1/auth/totp", token: user.token });
    expect(status.json()).toMatchObject({ totp_enabled: true, recovery_codes_left: 9 });
  });

  test("refuses another person's recovery code", async () => {
    const user = await withTotp(t);
    const other = await withTotp(t);
    const response = await secondStep({ ticket: await ticketFor(user), code: other.recoveryCodes[0] });
    expect(response.statusCode).toBe(401);
  });

  test("gives one success to two requests with one code at once", async () => {
    const user = await withTotp(t);
    const code = totpCodeAt(user.secret, Date.now());
    const tickets = [await ticketFor(user), await ticketFor(user)];
    const answers = await Promise.all(tickets.map((ticket) => secondStep({ ticket, code })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });

  test("gives one success to two requests with one recovery code at once", async () => {
    const user = await withTotp(t);
    const code = user.recoveryCodes[1];
    const tickets = [await ticketFor(user), await ticketFor(user)];
    const answers = await Promise.all(tickets.map((ticket) => secondStep({ ticket, code })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });

  test("refuses an expired ticket", async () => {
    const user = await withTotp(t);
    const ticket = await ticketFor(user);
    await t.db
      .update(mfaTickets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(mfaTickets.userId, user.id));
    const response = await secondStep({ ticket, code: totpCodeAt(user.secret, Date.now()) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "INVALID_TOKEN", ErrorMessage: expect.stringMatching(/expired/) });
  });

  test("ends the ticket after five wrong codes, even tried from five addresses", async () => {
    const user = await withTotp(t);
    const ticket = await ticketFor(user);
    const wrong = wrongCodeFor(user.secret);
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push((await secondStep({ ticket, code: wrong })).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 400]);
    const right = await secondStep({ ticket, code: totpCodeAt(user.secret, Date.now()) });
    expect(right.statusCode).toBe(400);
    expect(right.json().ErrorMessage).toMatch(/Too many wrong codes/);
    const [row] = await t.db.select().from(mfaTickets).where(eq(mfaTickets.userId, user.id));
    expect(row).toMatchObject({ failures: 5, usedAt: null });
  });

  test("counts wrong codes as failed sign-ins: from one address the limit stops the right code too", async () => {
    const user = await withTotp(t);
    const address = freshAddress();
    const ticket = await ticketFor(user, address);
    // The password was the first of the five attempts the limit allows; four wrong codes use the rest.
    for (let i = 0; i < 4; i += 1) {
      expect((await secondStep({ ticket, code: wrongCodeFor(user.secret) }, address)).statusCode).toBe(401);
    }
    const blocked = await secondStep({ ticket, code: totpCodeAt(user.secret, Date.now()) }, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers["retry-after"]).toBeDefined();
    // A new password attempt is refused as well: the first step cannot hand out fresh tickets to guess with.
    expect((await signIn(user.email, user.password, address)).statusCode).toBe(429);
  });

  test("refuses a deactivated account", async () => {
    const user = await withTotp(t);
    const ticket = await ticketFor(user);
    await t.db.update(users).set({ status: "inactive" }).where(eq(users.id, user.id));
    const before = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const response = await secondStep({ ticket, code: totpCodeAt(user.secret, Date.now()) });
    expect(response.statusCode).toBe(403);
    expect(response.json().ErrorMessage).toMatch(/deactivated/);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual(before);
  });

  test.each([
    [{ code: "123456" }, "body.ticket"],
    [{ ticket: "", code: "123456" }, "body.ticket"],
    [{ ticket: "x".repeat(129), code: "123456" }, "body.ticket"],
    [{ ticket: "t" }, "body.code"],
    [{ ticket: "t", code: "12345" }, "body.code"],
    [{ ticket: "t", code: 123456 }, "body.code"],
    [{ ticket: "t", code: "x".repeat(65) }, "body.code"],
  ])("refuses %j with a 400 naming %s and writes nothing", async (json, field) => {
    const before = await snapshot(t.db);
    const response = await secondStep(json);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("the ticket is not a session", () => {
  test("every route that needs a session answers 401 to the ticket as a bearer token", async () => {
    const { owner, organization } = await buildOrganization(t);
    const user = await withTotp(t, owner);
    const ticket = await ticketFor(user);
    const protectedRoutes: Array<[string, string]> = [
      ["GET", "/api/v1/auth/me"],
      ["GET", "/api/v1/auth/totp"],
      ["POST", "/api/v1/auth/totp/setup"],
      ["GET", "/api/v1/auth/sessions"],
      ["GET", `/api/v1/organization/${organization.uid}`],
      ["GET", `/api/v1/organization/${organization.uid}/user`],
    ];
    for (const [method, url] of protectedRoutes) {
      const response = await request(t.app, { method: method as "GET", url, token: ticket });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 401 });
    }
    // The ticket still works for its own step afterwards: nothing above used it.
    expect((await secondStep({ ticket, code: totpCodeAt(user.secret, Date.now()) })).statusCode).toBe(200);
  });
});

describe("other ways in go through the second step", () => {
  test("Google sign-in answers a ticket when two-factor is on", async () => {
    const user = await withTotp(t, await buildUser(t, { googleSub: "google-sub-2fa", passwordHash: null }));
    const credential = await jwks.signIdToken({ sub: "google-sub-2fa", email: user.email });
    const response = await request(t.app, { method: "POST", url: "/api/v1/auth/sign", json: { credential } });
    expect(response.statusCode).toBe(200);
    const answer = signInResponseSchema.parse(response.json());
    expect(answer).toMatchObject({ mfa_required: true });
    expect(answer).not.toHaveProperty("token");
    const ticket = mfaRequiredResponseSchema.parse(answer).ticket;
    expect((await secondStep({ ticket, code: totpCodeAt(user.secret, Date.now()) })).statusCode).toBe(200);
  });

  test("a password reset sets the password and asks for the code instead of signing in", async () => {
    const user = await withTotp(t);
    const token = "reset-token-for-two-factor-test";
    await t.db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: createHash("sha256").update(token).digest("hex"),
      expiresAt: new Date(Date.now() + 60 * 60_000),
    });
    const response = await request(t.app, {
      method: "POST",
      url: "/api/v1/auth/basic/change-password",
      json: { email: user.email, password: "a brand new Passphrase 9", token },
    });
    expect(response.statusCode).toBe(200);
    const answer = changePasswordResponseSchema.parse(response.json());
    expect(answer).toMatchObject({ success: true, mfa_required: true });
    expect(answer).not.toHaveProperty("token");
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    const ticket = mfaRequiredResponseSchema.parse(answer).ticket;
    const signedIn = await secondStep({ ticket, code: totpCodeAt(user.secret, Date.now()) });
    expect(signedIn.statusCode).toBe(200);
    // The new password is the one set.
    expect((await signIn(user.email, "a brand new Passphrase 9")).json()).toMatchObject({ mfa_required: true });
  });
});
