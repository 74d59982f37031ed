import { createHash } from "node:crypto";
import { authResponseSchema, organizationUserSchema, twoFactorStatusSchema } from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { organizations, passkeys, recoveryCodes, sessions, totpFactors } from "../../db/schema.js";
import { addMember, addMemberLacking, buildOrganization, buildUser } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";
import { freshAddress, totpCodeAt, withTotp, wrongCodeFor } from "../../test/two-factor-factories.js";

const t = useTestApp();

const step = 30_000;

const post = (url: string, token: string | undefined, json?: unknown) =>
  request(t.app, {
    method: "POST",
    url: `/api/v1${url}`,
    remoteAddress: freshAddress(),
    ...(token ? { token } : {}),
    ...(json === undefined ? {} : { json }),
  });
const get = (url: string, token: string) => request(t.app, { method: "GET", url: `/api/v1${url}`, token });

const signIn = (email: string, password: string) =>
  request(t.app, {
    method: "POST",
    url: "/api/v1/auth/basic",
    json: { email, password },
    remoteAddress: freshAddress(),
  });

async function setUp(token: string) {
  const response = await post("/auth/totp/setup", token);
  expect(response.statusCode).toBe(200);
  return response.json() as { secret: string; otpauth_url: string };
}

describe("POST /auth/totp/setup", () => {
  test("answers a new secret and its otpauth address, and keeps the secret sealed", async () => {
    const user = await buildUser(t);
    const { secret, otpauth_url } = await setUp(user.token);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe("otpauth:");
    expect(url.host).toBe("totp");
    expect(url.searchParams.get("secret")).toBe(secret);
    expect(url.searchParams.get("issuer")).toBe("Timetrap");
    expect(url.searchParams.get("digits")).toBe("6");
    expect(url.searchParams.get("period")).toBe("30");
    expect(url.searchParams.get("algorithm")).toBe("SHA1");
    expect(decodeURIComponent(url.pathname)).toContain(user.email);
    const [row] = await t.db.select().from(totpFactors).where(eq(totpFactors.userId, user.id));
    expect(row).toMatchObject({ enabledAt: null, lastUsedStep: null });
    expect(row!.secretEncrypted).toMatch(/^v1\./);
    expect(row!.secretEncrypted).not.toContain(secret);
  });

  test("a new setup replaces one never confirmed: the first secret's codes no longer enable", async () => {
    const user = await buildUser(t);
    const first = await setUp(user.token);
    const second = await setUp(user.token);
    expect(second.secret).not.toBe(first.secret);
    expect(await t.db.select().from(totpFactors).where(eq(totpFactors.userId, user.id))).toHaveLength(1);
    const stale = await post("/auth/totp/enable", user.token, { code: totpCodeAt(first.secret, Date.now()) });
    expect(stale.statusCode).toBe(400);
    const fresh = await post("/auth/totp/enable", user.token, { code: totpCodeAt(second.secret, Date.now()) });
    expect(fresh.statusCode).toBe(200);
  });

  test("is a 409 once two-factor is on, and the secret stays", async () => {
    const user = await withTotp(t);
    const before = await snapshot(t.db);
    const response = await post("/auth/totp/setup", user.token);
    expect(response.statusCode).toBe(409);
    expect(response.json().ErrorMessage).toMatch(/already on/);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("needs a session", async () => {
    expect((await post("/auth/totp/setup", undefined)).statusCode).toBe(401);
  });
});

describe("POST /auth/totp/enable", () => {
  test("turns two-factor on with a first code and answers ten recovery codes, kept only as hashes", async () => {
    const user = await buildUser(t);
    const { secret } = await setUp(user.token);
    const response = await post("/auth/totp/enable", user.token, { code: totpCodeAt(secret, Date.now()) });
    expect(response.statusCode).toBe(200);
    const codes = (response.json() as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored.map((row) => row.codeHash).sort()).toEqual(
      codes.map((code) => createHash("sha256").update(code.replace("-", "")).digest("hex")).sort(),
    );
    const status = twoFactorStatusSchema.parse((await get("/auth/totp", user.token)).json());
    expect(status).toEqual({
      totp_enabled: true,
      recovery_codes_left: 10,
      has_password: true,
      required_by_organization: false,
    });
  });

  test("refuses a wrong code with a 400 naming body.code, and nothing changes", async () => {
    const user = await buildUser(t);
    const { secret } = await setUp(user.token);
    const before = await snapshot(t.db);
    const response = await post("/auth/totp/enable", user.token, { code: wrongCodeFor(secret) });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: "body.code", message: expect.stringMatching(/not right/) }]);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a code two steps old (out of the window)", async () => {
    const user = await buildUser(t);
    const { secret } = await setUp(user.token);
    const response = await post("/auth/totp/enable", user.token, { code: totpCodeAt(secret, Date.now() - 2 * step) });
    expect(response.statusCode).toBe(400);
  });

  test.each([
    [{}, "body.code"],
    [{ code: "12345" }, "body.code"],
    [{ code: "abcdef" }, "body.code"],
    [{ code: 123456 }, "body.code"],
  ])("refuses %j with a 400 naming %s and writes nothing", async (json, field) => {
    const user = await buildUser(t);
    await setUp(user.token);
    const before = await snapshot(t.db);
    const response = await post("/auth/totp/enable", user.token, json);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("is a 409 without a setup first, and once on", async () => {
    const user = await buildUser(t);
    expect((await post("/auth/totp/enable", user.token, { code: "123456" })).statusCode).toBe(409);
    const on = await withTotp(t);
    expect((await post("/auth/totp/enable", on.token, { code: totpCodeAt(on.secret, Date.now()) })).statusCode).toBe(
      409,
    );
  });
});

describe("POST /auth/totp/recovery-codes", () => {
  test("answers a new set with the password and a code; the old set stops working", async () => {
    const user = await withTotp(t);
    const response = await post("/auth/totp/recovery-codes", user.token, {
      password: user.password,
      code: totpCodeAt(user.secret, Date.now()),
    });
    expect(response.statusCode).toBe(200);
    const fresh = (response.json() as { recovery_codes: string[] }).recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(user.recoveryCodes[0]);
    const first = await signIn(user.email, user.password);
    const old = await post("/auth/basic/mfa", undefined, { ticket: first.json().ticket, code: user.recoveryCodes[0] });
    expect(old.statusCode).toBe(401);
    const second = await signIn(user.email, user.password);
    const renewed = await post("/auth/basic/mfa", undefined, { ticket: second.json().ticket, code: fresh[0] });
    expect(renewed.statusCode).toBe(200);
  });

  test.each([
    [
      "a wrong password",
      (u: { password: string; secret: string }) => ({ password: "wrong", code: totpCodeAt(u.secret, Date.now()) }),
      "body.password",
    ],
    ["no password", (u: { secret: string }) => ({ code: totpCodeAt(u.secret, Date.now()) }), "body.password"],
    [
      "a wrong code",
      (u: { password: string; secret: string }) => ({ password: u.password, code: wrongCodeFor(u.secret) }),
      "body.code",
    ],
  ])("refuses %s with a 400 naming the field, and the codes stay", async (_name, body, field) => {
    const user = await withTotp(t);
    const response = await post("/auth/totp/recovery-codes", user.token, body(user));
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field })]);
    const after = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(after.every((row) => row.usedAt === null)).toBe(true);
    expect(after).toHaveLength(10);
  });

  test("is a 409 while two-factor is off", async () => {
    const user = await buildUser(t);
    const response = await post("/auth/totp/recovery-codes", user.token, { password: user.password, code: "123456" });
    expect(response.statusCode).toBe(409);
  });
});

