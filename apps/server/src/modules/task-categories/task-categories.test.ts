import { type TaskCategory, taskCategorySchema } from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { taskCategories, tasks } from "../../db/schema.js";
import { addMember, addMemberLacking, buildOrganization, buildUser, insertProject } from "../../test/factories.js";
import { resourceCalls } from "../../test/resource-calls.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

const t = useTestApp();

const {
  list: listCategories,
  create: createCategory,
  update: updateCategory,
  remove: deleteCategory,
} = resourceCalls(t, (orgId: string) => `/api/v1/organization/${orgId}/task-category`);

/** An organization with one task category, made through the API by its Admin. */
async function organizationWithCategory(name = "Development") {
  const built = await buildOrganization(t);
  const response = await createCategory(built.organization.uid, { name, color: "#228BE6" }, built.owner.token);
  if (response.statusCode !== 201) throw new Error(`category not created: ${response.body}`);
  return { ...built, category: taskCategorySchema.parse(response.json()) };
}

const categoryRow = async (id: string) =>
  (await t.db.select().from(taskCategories).where(eq(taskCategories.id, id)))[0];

const invalidBodies: Array<[unknown, string]> = [
  [{ color: "#228be6" }, "body.name"],
  [{ name: "   ", color: "#228be6" }, "body.name"],
  [{ name: "n".repeat(61), color: "#228be6" }, "body.name"],
  [{ name: "Design" }, "body.color"],
  [{ name: "Design", color: "blue" }, "body.color"],
  [{ name: "Design", color: "#12345" }, "body.color"],
  [{ name: "Design", color: "#228be6", is_used_for_tasks: "yes" }, "body.is_used_for_tasks"],
  [{ name: "Design", color: "#228be6", is_used_for_planning: null }, "body.is_used_for_planning"],
  [{ name: "Design", color: "#228be6", isUsedForTasks: false }, "body.isUsedForTasks"],
];

describe("GET /organization/{orgId}/task-category", () => {
  test("lists the organization's categories by name, ignoring case, to a Member", async () => {
    const { owner, organization } = await buildOrganization(t);
    for (const name of ["meetings", "Design", "Admin work"]) {
      await createCategory(organization.uid, { name, color: "#000000" }, owner.token);
    }
    const other = await organizationWithCategory("Aardvark");
    const member = await addMember(t, organization.uid, "member");

    const response = await listCategories(organization.uid, member.token);
    expect(response.statusCode).toBe(200);
    const list = taskCategorySchema.array().parse(response.json());
    expect(list.map((c) => c.name)).toEqual(["Admin work", "Design", "meetings"]);
    expect(response.body).not.toContain(other.category.uid);
  });

  test("lets a role without any right read them, since every member files work under them", async () => {
    const { organization, category } = await organizationWithCategory();
    const lacking = await addMemberLacking(t, organization.uid, [
      { action: "read", subject: "project" },
      { action: "read", subject: "organization" },
    ]);
    const response = await listCategories(organization.uid, lacking.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([category]);
  });

  test("answers 404 to a user of another organization and to a user without one", async () => {
    const { organization, category } = await organizationWithCategory();
    const { owner: stranger } = await buildOrganization(t);
    const loner = await buildUser(t);
    const foreign = await listCategories(organization.uid, stranger.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(category.uid);
    expect((await listCategories(organization.uid, loner.token)).statusCode).toBe(404);
  });

  test("refuses an organization id that is not an id with a 400 naming params.orgId", async () => {
    const { owner } = await buildOrganization(t);
    const response = await listCategories("acme", owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "params.orgId" }));
  });

  test("refuses a request without a session", async () => {
    const { organization } = await buildOrganization(t);
    expect((await listCategories(organization.uid)).statusCode).toBe(401);
  });
});

