import { createHash } from "node:crypto";
import {
  accessTokenListSchema,
  accessTokensPerUser,
  createdAccessTokenSchema,
  isAccessTokenShaped,
  organizationAccessTokenListSchema,
} from "@timetrap/domain";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { accessTokens, auditEvents, customers, organizations, users } from "../../db/schema.js";
import { addMember, type BuiltUser, buildOrganization, buildUser } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";
import { withTotp } from "../../test/two-factor-factories.js";

const t = useTestApp();

const dayMs = 24 * 60 * 60_000;

async function makeToken(
  person: { token: string },
  json: Record<string, unknown> = { name: "Payroll export", expires_in_days: 90, scope: "write" },
) {
  return request(t.app, { method: "POST", url: "/api/v1/auth/tokens", token: person.token, json });
}

/** A new token of `person`, answered whole (the token included). */
async function tokenOf(person: BuiltUser, scope: "read" | "write" = "write", expires: number | null = 90) {
  const response = await makeToken(person, { name: `Script ${scope}`, expires_in_days: expires, scope });
  expect(response.statusCode).toBe(201);
  return createdAccessTokenSchema.parse(response.json());
}

const me = (token: string) => request(t.app, { method: "GET", url: "/api/v1/auth/me", token });

async function rowOf(id: string) {
  return (await t.db.select().from(accessTokens).where(eq(accessTokens.id, id)))[0];
}

async function auditKindsOf(userId: string): Promise<string[]> {
  const rows = await t.db.select().from(auditEvents).where(eq(auditEvents.userId, userId));
  return rows.map((row) => row.kind).sort();
}

