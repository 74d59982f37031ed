import { authResponseSchema } from "@timetrap/domain";
import { type FakeJwks, startFakeJwks } from "@timetrap/fakes";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { users } from "../../db/schema.js";
import { buildUser, uniqueEmail } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

let jwks: FakeJwks;
const t = useTestApp(async () => {
  jwks = await startFakeJwks();
  return { GOOGLE_CLIENT_ID: jwks.clientId, GOOGLE_JWKS_URL: jwks.url };
});
afterAll(() => jwks?.close());

const signInWithGoogle = (json: unknown, app = t.app) =>
  request(app, { method: "POST", url: "/api/v1/auth/sign", json });

const now = () => Math.floor(Date.now() / 1000);

describe("POST /auth/sign", () => {
  test("creates the user from a verified token, with the name and picture it carries", async () => {
    const email = uniqueEmail("google");
    const credential = await jwks.signIdToken({
      sub: "google-sub-new",
      email,
      name: "Giulia Bianchi",
      picture: "https://lh3.googleusercontent.com/a/photo",
    });
    const response = await signInWithGoogle({ credential });
    expect(response.statusCode).toBe(200);
    const { token, user } = authResponseSchema.parse(response.json());
    expect(user).toMatchObject({
      email,
      nominative: "Giulia Bianchi",
      image_url: "https://lh3.googleusercontent.com/a/photo",
      status: "active",
      email_verified: true,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.uid));
    expect(row).toMatchObject({ googleSub: "google-sub-new", passwordHash: null });
    expect((await request(t.app, { method: "GET", url: "/api/v1/auth/me", token })).statusCode).toBe(200);
  });

  test("ignores the profile fields sent beside the token", async () => {
    const email = uniqueEmail("honest");
    const victim = await buildUser(t);
    const credential = await jwks.signIdToken({ email, name: "Honest" });
    const response = await signInWithGoogle({
      credential,
      uid: victim.id,
      email: victim.email,
      nominative: "Someone Else",
      image_url: "https://evil.example/x.png",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email, nominative: "Honest", image_url: null });
    expect(response.json().user.uid).not.toBe(victim.id);
  });

  test("finds the same user again by the token's subject, even after an e-mail change at Google", async () => {
    const first = await signInWithGoogle({
      credential: await jwks.signIdToken({ sub: "stable-sub", email: uniqueEmail("before") }),
    });
    const second = await signInWithGoogle({
      credential: await jwks.signIdToken({ sub: "stable-sub", email: uniqueEmail("after") }),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().user.uid).toBe(first.json().user.uid);
  });

  test("links an existing password account with the same verified e-mail", async () => {
    const user = await buildUser(t, { nominative: "Existing" });
    const response = await signInWithGoogle({
      credential: await jwks.signIdToken({ sub: "link-me", email: user.email.toUpperCase(), name: "Other Name" }),
    });
    expect(response.statusCode).toBe(200);
    // Google vouches for the mailbox: the account's e-mail is verified from now on.
    expect(response.json().user).toMatchObject({ uid: user.id, nominative: "Existing", email_verified: true });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.googleSub).toBe("link-me");
    expect(
      (
        await request(t.app, {
          method: "POST",
          url: "/api/v1/auth/basic",
          json: { email: user.email, password: user.password },
        })
      ).statusCode,
    ).toBe(200);
  });

  test("refuses to link or create an account from an e-mail Google has not verified", async () => {
    const user = await buildUser(t);
    const before = await snapshot(t.db);
    for (const email of [user.email, uniqueEmail("unverified")]) {
      const credential = await jwks.signIdToken({ email, email_verified: false });
      const response = await signInWithGoogle({ credential });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: "UNAUTHENTICATED" });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a deactivated account", async () => {
    const user = await buildUser(t, { status: "inactive", googleSub: "inactive-sub" });
    const response = await signInWithGoogle({
      credential: await jwks.signIdToken({ sub: "inactive-sub", email: user.email }),
    });
    expect(response.statusCode).toBe(403);
  });

  const badTokens: Array<[string, () => Promise<string>]> = [
    [
      "issued for another client",
      () => jwks.signIdToken({ email: uniqueEmail(), aud: "someone-else.apps.googleusercontent.com" }),
    ],
    [
      "issued by someone else than Google",
      () => jwks.signIdToken({ email: uniqueEmail(), iss: "https://accounts.example.com" }),
    ],
    ["expired", () => jwks.signIdToken({ email: uniqueEmail(), iat: now() - 7200, exp: now() - 3600 })],
    [
      "signed with a key Google did not publish",
      () => jwks.signIdToken({ email: uniqueEmail() }, { foreignKey: true }),
    ],
    [
      "unsigned",
      async () => {
        const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
        const claims = {
          iss: "https://accounts.google.com",
          aud: jwks.clientId,
          sub: "x",
          email: uniqueEmail(),
          email_verified: true,
          exp: now() + 3600,
        };
        return `${encode({ alg: "none", typ: "JWT" })}.${encode(claims)}.`;
      },
    ],
    ["not a token at all", async () => "hello"],
  ];

  test.each(badTokens)("refuses a token %s with 401 and writes nothing", async (_label, makeToken) => {
    const before = await snapshot(t.db);
    const response = await signInWithGoogle({ credential: await makeToken() });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      code: "UNAUTHENTICATED",
      ErrorMessage: "The Google sign-in could not be verified",
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("accepts the issuer without its scheme, as Google also sends it", async () => {
    const credential = await jwks.signIdToken({ email: uniqueEmail(), iss: "accounts.google.com" });
    expect((await signInWithGoogle({ credential })).statusCode).toBe(200);
  });

  test.each([
    [{}, "body.credential"],
    [{ credential: "" }, "body.credential"],
    [{ credential: 7 }, "body.credential"],
  ])("refuses %j with a 400 naming %s", async (json, field) => {
    const response = await signInWithGoogle(json);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
  });

  test("fetches Google's keys once and reuses them", async () => {
    const before = jwks.requests;
    for (let i = 0; i < 3; i += 1) {
      const credential = await jwks.signIdToken({ email: uniqueEmail("cached") });
      expect((await signInWithGoogle({ credential })).statusCode).toBe(200);
    }
    expect(jwks.requests - before).toBeLessThanOrEqual(1);
  });

  test("answers 503 when no Google client id is configured", async () => {
    const noGoogle = await t.buildAnotherApp({});
    const before = await snapshot(t.db);
    const response = await signInWithGoogle(
      { credential: await jwks.signIdToken({ email: uniqueEmail() }) },
      noGoogle.app,
    );
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ statusCode: 503, code: "SERVICE_UNAVAILABLE" });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 503 when Google's keys cannot be fetched", async () => {
    const unreachable = await t.buildAnotherApp({
      GOOGLE_CLIENT_ID: jwks.clientId,
      GOOGLE_JWKS_URL: "http://127.0.0.1:9/certs",
    });
    const response = await signInWithGoogle(
      { credential: await jwks.signIdToken({ email: uniqueEmail() }) },
      unreachable.app,
    );
    expect(response.statusCode).toBe(503);
  });
});
