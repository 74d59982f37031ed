import { projectUpdateSchema, todayIn } from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { projectUpdates } from "../../db/schema.js";
import { addMember, addMemberLacking, insertProjectWithTeam, organizationWithProject } from "../../test/factories.js";
import { resourceCalls } from "../../test/resource-calls.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";
import { createProjectUpdatesRepository } from "./project-updates.repository.js";

const t = useTestApp();

const {
  list: listUpdates,
  create: createUpdate,
  update: updateUpdate,
  remove: deleteUpdate,
} = resourceCalls(
  t,
  (orgId: string, projectId: string) => `/api/v1/organization/${orgId}/project/${projectId}/updates`,
);

const fullUpdate = {
  status: "potential_risk",
  update: "Designs approved",
  priorities: "Start development",
  roadblocks: "Waiting for the API keys",
  progress: 40,
  date: "2026-03-02",
};

/** An organization with a project that has one update added through the API. */
async function projectWithUpdate() {
  const built = await organizationWithProject(t);
  const response = await createUpdate(built.orgId, built.project.id, fullUpdate, built.owner.token);
  if (response.statusCode !== 201) throw new Error(`update not created: ${response.body}`);
  return { ...built, update: projectUpdateSchema.parse(response.json()) };
}

const updateRow = async (id: string) => (await t.db.select().from(projectUpdates).where(eq(projectUpdates.id, id)))[0];

const invalidBodies: Array<[unknown, string]> = [
  [{ status: "done" }, "body.status"],
  [{ progress: 101 }, "body.progress"],
  [{ progress: -1 }, "body.progress"],
  [{ progress: 50.5 }, "body.progress"],
  [{ progress: "50" }, "body.progress"],
  [{ date: "2026-02-30" }, "body.date"],
  [{ date: "02/03/2026" }, "body.date"],
  [{ update: "u".repeat(10_001) }, "body.update"],
  [{ roadblocks: 7 }, "body.roadblocks"],
  [{ updateid: "1" }, "body.updateid"],
];

describe("GET /organization/{orgId}/project/{id}/updates", () => {
  test("lists the project's updates newest first, by date and then by when written, to a Member", async () => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const older = await createUpdate(orgId, project.id, { date: "2026-01-10", progress: 10 }, owner.token);
    const newestDay = await createUpdate(orgId, project.id, { date: "2026-02-01", progress: 30 }, owner.token);
    const sameDayLater = await createUpdate(orgId, project.id, { date: "2026-01-10", progress: 20 }, owner.token);
    const elsewhere = await insertProjectWithTeam(t, orgId, { managerId: owner.id });
    const other = await createUpdate(orgId, elsewhere.id, {}, owner.token);
    const member = await addMember(t, orgId, "member");

    const response = await listUpdates(orgId, project.id, member.token);
    expect(response.statusCode).toBe(200);
    expect(projectUpdateSchema.array().parse(response.json())).toEqual([
      newestDay.json(),
      sameDayLater.json(),
      older.json(),
    ]);
    expect(response.body).not.toContain(other.json().update_id);
  });

  test("hides a project the actor neither may read nor is on with a 404", async () => {
    const { orgId, project, update } = await projectWithUpdate();
    const outsider = await addMemberLacking(t, orgId, [{ action: "read", subject: "project" }]);
    const response = await listUpdates(orgId, project.id, outsider.token);
    expect(response.statusCode).toBe(404);
    expect(response.json().ErrorMessage).toBe("Project not found");
    expect(response.body).not.toContain(update.update_id);
  });

  test("answers 404 for another organization's project, through either organization's path", async () => {
    const { owner, orgId } = await organizationWithProject(t);
    const other = await projectWithUpdate();
    expect((await listUpdates(orgId, other.project.id, owner.token)).statusCode).toBe(404);
    const viaTheirs = await listUpdates(other.orgId, other.project.id, owner.token);
    expect(viaTheirs.statusCode).toBe(404);
    expect(viaTheirs.body).not.toContain(other.update.update_id);
  });

  test("refuses a project id that is not an id with a 400 naming params.id, and a request without a session", async () => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const response = await listUpdates(orgId, "website", owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "params.id" }));
    expect((await listUpdates(orgId, project.id)).statusCode).toBe(401);
  });
});

