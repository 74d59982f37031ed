import { overheadSchema } from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { overheads } from "../../db/schema.js";
import { addMember, addMemberLacking, buildOrganization, buildUser } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

const t = useTestApp();

const listOverheads = (orgId: string, token?: string) =>
  request(t.app, { method: "GET", url: `/api/v1/organization/${orgId}/overheads`, ...(token ? { token } : {}) });

const createOverhead = (orgId: string, json: unknown, token?: string) =>
  request(t.app, {
    method: "POST",
    url: `/api/v1/organization/${orgId}/overheads`,
    json,
    ...(token ? { token } : {}),
  });

const updateOverhead = (orgId: string, id: string, json: unknown, token?: string) =>
  request(t.app, {
    method: "PATCH",
    url: `/api/v1/organization/${orgId}/overheads/${id}`,
    json,
    ...(token ? { token } : {}),
  });

const deleteOverhead = (orgId: string, id: string, token?: string) =>
  request(t.app, {
    method: "DELETE",
    url: `/api/v1/organization/${orgId}/overheads/${id}`,
    ...(token ? { token } : {}),
  });

const rent = { amount: 1250.5, from_date: "2026-01-01", to_date: "2026-12-31" };

/** An organization with one overhead, made through the API by its Admin. */
async function organizationWithOverhead(json: unknown = rent) {
  const built = await buildOrganization(t);
  const response = await createOverhead(built.organization.uid, json, built.owner.token);
  if (response.statusCode !== 201) throw new Error(`overhead not created: ${response.body}`);
  return { ...built, overhead: overheadSchema.parse(response.json()) };
}

const overheadRow = async (id: string) => (await t.db.select().from(overheads).where(eq(overheads.id, id)))[0];

const invalidBodies = [
  [{ from_date: "2026-01-01" }, "body.amount"],
  [{ ...rent, amount: "1250" }, "body.amount"],
  [{ ...rent, amount: -1 }, "body.amount"],
  [{ ...rent, amount: 10.123 }, "body.amount"],
  [{ amount: 10 }, "body.from_date"],
  [{ ...rent, from_date: "01/01/2026" }, "body.from_date"],
  [{ ...rent, from_date: "2026-02-30" }, "body.from_date"],
  [{ ...rent, to_date: "2025-12-31" }, "body.to_date"],
  [{ ...rent, uid: "x" }, "body.uid"],
] as const;

describe("GET /organization/{orgId}/overheads", () => {
  test("lists the organization's overheads, newest period first, to a Manager", async () => {
    const { owner, organization } = await buildOrganization(t);
    for (const from_date of ["2025-01-01", "2026-06-01", "2024-03-15"]) {
      await createOverhead(organization.uid, { amount: 100, from_date }, owner.token);
    }
    const other = await organizationWithOverhead();
    const manager = await addMember(t, organization.uid, "manager");

    const response = await listOverheads(organization.uid, manager.token);
    expect(response.statusCode).toBe(200);
    const list = overheadSchema.array().parse(response.json());
    expect(list.map((o) => o.from_date)).toEqual(["2026-06-01", "2025-01-01", "2024-03-15"]);
    expect(response.body).not.toContain(other.overhead.uid);
  });

  test("refuses a Member and a role lacking read on user", async () => {
    const { organization } = await organizationWithOverhead();
    const member = await addMember(t, organization.uid, "member");
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "read", subject: "user" }]);
    for (const actor of [member, lacking]) {
      const response = await listOverheads(organization.uid, actor.token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: "FORBIDDEN", ErrorMessage: "You need the right to read user" });
    }
  });

  test("answers 404 to a user of another organization and to a user without one", async () => {
    const { organization, overhead } = await organizationWithOverhead();
    const { owner: stranger } = await buildOrganization(t);
    const loner = await buildUser(t);
    const foreign = await listOverheads(organization.uid, stranger.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(overhead.uid);
    expect((await listOverheads(organization.uid, loner.token)).statusCode).toBe(404);
  });

  test("refuses an organization id that is not an id with a 400 naming params.orgId", async () => {
    const { owner } = await buildOrganization(t);
    const response = await listOverheads("acme", owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "params.orgId" }));
  });

  test("refuses a request without a session", async () => {
    const { organization } = await buildOrganization(t);
    expect((await listOverheads(organization.uid)).statusCode).toBe(401);
  });
});

