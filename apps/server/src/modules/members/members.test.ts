import { accessViolationMessages, organizationUserSchema } from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { auditEvents, organizationMembers, userContracts } from "../../db/schema.js";
import { addMember, addMemberLacking, buildOrganization, buildUser, roleIdOf } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

const t = useTestApp();
// A holiday group writes out 61 years of public holidays: seconds on a machine shared by several test runs.
vi.setConfig({ testTimeout: 60_000 });

const listUsers = (orgId: string, token: string, query = "") =>
  request(t.app, { method: "GET", url: `/api/v1/organization/${orgId}/user${query}`, token });

const getUser = (orgId: string, userId: string, token: string) =>
  request(t.app, { method: "GET", url: `/api/v1/organization/${orgId}/user/${userId}`, token });

const patchMember = (orgId: string, userId: string, json: unknown, token?: string) =>
  request(t.app, {
    method: "PATCH",
    url: `/api/v1/organization/${orgId}/user/${userId}`,
    json,
    ...(token ? { token } : {}),
  });

const roleId = (organizationId: string, key: "admin" | "manager" | "member") => roleIdOf(t, organizationId, key);

async function roleOf(userId: string): Promise<string> {
  const [row] = await t.db.select().from(organizationMembers).where(eq(organizationMembers.userId, userId));
  return row!.roleId;
}

