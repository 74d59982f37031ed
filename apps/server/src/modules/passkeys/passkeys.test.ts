import {
  type AuditPage,
  authResponseSchema,
  type Passkey,
  type PasskeyAuthenticationResponse,
  type PasskeyCreationOptions,
  type PasskeyRequestOptions,
  passkeyCreationOptionsSchema,
  passkeyListSchema,
  passkeyRequestOptionsSchema,
  passkeySchema,
} from "@timetrap/domain";
import { and, eq, sum } from "drizzle-orm";
import { afterEach, describe, expect, test, vi } from "vitest";
import { authChallenges, passkeys, rateLimitCounters, sessions, users } from "../../db/schema.js";
import { type BuiltUser, buildUser, testAudit } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";
import { testRelyingParty, VirtualAuthenticator } from "../../test/virtual-authenticator.js";
import { createAccountEvents } from "../audit/account-events.js";
import { clientRule } from "../auth/sign-in-limits.js";
import { createLimitsService } from "../limits/limits.service.js";
import { createOrganizationsRepository } from "../organizations/organizations.repository.js";
import { createOrganizationsService } from "../organizations/organizations.service.js";
import { createSessionsRepository } from "../sessions/sessions.repository.js";
import { createSessionsService } from "../sessions/sessions.service.js";
import { createUsersRepository } from "../users/users.repository.js";
import { createUsersService } from "../users/users.service.js";
import { createPasskeysRepository } from "./passkeys.repository.js";
import { createPasskeysService } from "./passkeys.service.js";

const t = useTestApp();

const minute = 60_000;
const base = "/api/v1/auth/passkeys";

/** Each test signs in from an address of its own, so that the per-address sign-in limit counts only its attempts. */
let addressCounter = 0;
const nextAddress = () => `198.51.100.${++addressCounter}`;

afterEach(() => {
  vi.useRealTimers();
});

function setClock(at: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at);
}

async function registrationOptions(user: BuiltUser): Promise<PasskeyCreationOptions> {
  const response = await request(t.app, { method: "POST", url: `${base}/register/options`, token: user.token });
  expect(response.statusCode).toBe(200);
  return passkeyCreationOptionsSchema.parse(response.json());
}

const verifyRegistration = (user: BuiltUser, body: unknown) =>
  request(t.app, { method: "POST", url: `${base}/register/verify`, token: user.token, json: body });

/** Registers a passkey through the API, as the profile does. */
async function addPasskey(user: BuiltUser, authenticator: VirtualAuthenticator, name = "Laptop"): Promise<Passkey> {
  const options = await registrationOptions(user);
  const response = await verifyRegistration(user, { name, response: authenticator.register(options) });
  expect(response.statusCode, response.body).toBe(201);
  return passkeySchema.parse(response.json());
}

async function signInOptions(remoteAddress: string): Promise<PasskeyRequestOptions> {
  const response = await request(t.app, { method: "POST", url: `${base}/sign-in/options`, remoteAddress });
  expect(response.statusCode, response.body).toBe(200);
  return passkeyRequestOptionsSchema.parse(response.json());
}

const verifySignIn = (body: unknown, remoteAddress: string) =>
  request(t.app, { method: "POST", url: `${base}/sign-in/verify`, json: body, remoteAddress });

async function listPasskeys(user: BuiltUser): Promise<Passkey[]> {
  const response = await request(t.app, { method: "GET", url: base, token: user.token });
  expect(response.statusCode).toBe(200);
  return passkeyListSchema.parse(response.json());
}

const passkeyRows = (userId: string) => t.db.select().from(passkeys).where(eq(passkeys.userId, userId));

async function signInAttemptsCounted(address: string): Promise<number> {
  const [row] = await t.db
    .select({ total: sum(rateLimitCounters.count) })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.scope, clientRule.scope), eq(rateLimitCounters.subject, address)));
  return Number(row?.total ?? 0);
}

/** A user with one passkey, for the sign-in tests. */
async function userWithPasskey() {
  const user = await buildUser(t);
  const authenticator = new VirtualAuthenticator();
  const passkey = await addPasskey(user, authenticator);
  return { user, authenticator, passkey };
}

