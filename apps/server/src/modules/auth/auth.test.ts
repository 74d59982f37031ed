import { authResponseSchema, defaultPreferences, userSchema } from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { describe, expect, test } from "vitest";
import { invitations, organizationMembers, roles, users } from "../../db/schema.js";
import { buildOrganization, buildUser, defaultPassword, uniqueEmail } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

const t = useTestApp();

const signIn = (email: string, password: string, remoteAddress = "203.0.113.1") =>
  request(t.app, { method: "POST", url: "/api/v1/auth/basic", json: { email, password }, remoteAddress });

const me = (token?: string) => request(t.app, { method: "GET", url: "/api/v1/auth/me", ...(token ? { token } : {}) });

describe("POST /auth/basic", () => {
  test("signs in with the right password and answers a working token and the user", async () => {
    const user = await buildUser(t, { nominative: "Ann" });
    const response = await signIn(user.email, user.password);
    expect(response.statusCode).toBe(200);
    const body = authResponseSchema.parse(response.json());
    expect(body.user).toMatchObject({ uid: user.id, email: user.email, nominative: "Ann", organization: null });
    expect((await me(body.token)).json()).toMatchObject({ uid: user.id });
  });

  test("matches the e-mail whatever its case and surrounding spaces", async () => {
    const user = await buildUser(t);
    const response = await signIn(`  ${user.email.toUpperCase()} `, user.password);
    expect(response.statusCode).toBe(200);
  });

  test("refuses a wrong password with the spec's message", async () => {
    const user = await buildUser(t);
    const response = await signIn(user.email, "wrong password");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      statusCode: 401,
      error: "Unauthorized",
      code: "INVALID_CREDENTIALS",
      ErrorMessage: "Wrong email or password",
    });
  });

  test("answers an unknown e-mail exactly as a wrong password", async () => {
    const unknown = await signIn(uniqueEmail("nobody"), "whatever password");
    const user = await buildUser(t);
    const wrong = await signIn(user.email, "whatever password");
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  test("refuses a user who signed up with Google only and has no password", async () => {
    const user = await buildUser(t, { passwordHash: null, googleSub: "google-only" });
    expect((await signIn(user.email, defaultPassword)).statusCode).toBe(401);
  });

  test("refuses a deactivated account even with the right password", async () => {
    const user = await buildUser(t, { status: "inactive" });
    const response = await signIn(user.email, user.password);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "FORBIDDEN", ErrorMessage: "This account has been deactivated" });
  });

  test.each([
    [{ password: "x" }, "body.email"],
    [{ email: "ann@example.com" }, "body.password"],
    [{ email: "ann@example.com", password: "" }, "body.password"],
    [{ email: "not an e-mail", password: "secret-secret" }, "body.email"],
    [{ email: 42, password: "secret-secret" }, "body.email"],
    [{ email: "ann@example.com", password: "p".repeat(300) }, "body.password"],
  ])("refuses %j with a 400 naming %s and writes nothing", async (json, field) => {
    const before = await snapshot(t.db);
    const response = await request(t.app, { method: "POST", url: "/api/v1/auth/basic", json });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", details: [expect.objectContaining({ field })] });
    expect(response.json().ErrorMessage).toContain(field);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("POST /auth/basic/signup", () => {
  const signUp = (json: unknown, headers: Record<string, string> = {}) =>
    request(t.app, { method: "POST", url: "/api/v1/auth/basic/signup", json, headers });

  test("creates an active account with the spec's defaults and signs it in", async () => {
    const email = uniqueEmail("new");
    const response = await signUp({ email, password: "a good password", nominative: "  Nina Rossi " });
    expect(response.statusCode).toBe(201);
    const { token, user } = authResponseSchema.parse(response.json());
    expect(user).toMatchObject({
      email,
      nominative: "Nina Rossi",
      status: "active",
      organization: null,
      role: null,
      terms_of_use: false,
      privacy_policy: false,
      cookie_consent: null,
      image_url: null,
      integrations: [],
      language: "it",
    });
    expect(user.preferences).toEqual(defaultPreferences);
    expect((await me(token)).statusCode).toBe(200);
  });

  test("stores the password as an argon2id hash", async () => {
    const email = uniqueEmail();
    await signUp({ email, password: "a good password", nominative: "Hash" });
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain("a good password");
  });

  test("stores the e-mail in lower case and takes the language from the browser", async () => {
    const local = uniqueEmail("Mixed");
    const response = await signUp(
      { email: local.toUpperCase(), password: "a good password", nominative: "Eve" },
      { "accept-language": "en-GB,en;q=0.9,it;q=0.5" },
    );
    expect(response.json().user).toMatchObject({ email: local.toLowerCase(), language: "en" });
  });

  test("takes the language the person signed up in over the browser's", async () => {
    const response = await signUp(
      { email: uniqueEmail("lang"), password: "a good password", nominative: "Eve", language: "en" },
      { "accept-language": "it-IT,it;q=0.9" },
    );
    expect(response.json().user).toMatchObject({ language: "en" });
  });

  test("refuses an unknown language with 400 naming the field and writes nothing", async () => {
    const before = await snapshot(t.db);
    const response = await signUp({
      email: uniqueEmail(),
      password: "a good password",
      nominative: "Eve",
      language: "fr",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field: "body.language" })]);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses an e-mail that is already registered with 409 and writes nothing", async () => {
    const user = await buildUser(t);
    const before = await snapshot(t.db);
    const response = await signUp({ email: user.email.toUpperCase(), password: "another password", nominative: "X" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "CONFLICT" });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("signing up with an invited address makes a plain account: the invitation's seat and role stay with it", async () => {
    const { owner, organization } = await buildOrganization(t);
    const [memberRole] = await t.db.select().from(roles).where(eq(roles.organizationId, organization.uid));
    const email = uniqueEmail("invited");
    const invited = await request(t.app, {
      method: "POST",
      url: `/api/v1/organization/${organization.uid}/user/invite`,
      token: owner.token,
      json: { email, nominative: "Invited", organization_role_id: memberRole!.id },
    });
    expect(invited.statusCode).toBe(201);
    const response = await signUp({ email, password: "Vermilion-Otter-Cascade-42", nominative: "Ivo" });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({
      nominative: "Ivo",
      organization: null,
      role: null,
      email_verified: false,
    });
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    expect(await t.db.select().from(organizationMembers).where(eq(organizationMembers.userId, account!.id))).toEqual(
      [],
    );
    const [invitation] = await t.db.select().from(invitations).where(eq(invitations.email, email));
    expect(invitation!.status).toBe("pending");
  });

  test.each([
    [{ email: "x@example.com", password: "short", nominative: "N" }, "body.password"],
    [{ email: "x@example.com", password: "long enough", nominative: "   " }, "body.nominative"],
    [{ email: "x@example.com", password: "long enough" }, "body.nominative"],
    [{ email: "x@", password: "long enough", nominative: "N" }, "body.email"],
    [{ email: "x@example.com", password: ["long enough"], nominative: "N" }, "body.password"],
  ])("refuses %j with a 400 naming %s and writes nothing", async (json, field) => {
    const before = await snapshot(t.db);
    const response = await signUp(json);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("says how long a password must be", async () => {
    const response = await signUp({ email: "x@example.com", password: "short", nominative: "N" });
    expect(response.json().ErrorMessage).toBe("body.password: Password must be at least 8 characters");
  });
});

describe("GET /auth/me", () => {
  test("answers the user with organization, plan and role", async () => {
    const { owner, organization } = await buildOrganization(t, { name: "Me Inc" });
    const response = await me(owner.token);
    expect(response.statusCode).toBe(200);
    const user = userSchema.parse(response.json());
    expect(user.organization).toMatchObject({ uid: organization.uid, name: "Me Inc", plan: { code: "free" } });
    expect(user.role).toMatchObject({ name: "Admin" });
  });

  test("refuses a request without a token", async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: "UNAUTHENTICATED" });
  });

  test.each([
    ["garbage", "not.a.token"],
    ["a token without the Bearer scheme", "Basic abc"],
  ])("refuses %s", async (_label, header) => {
    const response = await request(t.app, {
      method: "GET",
      url: "/api/v1/auth/me",
      headers: { authorization: header },
    });
    expect(response.statusCode).toBe(401);
  });

  test("refuses a token signed with another secret", async () => {
    const user = await buildUser(t);
    const forged = await new SignJWT({ pv: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-another-secret-another"));
    expect((await me(forged)).statusCode).toBe(401);
  });

  test("refuses an expired token", async () => {
    const user = await buildUser(t);
    const expired = await new SignJWT({ pv: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 31 * 86_400)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 86_400)
      .sign(new TextEncoder().encode(t.config.authSecret));
    expect((await me(expired)).statusCode).toBe(401);
  });

  test("refuses the token of a deleted user", async () => {
    const user = await buildUser(t);
    expect((await me(user.token)).statusCode).toBe(200);
    await t.db.delete(users).where(eq(users.id, user.id));
    const response = await me(user.token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: "UNAUTHENTICATED" });
  });

  test("refuses the token of a deactivated user", async () => {
    const user = await buildUser(t);
    await t.db.update(users).set({ status: "inactive" }).where(eq(users.id, user.id));
    expect((await me(user.token)).statusCode).toBe(401);
  });

  test("refuses a token issued before the password changed", async () => {
    const user = await buildUser(t);
    await t.db
      .update(users)
      .set({ passwordVersion: user.passwordVersion + 1 })
      .where(eq(users.id, user.id));
    expect((await me(user.token)).statusCode).toBe(401);
  });
});
