import { type WorkflowStatus, workflowStatusSchema } from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { workflowStatuses } from "../../db/schema.js";
import { addMember, addMemberLacking, buildOrganization, buildUser, insertProject } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";
import { createWorkflowsRepository, isStatusInUseError } from "./workflows.repository.js";

const t = useTestApp();

const listStatuses = (orgId: string, token?: string) =>
  request(t.app, {
    method: "GET",
    url: `/api/v1/organization/${orgId}/projects-workflows`,
    ...(token ? { token } : {}),
  });

const createStatus = (orgId: string, json: unknown, token?: string) =>
  request(t.app, {
    method: "POST",
    url: `/api/v1/organization/${orgId}/projects-workflows`,
    json,
    ...(token ? { token } : {}),
  });

const updateStatus = (orgId: string, id: string, json: unknown, token?: string) =>
  request(t.app, {
    method: "PATCH",
    url: `/api/v1/organization/${orgId}/projects-workflows/${id}`,
    json,
    ...(token ? { token } : {}),
  });

const deleteStatus = (orgId: string, id: string, token?: string) =>
  request(t.app, {
    method: "DELETE",
    url: `/api/v1/organization/${orgId}/projects-workflows/${id}`,
    ...(token ? { token } : {}),
  });

/** An organization with one status of its own besides the built-in ones, made through the API by its Admin. */
async function organizationWithStatus(name = "In review") {
  const built = await buildOrganization(t);
  const response = await createStatus(built.organization.uid, { name }, built.owner.token);
  if (response.statusCode !== 201) throw new Error(`status not created: ${response.body}`);
  return { ...built, status: workflowStatusSchema.parse(response.json()) };
}

async function builtInStatus(organizationId: string, token: string, key: string): Promise<WorkflowStatus> {
  const list = workflowStatusSchema.array().parse((await listStatuses(organizationId, token)).json());
  return list.find((status) => status.key === key)!;
}

const statusRow = async (id: string) =>
  (await t.db.select().from(workflowStatuses).where(eq(workflowStatuses.id, id)))[0];

const invalidBodies = [
  [{}, "body.name"],
  [{ name: "A" }, "body.name"],
  [{ name: "  B  " }, "body.name"],
  [{ name: 42 }, "body.name"],
  [{ name: "n".repeat(61) }, "body.name"],
  [{ name: "In review", key: "mine" }, "body.key"],
] as const;

describe("GET /organization/{orgId}/projects-workflows", () => {
  test("lists the built-in statuses, open selected by default, to a Member", async () => {
    const { organization } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const response = await listStatuses(organization.uid, member.token);
    expect(response.statusCode).toBe(200);
    expect(workflowStatusSchema.array().parse(response.json())).toEqual([
      { uid: expect.any(String), key: "open", name: "Open", editable: false, selected_by_default: true },
      {
        uid: expect.any(String),
        key: "to_be_invoiced",
        name: "To be invoiced",
        editable: false,
        selected_by_default: false,
      },
      { uid: expect.any(String), key: "completed", name: "Completed", editable: false, selected_by_default: false },
    ]);
  });

  test("lists new statuses after the built-in ones, in the order they were added", async () => {
    const { owner, organization } = await buildOrganization(t);
    for (const name of ["Waiting", "Approved", "Blocked"]) await createStatus(organization.uid, { name }, owner.token);
    await organizationWithStatus("Elsewhere");
    const response = await listStatuses(organization.uid, owner.token);
    expect(response.json().map((s: WorkflowStatus) => s.name)).toEqual([
      "Open",
      "To be invoiced",
      "Completed",
      "Waiting",
      "Approved",
      "Blocked",
    ]);
  });

  test("refuses a role lacking read on project", async () => {
    const { organization } = await buildOrganization(t);
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "read", subject: "project" }]);
    const response = await listStatuses(organization.uid, lacking.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "FORBIDDEN", ErrorMessage: "You need the right to read project" });
  });

  test("answers 404 to a user of another organization and to a user without one", async () => {
    const { organization, status } = await organizationWithStatus();
    const { owner: stranger } = await buildOrganization(t);
    const loner = await buildUser(t);
    const foreign = await listStatuses(organization.uid, stranger.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(status.uid);
    expect((await listStatuses(organization.uid, loner.token)).statusCode).toBe(404);
  });

  test("refuses an organization id that is not an id with a 400 naming params.orgId", async () => {
    const { owner } = await buildOrganization(t);
    const response = await listStatuses("acme", owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "params.orgId" }));
  });

  test("refuses a request without a session", async () => {
    const { organization } = await buildOrganization(t);
    expect((await listStatuses(organization.uid)).statusCode).toBe(401);
  });
});