describe("adding a passkey", () => {
  test("answers creation options for a discoverable passkey bound to APP_URL's host, and stores the named passkey", async () => {
    const user = await buildUser(t, { nominative: "Nina Rossi" });
    const options = await registrationOptions(user);
    expect(options.rp).toEqual({ id: "timetrap.test", name: "Timetrap" });
    expect(options.user).toMatchObject({ name: user.email, displayName: "Nina Rossi" });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "preferred" });
    expect(options.attestation).toBe("none");
    const [challenge] = await t.db.select().from(authChallenges).where(eq(authChallenges.challenge, options.challenge));
    expect(challenge).toMatchObject({ userId: user.id, purpose: "passkey-register" });
    expect(challenge!.expiresAt.getTime() - challenge!.createdAt.getTime()).toBe(5 * minute);

    const authenticator = new VirtualAuthenticator({ synced: true });
    const response = await verifyRegistration(user, {
      name: "  Work laptop  ",
      response: authenticator.register(options),
    });
    expect(response.statusCode, response.body).toBe(201);
    const passkey = passkeySchema.parse(response.json());
    expect(passkey).toMatchObject({
      name: "Work laptop",
      last_used_at: null,
      device_type: "multiDevice",
      backed_up: true,
    });
    expect(await listPasskeys(user)).toEqual([passkey]);
    expect(Object.keys(response.json() as object).sort()).toEqual(
      ["backed_up", "created_at", "device_type", "id", "last_used_at", "name"].sort(),
    );
    const [row] = await passkeyRows(user.id);
    expect(row).toMatchObject({ credentialId: authenticator.credentials[0]!.id, transports: ["internal", "hybrid"] });
    // The challenge worked once and is gone.
    expect(await t.db.select().from(authChallenges).where(eq(authChallenges.challenge, options.challenge))).toEqual([]);
  });

  test("keeps several passkeys per account and excludes the existing ones from new options", async () => {
    const user = await buildUser(t);
    const phone = new VirtualAuthenticator();
    const laptop = new VirtualAuthenticator();
    await addPasskey(user, phone, "Phone");
    await addPasskey(user, laptop, "Laptop");
    expect((await listPasskeys(user)).map((p) => p.name)).toEqual(["Phone", "Laptop"]);
    const options = await registrationOptions(user);
    expect(options.excludeCredentials?.map((c) => c.id).sort()).toEqual(
      [phone.credentials[0]!.id, laptop.credentials[0]!.id].sort(),
    );
  });

  test.each([
    ["a missing name", (r: unknown) => ({ response: r }), "body.name"],
    ["an empty name", (r: unknown) => ({ name: "   ", response: r }), "body.name"],
    ["a name of 61 characters", (r: unknown) => ({ name: "x".repeat(61), response: r }), "body.name"],
    ["a missing response", () => ({ name: "Laptop" }), "body.response"],
    [
      "a credential id that is not base64url",
      (r: unknown) => ({ name: "Laptop", response: { ...(r as object), id: "not base64url!" } }),
      "body.response.id",
    ],
    [
      "another credential type",
      (r: unknown) => ({ name: "Laptop", response: { ...(r as object), type: "password" } }),
      "body.response.type",
    ],
  ])("refuses %s with a 400 naming the field, and writes nothing", async (_, body, field) => {
    const user = await buildUser(t);
    const options = await registrationOptions(user);
    const made = new VirtualAuthenticator().register(options);
    const before = await snapshot(t.db);
    const response = await verifyRegistration(user, body(made));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect((response.json() as { details: Array<{ field: string }> }).details.map((d) => d.field)).toContain(field);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a response made on another origin, and uses its challenge up", async () => {
    const user = await buildUser(t);
    const options = await registrationOptions(user);
    const response = await verifyRegistration(user, {
      name: "Laptop",
      response: new VirtualAuthenticator().register(options, { origin: "https://evil.test" }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "BAD_REQUEST", details: [{ field: "body.response" }] });
    expect(response.json().ErrorMessage).toMatch(/origin "https:\/\/evil.test"/);
    expect(await passkeyRows(user.id)).toEqual([]);
    expect(await t.db.select().from(authChallenges).where(eq(authChallenges.challenge, options.challenge))).toEqual([]);
  });

  test("refuses a response for another relying party", async () => {
    const user = await buildUser(t);
    const options = await registrationOptions(user);
    const response = await verifyRegistration(user, {
      name: "Laptop",
      response: new VirtualAuthenticator().register(options, { rpId: "evil.test" }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().ErrorMessage).toMatch(/RP ID/);
    expect(await passkeyRows(user.id)).toEqual([]);
  });

  test("refuses the same response sent a second time: the challenge works once", async () => {
    const user = await buildUser(t);
    const made = new VirtualAuthenticator().register(await registrationOptions(user));
    expect((await verifyRegistration(user, { name: "Laptop", response: made })).statusCode).toBe(201);
    const replay = await verifyRegistration(user, { name: "Laptop again", response: made });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().ErrorMessage).toMatch(/expired or was already used/);
    expect(await passkeyRows(user.id)).toHaveLength(1);
  });

  test("refuses a challenge older than five minutes", async () => {
    const user = await buildUser(t);
    const start = Date.now();
    setClock(start);
    const made = new VirtualAuthenticator().register(await registrationOptions(user));
    setClock(start + 5 * minute + 1);
    const response = await verifyRegistration(user, { name: "Laptop", response: made });
    expect(response.statusCode).toBe(400);
    expect(response.json().ErrorMessage).toMatch(/expired/);
    expect(await passkeyRows(user.id)).toEqual([]);
  });

  test("sweeps expired challenges when a new one is stored, and keeps live ones", async () => {
    const user = await buildUser(t);
    const start = Date.now();
    setClock(start);
    const stale = await registrationOptions(user);
    setClock(start + 4 * minute);
    const live = await registrationOptions(user);
    setClock(start + 5 * minute + 1);
    await signInOptions(nextAddress());
    const left = await t.db.select().from(authChallenges).where(eq(authChallenges.userId, user.id));
    expect(left.map((row) => row.challenge)).toEqual([live.challenge]);
    expect(left.map((row) => row.challenge)).not.toContain(stale.challenge);
  });

  test("refuses a challenge made for another person", async () => {
    const user = await buildUser(t);
    const other = await buildUser(t);
    const made = new VirtualAuthenticator().register(await registrationOptions(other));
    const response = await verifyRegistration(user, { name: "Laptop", response: made });
    expect(response.statusCode).toBe(400);
    expect(await passkeyRows(user.id)).toEqual([]);
    expect(await passkeyRows(other.id)).toEqual([]);
  });

  test("refuses a sign-in challenge in place of a registration one", async () => {
    const user = await buildUser(t);
    const signIn = await signInOptions(nextAddress());
    const options = await registrationOptions(user);
    const made = new VirtualAuthenticator().register(options, { challenge: signIn.challenge });
    const response = await verifyRegistration(user, { name: "Laptop", response: made });
    expect(response.statusCode).toBe(400);
    expect(await passkeyRows(user.id)).toEqual([]);
  });

  test("refuses a passkey already registered, to this account or another (409)", async () => {
    const user = await buildUser(t);
    const authenticator = new VirtualAuthenticator();
    await addPasskey(user, authenticator);
    const other = await buildUser(t);
    const made = authenticator.register(await registrationOptions(other), { reuse: authenticator.credentials[0]! });
    const response = await verifyRegistration(other, { name: "Copy", response: made });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "CONFLICT", ErrorMessage: "This passkey is already registered" });
    expect(await passkeyRows(other.id)).toEqual([]);
    expect(await passkeyRows(user.id)).toHaveLength(1);
  });
});

