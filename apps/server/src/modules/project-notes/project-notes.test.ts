import { type Note, noteSchema } from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { projectNotes, users } from "../../db/schema.js";
import {
  addMember,
  addMemberLacking,
  buildUser,
  insertProjectWithTeam,
  organizationWithProject,
} from "../../test/factories.js";
import { resourceCalls } from "../../test/resource-calls.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

const t = useTestApp();

const {
  list: listNotes,
  create: createNote,
  update: updateNote,
  remove: deleteNote,
} = resourceCalls(t, (orgId: string, projectId: string) => `/api/v1/organization/${orgId}/project/${projectId}/note`);

/** An organization with a project that has one note written through the API. */
async function projectWithNote(note = "Kick-off on Monday") {
  const built = await organizationWithProject(t);
  const response = await createNote(built.orgId, built.project.id, { note }, built.owner.token);
  if (response.statusCode !== 201) throw new Error(`note not created: ${response.body}`);
  return { ...built, note: noteSchema.parse(response.json()) };
}

const noteRow = async (id: string) => (await t.db.select().from(projectNotes).where(eq(projectNotes.id, id)))[0];

const invalidBodies: Array<[unknown, string]> = [
  [{}, "body.note"],
  [{ note: 42 }, "body.note"],
  [{ note: "n".repeat(20_001) }, "body.note"],
  [{ note: "Hello", uid: "0b8a3e5e-3b8e-4c56-9b7c-7f0d8a1e2c3d" }, "body.uid"],
];

describe("GET /organization/{orgId}/project/{id}/note", () => {
  test("lists the project's notes newest first, each with its author and time, to a Member", async () => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const manager = await addMember(t, orgId, "manager", { nominative: "Marta Manager" });
    const first = await createNote(orgId, project.id, { note: "First" }, owner.token);
    const second = await createNote(orgId, project.id, { note: "Second" }, manager.token);
    const elsewhere = await insertProjectWithTeam(t, orgId, { managerId: owner.id });
    const other = await createNote(orgId, elsewhere.id, { note: "Elsewhere" }, owner.token);
    const member = await addMember(t, orgId, "member");

    const response = await listNotes(orgId, project.id, member.token);
    expect(response.statusCode).toBe(200);
    const list = noteSchema.array().parse(response.json());
    expect(list).toEqual([second.json(), first.json()]);
    expect(list[0]!.created_by).toEqual({ uid: manager.id, nominative: "Marta Manager", image_url: null });
    expect(response.body).not.toContain(other.json().uid);
  });

  test("answers a note whose author's account is gone without an author", async () => {
    const { orgId, project } = await organizationWithProject(t);
    const manager = await addMember(t, orgId, "manager");
    const created = await createNote(orgId, project.id, { note: "Orphan" }, manager.token);
    await t.db.delete(users).where(eq(users.id, manager.id));
    const member = await addMember(t, orgId, "member");
    const response = await listNotes(orgId, project.id, member.token);
    expect(response.json()).toEqual([{ ...created.json(), created_by: null }]);
  });

  test("hides a project the actor neither may read nor is on with a 404", async () => {
    const { orgId, project, note } = await projectWithNote();
    const outsider = await addMemberLacking(t, orgId, [{ action: "read", subject: "project" }]);
    const response = await listNotes(orgId, project.id, outsider.token);
    expect(response.statusCode).toBe(404);
    expect(response.json().ErrorMessage).toBe("Project not found");
    expect(response.body).not.toContain(note.uid);
  });

  test("lets a team member without read on project read the notes of their project", async () => {
    const { owner, orgId } = await organizationWithProject(t);
    const teammate = await addMemberLacking(t, orgId, [{ action: "read", subject: "project" }]);
    const staffed = await insertProjectWithTeam(t, orgId, { managerId: owner.id, members: [{ userId: teammate.id }] });
    await createNote(orgId, staffed.id, { note: "Ours" }, owner.token);
    const response = await listNotes(orgId, staffed.id, teammate.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((n: Note) => n.note)).toEqual(["Ours"]);
  });

  test("answers 404 for another organization's project, through either organization's path", async () => {
    const { owner, orgId } = await organizationWithProject(t);
    const other = await projectWithNote();
    expect((await listNotes(orgId, other.project.id, owner.token)).statusCode).toBe(404);
    const viaTheirs = await listNotes(other.orgId, other.project.id, owner.token);
    expect(viaTheirs.statusCode).toBe(404);
    expect(viaTheirs.body).not.toContain(other.note.uid);
  });

  test("refuses a project id that is not an id with a 400 naming params.id, and a request without a session", async () => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const response = await listNotes(orgId, "website", owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "params.id" }));
    expect((await listNotes(orgId, project.id)).statusCode).toBe(401);
  });
});