describe("POST /organization/{orgId}/overheads", () => {
  test("adds an overhead over a period", async () => {
    const { owner, organization } = await buildOrganization(t);
    const response = await createOverhead(organization.uid, rent, owner.token);
    expect(response.statusCode).toBe(201);
    const overhead = overheadSchema.parse(response.json());
    expect(overhead).toEqual({ uid: expect.any(String), ...rent });
    expect(await overheadRow(overhead.uid)).toMatchObject({
      organizationId: organization.uid,
      amount: 1250.5,
      fromDate: "2026-01-01",
      toDate: "2026-12-31",
    });
    expect((await listOverheads(organization.uid, owner.token)).json()).toEqual([overhead]);
  });

  test("adds an open-ended overhead when the end date is left out", async () => {
    const { owner, organization } = await buildOrganization(t);
    const response = await createOverhead(organization.uid, { amount: 0, from_date: "2026-03-01" }, owner.token);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ amount: 0, from_date: "2026-03-01", to_date: null });
  });

  test("lets a role with only edit on user among the user rights add one", async () => {
    const { organization } = await buildOrganization(t);
    const actor = await addMemberLacking(t, organization.uid, [
      { action: "create", subject: "user" },
      { action: "delete", subject: "user" },
    ]);
    expect((await createOverhead(organization.uid, rent, actor.token)).statusCode).toBe(201);
  });

  test.each(invalidBodies)("refuses %j with a 400 naming %s and writes nothing", async (json, field) => {
    const { owner, organization } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const response = await createOverhead(organization.uid, json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a Manager and a role lacking edit on user, writing nothing", async () => {
    const { organization } = await buildOrganization(t);
    const manager = await addMember(t, organization.uid, "manager");
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "user" }]);
    const before = await snapshot(t.db);
    for (const actor of [manager, lacking]) {
      const response = await createOverhead(organization.uid, rent, actor.token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: "FORBIDDEN", ErrorMessage: "You need the right to edit user" });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 to a user of another organization and writes nothing", async () => {
    const { organization } = await buildOrganization(t);
    const { owner: stranger } = await buildOrganization(t);
    const before = await snapshot(t.db);
    expect((await createOverhead(organization.uid, rent, stranger.token)).statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("PATCH /organization/{orgId}/overheads/{id}", () => {
  test("replaces the amount and the period, clearing the end date", async () => {
    const { owner, organization, overhead } = await organizationWithOverhead();
    const response = await updateOverhead(
      organization.uid,
      overhead.uid,
      { amount: 99.99, from_date: "2026-02-01", to_date: null },
      owner.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ uid: overhead.uid, amount: 99.99, from_date: "2026-02-01", to_date: null });
    expect(await overheadRow(overhead.uid)).toMatchObject({ amount: 99.99, fromDate: "2026-02-01", toDate: null });
  });

  test.each(invalidBodies)("refuses %j with a 400 naming %s and changes nothing", async (json, field) => {
    const { owner, organization, overhead } = await organizationWithOverhead();
    const before = await snapshot(t.db);
    const response = await updateOverhead(organization.uid, overhead.uid, json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses an overhead id that is not an id with a 400 naming params.id", async () => {
    const { owner, organization } = await buildOrganization(t);
    const response = await updateOverhead(organization.uid, "7", rent, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "params.id" }));
  });

  test("refuses a role lacking edit on user, changing nothing", async () => {
    const { organization, overhead } = await organizationWithOverhead();
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "user" }]);
    const before = await snapshot(t.db);
    const response = await updateOverhead(organization.uid, overhead.uid, { ...rent, amount: 1 }, lacking.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().ErrorMessage).toBe("You need the right to edit user");
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for another organization's overhead, through either organization's path, changing nothing", async () => {
    const { owner, organization } = await buildOrganization(t);
    const other = await organizationWithOverhead();
    const before = await snapshot(t.db);
    const viaOwn = await updateOverhead(organization.uid, other.overhead.uid, { ...rent, amount: 1 }, owner.token);
    expect(viaOwn.statusCode).toBe(404);
    expect(viaOwn.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "Overhead not found" });
    const viaTheirs = await updateOverhead(
      other.organization.uid,
      other.overhead.uid,
      { ...rent, amount: 1 },
      owner.token,
    );
    expect(viaTheirs.statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("DELETE /organization/{orgId}/overheads/{id}", () => {
  test("deletes an overhead", async () => {
    const { owner, organization, overhead } = await organizationWithOverhead();
    const response = await deleteOverhead(organization.uid, overhead.uid, owner.token);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect(await overheadRow(overhead.uid)).toBeUndefined();
    expect((await deleteOverhead(organization.uid, overhead.uid, owner.token)).statusCode).toBe(404);
  });

  test("refuses a Manager and a role lacking edit on user, keeping the overhead", async () => {
    const { organization, overhead } = await organizationWithOverhead();
    const manager = await addMember(t, organization.uid, "manager");
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "user" }]);
    const before = await snapshot(t.db);
    for (const actor of [manager, lacking]) {
      const response = await deleteOverhead(organization.uid, overhead.uid, actor.token);
      expect(response.statusCode).toBe(403);
      expect(response.json().ErrorMessage).toBe("You need the right to edit user");
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for another organization's overhead and keeps it", async () => {
    const { owner, organization } = await buildOrganization(t);
    const other = await organizationWithOverhead();
    const before = await snapshot(t.db);
    expect((await deleteOverhead(organization.uid, other.overhead.uid, owner.token)).statusCode).toBe(404);
    expect((await deleteOverhead(other.organization.uid, other.overhead.uid, owner.token)).statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses an overhead id that is not an id with a 400 naming params.id", async () => {
    const { owner, organization } = await buildOrganization(t);
    const response = await deleteOverhead(organization.uid, "7", owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "params.id" }));
  });
});

describe("API documentation", () => {
  test("documents the four routes with their parameters, bodies and answers", async () => {
    const document = (await request(t.app, { method: "GET", url: "/api/docs/json" })).json();
    const list = document.paths["/api/v1/organization/{orgId}/overheads"];
    const one = document.paths["/api/v1/organization/{orgId}/overheads/{id}"];
    expect(Object.keys(list).sort()).toEqual(["get", "post"]);
    expect(Object.keys(one).sort()).toEqual(["delete", "patch"]);
    expect(list.get.responses["200"].content["application/json"].schema.type).toBe("array");
    expect(list.post.requestBody.content["application/json"].schema.properties).toBeDefined();
    expect(Object.keys(list.post.responses)).toEqual(expect.arrayContaining(["201", "400", "403", "404"]));
    expect(one.patch.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["id", "orgId"]);
    const remove = one.delete;
    expect(Object.keys(remove.responses)).toEqual(expect.arrayContaining(["204", "404"]));
  });
});