describe("POST /auth/tokens", () => {
  test("makes a token shown once: prefixed, stored only as its hash, with its expiry, and logged", async () => {
    const person = await buildUser(t);
    const before = Date.now();
    const response = await makeToken(person);
    expect(response.statusCode).toBe(201);
    const created = createdAccessTokenSchema.parse(response.json());
    expect(created.token).toMatch(/^tt_pat_[A-Za-z0-9_-]{43}$/);
    expect(isAccessTokenShaped(created.token)).toBe(true);
    expect(created).toMatchObject({
      name: "Payroll export",
      scope: "write",
      hint: `${created.token.slice(0, 11)}…`,
      last_used_at: null,
      use_count: 0,
    });
    expect(created.expires_at! - created.created_at).toBe(90 * dayMs);
    expect(created.created_at).toBeGreaterThanOrEqual(before - 1000);

    const row = await rowOf(created.id);
    expect(row!.tokenHash).toBe(createHash("sha256").update(created.token).digest("hex"));
    // Nowhere in the database is the token itself.
    expect(JSON.stringify(await snapshot(t.db))).not.toContain(created.token);
    expect(JSON.stringify(await snapshot(t.db))).not.toContain(created.token.slice(11));

    const listed = await request(t.app, { method: "GET", url: "/api/v1/auth/tokens", token: person.token });
    expect(listed.statusCode).toBe(200);
    const list = accessTokenListSchema.parse(listed.json());
    const { token: _shownOnce, ...withoutToken } = created;
    expect(list).toEqual([withoutToken]);
    expect(listed.body).not.toContain(created.token);
    expect(await auditKindsOf(person.id)).toEqual(["access_token.created"]);
  });

  test("a token that does not expire has no expiry", async () => {
    const person = await buildUser(t);
    const created = await tokenOf(person, "read", null);
    expect(created.expires_at).toBeNull();
  });

  test.each([
    [{ expires_in_days: 30, scope: "read" }, "body.name"],
    [{ name: "   ", expires_in_days: 30, scope: "read" }, "body.name"],
    [{ name: "n".repeat(101), expires_in_days: 30, scope: "read" }, "body.name"],
    [{ name: "Script", expires_in_days: 7, scope: "read" }, "body.expires_in_days"],
    [{ name: "Script", scope: "read" }, "body.expires_in_days"],
    [{ name: "Script", expires_in_days: 30, scope: "admin" }, "body.scope"],
    [{ name: "Script", expires_in_days: 30, scope: "read", user_id: "someone" }, "body.user_id"],
  ])("refuses %j with a 400 naming %s, writing nothing", async (json, field) => {
    const person = await buildUser(t);
    const before = await snapshot(t.db);
    const response = await makeToken(person, json);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a request without a session", async () => {
    const response = await request(t.app, {
      method: "POST",
      url: "/api/v1/auth/tokens",
      json: { name: "Script", expires_in_days: 30, scope: "read" },
    });
    expect(response.statusCode).toBe(401);
  });

  test(`holds at most ${accessTokensPerUser} per person, decided under a lock: of two made at once at the last place, one is made`, async () => {
    const person = await buildUser(t);
    const values = Array.from({ length: accessTokensPerUser - 1 }, (_, i) => ({
      userId: person.id,
      name: `Old ${i}`,
      scope: "read",
      tokenHash: `hash-${person.id}-${i}`,
      hint: "tt_pat_xxxx…",
    }));
    await t.db.insert(accessTokens).values(values);
    const [first, second] = await Promise.all([makeToken(person), makeToken(person)]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([201, 409]);
    const refused = first!.statusCode === 409 ? first! : second!;
    expect(refused.json().ErrorMessage).toBe(
      `You hold ${accessTokensPerUser} access tokens, the most one person may: revoke one you no longer use first`,
    );
    const held = await t.db.select().from(accessTokens).where(eq(accessTokens.userId, person.id));
    expect(held).toHaveLength(accessTokensPerUser);
  });

  test("in an organization that requires a second factor, only a person who has one may make a token", async () => {
    const { organization, owner } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    await t.db.update(organizations).set({ requireTwoFactor: true }).where(eq(organizations.id, organization.uid));
    await withTotp(t, owner);
    expect((await makeToken(owner)).statusCode).toBe(201);
    const before = await snapshot(t.db);
    // The member's session is an ordinary one (made before the rule); the rule still holds for tokens.
    const refused = await makeToken(member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().ErrorMessage).toMatch(/requires two-factor sign-in/);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("a call made with a personal access token", () => {
  test("acts as its person, and counts each use with its time", async () => {
    const person = await buildUser(t);
    const created = await tokenOf(person);
    const answer = await me(created.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().uid).toBe(person.id);
    await me(created.token);
    const row = await rowOf(created.id);
    expect(row!.useCount).toBe(2);
    expect(row!.lastUsedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  test("with the person's role, never more: a member's write token cannot do what the member may not", async () => {
    const { organization, owner } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const memberToken = (await tokenOf(member)).token;
    const before = await snapshot(t.db, { except: [accessTokens] });
    const refused = await request(t.app, {
      method: "POST",
      url: `/api/v1/organization/${organization.uid}/customer`,
      token: memberToken,
      json: { nominative: "Globex" },
    });
    expect(refused.statusCode).toBe(403);
    expect(await snapshot(t.db, { except: [accessTokens] })).toEqual(before);

    const adminToken = (await tokenOf(owner)).token;
    const made = await request(t.app, {
      method: "POST",
      url: `/api/v1/organization/${organization.uid}/customer`,
      token: adminToken,
      json: { nominative: "Globex" },
    });
    expect(made.statusCode).toBe(201);
    expect(await t.db.select().from(customers).where(eq(customers.organizationId, organization.uid))).toHaveLength(1);
  });

  test("a read-only token reads, and gets 403 on every change, writing nothing", async () => {
    const { organization, owner } = await buildOrganization(t);
    const readToken = (await tokenOf(owner, "read")).token;
    const list = await request(t.app, {
      method: "GET",
      url: `/api/v1/organization/${organization.uid}/customer`,
      token: readToken,
    });
    expect(list.statusCode).toBe(200);
    const before = await snapshot(t.db, { except: [accessTokens] });
    for (const method of ["POST", "PATCH", "DELETE"] as const) {
      const refused = await request(t.app, {
        method,
        url: {
          POST: `/api/v1/organization/${organization.uid}/customer`,
          PATCH: `/api/v1/user/${owner.id}`,
          DELETE: `/api/v1/organization/${organization.uid}/customer/0f8fad5b-d9cb-469f-a165-70867728950e`,
        }[method],
        token: readToken,
        json: method === "DELETE" ? undefined : { nominative: "Globex", language: "it" },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().ErrorMessage).toBe(
        "This access token may only read: make a read and write token to change data",
      );
    }
    expect(await snapshot(t.db, { except: [accessTokens] })).toEqual(before);
  });

  test.each([
    ["GET", "/api/v1/auth/tokens"],
    ["POST", "/api/v1/auth/tokens"],
    ["GET", "/api/v1/auth/sessions"],
    ["DELETE", "/api/v1/auth/sessions?others=true"],
    ["POST", "/api/v1/auth/logout"],
    ["POST", "/api/v1/auth/totp/setup"],
    ["GET", "/api/v1/auth/passkeys"],
    ["POST", "/api/v1/auth/passkeys/register/options"],
  ])("cannot manage access: %s %s is a 403", async (method, url) => {
    const { organization, owner } = await buildOrganization(t);
    const token = (await tokenOf(owner)).token;
    const before = await snapshot(t.db, { except: [accessTokens] });
    const response = await request(t.app, {
      method,
      url,
      token,
      json: method === "POST" ? { name: "Another", expires_in_days: null, scope: "write" } : undefined,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().ErrorMessage).toBe(
      "A personal access token cannot manage tokens, sessions, two-factor sign-in or passkeys: sign in to do this",
    );
    expect(await snapshot(t.db, { except: [accessTokens] })).toEqual(before);
    const list = await request(t.app, {
      method: "GET",
      url: `/api/v1/organization/${organization.uid}/access-tokens`,
      token,
    });
    expect(list.statusCode).toBe(403);
  });

  test("an expired token, an unknown one and a well-shaped forgery are 401", async () => {
    const person = await buildUser(t);
    const created = await tokenOf(person, "read", 30);
    await t.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.id, created.id));
    expect((await me(created.token)).statusCode).toBe(401);
    expect((await me(`tt_pat_${"A".repeat(43)}`)).statusCode).toBe(401);
    expect((await me(`${created.token.slice(0, -1)}x`)).statusCode).toBe(401);
  });

  test("stops at once when its person is deactivated", async () => {
    const person = await buildUser(t);
    const { token } = await tokenOf(person);
    expect((await me(token)).statusCode).toBe(200);
    await t.db.update(users).set({ status: "inactive" }).where(eq(users.id, person.id));
    expect((await me(token)).statusCode).toBe(401);
  });

  test("stops when the organization comes to require a second factor its person lacks, with a 403 that says why", async () => {
    const { organization } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const { token } = await tokenOf(member);
    await t.db.update(organizations).set({ requireTwoFactor: true }).where(eq(organizations.id, organization.uid));
    const refused = await me(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().ErrorMessage).toMatch(/requires two-factor sign-in/);
  });
});

describe("DELETE /auth/tokens/{id}", () => {
  test("revokes one's own token at once, and logs it", async () => {
    const person = await buildUser(t);
    const created = await tokenOf(person);
    const revoked = await request(t.app, {
      method: "DELETE",
      url: `/api/v1/auth/tokens/${created.id}`,
      token: person.token,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await me(created.token)).statusCode).toBe(401);
    expect(await rowOf(created.id)).toBeUndefined();
    expect(await auditKindsOf(person.id)).toEqual(["access_token.created", "access_token.revoked"]);
  });

  test("another person's token is not found, and keeps working", async () => {
    const owner = await buildUser(t);
    const stranger = await buildUser(t);
    const created = await tokenOf(owner);
    const response = await request(t.app, {
      method: "DELETE",
      url: `/api/v1/auth/tokens/${created.id}`,
      token: stranger.token,
    });
    expect(response.statusCode).toBe(404);
    expect((await me(created.token)).statusCode).toBe(200);
  });

  test("an id that is not a UUID is a 400 naming params.id", async () => {
    const person = await buildUser(t);
    const response = await request(t.app, { method: "DELETE", url: "/api/v1/auth/tokens/abc", token: person.token });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "params.id" }));
  });
});

describe("an organization's tokens", () => {
  test("an admin sees every member's token with whose it is, and revokes one, which stops at once and is logged", async () => {
    const { organization, owner } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const outsider = await buildUser(t);
    const membersToken = await tokenOf(member, "read");
    await tokenOf(outsider);
    const listed = await request(t.app, {
      method: "GET",
      url: `/api/v1/organization/${organization.uid}/access-tokens`,
      token: owner.token,
    });
    expect(listed.statusCode).toBe(200);
    const list = organizationAccessTokenListSchema.parse(listed.json());
    expect(list.map((token) => [token.id, token.user_id, token.nominative])).toEqual([
      [membersToken.id, member.id, member.nominative],
    ]);
    expect(listed.body).not.toContain(membersToken.token);

    const revoked = await request(t.app, {
      method: "DELETE",
      url: `/api/v1/organization/${organization.uid}/access-tokens/${membersToken.id}`,
      token: owner.token,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await me(membersToken.token)).statusCode).toBe(401);
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, member.id), eq(auditEvents.kind, "access_token.revoked")));
    expect(event).toMatchObject({ actorId: owner.id, organizationId: organization.uid, targetId: membersToken.id });
  });

  test("a member without edit organization gets 403; another organization's admin and token ids are 404", async () => {
    const { organization, owner } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const membersToken = await tokenOf(member);
    const other = await buildOrganization(t, { name: "Other" });
    const outsidersToken = await tokenOf(other.owner);

    const asMember = await request(t.app, {
      method: "GET",
      url: `/api/v1/organization/${organization.uid}/access-tokens`,
      token: member.token,
    });
    expect(asMember.statusCode).toBe(403);
    const memberRevokes = await request(t.app, {
      method: "DELETE",
      url: `/api/v1/organization/${organization.uid}/access-tokens/${membersToken.id}`,
      token: member.token,
    });
    expect(memberRevokes.statusCode).toBe(403);

    const foreignList = await request(t.app, {
      method: "GET",
      url: `/api/v1/organization/${organization.uid}/access-tokens`,
      token: other.owner.token,
    });
    expect(foreignList.statusCode).toBe(404);
    // This organization's admin, with another organization's token id.
    const foreignToken = await request(t.app, {
      method: "DELETE",
      url: `/api/v1/organization/${organization.uid}/access-tokens/${outsidersToken.id}`,
      token: owner.token,
    });
    expect(foreignToken.statusCode).toBe(404);
    expect((await me(outsidersToken.token)).statusCode).toBe(200);
    expect((await me(membersToken.token)).statusCode).toBe(200);
  });
});