describe("POST /auth/totp/disable", () => {
  test("turns two-factor off with the password and a code: the next sign-in needs no code", async () => {
    const user = await withTotp(t);
    const response = await post("/auth/totp/disable", user.token, {
      password: user.password,
      code: totpCodeAt(user.secret, Date.now()),
    });
    expect(response.statusCode).toBe(204);
    expect(await t.db.select().from(totpFactors).where(eq(totpFactors.userId, user.id))).toHaveLength(0);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toHaveLength(0);
    expect(authResponseSchema.safeParse((await signIn(user.email, user.password)).json()).success).toBe(true);
  });

  test("takes a recovery code instead of the app's, for a lost phone", async () => {
    const user = await withTotp(t);
    const response = await post("/auth/totp/disable", user.token, {
      password: user.password,
      code: user.recoveryCodes[3],
    });
    expect(response.statusCode).toBe(204);
  });

  test("refuses a wrong password, and two-factor stays on", async () => {
    const user = await withTotp(t);
    const response = await post("/auth/totp/disable", user.token, {
      password: "not it",
      code: totpCodeAt(user.secret, Date.now()),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: "body.password", message: "Wrong password" }]);
    expect((await get("/auth/totp", user.token)).json()).toMatchObject({ totp_enabled: true });
  });

  test("refuses a wrong code, and two-factor stays on", async () => {
    const user = await withTotp(t);
    const response = await post("/auth/totp/disable", user.token, {
      password: user.password,
      code: wrongCodeFor(user.secret),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field: "body.code" })]);
    expect((await get("/auth/totp", user.token)).json()).toMatchObject({ totp_enabled: true });
  });

  test("lets an account without a password (made with Google) confirm with the code alone", async () => {
    const user = await withTotp(t, await buildUser(t, { passwordHash: null, googleSub: "google-only-2fa" }));
    expect((await get("/auth/totp", user.token)).json()).toMatchObject({ has_password: false });
    const response = await post("/auth/totp/disable", user.token, { code: totpCodeAt(user.secret, Date.now()) });
    expect(response.statusCode).toBe(204);
  });

  test("is a 409 while the organization requires two-factor and the app is the only factor", async () => {
    const { owner, organization } = await buildOrganization(t);
    const user = await withTotp(t, owner);
    await t.db.update(organizations).set({ requireTwoFactor: true }).where(eq(organizations.id, organization.uid));
    const response = await post("/auth/totp/disable", user.token, {
      password: user.password,
      code: totpCodeAt(user.secret, Date.now()),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().ErrorMessage).toMatch(/requires two-factor/);
    expect((await get("/auth/totp", user.token)).json()).toMatchObject({ totp_enabled: true });
  });
});