describe("renaming and removing", () => {
  test("records adding, renaming and removing a passkey in the person's security events, with the old and new name", async () => {
    const { user, passkey } = await userWithPasskey();
    const renamed = await request(t.app, {
      method: "PATCH",
      url: `${base}/${passkey.id}`,
      token: user.token,
      json: { name: "Phone" },
    });
    expect(renamed.statusCode).toBe(200);
    const removed = await request(t.app, { method: "DELETE", url: `${base}/${passkey.id}`, token: user.token });
    expect(removed.statusCode).toBe(204);
    const events = await request(t.app, { method: "GET", url: "/api/v1/auth/security-events", token: user.token });
    const items = (events.json() as AuditPage).items.filter((item) => item.kind.startsWith("passkey."));
    expect(items.map((item) => [item.kind, item.actor_id, item.target.label, item.before, item.after])).toEqual([
      ["passkey.removed", user.id, "Phone", null, null],
      ["passkey.renamed", user.id, "Phone", { name: "Laptop" }, { name: "Phone" }],
      ["passkey.added", user.id, "Laptop", null, null],
    ]);
  });

  test("renames a passkey, trimming the name", async () => {
    const { user, passkey } = await userWithPasskey();
    const response = await request(t.app, {
      method: "PATCH",
      url: `${base}/${passkey.id}`,
      token: user.token,
      json: { name: "  Phone  " },
    });
    expect(response.statusCode).toBe(200);
    expect(passkeySchema.parse(response.json())).toEqual({ ...passkey, name: "Phone" });
  });

  test.each([
    ["an empty name", { name: "" }, "body.name"],
    ["a name of 61 characters", { name: "y".repeat(61) }, "body.name"],
    ["a name that is not text", { name: 7 }, "body.name"],
    ["no name", {}, "body.name"],
  ])("refuses %s with a 400 naming the field, and writes nothing", async (_, body, field) => {
    const { user, passkey } = await userWithPasskey();
    const before = await snapshot(t.db);
    const response = await request(t.app, {
      method: "PATCH",
      url: `${base}/${passkey.id}`,
      token: user.token,
      json: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 400 naming params.id for an id that is not a UUID", async () => {
    const user = await buildUser(t);
    for (const method of ["PATCH", "DELETE"] as const) {
      const response = await request(t.app, {
        method,
        url: `${base}/not-a-uuid`,
        token: user.token,
        ...(method === "PATCH" ? { json: { name: "x" } } : {}),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([{ field: "params.id", message: "Passkey id must be a UUID" }]);
    }
  });

  test("another person's passkey id is not found, to rename or to remove, and stays as it was", async () => {
    const { passkey } = await userWithPasskey();
    const stranger = await buildUser(t);
    const before = await snapshot(t.db);
    const rename = await request(t.app, {
      method: "PATCH",
      url: `${base}/${passkey.id}`,
      token: stranger.token,
      json: { name: "Mine now" },
    });
    expect(rename.statusCode).toBe(404);
    expect(rename.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "Passkey not found" });
    const remove = await request(t.app, { method: "DELETE", url: `${base}/${passkey.id}`, token: stranger.token });
    expect(remove.statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("removes a passkey, which then signs nobody in", async () => {
    const { user, authenticator, passkey } = await userWithPasskey();
    const response = await request(t.app, { method: "DELETE", url: `${base}/${passkey.id}`, token: user.token });
    expect(response.statusCode).toBe(204);
    expect(await listPasskeys(user)).toEqual([]);
    const address = nextAddress();
    const signIn = await verifySignIn({ response: authenticator.assert(await signInOptions(address)) }, address);
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().ErrorMessage).toBe("This passkey is not registered with Timetrap");
  });

  test("every route of one's own passkeys needs a session (401)", async () => {
    const { passkey } = await userWithPasskey();
    const calls = [
      { method: "GET", url: base },
      { method: "POST", url: `${base}/register/options` },
      { method: "POST", url: `${base}/register/verify`, json: { name: "x" } },
      { method: "PATCH", url: `${base}/${passkey.id}`, json: { name: "x" } },
      { method: "DELETE", url: `${base}/${passkey.id}` },
    ] as const;
    for (const call of calls) {
      const response = await request(t.app, { ...call });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
  });
});

describe("signing in with a passkey alone", () => {
  test("answers options naming no credential, then signs in like a password and records the use", async () => {
    const { user, authenticator, passkey } = await userWithPasskey();
    const address = nextAddress();
    const options = await signInOptions(address);
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.rpId).toBe(testRelyingParty.id);
    expect(options.userVerification).toBe("required");

    const response = await verifySignIn({ response: authenticator.assert(options) }, address);
    expect(response.statusCode, response.body).toBe(200);
    const answer = authResponseSchema.parse(response.json());
    expect(answer.user.uid).toBe(user.id);
    const me = await request(t.app, { method: "GET", url: "/api/v1/auth/me", token: answer.token });
    expect(me.statusCode).toBe(200);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.some((row) => row.ip === address)).toBe(true);
    const [used] = await listPasskeys(user);
    expect(used!.last_used_at).not.toBeNull();
    expect(used!.created_at).toBe(passkey.created_at);
    const [row] = await passkeyRows(user.id);
    expect(row!.counter).toBe(1);
    // A sign-in that succeeds gives back both attempts it counted (the options and the answer).
    expect(await signInAttemptsCounted(address)).toBe(0);
  });

  test("refuses the same assertion sent again: the challenge is gone", async () => {
    const { authenticator } = await userWithPasskey();
    const address = nextAddress();
    const assertion = authenticator.assert(await signInOptions(address));
    expect((await verifySignIn({ response: assertion }, address)).statusCode).toBe(200);
    const replay = await verifySignIn({ response: assertion }, address);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({
      code: "BAD_REQUEST",
      ErrorMessage: "This passkey request has expired or was already used. Please start again from the beginning",
    });
  });

  test("of two uses of one challenge sent at once, one signs in and the other is refused", async () => {
    const { authenticator } = await userWithPasskey();
    const address = nextAddress();
    const assertion = authenticator.assert(await signInOptions(address));
    const answers = await Promise.all([
      verifySignIn({ response: assertion }, address),
      verifySignIn({ response: assertion }, address),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  test.each([
    ["made on another origin", { origin: "https://evil.test" }, /origin "https:\/\/evil.test"/],
    ["for another relying party", { rpId: "evil.test" }, /RP ID/],
    ["without user verification", { userVerified: false }, /User verification required/],
  ])("refuses an assertion %s, and counts the failure", async (_, overrides, message) => {
    const { user, authenticator } = await userWithPasskey();
    const address = nextAddress();
    const before = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const response = await verifySignIn(
      { response: authenticator.assert(await signInOptions(address), overrides) },
      address,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().ErrorMessage).toMatch(message);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual(before);
    expect((await passkeyRows(user.id))[0]!.lastUsedAt).toBeNull();
    expect(await signInAttemptsCounted(address)).toBe(2);
  });

  test.each([
    ["lower than", 1],
    ["equal to", 3],
  ])("refuses a signature counter %s the last one seen, as a copied passkey", async (_, counter) => {
    const { user, authenticator } = await userWithPasskey();
    for (let i = 0; i < 3; i++) {
      const address = nextAddress();
      expect(
        (await verifySignIn({ response: authenticator.assert(await signInOptions(address)) }, address)).statusCode,
      ).toBe(200);
    }
    const address = nextAddress();
    const response = await verifySignIn(
      { response: authenticator.assert(await signInOptions(address), { counter }) },
      address,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().ErrorMessage).toMatch(/counter went back/);
    expect((await passkeyRows(user.id))[0]!.counter).toBe(3);
  });

  test("accepts a passkey that keeps no counter (always 0) every time", async () => {
    const user = await buildUser(t);
    const authenticator = new VirtualAuthenticator({ keepsCounter: false, synced: true });
    await addPasskey(user, authenticator);
    for (let i = 0; i < 2; i++) {
      const address = nextAddress();
      expect(
        (await verifySignIn({ response: authenticator.assert(await signInOptions(address)) }, address)).statusCode,
      ).toBe(200);
    }
  });

  test("refuses a challenge older than five minutes", async () => {
    const { authenticator } = await userWithPasskey();
    const start = Date.now();
    setClock(start);
    const address = nextAddress();
    const assertion = authenticator.assert(await signInOptions(address));
    setClock(start + 5 * minute + 1);
    const response = await verifySignIn({ response: assertion }, address);
    expect(response.statusCode).toBe(400);
    expect(response.json().ErrorMessage).toMatch(/expired/);
  });

  test("refuses a challenge that was never given", async () => {
    const { authenticator } = await userWithPasskey();
    const address = nextAddress();
    const options = await signInOptions(address);
    const response = await verifySignIn(
      { response: authenticator.assert(options, { challenge: "bm90LWdpdmVu" }) },
      address,
    );
    expect(response.statusCode).toBe(400);
  });

  test("refuses a passkey whose user handle names another account", async () => {
    const { authenticator } = await userWithPasskey();
    const other = await buildUser(t);
    authenticator.credentials[0]!.userHandle = Buffer.from(other.id, "utf8").toString("base64url");
    const address = nextAddress();
    const response = await verifySignIn({ response: authenticator.assert(await signInOptions(address)) }, address);
    expect(response.statusCode).toBe(400);
    expect(response.json().ErrorMessage).toBe("This passkey's user does not match its account");
  });

  test("refuses a user handle that decodes to nothing sensible, without failing", async () => {
    const { authenticator } = await userWithPasskey();
    authenticator.credentials[0]!.userHandle = "A";
    const address = nextAddress();
    const response = await verifySignIn({ response: authenticator.assert(await signInOptions(address)) }, address);
    expect(response.statusCode).toBe(400);
  });

  test("refuses a deactivated account's passkey (403), and counts it", async () => {
    const { user, authenticator } = await userWithPasskey();
    await t.db.update(users).set({ status: "inactive" }).where(eq(users.id, user.id));
    const address = nextAddress();
    const response = await verifySignIn({ response: authenticator.assert(await signInOptions(address)) }, address);
    expect(response.statusCode).toBe(403);
    expect(response.json().ErrorMessage).toBe("This account has been deactivated");
    expect(await signInAttemptsCounted(address)).toBe(2);
  });

  test.each([
    ["no response", () => ({}), "body.response"],
    [
      "a response without its signature",
      (assertion: PasskeyAuthenticationResponse) => ({
        response: { ...assertion, response: { ...assertion.response, signature: undefined } },
      }),
      "body.response.response.signature",
    ],
    [
      "client data that is not JSON",
      (assertion: PasskeyAuthenticationResponse) => ({
        response: { ...assertion, response: { ...assertion.response, clientDataJSON: "bm90IGpzb24" } },
      }),
      "body.response",
    ],
  ])("refuses %s with a 400 naming the field, and writes nothing but the attempt", async (_, body, field) => {
    const { authenticator } = await userWithPasskey();
    const address = nextAddress();
    const assertion = authenticator.assert(await signInOptions(address));
    const before = await snapshot(t.db, { except: [rateLimitCounters] });
    const response = await verifySignIn(body(assertion), address);
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await snapshot(t.db, { except: [rateLimitCounters] })).toEqual(before);
  });

  test("counts within the sign-in limit by client address: past it, the options are refused with 429", async () => {
    const address = nextAddress();
    const limits = createLimitsService(t.db);
    for (let i = 0; i < clientRule.limit; i++) await limits.hit(clientRule, address);
    const response = await request(t.app, { method: "POST", url: `${base}/sign-in/options`, remoteAddress: address });
    expect(response.statusCode).toBe(429);
    expect(response.headers["retry-after"]).toBeDefined();
    expect(response.json().ErrorMessage).toMatch(/Too many failed sign-ins from this network/);
    const { authenticator } = await userWithPasskey();
    const verify = await verifySignIn({ response: authenticator.assert({ challenge: "bm90LWdpdmVu" }) }, address);
    expect(verify.statusCode).toBe(429);
  });
});

describe("a passkey as the second factor", () => {
  const service = () => {
    const audit = testAudit(t);
    const organizations = createOrganizationsService({ repository: createOrganizationsRepository(t.db), audit });
    const sessionsService = createSessionsService({
      repository: createSessionsRepository(t.db),
      authSecret: t.config.authSecret,
      audit,
    });
    const users = createUsersService({
      repository: createUsersRepository(t.db),
      organizations,
      sessions: sessionsService,
      audit,
    });
    return createPasskeysService({
      repository: createPasskeysRepository(t.db),
      users,
      auth: {
        signInAs: () => {
          throw new Error("a second factor opens no session itself");
        },
      },
      limits: createLimitsService(t.db),
      settings: t.config,
      recordAccountEvent: createAccountEvents({ audit, users }),
      sessions: sessionsService,
    });
  };

  test("offers only that person's passkeys and accepts one of them, recording its use", async () => {
    const { user, authenticator } = await userWithPasskey();
    const second = new VirtualAuthenticator();
    await addPasskey(user, second, "Key");
    await userWithPasskey();
    const passkeysService = service();
    const options = await passkeysService.secondFactorOptions({ userId: user.id });
    expect(options.allowCredentials?.map((c) => c.id).sort()).toEqual(
      [authenticator.credentials[0]!.id, second.credentials[0]!.id].sort(),
    );
    expect(options.userVerification).toBe("preferred");
    const [challenge] = await t.db.select().from(authChallenges).where(eq(authChallenges.challenge, options.challenge));
    expect(challenge).toMatchObject({ userId: user.id, purpose: "passkey-second-factor" });

    await passkeysService.verifySecondFactor({
      userId: user.id,
      response: second.assert(options, { userVerified: false }),
    });
    const used = (await listPasskeys(user)).find((p) => p.name === "Key");
    expect(used!.last_used_at).not.toBeNull();
  });

  test("refuses a passkey of another account, even signing this person's challenge", async () => {
    const { user } = await userWithPasskey();
    const { authenticator: theirs } = await userWithPasskey();
    const passkeysService = service();
    const options = await passkeysService.secondFactorOptions({ userId: user.id });
    await expect(
      passkeysService.verifySecondFactor({ userId: user.id, response: theirs.assert(options) }),
    ).rejects.toMatchObject({ statusCode: 400, message: "This passkey does not belong to this account" });
  });

  test("refuses a second use of the challenge, and a challenge made for another person", async () => {
    const { user, authenticator } = await userWithPasskey();
    const { user: other } = await userWithPasskey();
    const passkeysService = service();
    const options = await passkeysService.secondFactorOptions({ userId: user.id });
    const assertion = authenticator.assert(options);
    await expect(passkeysService.verifySecondFactor({ userId: other.id, response: assertion })).rejects.toMatchObject({
      statusCode: 400,
    });
    // Tried for the wrong person, the challenge was not taken: it is bound to its own.
    await passkeysService.verifySecondFactor({ userId: user.id, response: assertion });
    await expect(passkeysService.verifySecondFactor({ userId: user.id, response: assertion })).rejects.toMatchObject({
      statusCode: 400,
      message: "This passkey request has expired or was already used. Please start again from the beginning",
    });
  });

  test("a second-factor challenge does not sign in alone, nor a sign-in challenge serve as second factor", async () => {
    const { user, authenticator } = await userWithPasskey();
    const passkeysService = service();
    const second = await passkeysService.secondFactorOptions({ userId: user.id });
    const address = nextAddress();
    const alone = await verifySignIn({ response: authenticator.assert(second) }, address);
    expect(alone.statusCode).toBe(400);
    const signIn = await signInOptions(address);
    await expect(
      passkeysService.verifySecondFactor({ userId: user.id, response: authenticator.assert(signIn) }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  test("has no options for a person without passkeys; hasPasskey tells who has one", async () => {
    const user = await buildUser(t);
    const passkeysService = service();
    expect(await passkeysService.hasPasskey({ userId: user.id })).toBe(false);
    await expect(passkeysService.secondFactorOptions({ userId: user.id })).rejects.toMatchObject({ statusCode: 400 });
    await addPasskey(user, new VirtualAuthenticator());
    expect(await passkeysService.hasPasskey({ userId: user.id })).toBe(true);
  });
});