describe("GET /organization/{orgId}/user", () => {
  test("lists every user by name, with role, status and the contract in force today", async () => {
    const { owner, organization } = await buildOrganization(t, { owner: await buildUser(t, { nominative: "Marta" }) });
    const zoe = await addMember(t, organization.uid, "manager", { nominative: "zoe" });
    const bruno = await addMember(t, organization.uid, "member", { nominative: "Bruno" });
    const carla = await addMember(t, organization.uid, "member", { nominative: "Carla", status: "inactive" });
    await t.db.insert(userContracts).values([
      // Ended long ago, then one in force with no end: only the second counts.
      {
        ...contractValues(organization.uid, zoe.id),
        fromDate: "1990-01-01",
        toDate: "1999-12-31",
        contractualHours: 4,
      },
      { ...contractValues(organization.uid, zoe.id), fromDate: "2000-01-01", toDate: null, contractualHours: 8 },
      // Starts in the future: not in force today.
      { ...contractValues(organization.uid, bruno.id), fromDate: "2990-01-01", toDate: null, contractualHours: 6 },
      {
        ...contractValues(organization.uid, carla.id),
        contractType: "part-time",
        contractualHours: 0,
        contractualHoursByDay: { monday: 4, tuesday: 4, wednesday: 0, thursday: 0, friday: 0, saturday: 0, sunday: 0 },
        fromDate: "2000-01-01",
        toDate: "2999-12-31",
      },
    ]);

    const response = await listUsers(organization.uid, owner.token);
    expect(response.statusCode).toBe(200);
    const body = organizationUserSchema.array().parse(response.json());
    expect(body.map((u) => u.nominative)).toEqual(["Bruno", "Carla", "Marta", "zoe"]);
    expect(body.find((u) => u.uid === zoe.id)).toEqual({
      uid: zoe.id,
      nominative: "zoe",
      email: zoe.email,
      image_url: null,
      status: "active",
      role: { uid: await roleId(organization.uid, "manager"), name: "Manager" },
      contract_type: "full-time",
      contractual_hours: 8,
      two_factor: false,
      holiday_group_id: null,
    });
    expect(body.find((u) => u.uid === bruno.id)).toMatchObject({
      status: "active",
      contract_type: null,
      contractual_hours: null,
    });
    expect(body.find((u) => u.uid === carla.id)).toMatchObject({ status: "inactive", contract_type: "part-time" });
  });

  test("with only_active_users=true leaves out inactive users; pending invitations are never listed here", async () => {
    const { owner, organization } = await buildOrganization(t);
    const active = await addMember(t, organization.uid, "member");
    await addMember(t, organization.uid, "member", { status: "inactive" });
    const invited = await request(t.app, {
      method: "POST",
      url: `/api/v1/organization/${organization.uid}/user/invite`,
      token: owner.token,
      json: {
        email: "pending@example.com",
        nominative: "Pending",
        organization_role_id: await roleId(organization.uid, "member"),
      },
    });
    expect(invited.statusCode).toBe(201);
    const response = await listUsers(organization.uid, owner.token, "?only_active_users=true");
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .map((u: { uid: string }) => u.uid)
        .sort(),
    ).toEqual([owner.id, active.id].sort());
    const all = await listUsers(organization.uid, owner.token, "?only_active_users=false");
    expect(all.json()).toHaveLength(3);
  });

  test("answers any member, even one without read on user", async () => {
    const { organization } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const response = await listUsers(organization.uid, member.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(2);
  });

  test("never lists users of another organization", async () => {
    const { owner, organization } = await buildOrganization(t);
    const { organization: other } = await buildOrganization(t);
    const stranger = await addMember(t, other.uid, "member");
    const response = await listUsers(organization.uid, owner.token);
    expect(response.json().map((u: { uid: string }) => u.uid)).not.toContain(stranger.id);
  });

  test("answers 404 to a user of another organization and to a user without one", async () => {
    const { organization } = await buildOrganization(t);
    const { owner: stranger } = await buildOrganization(t);
    const loner = await buildUser(t);
    for (const token of [stranger.token, loner.token]) {
      const response = await listUsers(organization.uid, token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "Organization not found" });
    }
  });

  test.each([
    ["?only_active_users=yes", "query.only_active_users"],
    ["?only_active_users=1", "query.only_active_users"],
  ])("refuses %s with a 400 naming %s", async (query, field) => {
    const { owner, organization } = await buildOrganization(t);
    const response = await listUsers(organization.uid, owner.token, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
  });

  test("refuses an organization id that is not an id, and a request without a session", async () => {
    const { owner, organization } = await buildOrganization(t);
    const bad = await listUsers("42", owner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toContainEqual(expect.objectContaining({ field: "params.orgId" }));
    expect(
      (await request(t.app, { method: "GET", url: `/api/v1/organization/${organization.uid}/user` })).statusCode,
    ).toBe(401);
  });
});

describe("GET /organization/{orgId}/user/{userId}", () => {
  test("answers one user of the organization to any member", async () => {
    const { organization } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const colleague = await addMember(t, organization.uid, "manager", { nominative: "Colleague" });
    const response = await getUser(organization.uid, colleague.id, member.token);
    expect(response.statusCode).toBe(200);
    expect(organizationUserSchema.parse(response.json())).toMatchObject({
      uid: colleague.id,
      nominative: "Colleague",
      role: { name: "Manager" },
      contract_type: null,
    });
  });

  test("answers 404 for a user of another organization, or an unknown id, and reveals nothing", async () => {
    const { owner, organization } = await buildOrganization(t);
    const { organization: other } = await buildOrganization(t);
    const stranger = await addMember(t, other.uid, "member", { nominative: "Hidden Person" });
    for (const id of [stranger.id, crypto.randomUUID()]) {
      const response = await getUser(organization.uid, id, owner.token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ ErrorMessage: "User not found" });
      expect(response.body).not.toContain("Hidden Person");
    }
  });

  test("answers 404 to a user of another organization asking by path", async () => {
    const { owner, organization } = await buildOrganization(t);
    const { owner: stranger } = await buildOrganization(t);
    expect((await getUser(organization.uid, owner.id, stranger.token)).statusCode).toBe(404);
  });

  test("refuses a user id that is not an id with a 400 naming params.userId", async () => {
    const { owner, organization } = await buildOrganization(t);
    const response = await getUser(organization.uid, "me", owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "params.userId" }));
  });
});

