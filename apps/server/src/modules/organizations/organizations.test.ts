import { createOrganizationResponseSchema, defaultRoles, organizationSchema } from "@timetrap/domain";
import { asc, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { roles, workflowStatuses } from "../../db/schema.js";
import { addMember, buildOrganization, buildUser } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

const t = useTestApp();

const createOrganization = (userId: string, json: unknown, token?: string) =>
  request(t.app, { method: "POST", url: `/api/v1/user/${userId}/organization`, json, ...(token ? { token } : {}) });

const updateOrganization = (userId: string, orgId: string, json: unknown, token?: string) =>
  request(t.app, {
    method: "PATCH",
    url: `/api/v1/user/${userId}/organization/${orgId}`,
    json,
    ...(token ? { token } : {}),
  });

const getOrganization = (orgId: string, token?: string) =>
  request(t.app, { method: "GET", url: `/api/v1/organization/${orgId}`, ...(token ? { token } : {}) });

describe("POST /user/{id}/organization", () => {
  test("creates the organization on the free plan with the creator as Admin", async () => {
    const user = await buildUser(t);
    const response = await createOrganization(
      user.id,
      { name: "  Acme Srl ", domains: ["acme.it"], language: "it" },
      user.token,
    );
    expect(response.statusCode).toBe(201);
    const body = createOrganizationResponseSchema.parse(response.json());
    expect(body.organization).toMatchObject({
      name: "Acme Srl",
      domains: ["acme.it"],
      language: "it",
      subscription_id: null,
    });
    expect(body.organization.plan).toMatchObject({ code: "free", name: "Free" });
    expect(body.organization.plan.config).toContainEqual({
      unitType: "USER",
      enabled: true,
      tierLimited: true,
      tierLimit: 5,
    });
    // An organization made in Italian names its roles in Italian, its creator's included.
    expect(body.role).toEqual({ uid: expect.any(String), name: "Amministratore", acls: defaultRoles[0]!.acls });
    expect(body.invalidDomains).toEqual([]);

    const me = await request(t.app, { method: "GET", url: "/api/v1/auth/me", token: user.token });
    expect(me.json()).toMatchObject({ organization: body.organization, role: body.role });
  });

  test("creates the default roles and the workflow statuses, open selected by default", async () => {
    const { organization } = await buildOrganization(t);
    const roleRows = await t.db.select().from(roles).where(eq(roles.organizationId, organization.uid));
    expect(roleRows.map((r) => [r.key, r.name]).sort()).toEqual([
      ["admin", "Admin"],
      ["manager", "Manager"],
      ["member", "Member"],
    ]);
    const statuses = await t.db
      .select()
      .from(workflowStatuses)
      .where(eq(workflowStatuses.organizationId, organization.uid))
      .orderBy(asc(workflowStatuses.position));
    expect(statuses.map((s) => [s.key, s.selectedByDefault, s.editable])).toEqual([
      ["open", true, false],
      ["to_be_invoiced", false, false],
      ["completed", false, false],
    ]);
  });

  test("names the default roles in the organization's language, as ordinary roles the admin may rename", async () => {
    const user = await buildUser(t);
    const created = await createOrganization(user.id, { name: "Studio Rossi", language: "it" }, user.token);
    const organizationId = created.json().organization.uid as string;
    const roleRows = await t.db.select().from(roles).where(eq(roles.organizationId, organizationId));
    expect(roleRows.map((r) => [r.key, r.name]).sort()).toEqual([
      ["admin", "Amministratore"],
      ["manager", "Manager"],
      ["member", "Membro"],
    ]);
    const member = roleRows.find((r) => r.key === "member")!;
    const renamed = await request(t.app, {
      method: "PATCH",
      url: `/api/v1/organization/${organizationId}/role/${member.id}`,
      json: { name: "Collaboratore" },
      token: user.token,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "Collaboratore", acls: defaultRoles[2]!.acls });
  });

  test("gives the organization English when the body names no language", async () => {
    const user = await buildUser(t);
    const response = await createOrganization(user.id, { name: "Default Lang" }, user.token);
    expect(response.json().organization).toMatchObject({ language: "en", domains: [] });
  });

  test("keeps the valid domains, normalized, and lists the malformed ones", async () => {
    const user = await buildUser(t);
    const response = await createOrganization(
      user.id,
      {
        name: "Domains",
        domains: [" Mixed.Example.COM ", "no-dot", "mixed.example.com", "[10.0.0.1]", "bad_domain.com"],
      },
      user.token,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().organization.domains.sort()).toEqual(["[10.0.0.1]", "mixed.example.com"]);
    expect(response.json().invalidDomains).toEqual(["no-dot", "bad_domain.com"]);
  });

  test("lists a domain another organization holds as invalid and leaves it with its holder", async () => {
    const { organization: holder, owner: holderOwner } = await buildOrganization(t, { domains: ["taken.example"] });
    const user = await buildUser(t);
    const response = await createOrganization(
      user.id,
      { name: "Late", domains: ["TAKEN.example", "free.example"] },
      user.token,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().organization.domains).toEqual(["free.example"]);
    expect(response.json().invalidDomains).toEqual(["taken.example"]);
    expect((await getOrganization(holder.uid, holderOwner.token)).json().domains).toEqual(["taken.example"]);
  });

  test("refuses a user who already has an organization with 409 and writes nothing", async () => {
    const { owner } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const response = await createOrganization(owner.id, { name: "Second" }, owner.token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "CONFLICT", ErrorMessage: "You already belong to an organization" });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test.each([
    [{}, "body.name"],
    [{ name: "   " }, "body.name"],
    [{ name: "n".repeat(121) }, "body.name"],
    [{ name: "Acme", domains: "acme.it" }, "body.domains"],
    [{ name: "Acme", domains: [42] }, "body.domains.0"],
    [{ name: "Acme", language: "de" }, "body.language"],
  ])("refuses %j with a 400 naming %s and writes nothing", async (json, field) => {
    const user = await buildUser(t);
    const before = await snapshot(t.db);
    const response = await createOrganization(user.id, json, user.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a request without a session", async () => {
    const user = await buildUser(t);
    expect((await createOrganization(user.id, { name: "Anon" })).statusCode).toBe(401);
  });

  test("answers 404 when creating for a user outside one's organization, 403 for a colleague", async () => {
    const { owner, organization } = await buildOrganization(t);
    const colleague = await addMember(t, organization.uid, "member");
    const stranger = await buildUser(t);
    const before = await snapshot(t.db);
    expect((await createOrganization(stranger.id, { name: "For you" }, owner.token)).statusCode).toBe(404);
    expect((await createOrganization(owner.id, { name: "For you" }, colleague.token)).statusCode).toBe(403);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("PATCH /user/{id}/organization/{orgId}", () => {
  test("lets an Admin rename the organization and replace its domains", async () => {
    const { owner, organization } = await buildOrganization(t, { domains: ["old.example", "kept.example"] });
    const response = await updateOrganization(
      owner.id,
      organization.uid,
      { name: "Renamed", domains: ["kept.example", "new.example", "nope"] },
      owner.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().organization.name).toBe("Renamed");
    expect(response.json().organization.domains.sort()).toEqual(["kept.example", "new.example"]);
    expect(response.json().invalidDomains).toEqual(["nope"]);
    const fetched = await getOrganization(organization.uid, owner.token);
    expect(fetched.json()).toMatchObject({ name: "Renamed" });
  });

  test("changes only what the body names", async () => {
    const { owner, organization } = await buildOrganization(t, { name: "Same", domains: ["stay.example"] });
    const renamed = await updateOrganization(owner.id, organization.uid, { name: "Other" }, owner.token);
    expect(renamed.json()).toMatchObject({
      organization: { name: "Other", domains: ["stay.example"] },
      invalidDomains: [],
    });
    const cleared = await updateOrganization(owner.id, organization.uid, { domains: [] }, owner.token);
    expect(cleared.json()).toMatchObject({ organization: { name: "Other", domains: [] } });
  });

  test("leaves a domain of another organization to its holder and lists it as invalid", async () => {
    await buildOrganization(t, { domains: ["holder.example"] });
    const { owner, organization } = await buildOrganization(t);
    const response = await updateOrganization(owner.id, organization.uid, { domains: ["holder.example"] }, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ organization: { domains: [] }, invalidDomains: ["holder.example"] });
  });

  test.each(["manager", "member"] as const)(
    "refuses a %s, who lacks edit on organization, and writes nothing",
    async (roleKey) => {
      const { organization } = await buildOrganization(t);
      const actor = await addMember(t, organization.uid, roleKey);
      const before = await snapshot(t.db);
      const response = await updateOrganization(actor.id, organization.uid, { name: "Mine now" }, actor.token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: "FORBIDDEN" });
      expect(await snapshot(t.db)).toEqual(before);
    },
  );

  test("answers 404 to a user of another organization and writes nothing", async () => {
    const { organization } = await buildOrganization(t);
    const { owner: stranger } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const response = await updateOrganization(stranger.id, organization.uid, { name: "Hijacked" }, stranger.token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "Organization not found" });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses to act through another user's path", async () => {
    const { owner, organization } = await buildOrganization(t);
    const colleague = await addMember(t, organization.uid, "admin");
    expect((await updateOrganization(colleague.id, organization.uid, { name: "X" }, owner.token)).statusCode).toBe(403);
  });

  test.each([
    [{}, "body"],
    [{ name: "" }, "body.name"],
    [{ domains: [true] }, "body.domains.0"],
  ])("refuses %j with a 400 naming %s and writes nothing", async (json, field) => {
    const { owner, organization } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const response = await updateOrganization(owner.id, organization.uid, json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses an organization id that is not an id with a 400 naming params.orgId", async () => {
    const { owner } = await buildOrganization(t);
    const response = await updateOrganization(owner.id, "42", { name: "X" }, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "params.orgId" }));
  });

  test("refuses a request without a session", async () => {
    const { owner, organization } = await buildOrganization(t);
    expect((await updateOrganization(owner.id, organization.uid, { name: "X" })).statusCode).toBe(401);
  });
});

describe("GET /organization/{orgId}", () => {
  test.each(["admin", "manager"] as const)("answers the organization to a %s, who may read it", async (roleKey) => {
    const { organization } = await buildOrganization(t, { name: "Readable", domains: ["readable.example"] });
    const reader = await addMember(t, organization.uid, roleKey);
    const response = await getOrganization(organization.uid, reader.token);
    expect(response.statusCode).toBe(200);
    expect(organizationSchema.parse(response.json())).toEqual(organization);
  });

  test("refuses a member without read on organization", async () => {
    const { organization } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const response = await getOrganization(organization.uid, member.token);
    expect(response.statusCode).toBe(403);
  });

  test("answers 404 to a user of another organization, and for an unknown id", async () => {
    const { organization } = await buildOrganization(t);
    const { owner: stranger } = await buildOrganization(t);
    const foreign = await getOrganization(organization.uid, stranger.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(organization.name);
    expect((await getOrganization(crypto.randomUUID(), stranger.token)).statusCode).toBe(404);
  });

  test("answers 404 to a user without organization", async () => {
    const { organization } = await buildOrganization(t);
    const loner = await buildUser(t);
    expect((await getOrganization(organization.uid, loner.token)).statusCode).toBe(404);
  });

  test("refuses a request without a session", async () => {
    const { organization } = await buildOrganization(t);
    expect((await getOrganization(organization.uid)).statusCode).toBe(401);
  });
});