describe("POST /organization/{orgId}/project/{id}/note", () => {
  test("adds a note written by the signed-in user, now", async () => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const before = Date.now();
    const response = await createNote(orgId, project.id, { note: "Brief: a new website" }, owner.token);
    expect(response.statusCode).toBe(201);
    const note = noteSchema.parse(response.json());
    expect(note).toEqual({
      uid: expect.any(String),
      note: "Brief: a new website",
      created_at: expect.any(Number),
      created_by: { uid: owner.id, nominative: owner.nominative, image_url: owner.imageUrl },
    });
    expect(note.created_at).toBeGreaterThanOrEqual(before - 1000);
    expect(note.created_at).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await noteRow(note.uid)).toMatchObject({ projectId: project.id, createdBy: owner.id });
  });

  test("accepts an empty note, as the brief note is saved when the field is left", async () => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const response = await createNote(orgId, project.id, { note: "" }, owner.token);
    expect(response.statusCode).toBe(201);
    expect(response.json().note).toBe("");
  });

  test("lets a Member who manages the project add one", async () => {
    const { orgId } = await organizationWithProject(t);
    const member = await addMember(t, orgId, "member");
    const own = await insertProjectWithTeam(t, orgId, { managerId: member.id });
    expect((await createNote(orgId, own.id, { note: "Mine" }, member.token)).statusCode).toBe(201);
  });

  test.each(invalidBodies)("refuses %j with a 400 naming %s and writes nothing", async (json, field) => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const before = await snapshot(t.db);
    const response = await createNote(orgId, project.id, json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a Member who does not manage the project, writing nothing", async () => {
    const { orgId, project } = await organizationWithProject(t);
    const member = await addMember(t, orgId, "member");
    const before = await snapshot(t.db);
    const response = await createNote(orgId, project.id, { note: "Not mine" }, member.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "FORBIDDEN", ErrorMessage: "You need the right to edit project" });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for another organization's project and writes nothing", async () => {
    const { owner, orgId } = await organizationWithProject(t);
    const other = await organizationWithProject(t);
    const before = await snapshot(t.db);
    expect((await createNote(orgId, other.project.id, { note: "Planted" }, owner.token)).statusCode).toBe(404);
    expect((await createNote(other.orgId, other.project.id, { note: "Planted" }, owner.token)).statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("PATCH /organization/{orgId}/project/{id}/note/{noteId}", () => {
  test("changes the text and keeps the author and time, even when someone else edits it", async () => {
    const { orgId, project, note } = await projectWithNote();
    const manager = await addMember(t, orgId, "manager");
    const response = await updateNote(
      orgId,
      project.id,
      note.uid,
      { note: "Kick-off moved to Tuesday" },
      manager.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...note, note: "Kick-off moved to Tuesday" });
    expect(await noteRow(note.uid)).toMatchObject({ note: "Kick-off moved to Tuesday" });
  });

  test.each(invalidBodies)("refuses %j with a 400 naming %s and changes nothing", async (json, field) => {
    const { owner, orgId, project, note } = await projectWithNote();
    const before = await snapshot(t.db);
    const response = await updateNote(orgId, project.id, note.uid, json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a Member who does not manage the project, changing nothing", async () => {
    const { orgId, project, note } = await projectWithNote();
    const member = await addMember(t, orgId, "member");
    const before = await snapshot(t.db);
    expect((await updateNote(orgId, project.id, note.uid, { note: "Mine" }, member.token)).statusCode).toBe(403);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for a note of another project or organization, changing nothing", async () => {
    const { owner, orgId, note } = await projectWithNote();
    const sibling = await insertProjectWithTeam(t, orgId, { managerId: owner.id });
    const other = await projectWithNote();
    const before = await snapshot(t.db);
    const viaSibling = await updateNote(orgId, sibling.id, note.uid, { note: "Moved" }, owner.token);
    expect(viaSibling.statusCode).toBe(404);
    expect(viaSibling.json().ErrorMessage).toBe("Note not found");
    expect((await updateNote(orgId, sibling.id, other.note.uid, { note: "X" }, owner.token)).statusCode).toBe(404);
    expect(
      (await updateNote(other.orgId, other.project.id, other.note.uid, { note: "X" }, owner.token)).statusCode,
    ).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("DELETE /organization/{orgId}/project/{id}/note/{noteId}", () => {
  test("deletes a note", async () => {
    const { owner, orgId, project, note } = await projectWithNote();
    const response = await deleteNote(orgId, project.id, note.uid, owner.token);
    expect(response.statusCode).toBe(204);
    expect(await noteRow(note.uid)).toBeUndefined();
    expect((await deleteNote(orgId, project.id, note.uid, owner.token)).statusCode).toBe(404);
  });

  test("refuses a Member who does not manage the project, keeping the note", async () => {
    const { orgId, project, note } = await projectWithNote();
    const member = await addMember(t, orgId, "member");
    const before = await snapshot(t.db);
    const response = await deleteNote(orgId, project.id, note.uid, member.token);
    expect(response.statusCode).toBe(403);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for another organization's note, through either organization's path, deleting nothing", async () => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const other = await projectWithNote();
    const before = await snapshot(t.db);
    expect((await deleteNote(orgId, project.id, other.note.uid, owner.token)).statusCode).toBe(404);
    expect((await deleteNote(other.orgId, other.project.id, other.note.uid, owner.token)).statusCode).toBe(404);
    expect((await deleteNote(orgId, project.id, "note", owner.token)).statusCode).toBe(400);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a user without an organization with a 404", async () => {
    const { orgId, project, note } = await projectWithNote();
    const loner = await buildUser(t);
    expect((await deleteNote(orgId, project.id, note.uid, loner.token)).statusCode).toBe(404);
    expect(await noteRow(note.uid)).toBeDefined();
  });
});

describe("OpenAPI", () => {
  test("documents the calls under project/{id}/note", async () => {
    const document = (await request(t.app, { method: "GET", url: "/api/docs/json" })).json();
    const list = document.paths["/api/v1/organization/{orgId}/project/{id}/note"];
    const one = document.paths["/api/v1/organization/{orgId}/project/{id}/note/{noteId}"];
    expect(Object.keys(list).sort()).toEqual(["get", "post"]);
    expect(Object.keys(one).sort()).toEqual(["delete", "patch"]);
    expect(list.post.requestBody.content["application/json"].schema.properties).toBeDefined();
    expect(Object.keys(list.post.responses)).toEqual(expect.arrayContaining(["201", "400", "403", "404"]));
    expect(one.patch.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["id", "noteId", "orgId"].sort());
  });
});