describe("POST /organization/{orgId}/projects-workflows", () => {
  test("adds an editable status, keyed from its name, at the end", async () => {
    const { owner, organization } = await buildOrganization(t);
    const response = await createStatus(organization.uid, { name: "  In review " }, owner.token);
    expect(response.statusCode).toBe(201);
    const status = workflowStatusSchema.parse(response.json());
    expect(status).toEqual({
      uid: expect.any(String),
      key: "in_review",
      name: "In review",
      editable: true,
      selected_by_default: false,
    });
    expect(await statusRow(status.uid)).toMatchObject({ organizationId: organization.uid, position: 3 });
  });

  test("lets a Manager, with create on project, add a status", async () => {
    const { organization } = await buildOrganization(t);
    const manager = await addMember(t, organization.uid, "manager");
    expect((await createStatus(organization.uid, { name: "Waiting" }, manager.token)).statusCode).toBe(201);
  });

  test("makes the key unique in the organization with a numeric suffix", async () => {
    const { owner, organization } = await organizationWithStatus("In review");
    const second = await createStatus(organization.uid, { name: "In-review" }, owner.token);
    const third = await createStatus(organization.uid, { name: "In review!" }, owner.token);
    expect(second.json()).toMatchObject({ key: "in_review_2", name: "In-review" });
    expect(third.json()).toMatchObject({ key: "in_review_3", name: "In review!" });
    const elsewhere = await organizationWithStatus("In review");
    expect(elsewhere.status.key).toBe("in_review");
  });

  test("keys a name with accents by its plain letters, and one of punctuation only as status", async () => {
    const { owner, organization } = await buildOrganization(t);
    const accented = await createStatus(organization.uid, { name: "Già fatturato" }, owner.token);
    expect(accented.json()).toMatchObject({ key: "gia_fatturato" });
    const first = await createStatus(organization.uid, { name: "?!" }, owner.token);
    const second = await createStatus(organization.uid, { name: "!!!" }, owner.token);
    expect([first.json().key, second.json().key]).toEqual(["status", "status_2"]);
  });

  test.each(["open", "COMPLETED", "in REVIEW"])(
    "refuses the name %j, taken ignoring case, with a 409 and writes nothing",
    async (name) => {
      const { owner, organization } = await organizationWithStatus("In review");
      const before = await snapshot(t.db);
      const response = await createStatus(organization.uid, { name }, owner.token);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: "CONFLICT",
        ErrorMessage: expect.stringMatching(/already exists/),
      });
      expect(await snapshot(t.db)).toEqual(before);
    },
  );

  test("lets only one of several simultaneous additions of the same name through", async () => {
    const { owner, organization } = await buildOrganization(t);
    const names = ["Waiting", "waiting", "WAITING", "Waiting", "waiting", "WAITING"];
    const responses = await Promise.all(names.map((name) => createStatus(organization.uid, { name }, owner.token)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });

  test("names the status that holds the name", async () => {
    const { owner, organization } = await organizationWithStatus("In review");
    const response = await createStatus(organization.uid, { name: "IN REVIEW" }, owner.token);
    expect(response.json().ErrorMessage).toBe('A status named "In review" already exists');
  });

  test.each(invalidBodies)("refuses %j with a 400 naming %s and writes nothing", async (json, field) => {
    const { owner, organization } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const response = await createStatus(organization.uid, json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a Member and a role lacking create on project, writing nothing", async () => {
    const { organization } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "create", subject: "project" }]);
    const before = await snapshot(t.db);
    for (const actor of [member, lacking]) {
      const response = await createStatus(organization.uid, { name: "Waiting" }, actor.token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: "FORBIDDEN",
        ErrorMessage: "You need the right to create project",
      });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 to a user of another organization and writes nothing", async () => {
    const { organization } = await buildOrganization(t);
    const { owner: stranger } = await buildOrganization(t);
    const before = await snapshot(t.db);
    expect((await createStatus(organization.uid, { name: "Planted" }, stranger.token)).statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("PATCH /organization/{orgId}/projects-workflows/{id}", () => {
  test("renames a status and keeps its key and place", async () => {
    const { owner, organization, status } = await organizationWithStatus("In review");
    const response = await updateStatus(organization.uid, status.uid, { name: "Under review" }, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...status, name: "Under review" });
    expect(await statusRow(status.uid)).toMatchObject({ name: "Under review", key: "in_review", position: 3 });
  });

  test("lets a status change only the case of its own name", async () => {
    const { owner, organization, status } = await organizationWithStatus("In review");
    const response = await updateStatus(organization.uid, status.uid, { name: "In Review" }, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: "In Review" });
  });

  test("refuses a name another status holds, ignoring case, with a 409 and changes nothing", async () => {
    const { owner, organization, status } = await organizationWithStatus("In review");
    await createStatus(organization.uid, { name: "Waiting" }, owner.token);
    const before = await snapshot(t.db);
    for (const name of ["waiting", "Open"]) {
      const response = await updateStatus(organization.uid, status.uid, { name }, owner.token);
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe("CONFLICT");
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses to rename a built-in status with a 409 and changes nothing", async () => {
    const { owner, organization } = await buildOrganization(t);
    const open = await builtInStatus(organization.uid, owner.token, "open");
    const before = await snapshot(t.db);
    const response = await updateStatus(organization.uid, open.uid, { name: "Started" }, owner.token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "CONFLICT",
      ErrorMessage: '"Open" is a built-in status and cannot be renamed',
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers a built-in status unchanged when its own name is sent back", async () => {
    const { owner, organization } = await buildOrganization(t);
    const open = await builtInStatus(organization.uid, owner.token, "open");
    const before = await snapshot(t.db);
    const response = await updateStatus(organization.uid, open.uid, { name: "Open" }, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(open);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test.each(invalidBodies)("refuses %j with a 400 naming %s and changes nothing", async (json, field) => {
    const { owner, organization, status } = await organizationWithStatus();
    const before = await snapshot(t.db);
    const response = await updateStatus(organization.uid, status.uid, json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a status id that is not an id with a 400 naming params.id", async () => {
    const { owner, organization } = await buildOrganization(t);
    const response = await updateStatus(organization.uid, "open", { name: "Started" }, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "params.id" }));
  });

  test("refuses a Member and a role lacking edit on project, changing nothing", async () => {
    const { organization, status } = await organizationWithStatus();
    const member = await addMember(t, organization.uid, "member");
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "project" }]);
    const before = await snapshot(t.db);
    for (const actor of [member, lacking]) {
      const response = await updateStatus(organization.uid, status.uid, { name: "Mine" }, actor.token);
      expect(response.statusCode).toBe(403);
      expect(response.json().ErrorMessage).toBe("You need the right to edit project");
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for another organization's status, through either organization's path, changing nothing", async () => {
    const { owner, organization } = await buildOrganization(t);
    const other = await organizationWithStatus();
    const before = await snapshot(t.db);
    const viaOwn = await updateStatus(organization.uid, other.status.uid, { name: "Taken" }, owner.token);
    expect(viaOwn.statusCode).toBe(404);
    expect(viaOwn.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "Workflow status not found" });
    const viaTheirs = await updateStatus(other.organization.uid, other.status.uid, { name: "Taken" }, owner.token);
    expect(viaTheirs.statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("DELETE /organization/{orgId}/projects-workflows/{id}", () => {
  test("deletes a status no project has", async () => {
    const { owner, organization, status } = await organizationWithStatus();
    const response = await deleteStatus(organization.uid, status.uid, owner.token);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect(await statusRow(status.uid)).toBeUndefined();
    expect((await deleteStatus(organization.uid, status.uid, owner.token)).statusCode).toBe(404);
  });

  test("lets a Manager, with delete on project, delete a status", async () => {
    const { organization, status } = await organizationWithStatus();
    const manager = await addMember(t, organization.uid, "manager");
    expect((await deleteStatus(organization.uid, status.uid, manager.token)).statusCode).toBe(204);
  });

  test.each(["open", "to_be_invoiced", "completed"])(
    "refuses to delete the built-in status %s with a 409 and keeps it",
    async (key) => {
      const { owner, organization } = await buildOrganization(t);
      const builtIn = await builtInStatus(organization.uid, owner.token, key);
      const before = await snapshot(t.db);
      const response = await deleteStatus(organization.uid, builtIn.uid, owner.token);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: "CONFLICT",
        ErrorMessage: `"${builtIn.name}" is a built-in status and cannot be deleted`,
      });
      expect(await snapshot(t.db)).toEqual(before);
    },
  );

  test("refuses to delete a status projects have with a 409 counting them", async () => {
    const { owner, organization, status } = await organizationWithStatus();
    await insertProject(t, organization.uid, { statusId: status.uid, title: "Website" });
    await insertProject(t, organization.uid, { statusId: status.uid, title: "App" });
    await insertProject(t, organization.uid, { title: "Still open" });
    const before = await snapshot(t.db);
    const response = await deleteStatus(organization.uid, status.uid, owner.token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "CONFLICT", ErrorMessage: "This status is used by 2 projects" });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("says so in the singular for a status of one project", async () => {
    const { owner, organization, status } = await organizationWithStatus();
    await insertProject(t, organization.uid, { statusId: status.uid });
    const response = await deleteStatus(organization.uid, status.uid, owner.token);
    expect(response.json().ErrorMessage).toBe("This status is used by 1 project");
  });

  test("refuses a Member and a role lacking delete on project, keeping the status", async () => {
    const { organization, status } = await organizationWithStatus();
    const member = await addMember(t, organization.uid, "member");
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "delete", subject: "project" }]);
    const before = await snapshot(t.db);
    for (const actor of [member, lacking]) {
      const response = await deleteStatus(organization.uid, status.uid, actor.token);
      expect(response.statusCode).toBe(403);
      expect(response.json().ErrorMessage).toBe("You need the right to delete project");
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for another organization's status and keeps it", async () => {
    const { owner, organization } = await buildOrganization(t);
    const other = await organizationWithStatus();
    const before = await snapshot(t.db);
    expect((await deleteStatus(organization.uid, other.status.uid, owner.token)).statusCode).toBe(404);
    expect((await deleteStatus(other.organization.uid, other.status.uid, owner.token)).statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a status id that is not an id with a 400 naming params.id", async () => {
    const { owner, organization } = await buildOrganization(t);
    const response = await deleteStatus(organization.uid, "open", owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "params.id" }));
  });
});

describe("workflows repository", () => {
  test("recognizes the foreign key's refusal when a project took the status after the count", async () => {
    const { organization, status } = await organizationWithStatus();
    await insertProject(t, organization.uid, { statusId: status.uid });
    const failure = await createWorkflowsRepository(t.db)
      .delete(organization.uid, status.uid)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isStatusInUseError(failure)).toBe(true);
    expect(isStatusInUseError(new Error("unrelated"))).toBe(false);
    expect(await statusRow(status.uid)).toBeDefined();
  });
});

describe("API documentation", () => {
  test("documents the four routes with their parameters, bodies and answers", async () => {
    const document = (await request(t.app, { method: "GET", url: "/api/docs/json" })).json();
    const list = document.paths["/api/v1/organization/{orgId}/projects-workflows"];
    const one = document.paths["/api/v1/organization/{orgId}/projects-workflows/{id}"];
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