describe("PATCH /organization/{orgId}/user/{userId}", () => {
  test("gives a user another role of the organization", async () => {
    const { owner, organization } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const manager = await roleId(organization.uid, "manager");
    const response = await patchMember(organization.uid, member.id, { role_id: manager }, owner.token);
    expect(response.statusCode).toBe(200);
    expect(organizationUserSchema.parse(response.json())).toMatchObject({
      uid: member.id,
      role: { uid: manager, name: "Manager" },
    });
    expect(await roleOf(member.id)).toBe(manager);
    const me = await request(t.app, { method: "GET", url: "/api/v1/auth/me", token: member.token });
    expect(me.json().role).toMatchObject({ name: "Manager" });
  });

  test.each([
    [{}, "body"],
    [{ role_id: "manager" }, "body.role_id"],
    [{ role_id: null }, "body.role_id"],
    [{ role_id: crypto.randomUUID(), status: "active" }, "body.status"],
  ])("refuses %j with a 400 naming %s and writes nothing", async (json, field) => {
    const { owner, organization } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const before = await snapshot(t.db);
    const response = await patchMember(organization.uid, member.id, json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a Member, and a role lacking exactly edit on user, and writes nothing", async () => {
    const { organization } = await buildOrganization(t);
    const target = await addMember(t, organization.uid, "member");
    const manager = await roleId(organization.uid, "manager");
    const member = await addMember(t, organization.uid, "member");
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "user" }]);
    const before = await snapshot(t.db);
    for (const actor of [member, lacking]) {
      const response = await patchMember(organization.uid, target.id, { role_id: manager }, actor.token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: "FORBIDDEN", ErrorMessage: "You need the right to edit user" });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for a role of another organization and changes nothing", async () => {
    const { owner, organization } = await buildOrganization(t);
    const { organization: other } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const before = await snapshot(t.db);
    const response = await patchMember(
      organization.uid,
      member.id,
      { role_id: await roleId(other.uid, "admin") },
      owner.token,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "Role not found" });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for a user of another organization, and to an admin of another organization", async () => {
    const { owner, organization } = await buildOrganization(t);
    const { owner: strangerAdmin, organization: other } = await buildOrganization(t);
    const stranger = await addMember(t, other.uid, "member");
    const member = await addMember(t, organization.uid, "member");
    const before = await snapshot(t.db);
    const foreignUser = await patchMember(
      organization.uid,
      stranger.id,
      { role_id: await roleId(organization.uid, "admin") },
      owner.token,
    );
    expect(foreignUser.statusCode).toBe(404);
    expect(foreignUser.json()).toMatchObject({ ErrorMessage: "User not found" });
    const foreignActor = await patchMember(
      organization.uid,
      member.id,
      { role_id: await roleId(organization.uid, "admin") },
      strangerAdmin.token,
    );
    expect(foreignActor.statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses to let an administrator take their own rights away, with 409, and writes nothing", async () => {
    const { owner, organization } = await buildOrganization(t);
    // Another admin exists, so the organization itself would keep someone: the rule is about the actor.
    await addMember(t, organization.uid, "admin");
    const before = await snapshot(t.db);
    const response = await patchMember(
      organization.uid,
      owner.id,
      { role_id: await roleId(organization.uid, "member") },
      owner.token,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "CONFLICT",
      ErrorMessage: accessViolationMessages["actor-would-lose-administration"],
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses to leave the organization without an active user administering access, with 409", async () => {
    const { owner, organization } = await buildOrganization(t);
    // Edit on user, but not every right on roles: allowed to change roles, not an administrator.
    const actor = await addMemberLacking(t, organization.uid, [{ action: "delete", subject: "role" }]);
    const before = await snapshot(t.db);
    const response = await patchMember(
      organization.uid,
      owner.id,
      { role_id: await roleId(organization.uid, "member") },
      actor.token,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().ErrorMessage).toBe(accessViolationMessages["organization-would-lose-administration"]);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("lets an administrator give another administrator a smaller role, keeping their own", async () => {
    const { owner, organization } = await buildOrganization(t);
    const other = await addMember(t, organization.uid, "admin");
    const response = await patchMember(
      organization.uid,
      other.id,
      { role_id: await roleId(organization.uid, "member") },
      owner.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().role.name).toBe("Member");
  });

  test("puts a member in a holiday group and back in the default, recorded in the audit log", async () => {
    const { owner, organization } = await buildOrganization(t);
    const orgId = organization.uid;
    const member = await addMember(t, orgId, "member");
    const made = async (json: unknown) =>
      (
        await request(t.app, {
          method: "POST",
          url: `/api/v1/organization/${orgId}/holiday-groups`,
          token: owner.token,
          json,
        })
      ).json() as { id: string };
    await made({ name: "Italia", country: "IT" });
    const berlin = await made({ name: "Berlin", country: "DE", region: "BE" });
    const moved = await patchMember(orgId, member.id, { holiday_group_id: berlin.id }, owner.token);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ uid: member.id, holiday_group_id: berlin.id, role: { name: "Member" } });
    expect((await getUser(orgId, member.id, member.token)).json().holiday_group_id).toBe(berlin.id);
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.kind, "member.holiday_group_changed"));
    expect(event).toMatchObject({
      targetId: member.id,
      before: { holiday_group: null },
      after: { holiday_group: "Berlin" },
    });
    const back = await patchMember(orgId, member.id, { holiday_group_id: null }, owner.token);
    expect(back.json().holiday_group_id).toBeNull();
  });

  test("refuses a holiday group of another organization (404) and someone without edit on organization (403)", async () => {
    const { owner, organization } = await buildOrganization(t);
    const other = await buildOrganization(t);
    const foreign = (
      await request(t.app, {
        method: "POST",
        url: `/api/v1/organization/${other.organization.uid}/holiday-groups`,
        token: other.owner.token,
        json: { name: "Elsewhere", country: "IT" },
      })
    ).json() as { id: string };
    const member = await addMember(t, organization.uid, "member");
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "organization" }]);
    const before = await snapshot(t.db);
    const notOurs = await patchMember(organization.uid, member.id, { holiday_group_id: foreign.id }, owner.token);
    expect(notOurs.statusCode).toBe(404);
    expect(notOurs.json().ErrorMessage).toBe("Holiday group not found");
    const refused = await patchMember(organization.uid, member.id, { holiday_group_id: null }, lacking.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().ErrorMessage).toBe("You need the right to edit organization");
    const invalid = await patchMember(organization.uid, member.id, { holiday_group_id: "berlin" }, owner.token);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details).toContainEqual(expect.objectContaining({ field: "body.holiday_group_id" }));
    expect((await patchMember(organization.uid, member.id, {}, owner.token)).statusCode).toBe(400);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a request without a session", async () => {
    const { organization, owner } = await buildOrganization(t);
    const response = await patchMember(organization.uid, owner.id, {
      role_id: await roleId(organization.uid, "admin"),
    });
    expect(response.statusCode).toBe(401);
  });
});

