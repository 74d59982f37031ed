import {
  type AuditPage,
  authResponseSchema,
  mfaRequiredResponseSchema,
  passkeyCreationOptionsSchema,
  passkeyRequestOptionsSchema,
} from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { mfaTickets, sessions } from "../../db/schema.js";
import { type BuiltUser, buildOrganization, buildUser } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";
import { freshAddress, totpCodeAt, withTotp, wrongCodeFor } from "../../test/two-factor-factories.js";
import { VirtualAuthenticator } from "../../test/virtual-authenticator.js";

const t = useTestApp();

/** A passkey added through the profile's calls. */
async function addPasskey(user: BuiltUser, authenticator = new VirtualAuthenticator()) {
  const options = await request(t.app, {
    method: "POST",
    url: "/api/v1/auth/passkeys/register/options",
    token: user.token,
  });
  const response = authenticator.register(passkeyCreationOptionsSchema.parse(options.json()));
  const added = await request(t.app, {
    method: "POST",
    url: "/api/v1/auth/passkeys/register/verify",
    token: user.token,
    json: { name: "Laptop", response },
  });
  expect(added.statusCode, added.body).toBe(201);
  return authenticator;
}

async function ticketFor(user: { email: string; password: string }) {
  const response = await request(t.app, {
    method: "POST",
    url: "/api/v1/auth/basic",
    json: { email: user.email, password: user.password },
    remoteAddress: freshAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return mfaRequiredResponseSchema.parse(response.json());
}

async function passkeyOptions(ticket: string) {
  const response = await request(t.app, {
    method: "POST",
    url: "/api/v1/auth/basic/mfa/passkey/options",
    json: { ticket },
    remoteAddress: freshAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return passkeyRequestOptionsSchema.parse(response.json());
}

const passkeyStep = (json: unknown) =>
  request(t.app, { method: "POST", url: "/api/v1/auth/basic/mfa/passkey", json, remoteAddress: freshAddress() });

const securityKinds = async (user: BuiltUser) => {
  const response = await request(t.app, { method: "GET", url: "/api/v1/auth/security-events", token: user.token });
  return (response.json() as AuditPage).items.map((item) => item.kind);
};

describe("a passkey as the second step of a password sign-in", () => {
  test("a person whose only second factor is a passkey is asked for it, and signs in with it", async () => {
    const user = await buildUser(t);
    const authenticator = await addPasskey(user);
    const { ticket, methods } = await ticketFor(user);
    expect(methods).toEqual(["passkey"]);
    const options = await passkeyOptions(ticket);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.credentials[0]!.id]);
    const response = await passkeyStep({ ticket, response: authenticator.assert(options) });
    expect(response.statusCode, response.body).toBe(200);
    const { token } = authResponseSchema.parse(response.json());
    const me = await request(t.app, { method: "GET", url: "/api/v1/auth/me", token });
    expect(me.statusCode).toBe(200);
    // The ticket is spent: the same assertion, or a new one, cannot open a second session with it.
    const again = await passkeyStep({ ticket, response: authenticator.assert(options) });
    expect(again.statusCode).toBe(400);
  });

  test("beside the authenticator app, either way passes the step", async () => {
    const user = await withTotp(t);
    await addPasskey(user);
    const { methods } = await ticketFor(user);
    expect(methods).toEqual(["totp", "recovery_code", "passkey"]);
  });

  test("refuses another account's passkey with 401, counts the failure, records it, and opens no session", async () => {
    const user = await buildUser(t);
    await addPasskey(user);
    const other = await buildUser(t);
    const othersAuthenticator = await addPasskey(other);
    const { ticket } = await ticketFor(user);
    const options = await passkeyOptions(ticket);
    const sessionsBefore = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const response = await passkeyStep({
      ticket,
      response: othersAuthenticator.assert({ ...options, allowCredentials: [] }),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().ErrorMessage).toMatch(/passkey/i);
    const [row] = await t.db.select().from(mfaTickets).where(eq(mfaTickets.userId, user.id));
    expect(row?.failures).toBe(1);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual(sessionsBefore);
    expect(await securityKinds(user)).toContain("sign_in.second_factor_failed");
  });

  test("refuses a replayed assertion: the challenge was taken by the first use", async () => {
    const user = await buildUser(t);
    const authenticator = await addPasskey(user);
    const first = await ticketFor(user);
    const options = await passkeyOptions(first.ticket);
    const assertion = authenticator.assert(options);
    expect((await passkeyStep({ ticket: first.ticket, response: assertion })).statusCode).toBe(200);
    const second = await ticketFor(user);
    const replayed = await passkeyStep({ ticket: second.ticket, response: assertion });
    expect(replayed.statusCode).toBe(401);
  });

  test("refuses an assertion made for another origin", async () => {
    const user = await buildUser(t);
    const authenticator = await addPasskey(user);
    const { ticket } = await ticketFor(user);
    const options = await passkeyOptions(ticket);
    const response = await passkeyStep({
      ticket,
      response: authenticator.assert(options, { origin: "https://evil.example" }),
    });
    expect(response.statusCode).toBe(401);
  });

  test.each([
    ["no ticket the first step gave", () => "not-a-ticket"],
    ["an empty ticket", () => ""],
  ])("answers options for %s with a 400, and writes nothing", async (_, ticket) => {
    const before = await snapshot(t.db);
    const response = await request(t.app, {
      method: "POST",
      url: "/api/v1/auth/basic/mfa/passkey/options",
      json: { ticket: ticket() },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(400);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a body without the assertion with a 400 naming the field", async () => {
    const user = await buildUser(t);
    await addPasskey(user);
    const { ticket } = await ticketFor(user);
    const response = await passkeyStep({ ticket });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { field: string }) => d.field)).toContain("body.response");
  });

  test("the ticket is not a session: it opens no protected route", async () => {
    const user = await buildUser(t);
    await addPasskey(user);
    const { ticket } = await ticketFor(user);
    const response = await request(t.app, { method: "GET", url: "/api/v1/auth/passkeys", token: ticket });
    expect(response.statusCode).toBe(401);
  });
});

describe("a first passkey during enrolment", () => {
  test("turns a session kept for enrolling into a full one", async () => {
    const { organization, owner } = await buildOrganization(t);
    const patched = await request(t.app, {
      method: "PATCH",
      url: `/api/v1/organization/${organization.uid}`,
      token: owner.token,
      json: { require_two_factor: true },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const signedIn = await request(t.app, {
      method: "POST",
      url: "/api/v1/auth/basic",
      json: { email: owner.email, password: owner.password },
      remoteAddress: freshAddress(),
    });
    const { token, enrolment_required } = authResponseSchema.parse(signedIn.json());
    expect(enrolment_required).toBe(true);
    const blocked = await request(t.app, { method: "GET", url: "/api/v1/auth/passkeys", token });
    expect(blocked.statusCode).toBe(403);
    await addPasskey({ ...owner, token });
    const open = await request(t.app, { method: "GET", url: "/api/v1/auth/passkeys", token });
    expect(open.statusCode).toBe(200);
  });
});

describe("the authenticator app in the audit log", () => {
  test("turning it on, new recovery codes, a used recovery code and turning it off are the person's security events", async () => {
    const user = await withTotp(t);
    const regenerated = await request(t.app, {
      method: "POST",
      url: "/api/v1/auth/totp/recovery-codes",
      token: user.token,
      json: { password: user.password, code: totpCodeAt(user.secret, Date.now()) },
    });
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const codes = (regenerated.json() as { recovery_codes: string[] }).recovery_codes;
    const { ticket } = await ticketFor(user);
    const wrong = await request(t.app, {
      method: "POST",
      url: "/api/v1/auth/basic/mfa",
      json: { ticket, code: wrongCodeFor(user.secret) },
      remoteAddress: freshAddress(),
    });
    expect(wrong.statusCode).toBe(401);
    const passed = await request(t.app, {
      method: "POST",
      url: "/api/v1/auth/basic/mfa",
      json: { ticket, code: codes[0] },
      remoteAddress: freshAddress(),
    });
    expect(passed.statusCode, passed.body).toBe(200);
    const disabled = await request(t.app, {
      method: "POST",
      url: "/api/v1/auth/totp/disable",
      token: user.token,
      json: { password: user.password, code: codes[1] },
    });
    expect(disabled.statusCode, disabled.body).toBe(204);
    const kinds = await securityKinds(user);
    expect(kinds.slice(0, 5)).toEqual([
      "two_factor.disabled",
      "sign_in",
      "recovery_code.used",
      "sign_in.second_factor_failed",
      "recovery_codes.regenerated",
    ]);
    expect(kinds).toContain("two_factor.enabled");
  });
});
