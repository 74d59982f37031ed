import { accessViolationMessages, defaultRoles, roleSchema } from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { roles } from "../../db/schema.js";
import { addMember, addMemberLacking, buildOrganization, buildUser, roleIdOf } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

const t = useTestApp();

const listRoles = (orgId: string, token?: string) =>
  request(t.app, { method: "GET", url: `/api/v1/organization/${orgId}/role`, ...(token ? { token } : {}) });
const createRole = (orgId: string, json: unknown, token?: string) =>
  request(t.app, { method: "POST", url: `/api/v1/organization/${orgId}/role`, json, ...(token ? { token } : {}) });
const updateRole = (orgId: string, id: string, json: unknown, token?: string) =>
  request(t.app, {
    method: "PATCH",
    url: `/api/v1/organization/${orgId}/role/${id}`,
    json,
    ...(token ? { token } : {}),
  });

const roleId = (organizationId: string, key: "admin" | "manager" | "member") => roleIdOf(t, organizationId, key);

const adminAcls = defaultRoles[0]!.acls;

describe("GET /organization/{orgId}/role", () => {
  test("lists the organization's roles by name, ignoring case", async () => {
    const { owner, organization } = await buildOrganization(t);
    await createRole(organization.uid, { name: "accountant", acls: [] }, owner.token);
    await createRole(organization.uid, { name: "Zebra", acls: [] }, owner.token);
    const response = await listRoles(organization.uid, owner.token);
    expect(response.statusCode).toBe(200);
    const body = roleSchema.array().parse(response.json());
    expect(body.map((r) => r.name)).toEqual(["accountant", "Admin", "Manager", "Member", "Zebra"]);
    expect(body.find((r) => r.name === "Admin")!.acls).toEqual(adminAcls);
  });

  test("answers a Manager (read on role), and never another organization's roles", async () => {
    const { organization } = await buildOrganization(t);
    const { owner: otherOwner, organization: other } = await buildOrganization(t);
    await createRole(other.uid, { name: "Secret role", acls: [] }, otherOwner.token);
    const manager = await addMember(t, organization.uid, "manager");
    const response = await listRoles(organization.uid, manager.token);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain("Secret role");
  });

  test("refuses a Member and a role lacking exactly read on role with 403", async () => {
    const { organization } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "read", subject: "role" }]);
    for (const actor of [member, lacking]) {
      const response = await listRoles(organization.uid, actor.token);
      expect(response.statusCode).toBe(403);
      expect(response.json().ErrorMessage).toBe("You need the right to read role");
    }
  });

  test("answers 404 to a user of another organization, 400 for a malformed id, 401 without a session", async () => {
    const { organization } = await buildOrganization(t);
    const { owner: stranger } = await buildOrganization(t);
    expect((await listRoles(organization.uid, stranger.token)).statusCode).toBe(404);
    const bad = await listRoles("1", stranger.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toContainEqual(expect.objectContaining({ field: "params.orgId" }));
    expect((await listRoles(organization.uid)).statusCode).toBe(401);
  });
});