function contractValues(organizationId: string, userId: string) {
  return {
    organizationId,
    userId,
    contractType: "full-time" as const,
    contractualHours: 8,
    contractualHoursByDay: null,
    hourlyCost: 30,
    productivityTarget: 80,
  };
}

describe("API documentation", () => {
  test("documents the users, invitation, contract and role routes with their schemas", async () => {
    const document = (await request(t.app, { method: "GET", url: "/api/docs/json" })).json();
    const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
    const expected: Array<[string, string]> = [
      ["/api/v1/organization/{orgId}/user", "get"],
      ["/api/v1/organization/{orgId}/user/{userId}", "get"],
      ["/api/v1/organization/{orgId}/user/{userId}", "patch"],
      ["/api/v1/organization/{orgId}/user/invite", "post"],
      ["/api/v1/organization/{orgId}/user/{userId}/contract", "get"],
      ["/api/v1/organization/{orgId}/user/{userId}/contract", "post"],
      ["/api/v1/organization/{orgId}/user/{userId}/contract/{contractId}", "patch"],
      ["/api/v1/organization/{orgId}/user/{userId}/contract/{contractId}", "delete"],
      ["/api/v1/organization/{orgId}/role", "get"],
      ["/api/v1/organization/{orgId}/role", "post"],
      ["/api/v1/organization/{orgId}/role/{id}", "patch"],
    ];
    for (const [path, method] of expected) {
      const operation = paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation!.parameters, `${method} ${path}`).toEqual(
        expect.arrayContaining([expect.objectContaining({ in: "path", name: "orgId" })]),
      );
      expect(Object.keys(operation!.responses as object), `${method} ${path}`).toEqual(
        expect.arrayContaining(["401", "404"]),
      );
      if (method === "post" || method === "patch") expect(operation!.requestBody, `${method} ${path}`).toBeDefined();
    }
    const list = paths["/api/v1/organization/{orgId}/user"]!.get!;
    expect(list.parameters).toContainEqual(expect.objectContaining({ in: "query", name: "only_active_users" }));
    const invite = paths["/api/v1/organization/{orgId}/user/invite"]!.post! as {
      requestBody: { content: { "application/json": { schema: { required: string[] } } } };
      responses: Record<string, unknown>;
    };
    expect(invite.requestBody.content["application/json"].schema.required).toEqual(
      expect.arrayContaining(["email", "nominative", "organization_role_id"]),
    );
    expect(Object.keys(invite.responses)).toEqual(expect.arrayContaining(["200", "201", "403", "409"]));
  });
});