describe("POST /organization/{orgId}/task-category", () => {
  test("adds a category used for tasks and planning by default, trimmed and with the colour lower-cased", async () => {
    const { owner, organization } = await buildOrganization(t);
    const response = await createCategory(organization.uid, { name: "  Design ", color: "#FA5252" }, owner.token);
    expect(response.statusCode).toBe(201);
    const category = taskCategorySchema.parse(response.json());
    expect(category).toEqual({
      uid: expect.any(String),
      name: "Design",
      color: "#fa5252",
      is_used_for_tasks: true,
      is_used_for_planning: true,
    });
    expect(await categoryRow(category.uid)).toMatchObject({ organizationId: organization.uid, name: "Design" });
    expect((await listCategories(organization.uid, owner.token)).json()).toEqual([category]);
  });

  test("keeps the flags sent", async () => {
    const { owner, organization } = await buildOrganization(t);
    const response = await createCategory(
      organization.uid,
      { name: "Holidays", color: "#40c057", is_used_for_tasks: false, is_used_for_planning: true },
      owner.token,
    );
    expect(response.json()).toMatchObject({ is_used_for_tasks: false, is_used_for_planning: true });
  });

  test("lets a Manager, with edit on project, add a category", async () => {
    const { organization } = await buildOrganization(t);
    const manager = await addMember(t, organization.uid, "manager");
    const response = await createCategory(organization.uid, { name: "Support", color: "#000000" }, manager.token);
    expect(response.statusCode).toBe(201);
  });

  test.each(invalidBodies)("refuses %j with a 400 naming %s and writes nothing", async (json, field) => {
    const { owner, organization } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const response = await createCategory(organization.uid, json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a Member and a role lacking edit on project, writing nothing", async () => {
    const { organization } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "project" }]);
    const before = await snapshot(t.db);
    for (const actor of [member, lacking]) {
      const response = await createCategory(organization.uid, { name: "Mine", color: "#000000" }, actor.token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: "FORBIDDEN", ErrorMessage: "You need the right to edit project" });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 to a user of another organization and writes nothing", async () => {
    const { organization } = await buildOrganization(t);
    const { owner: stranger } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const response = await createCategory(organization.uid, { name: "Planted", color: "#000000" }, stranger.token);
    expect(response.statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("PATCH /organization/{orgId}/task-category/{id}", () => {
  test("replaces every field, the flags falling back to true when left out", async () => {
    const { owner, organization } = await buildOrganization(t);
    const created = await createCategory(
      organization.uid,
      { name: "Design", color: "#000000", is_used_for_tasks: false, is_used_for_planning: false },
      owner.token,
    );
    const category = created.json() as TaskCategory;
    const response = await updateCategory(
      organization.uid,
      category.uid,
      { name: "UX design", color: "#ABCDEF" },
      owner.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      uid: category.uid,
      name: "UX design",
      color: "#abcdef",
      is_used_for_tasks: true,
      is_used_for_planning: true,
    });
    expect(await categoryRow(category.uid)).toMatchObject({ name: "UX design", isUsedForTasks: true });
  });

  test("lets a Manager change a category", async () => {
    const { organization, category } = await organizationWithCategory();
    const manager = await addMember(t, organization.uid, "manager");
    const response = await updateCategory(
      organization.uid,
      category.uid,
      { name: "Dev", color: "#000000", is_used_for_planning: false },
      manager.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: "Dev", is_used_for_planning: false });
  });

  test.each(invalidBodies)("refuses %j with a 400 naming %s and changes nothing", async (json, field) => {
    const { owner, organization, category } = await organizationWithCategory();
    const before = await snapshot(t.db);
    const response = await updateCategory(organization.uid, category.uid, json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a category id that is not an id with a 400 naming params.id", async () => {
    const { owner, organization } = await buildOrganization(t);
    const response = await updateCategory(organization.uid, "design", { name: "X", color: "#000000" }, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "params.id" }));
  });

  test("refuses a Member and a role lacking edit on project, changing nothing", async () => {
    const { organization, category } = await organizationWithCategory();
    const member = await addMember(t, organization.uid, "member");
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "project" }]);
    const before = await snapshot(t.db);
    for (const actor of [member, lacking]) {
      const response = await updateCategory(
        organization.uid,
        category.uid,
        { name: "Mine", color: "#000000" },
        actor.token,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().ErrorMessage).toBe("You need the right to edit project");
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for another organization's category, through either organization's path, changing nothing", async () => {
    const { owner, organization } = await buildOrganization(t);
    const other = await organizationWithCategory();
    const before = await snapshot(t.db);
    const body = { name: "Taken", color: "#000000" };
    const viaOwn = await updateCategory(organization.uid, other.category.uid, body, owner.token);
    expect(viaOwn.statusCode).toBe(404);
    expect(viaOwn.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "Task category not found" });
    const viaTheirs = await updateCategory(other.organization.uid, other.category.uid, body, owner.token);
    expect(viaTheirs.statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("DELETE /organization/{orgId}/task-category/{id}", () => {
  test("deletes a category and clears it from its tasks, which stay", async () => {
    const { owner, organization, category } = await organizationWithCategory();
    const project = await insertProject(t, organization.uid);
    const [task] = await t.db
      .insert(tasks)
      .values({ organizationId: organization.uid, projectId: project.id, name: "Mockups", categoryId: category.uid })
      .returning();

    const response = await deleteCategory(organization.uid, category.uid, owner.token);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect(await categoryRow(category.uid)).toBeUndefined();
    const [after] = await t.db.select().from(tasks).where(eq(tasks.id, task!.id));
    expect(after).toMatchObject({ name: "Mockups", categoryId: null });
    expect((await deleteCategory(organization.uid, category.uid, owner.token)).statusCode).toBe(404);
  });

  test("lets a Manager delete a category", async () => {
    const { organization, category } = await organizationWithCategory();
    const manager = await addMember(t, organization.uid, "manager");
    expect((await deleteCategory(organization.uid, category.uid, manager.token)).statusCode).toBe(204);
  });

  test("refuses a Member and a role lacking edit on project, keeping the category", async () => {
    const { organization, category } = await organizationWithCategory();
    const member = await addMember(t, organization.uid, "member");
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "project" }]);
    const before = await snapshot(t.db);
    for (const actor of [member, lacking]) {
      const response = await deleteCategory(organization.uid, category.uid, actor.token);
      expect(response.statusCode).toBe(403);
      expect(response.json().ErrorMessage).toBe("You need the right to edit project");
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for another organization's category, through either organization's path, deleting nothing", async () => {
    const { owner, organization } = await buildOrganization(t);
    const other = await organizationWithCategory();
    const before = await snapshot(t.db);
    expect((await deleteCategory(organization.uid, other.category.uid, owner.token)).statusCode).toBe(404);
    expect((await deleteCategory(other.organization.uid, other.category.uid, owner.token)).statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("OpenAPI", () => {
  test("documents the task category calls", async () => {
    const document = (await request(t.app, { method: "GET", url: "/api/docs/json" })).json();
    const list = document.paths["/api/v1/organization/{orgId}/task-category"];
    const one = document.paths["/api/v1/organization/{orgId}/task-category/{id}"];
    expect(Object.keys(list).sort()).toEqual(["get", "post"]);
    expect(Object.keys(one).sort()).toEqual(["delete", "patch"]);
    expect(Object.keys(list.post.requestBody.content["application/json"].schema.properties).sort()).toEqual([
      "color",
      "is_used_for_planning",
      "is_used_for_tasks",
      "name",
    ]);
    expect(Object.keys(one.delete.responses)).toEqual(expect.arrayContaining(["204", "403", "404"]));
  });
});