describe("POST /organization/{orgId}/role", () => {
  test("creates a role from acls sent as JSON text, answered as a normalized list", async () => {
    const { owner, organization } = await buildOrganization(t);
    const acls = JSON.stringify([
      { subject: "team", actions: ["edit", "read", "read"] },
      { subject: "project", actions: ["read"] },
    ]);
    const response = await createRole(organization.uid, { name: " Team lead ", acls }, owner.token);
    expect(response.statusCode).toBe(201);
    const role = roleSchema.parse(response.json());
    expect(role).toEqual({
      uid: expect.any(String),
      name: "Team lead",
      acls: [
        { subject: "project", actions: ["read"] },
        { subject: "team", actions: ["read", "edit"] },
      ],
    });
    const [row] = await t.db.select().from(roles).where(eq(roles.id, role.uid));
    expect(row).toMatchObject({ organizationId: organization.uid, name: "Team lead", key: null, acls: role.acls });
  });

  test("accepts the acls as a list too", async () => {
    const { owner, organization } = await buildOrganization(t);
    const response = await createRole(
      organization.uid,
      { name: "Viewer", acls: [{ subject: "project", actions: ["read"] }] },
      owner.token,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().acls).toEqual([{ subject: "project", actions: ["read"] }]);
  });

  test.each(["admin", "MANAGER", " member "])(
    "refuses the name %j, taken ignoring case, with 409 and writes nothing",
    async (name) => {
      const { owner, organization } = await buildOrganization(t);
      const before = await snapshot(t.db);
      const response = await createRole(organization.uid, { name, acls: [] }, owner.token);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: "CONFLICT" });
      expect(response.json().ErrorMessage).toMatch(/^A role named "(Admin|Manager|Member)" already exists$/);
      expect(await snapshot(t.db)).toEqual(before);
    },
  );

  test("lets two organizations use the same role name", async () => {
    const first = await buildOrganization(t);
    const second = await buildOrganization(t);
    for (const { owner, organization } of [first, second]) {
      expect((await createRole(organization.uid, { name: "Designer", acls: [] }, owner.token)).statusCode).toBe(201);
    }
  });

  test("two roles with one name sent at once: one is created, the other is a 409", async () => {
    const { owner, organization } = await buildOrganization(t);
    const answers = await Promise.all(
      ["Twin", "twin", "TWIN"].map((name) => createRole(organization.uid, { name, acls: [] }, owner.token)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
  });

  test.each([
    [{ acls: [] }, "body.name"],
    [{ name: "   ", acls: [] }, "body.name"],
    [{ name: "n".repeat(61), acls: [] }, "body.name"],
    [{ name: "No acls" }, "body.acls"],
    [{ name: "Bad JSON", acls: "[{" }, "body.acls"],
    [{ name: "Bad subject", acls: [{ subject: "billing", actions: ["read"] }] }, "body.acls.0.subject"],
    [{ name: "Bad action", acls: '[{"subject":"team","actions":["approve"]}]' }, "body.acls.0.actions.0"],
    [{ name: "Extra", acls: [], key: "admin" }, "body.key"],
  ])("refuses %j with a 400 naming %s and writes nothing", async (json, field) => {
    const { owner, organization } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const response = await createRole(organization.uid, json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a Manager and a role lacking exactly create on role with 403, and writes nothing", async () => {
    const { organization } = await buildOrganization(t);
    const manager = await addMember(t, organization.uid, "manager");
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "create", subject: "role" }]);
    const before = await snapshot(t.db);
    for (const actor of [manager, lacking]) {
      const response = await createRole(organization.uid, { name: "Sneaky", acls: [] }, actor.token);
      expect(response.statusCode).toBe(403);
      expect(response.json().ErrorMessage).toBe("You need the right to create role");
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 to an admin of another organization and writes nothing", async () => {
    const { organization } = await buildOrganization(t);
    const { owner: stranger } = await buildOrganization(t);
    const before = await snapshot(t.db);
    expect((await createRole(organization.uid, { name: "Planted", acls: [] }, stranger.token)).statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("PATCH /organization/{orgId}/role/{id}", () => {
  test("renames a role and replaces its acls; its holders get the new rights at once", async () => {
    const { owner, organization } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const id = await roleId(organization.uid, "member");
    const response = await updateRole(
      organization.uid,
      id,
      { name: "Staff", acls: '[{"subject":"team","actions":["read"]},{"subject":"project","actions":["read"]}]' },
      owner.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      uid: id,
      name: "Staff",
      acls: [
        { subject: "project", actions: ["read"] },
        { subject: "team", actions: ["read"] },
      ],
    });
    const me = await request(t.app, { method: "GET", url: "/api/v1/auth/me", token: member.token });
    expect(me.json().role).toMatchObject({ name: "Staff" });
  });

  test("changes only what the body names, and may keep its own name in another case", async () => {
    const { owner, organization } = await buildOrganization(t);
    const id = await roleId(organization.uid, "manager");
    const renamed = await updateRole(organization.uid, id, { name: "MANAGER" }, owner.token);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "MANAGER", acls: defaultRoles[1]!.acls });
  });

  test("refuses a name another role has, ignoring case, with 409 and writes nothing", async () => {
    const { owner, organization } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const response = await updateRole(
      organization.uid,
      await roleId(organization.uid, "member"),
      { name: "admin" },
      owner.token,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().ErrorMessage).toBe('A role named "Admin" already exists');
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses to take the actor's own rights to manage roles and users, with 409", async () => {
    const { owner, organization } = await buildOrganization(t);
    await addMember(t, organization.uid, "admin");
    const before = await snapshot(t.db);
    const response = await updateRole(
      organization.uid,
      await roleId(organization.uid, "admin"),
      { acls: adminAcls.filter((acl) => acl.subject !== "role") },
      owner.token,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "CONFLICT",
      ErrorMessage: accessViolationMessages["actor-would-lose-administration"],
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses to leave no active user administering access, with 409", async () => {
    const { organization } = await buildOrganization(t);
    // Edits roles, but lacks delete on user: not an administrator, so only the organization rule applies.
    const editor = await addMemberLacking(t, organization.uid, [{ action: "delete", subject: "user" }]);
    const before = await snapshot(t.db);
    const response = await updateRole(
      organization.uid,
      await roleId(organization.uid, "admin"),
      { acls: [{ subject: "project", actions: ["read"] }] },
      editor.token,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().ErrorMessage).toBe(accessViolationMessages["organization-would-lose-administration"]);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("lets the Admin role lose rights that do not administer access", async () => {
    const { owner, organization } = await buildOrganization(t);
    const response = await updateRole(
      organization.uid,
      await roleId(organization.uid, "admin"),
      { acls: adminAcls.filter((acl) => acl.subject !== "timesheet") },
      owner.token,
    );
    expect(response.statusCode).toBe(200);
  });

  test.each([
    [{}, "body"],
    [{ name: "" }, "body.name"],
    [{ acls: "not json" }, "body.acls"],
    [{ acls: [{ subject: "team" }] }, "body.acls.0.actions"],
    [{ name: "Ok", uid: "x" }, "body.uid"],
  ])("refuses %j with a 400 naming %s and writes nothing", async (json, field) => {
    const { owner, organization } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const response = await updateRole(organization.uid, await roleId(organization.uid, "member"), json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a Manager and a role lacking exactly edit on role with 403, and writes nothing", async () => {
    const { organization } = await buildOrganization(t);
    const manager = await addMember(t, organization.uid, "manager");
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "role" }]);
    const id = await roleId(organization.uid, "member");
    const before = await snapshot(t.db);
    for (const actor of [manager, lacking]) {
      const response = await updateRole(organization.uid, id, { name: "Renamed" }, actor.token);
      expect(response.statusCode).toBe(403);
      expect(response.json().ErrorMessage).toBe("You need the right to edit role");
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for a role of another organization, and to an admin of another organization", async () => {
    const { owner, organization } = await buildOrganization(t);
    const { owner: stranger, organization: other } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const foreignRole = await updateRole(
      organization.uid,
      await roleId(other.uid, "member"),
      { name: "Mine" },
      owner.token,
    );
    expect(foreignRole.statusCode).toBe(404);
    expect(foreignRole.json()).toMatchObject({ ErrorMessage: "Role not found" });
    const foreignActor = await updateRole(
      organization.uid,
      await roleId(organization.uid, "member"),
      { name: "Mine" },
      stranger.token,
    );
    expect(foreignActor.statusCode).toBe(404);
    expect((await updateRole(organization.uid, crypto.randomUUID(), { name: "Ghost" }, owner.token)).statusCode).toBe(
      404,
    );
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a role id that is not an id, and a request without a session", async () => {
    const loner = await buildUser(t);
    const { organization } = await buildOrganization(t);
    const bad = await updateRole(organization.uid, "admin", { name: "X" }, loner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toContainEqual(expect.objectContaining({ field: "params.id" }));
    expect(
      (await updateRole(organization.uid, await roleId(organization.uid, "member"), { name: "X" })).statusCode,
    ).toBe(401);
  });
});