describe("an organization that requires two-factor", () => {
  async function requiringOrganization() {
    const built = await buildOrganization(t);
    const response = await request(t.app, {
      method: "PATCH",
      url: `/api/v1/organization/${built.organization.uid}`,
      token: built.owner.token,
      json: { require_two_factor: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ organization: { require_two_factor: true } });
    return built;
  }

  test("an admin turns it on and off; GET shows it", async () => {
    const { owner, organization } = await requiringOrganization();
    expect((await get(`/organization/${organization.uid}`, owner.token)).json()).toMatchObject({
      require_two_factor: true,
    });
    const off = await request(t.app, {
      method: "PATCH",
      url: `/api/v1/organization/${organization.uid}`,
      token: owner.token,
      json: { require_two_factor: false },
    });
    expect(off.json()).toMatchObject({ organization: { require_two_factor: false, name: organization.name } });
  });

  test("refuses a Manager, a Member and a role without edit organization, and writes nothing", async () => {
    const { organization } = await buildOrganization(t);
    const actors = [
      await addMember(t, organization.uid, "manager"),
      await addMember(t, organization.uid, "member"),
      await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "organization" }]),
    ];
    const before = await snapshot(t.db);
    for (const actor of actors) {
      const response = await request(t.app, {
        method: "PATCH",
        url: `/api/v1/organization/${organization.uid}`,
        token: actor.token,
        json: { require_two_factor: true },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().ErrorMessage).toMatch(/edit organization/);
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("is a 404 to another organization's admin, and writes nothing", async () => {
    const { organization } = await buildOrganization(t);
    const other = await buildOrganization(t);
    const before = await snapshot(t.db);
    const response = await request(t.app, {
      method: "PATCH",
      url: `/api/v1/organization/${organization.uid}`,
      token: other.owner.token,
      json: { require_two_factor: true },
    });
    expect(response.statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test.each([["yes"], [1], [null]])("refuses require_two_factor %j with a 400 naming it", async (value) => {
    const { owner, organization } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const response = await request(t.app, {
      method: "PATCH",
      url: `/api/v1/organization/${organization.uid}`,
      token: owner.token,
      json: { require_two_factor: value },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "body.require_two_factor" }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("a member without a second factor signs in to an enrolment-only session, until they enrol", async () => {
    const { organization } = await requiringOrganization();
    const member = await addMember(t, organization.uid, "member");
    const signedIn = authResponseSchema.parse((await signIn(member.email, member.password)).json());
    expect(signedIn.enrolment_required).toBe(true);
    const token = signedIn.token;
    expect((await get("/auth/me", token)).json()).toMatchObject({ uid: member.id, enrolment_required: true });

    for (const url of [`/organization/${organization.uid}`, `/organization/${organization.uid}/user`, "/auth/totp"]) {
      const refused = await get(url, token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: "TWO_FACTOR_ENROLMENT_REQUIRED",
        ErrorMessage: expect.stringMatching(/requires two-factor sign-in/),
      });
    }
    const config = await request(t.app, { method: "GET", url: "/api/v1/config" });
    expect(config.statusCode).toBe(200);

    const { secret } = await setUp(token);
    expect((await post("/auth/totp/enable", token, { code: totpCodeAt(secret, Date.now()) })).statusCode).toBe(200);
    expect((await get("/auth/me", token)).json()).toMatchObject({ enrolment_required: false });
    expect((await get(`/organization/${organization.uid}/user`, token)).statusCode).toBe(200);
  });

  test("an enrolment-only session can sign out", async () => {
    const { organization } = await requiringOrganization();
    const member = await addMember(t, organization.uid, "member");
    const { token } = authResponseSchema.parse((await signIn(member.email, member.password)).json());
    expect((await post("/auth/logout", token)).statusCode).toBe(204);
    expect((await get("/auth/me", token)).statusCode).toBe(401);
  });

  test("a member with the app goes through the second step and gets a full session", async () => {
    const { organization } = await requiringOrganization();
    const member = await withTotp(t, await addMember(t, organization.uid, "member"));
    const first = await signIn(member.email, member.password);
    const second = await post("/auth/basic/mfa", undefined, {
      ticket: first.json().ticket,
      code: totpCodeAt(member.secret, Date.now()),
    });
    const { token, enrolment_required } = authResponseSchema.parse(second.json());
    expect(enrolment_required).toBe(false);
    expect((await get(`/organization/${organization.uid}/user`, token)).statusCode).toBe(200);
  });

  test("a member with a passkey counts as enrolled, and is asked for it after the password", async () => {
    const { organization } = await requiringOrganization();
    const member = await addMember(t, organization.uid, "member");
    await t.db
      .insert(passkeys)
      .values({ userId: member.id, credentialId: `cred-${member.id}`, publicKey: "key", name: "Laptop" });
    const first = await signIn(member.email, member.password);
    expect(first.json()).toMatchObject({ mfa_required: true, methods: ["passkey"] });
  });

  test("a session already open when the requirement is turned on keeps working", async () => {
    const { owner, organization } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    await request(t.app, {
      method: "PATCH",
      url: `/api/v1/organization/${organization.uid}`,
      token: owner.token,
      json: { require_two_factor: true },
    });
    expect((await get(`/organization/${organization.uid}/user`, member.token)).statusCode).toBe(200);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(row?.enrolmentRequired).toBe(false);
  });
});

describe("the users list's two-factor column", () => {
  test("is true for a member with the app or a passkey, false otherwise", async () => {
    const { owner, organization } = await buildOrganization(t);
    const withApp = await withTotp(t, await addMember(t, organization.uid, "member"));
    const withKey = await addMember(t, organization.uid, "member");
    await t.db
      .insert(passkeys)
      .values({ userId: withKey.id, credentialId: `cred-${withKey.id}`, publicKey: "key", name: "Phone" });
    const without = await addMember(t, organization.uid, "member");
    const setUpOnly = await addMember(t, organization.uid, "member");
    await setUp(setUpOnly.token);
    const list = organizationUserSchema
      .array()
      .parse((await get(`/organization/${organization.uid}/user`, owner.token)).json());
    const byId = new Map(list.map((row) => [row.uid, row.two_factor]));
    expect(byId.get(withApp.id)).toBe(true);
    expect(byId.get(withKey.id)).toBe(true);
    expect(byId.get(without.id)).toBe(false);
    expect(byId.get(setUpOnly.id)).toBe(false);
    expect(byId.get(owner.id)).toBe(false);
    const one = await get(`/organization/${organization.uid}/user/${withApp.id}`, owner.token);
    expect(one.json()).toMatchObject({ two_factor: true });
  });
});
