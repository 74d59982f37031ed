import { createHash } from "node:crypto";
import { changePasswordResponseSchema, isMfaRequired } from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { passwordResetTokens, rateLimitCounters, users } from "../../db/schema.js";
import { addMember, buildOrganization, buildUser, uniqueEmail } from "../../test/factories.js";
import { request, snapshot, useTestAppWithMail } from "../../test/test-app.js";

const { t, smtp } = useTestAppWithMail();

const lostPassword = (email: string) =>
  request(t.app, { method: "GET", url: `/api/v1/auth/basic/lost-password?email=${encodeURIComponent(email)}` });

const changePassword = (json: unknown) =>
  request(t.app, { method: "POST", url: "/api/v1/auth/basic/change-password", json });

const signIn = (email: string, password: string) =>
  request(t.app, { method: "POST", url: "/api/v1/auth/basic", json: { email, password } });

/** Asks for a reset link and follows it as the e-mail's reader would: the link's own email and token. */
async function receiveResetLink(email: string): Promise<{ email: string; token: string; link: URL }> {
  expect((await lostPassword(email)).json()).toEqual({ success: true });
  const mail = await smtp.waitForMessage(email);
  const link = new URL(mail.links[0]!);
  return { email: link.searchParams.get("email")!, token: link.searchParams.get("token")!, link };
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

describe("GET /auth/basic/lost-password", () => {
  test("e-mails a reset link that sets a new password, ends old sessions and works once", async () => {
    const user = await buildUser(t, { nominative: "Paola", language: "en" });
    expect((await request(t.app, { method: "GET", url: "/api/v1/auth/me", token: user.token })).statusCode).toBe(200);

    expect((await lostPassword(user.email)).json()).toEqual({ success: true });
    const mail = await smtp.waitForMessage(user.email);
    expect(mail.from).toBe("no-reply@timetrap.test");
    expect(mail.subject).toBe("Reset your Timetrap password");
    expect(mail.text).toContain("Hello Paola,");
    expect(mail.html).toContain("<a href=");
    const link = new URL(mail.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe("http://timetrap.test/change-password");
    expect(link.searchParams.get("email")).toBe(user.email);
    const token = link.searchParams.get("token")!;
    expect(Buffer.from(token, "base64url")).toHaveLength(32);

    const changed = await changePassword({
      email: link.searchParams.get("email"),
      token,
      password: "brand new password",
    });
    expect(changed.statusCode).toBe(200);
    const session = changePasswordResponseSchema.parse(changed.json());
    expect(session).toMatchObject({ success: true, user: { uid: user.id, email: user.email, status: "active" } });
    if (isMfaRequired(session)) throw new Error("no second factor was set up");
    const me = await request(t.app, { method: "GET", url: "/api/v1/auth/me", token: session.token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ uid: user.id });

    expect((await signIn(user.email, "brand new password")).statusCode).toBe(200);
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    const stale = await request(t.app, { method: "GET", url: "/api/v1/auth/me", token: user.token });
    expect(stale.statusCode).toBe(401);

    const again = await changePassword({ email: user.email, token, password: "yet another password" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "INVALID_TOKEN" });
  });

  test("writes the e-mail in the user's language", async () => {
    const user = await buildUser(t, { nominative: "Luca", language: "it" });
    await lostPassword(user.email);
    const mail = await smtp.waitForMessage(user.email);
    expect(mail.subject).toBe("Reimposta la password di Timetrap");
    expect(mail.text).toContain("Ciao Luca,");
    expect(mail.text).toContain("è stato chiesto");
  });

  test("stores only a hash of the token, valid for 60 minutes", async () => {
    const user = await buildUser(t);
    const { token } = await receiveResetLink(user.email);
    const [row] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60.1);
  });

  test("answers an unknown e-mail exactly as a known one, and sends nothing and writes nothing but the limits' counts", async () => {
    const before = await snapshot(t.db, { except: [rateLimitCounters] });
    const sent = smtp.messages.length;
    const email = uniqueEmail("ghost");
    const response = await lostPassword(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    // The work after the answer has run once the address is counted.
    await vi.waitFor(async () => {
      const counted = await t.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.subject, email));
      expect(counted).toHaveLength(1);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.messages.length).toBe(sent);
    expect(await snapshot(t.db, { except: [rateLimitCounters] })).toEqual(before);
  });

  test.each([
    ["a malformed e-mail", "?email=not-an-email"],
    ["no e-mail", ""],
  ])("refuses %s with a 400 naming query.email and writes nothing", async (_label, query) => {
    const before = await snapshot(t.db);
    const response = await request(t.app, { method: "GET", url: `/api/v1/auth/basic/lost-password${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      details: [expect.objectContaining({ field: "query.email" })],
    });
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("POST /auth/basic/change-password", () => {
  test("refuses an expired token and writes nothing", async () => {
    const user = await buildUser(t);
    const { token } = await receiveResetLink(user.email);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, sha256(token)));
    const before = await snapshot(t.db);
    const response = await changePassword({ email: user.email, token, password: "brand new password" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, code: "INVALID_TOKEN" });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses an unknown token and writes nothing", async () => {
    const user = await buildUser(t);
    const before = await snapshot(t.db);
    const response = await changePassword({
      email: user.email,
      token: "made-up-token",
      password: "brand new password",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "INVALID_TOKEN" });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a token sent with another user's e-mail", async () => {
    const owner = await buildUser(t);
    const other = await buildUser(t);
    const { token } = await receiveResetLink(owner.email);
    const before = await snapshot(t.db);
    const response = await changePassword({ email: other.email, token, password: "brand new password" });
    expect(response.statusCode).toBe(400);
    expect(await snapshot(t.db)).toEqual(before);
    expect((await changePassword({ email: owner.email, token, password: "brand new password" })).statusCode).toBe(200);
  });

  test("makes earlier links unusable once the password is changed", async () => {
    const user = await buildUser(t);
    const first = await receiveResetLink(user.email);
    const second = await receiveResetLink(user.email);
    expect((await changePassword({ ...second, password: "brand new password" })).statusCode).toBe(200);
    expect((await changePassword({ ...first, password: "other new password" })).statusCode).toBe(400);
  });

  test("activates an invited user", async () => {
    const { organization } = await buildOrganization(t);
    const invited = await addMember(t, organization.uid, "member", { status: "invited", passwordHash: null });
    const link = await receiveResetLink(invited.email);
    const changed = await changePassword({ ...link, password: "brand new password" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user).toMatchObject({ uid: invited.id, status: "active" });
    const [row] = await t.db.select().from(users).where(eq(users.id, invited.id));
    expect(row!.status).toBe("active");
    expect((await signIn(invited.email, "brand new password")).statusCode).toBe(200);
  });

  test("refuses the link of a user deactivated since it was sent, and writes nothing", async () => {
    const { owner, organization } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const link = await receiveResetLink(member.email);
    const deactivated = await request(t.app, {
      method: "PATCH",
      url: `/api/v1/user/${member.id}`,
      token: owner.token,
      json: { status: "inactive" },
    });
    expect(deactivated.statusCode).toBe(200);
    const before = await snapshot(t.db);
    const response = await changePassword({ ...link, password: "brand new password" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "INVALID_TOKEN" });
    expect(await snapshot(t.db)).toEqual(before);
    expect((await signIn(member.email, "brand new password")).statusCode).toBe(401);
  });

  test.each([
    [{ email: "a@example.com", token: "t", password: "short" }, "body.password"],
    [{ email: "a@example.com", password: "long enough" }, "body.token"],
    [{ email: "a@example.com", token: "", password: "long enough" }, "body.token"],
    [{ token: "t", password: "long enough" }, "body.email"],
  ])("refuses %j with a 400 naming %s and writes nothing", async (json, field) => {
    const before = await snapshot(t.db);
    const response = await changePassword(json);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });
});