describe("POST /organization/{orgId}/project/{id}/updates", () => {
  test("adds an update with every field, trimmed", async () => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const response = await createUpdate(
      orgId,
      project.id,
      { ...fullUpdate, update: "  Designs approved \n" },
      owner.token,
    );
    expect(response.statusCode).toBe(201);
    const update = projectUpdateSchema.parse(response.json());
    expect(update).toEqual({
      update_id: expect.any(String),
      status: "potential_risk",
      data: { update: "Designs approved", priorities: "Start development", roadblocks: "Waiting for the API keys" },
      date: "2026-03-02",
      progress: 40,
    });
    expect(await updateRow(update.update_id)).toMatchObject({ projectId: project.id, createdBy: owner.id });
  });

  test("makes an empty update in progress at 0%, about today where the writer is", async () => {
    const { orgId, project } = await organizationWithProject(t);
    // Fourteen hours ahead of Greenwich: most of the day, its date is not the server's.
    const manager = await addMember(t, orgId, "manager", { preferences: { timeZone: "Pacific/Kiritimati" } });
    const days = [todayIn("Pacific/Kiritimati")];
    const response = await createUpdate(orgId, project.id, {}, manager.token);
    days.push(todayIn("Pacific/Kiritimati"));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      status: "in_progress",
      data: { update: "", priorities: "", roadblocks: "" },
      progress: 0,
    });
    expect(days).toContain(response.json().date);
  });

  test("lets a Member who manages the project add one", async () => {
    const { orgId } = await organizationWithProject(t);
    const member = await addMember(t, orgId, "member");
    const own = await insertProjectWithTeam(t, orgId, { managerId: member.id });
    expect((await createUpdate(orgId, own.id, { progress: 5 }, member.token)).statusCode).toBe(201);
  });

  test.each(invalidBodies)("refuses %j with a 400 naming %s and writes nothing", async (json, field) => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const before = await snapshot(t.db);
    const response = await createUpdate(orgId, project.id, json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a Member who does not manage the project, writing nothing", async () => {
    const { orgId, project } = await organizationWithProject(t);
    const member = await addMember(t, orgId, "member");
    const before = await snapshot(t.db);
    const response = await createUpdate(orgId, project.id, fullUpdate, member.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "FORBIDDEN", ErrorMessage: "You need the right to edit project" });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for another organization's project and writes nothing", async () => {
    const { owner, orgId } = await organizationWithProject(t);
    const other = await organizationWithProject(t);
    const before = await snapshot(t.db);
    expect((await createUpdate(orgId, other.project.id, fullUpdate, owner.token)).statusCode).toBe(404);
    expect((await createUpdate(other.orgId, other.project.id, fullUpdate, owner.token)).statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("PATCH /organization/{orgId}/project/{id}/updates/{updateId}", () => {
  test("replaces the fields, keeping the day when no date is sent", async () => {
    const { owner, orgId, project, update } = await projectWithUpdate();
    const response = await updateUpdate(
      orgId,
      project.id,
      update.update_id,
      { status: "delivered", progress: 100, update: "Live" },
      owner.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      update_id: update.update_id,
      status: "delivered",
      data: { update: "Live", priorities: "", roadblocks: "" },
      date: "2026-03-02",
      progress: 100,
    });
    const moved = await updateUpdate(orgId, project.id, update.update_id, { date: "2026-04-01" }, owner.token);
    expect(moved.json()).toMatchObject({ date: "2026-04-01", status: "in_progress", progress: 0 });
    expect(await updateRow(update.update_id)).toMatchObject({ date: "2026-04-01" });
  });

  test.each(invalidBodies)("refuses %j with a 400 naming %s and changes nothing", async (json, field) => {
    const { owner, orgId, project, update } = await projectWithUpdate();
    const before = await snapshot(t.db);
    const response = await updateUpdate(orgId, project.id, update.update_id, json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a Member who does not manage the project, changing nothing", async () => {
    const { orgId, project, update } = await projectWithUpdate();
    const member = await addMember(t, orgId, "member");
    const before = await snapshot(t.db);
    const response = await updateUpdate(orgId, project.id, update.update_id, { progress: 99 }, member.token);
    expect(response.statusCode).toBe(403);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for an update of another project or organization, changing nothing", async () => {
    const { owner, orgId, update } = await projectWithUpdate();
    const sibling = await insertProjectWithTeam(t, orgId, { managerId: owner.id });
    const other = await projectWithUpdate();
    const before = await snapshot(t.db);
    const viaSibling = await updateUpdate(orgId, sibling.id, update.update_id, {}, owner.token);
    expect(viaSibling.statusCode).toBe(404);
    expect(viaSibling.json().ErrorMessage).toBe("Project update not found");
    expect((await updateUpdate(orgId, sibling.id, other.update.update_id, {}, owner.token)).statusCode).toBe(404);
    const viaTheirs = await updateUpdate(other.orgId, other.project.id, other.update.update_id, {}, owner.token);
    expect(viaTheirs.statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("DELETE /organization/{orgId}/project/{id}/updates/{updateId}", () => {
  test("deletes an update", async () => {
    const { owner, orgId, project, update } = await projectWithUpdate();
    const response = await deleteUpdate(orgId, project.id, update.update_id, owner.token);
    expect(response.statusCode).toBe(204);
    expect(await updateRow(update.update_id)).toBeUndefined();
    expect((await deleteUpdate(orgId, project.id, update.update_id, owner.token)).statusCode).toBe(404);
  });

  test("refuses a Member who does not manage the project, keeping the update", async () => {
    const { orgId, project, update } = await projectWithUpdate();
    const member = await addMember(t, orgId, "member");
    const before = await snapshot(t.db);
    expect((await deleteUpdate(orgId, project.id, update.update_id, member.token)).statusCode).toBe(403);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for another organization's update, through either organization's path, deleting nothing", async () => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const other = await projectWithUpdate();
    const before = await snapshot(t.db);
    expect((await deleteUpdate(orgId, project.id, other.update.update_id, owner.token)).statusCode).toBe(404);
    expect((await deleteUpdate(other.orgId, other.project.id, other.update.update_id, owner.token)).statusCode).toBe(
      404,
    );
    const badId = await deleteUpdate(orgId, project.id, "latest", owner.token);
    expect(badId.json().details).toContainEqual(expect.objectContaining({ field: "params.updateId" }));
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("latestByProjects", () => {
  test("answers each project's newest update, by date and then by when written, leaving out projects without any", async () => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const second = await insertProjectWithTeam(t, orgId, { managerId: owner.id });
    const silent = await insertProjectWithTeam(t, orgId, { managerId: owner.id });
    await createUpdate(orgId, project.id, { date: "2026-05-01", status: "delivered", progress: 100 }, owner.token);
    await createUpdate(orgId, project.id, { date: "2026-04-01", status: "halted", progress: 70 }, owner.token);
    await createUpdate(orgId, second.id, { date: "2026-01-01", progress: 10 }, owner.token);
    await createUpdate(orgId, second.id, { date: "2026-01-01", status: "potential_risk", progress: 15 }, owner.token);

    const repository = createProjectUpdatesRepository(t.db);
    const latest = await repository.latestByProjects([project.id, second.id, silent.id]);
    expect(latest.map(({ projectId, status, date, progress }) => ({ projectId, status, date, progress }))).toEqual(
      expect.arrayContaining([
        { projectId: project.id, status: "delivered", date: "2026-05-01", progress: 100 },
        { projectId: second.id, status: "potential_risk", date: "2026-01-01", progress: 15 },
      ]),
    );
    expect(latest).toHaveLength(2);
    expect(await repository.latestByProjects([])).toEqual([]);
  });
});

describe("OpenAPI", () => {
  test("documents the calls under project/{id}/updates", async () => {
    const document = (await request(t.app, { method: "GET", url: "/api/docs/json" })).json();
    const list = document.paths["/api/v1/organization/{orgId}/project/{id}/updates"];
    const one = document.paths["/api/v1/organization/{orgId}/project/{id}/updates/{updateId}"];
    expect(Object.keys(list).sort()).toEqual(["get", "post"]);
    expect(Object.keys(one).sort()).toEqual(["delete", "patch"]);
    expect(list.post.requestBody.content["application/json"].schema.properties).toBeDefined();
    expect(Object.keys(list.post.responses)).toEqual(expect.arrayContaining(["201", "400", "403", "404"]));
    expect(one.patch.parameters.map((p: { name: string }) => p.name).sort()).toEqual(
      ["id", "updateId", "orgId"].sort(),
    );
  });
});
