import { randomUUID } from "node:crypto";
import { type Task, taskCategorySchema, taskSchema } from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { customers, projectCategories, tasks } from "../../db/schema.js";
import {
  addMember,
  addMemberLacking,
  type BuiltUser,
  buildOrganization,
  buildUser,
  insertProjectWithTeam,
} from "../../test/factories.js";
import { resourceCalls, withToken } from "../../test/resource-calls.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";
import { createTasksRepository, missingReferenceOf } from "./tasks.repository.js";

const t = useTestApp();

const {
  get: getTask,
  create: createTask,
  update: updateTask,
  remove: deleteTask,
} = resourceCalls(t, (orgId: string) => `/api/v1/organization/${orgId}/task`);

// The list takes filters, which the shared callers do not.
const listTasks = (orgId: string, query: Record<string, string>, token?: string) =>
  request(t.app, { method: "GET", url: `/api/v1/organization/${orgId}/task`, query, ...withToken(token) });

/**
 * An organization whose Admin manages a project with a customer and a category, and a second project; a Member, and
 * a task category.
 */
async function workspace() {
  const built = await buildOrganization(t);
  const orgId = built.organization.uid;
  const { owner } = built;
  const [customer] = await t.db.insert(customers).values({ organizationId: orgId, nominative: "Acme Srl" }).returning();
  const [projectCategory] = await t.db
    .insert(projectCategories)
    .values({ organizationId: orgId, name: "Web", color: "#123456" })
    .returning();
  const project = await insertProjectWithTeam(t, orgId, {
    title: "Website",
    managerId: owner.id,
    customerId: customer!.id,
    categoryId: projectCategory!.id,
  });
  const otherProject = await insertProjectWithTeam(t, orgId, { title: "App", managerId: owner.id });
  const member = await addMember(t, orgId, "member", { nominative: "Mia Member" });
  const categoryResponse = await request(t.app, {
    method: "POST",
    url: `/api/v1/organization/${orgId}/task-category`,
    token: owner.token,
    json: { name: "Design", color: "#fa5252" },
  });
  const category = taskCategorySchema.parse(categoryResponse.json());
  return {
    ...built,
    orgId,
    customer: customer!,
    projectCategory: projectCategory!,
    project,
    otherProject,
    member,
    category,
  };
}

/** A task made through the API by `actor`, assigned to `assignee`. */
async function addTask(
  orgId: string,
  actor: BuiltUser,
  projectId: string,
  assignee: BuiltUser,
  extra: Record<string, unknown> = {},
): Promise<Task> {
  const response = await createTask(orgId, { name: "Task", projectId, userId: assignee.id, ...extra }, actor.token);
  if (response.statusCode !== 201) throw new Error(`task not created: ${response.body}`);
  return taskSchema.parse(response.json());
}

const taskRow = async (id: string) => (await t.db.select().from(tasks).where(eq(tasks.id, id)))[0];

const userRef = (user: BuiltUser) => ({ uid: user.id, nominative: user.nominative, image_url: user.imageUrl });

const validationDetails = (response: { json(): unknown }) =>
  (response.json() as { details?: Array<{ field: string; message: string }> }).details ?? [];

describe("POST /organization/{orgId}/task", () => {
  test("adds a task on medium priority, open, answered with its assignee, project, customer and category", async () => {
    const { owner, orgId, project, member, category, projectCategory } = await workspace();
    const dueDate = Date.UTC(2026, 5, 30, 21, 59, 59, 999);
    const response = await createTask(
      orgId,
      {
        name: "  Wireframes ",
        description: "Home and product pages",
        dueDate,
        projectId: project.id,
        userId: member.id,
        categoryId: category.uid,
      },
      owner.token,
    );
    expect(response.statusCode).toBe(201);
    const task = taskSchema.parse(response.json());
    expect(task).toEqual({
      uid: expect.any(String),
      name: "Wireframes",
      description: "Home and product pages",
      due_date: dueDate,
      color: null,
      complete: false,
      user: { uid: member.id, nominative: "Mia Member", image_url: null },
      project: {
        uid: project.id,
        title: "Website",
        category: { uid: projectCategory.id, name: "Web", color: "#123456" },
        customer_nominative: "Acme Srl",
      },
      organization_id: orgId,
      parent_task: null,
      sub_tasks: [],
      priority: 30,
      category: { uid: category.uid, name: "Design", color: "#fa5252" },
      total_work_time: 0,
      created_at: expect.any(Number),
    });
    expect(await taskRow(task.uid)).toMatchObject({ projectId: project.id, userId: member.id, priority: 30 });
    expect((await getTask(orgId, task.uid, owner.token)).json()).toEqual(task);
  });

  test("adds a subtask under a task of the same project, which then lists it with its assignee", async () => {
    const { owner, orgId, project, member } = await workspace();
    const parent = await addTask(orgId, owner, project.id, owner, { name: "Design" });
    const response = await createTask(
      orgId,
      { name: "Logo", userId: member.id, projectId: project.id, parentId: parent.uid },
      member.token,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ parent_task: { uid: parent.uid, name: "Design" }, sub_tasks: [] });
    const reread = taskSchema.parse((await getTask(orgId, parent.uid, owner.token)).json());
    expect(reread.sub_tasks).toEqual([
      { uid: response.json().uid, name: "Logo", complete: false, user: userRef(member) },
    ]);
  });

  test("lets a Member add a task to any project, and someone without read on project only to their own", async () => {
    const { owner, orgId, project, member } = await workspace();
    expect(
      (await createTask(orgId, { name: "Mine", projectId: project.id, userId: member.id }, member.token)).statusCode,
    ).toBe(201);

    const outsider = await addMemberLacking(t, orgId, [{ action: "read", subject: "project" }]);
    const own = await insertProjectWithTeam(t, orgId, { managerId: owner.id, members: [{ userId: outsider.id }] });
    const mine = await createTask(orgId, { name: "Ours", projectId: own.id, userId: outsider.id }, outsider.token);
    expect(mine.statusCode).toBe(201);
    const before = await snapshot(t.db);
    const hidden = await createTask(
      orgId,
      { name: "Theirs", projectId: project.id, userId: outsider.id },
      outsider.token,
    );
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "Project not found" });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test.each([
    [{ name: "" }, "body.name", "Task name is required!"],
    [{ name: "   " }, "body.name", "Task name is required!"],
    [{ name: undefined }, "body.name", "Task name is required!"],
    [{ projectId: null }, "body.projectId", "Task project is required!"],
    [{ projectId: "" }, "body.projectId", "Task project is required!"],
    [{ projectId: "website" }, "body.projectId", "Task project is required!"],
    [{ userId: null }, "body.userId", "Assignee is required!"],
    [{ userId: undefined }, "body.userId", "Assignee is required!"],
    [{ priority: 35 }, "body.priority", "Priority must be 10, 20, 30, 40 or 50"],
    [{ dueDate: "2026-06-30" }, "body.dueDate", undefined],
    [{ dueDate: 1e20 }, "body.dueDate", "Due date must be between the years 1 and 9999"],
    [{ complete: "yes" }, "body.complete", undefined],
    [{ categoryId: "design" }, "body.categoryId", undefined],
    [{ parentId: "parent" }, "body.parentId", undefined],
    [{ project_id: "0b8a3e5e-3b8e-4c56-9b7c-7f0d8a1e2c3d" }, "body.project_id", "Unknown field"],
  ])("refuses %j with a 400 naming %s and writes nothing", async (patch, field, message) => {
    const { owner, orgId, project } = await workspace();
    const before = await snapshot(t.db);
    const response = await createTask(
      orgId,
      { name: "Task", projectId: project.id, userId: owner.id, ...patch },
      owner.token,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(validationDetails(response)).toContainEqual(
      message ? { field, message } : expect.objectContaining({ field }),
    );
    expect(await snapshot(t.db)).toEqual(before);
  });

  test.each(["inactive", "invited"] as const)(
    "refuses an assignee who is %s with a 400 naming body.userId, writing nothing",
    async (status) => {
      const { owner, orgId, project } = await workspace();
      const absent = await addMember(t, orgId, "member", { status });
      const before = await snapshot(t.db);
      const response = await createTask(orgId, { name: "Task", projectId: project.id, userId: absent.id }, owner.token);
      expect(response.statusCode).toBe(400);
      expect(validationDetails(response)).toEqual([
        { field: "body.userId", message: "The assignee is not an active user of the organization" },
      ]);
      expect(await snapshot(t.db)).toEqual(before);
    },
  );

  test("answers 404 for an assignee, project, category or parent of another organization, writing nothing", async () => {
    const { owner, orgId, project } = await workspace();
    const other = await workspace();
    const foreignParent = await addTask(other.orgId, other.owner, other.project.id, other.owner);
    const loner = await buildUser(t);
    const valid = { name: "Task", projectId: project.id, userId: owner.id };
    const before = await snapshot(t.db);
    for (const [patch, message] of [
      [{ userId: other.member.id }, "User not found"],
      [{ userId: loner.id }, "User not found"],
      [{ projectId: other.project.id }, "Project not found"],
      [{ categoryId: other.category.uid }, "Task category not found"],
      [{ parentId: foreignParent.uid }, "Parent task not found"],
    ] as const) {
      const response = await createTask(orgId, { ...valid, ...patch }, owner.token);
      expect(response.statusCode, JSON.stringify(patch)).toBe(404);
      expect(response.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: message });
    }
    const viaTheirs = await createTask(other.orgId, { ...valid, projectId: other.project.id }, owner.token);
    expect(viaTheirs.statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a parent of another project of the organization with a 400 naming body.parentId", async () => {
    const { owner, orgId, project, otherProject } = await workspace();
    const elsewhere = await addTask(orgId, owner, otherProject.id, owner);
    const before = await snapshot(t.db);
    const response = await createTask(
      orgId,
      { name: "Stray", projectId: project.id, userId: owner.id, parentId: elsewhere.uid },
      owner.token,
    );
    expect(response.statusCode).toBe(400);
    expect(validationDetails(response)).toEqual([
      { field: "body.parentId", message: "A subtask's parent must be a task of the same project" },
    ]);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a request without a session", async () => {
    const { orgId, project, owner } = await workspace();
    expect((await createTask(orgId, { name: "Task", projectId: project.id, userId: owner.id })).statusCode).toBe(401);
  });
});

describe("GET /organization/{orgId}/task", () => {
  test("lists tasks and subtasks of every project newest first, each with its parent and subtasks", async () => {
    const { owner, orgId, project, otherProject, member } = await workspace();
    const first = await addTask(orgId, owner, project.id, owner, { name: "First" });
    const second = await addTask(orgId, owner, otherProject.id, member, { name: "Second" });
    const child = await addTask(orgId, owner, project.id, member, { name: "Child", parentId: first.uid });
    const other = await workspace();
    const foreign = await addTask(other.orgId, other.owner, other.project.id, other.owner);

    const response = await listTasks(orgId, {}, member.token);
    expect(response.statusCode).toBe(200);
    const list = taskSchema.array().parse(response.json());
    expect(list.map((task) => task.name)).toEqual(["Child", "Second", "First"]);
    expect(list[0]).toEqual(child);
    expect(list[1]).toEqual(second);
    expect(list[2]).toMatchObject({
      uid: first.uid,
      sub_tasks: [{ uid: child.uid, name: "Child", complete: false, user: userRef(member) }],
    });
    expect(response.body).not.toContain(foreign.uid);
  });

  test("narrows the list to one project and to one assignee", async () => {
    const { owner, orgId, project, otherProject, member } = await workspace();
    const mine = await addTask(orgId, owner, project.id, member, { name: "Mine here" });
    await addTask(orgId, owner, project.id, owner, { name: "Theirs here" });
    const elsewhere = await addTask(orgId, owner, otherProject.id, member, { name: "Mine elsewhere" });
    const names = async (query: Record<string, string>) =>
      ((await listTasks(orgId, query, owner.token)).json() as Task[]).map((task) => task.name);

    expect(await names({ project_id: project.id })).toEqual(["Theirs here", "Mine here"]);
    expect(await names({ user_id: member.id })).toEqual([elsewhere.name, mine.name]);
    expect(await names({ project_id: project.id, user_id: member.id })).toEqual(["Mine here"]);
  });

  test("shows someone without read on project the tasks of projects they are on and the tasks assigned to them", async () => {
    const { owner, orgId, project } = await workspace();
    const outsider = await addMemberLacking(t, orgId, [{ action: "read", subject: "project" }]);
    const own = await insertProjectWithTeam(t, orgId, { managerId: outsider.id });
    const visible = await addTask(orgId, owner, own.id, owner, { name: "On my project" });
    const assigned = await addTask(orgId, owner, project.id, outsider, { name: "Elsewhere, mine" });
    const hidden = await addTask(orgId, owner, project.id, owner, { name: "Elsewhere, not mine" });

    const response = await listTasks(orgId, {}, outsider.token);
    expect((response.json() as Task[]).map((task) => task.uid)).toEqual([assigned.uid, visible.uid]);
    expect(response.body).not.toContain(hidden.uid);
    const ofProject = (await listTasks(orgId, { project_id: project.id }, outsider.token)).json() as Task[];
    expect(ofProject.map((task) => task.uid)).toEqual([assigned.uid]);
    expect(ofProject[0]?.project?.title).toBe(project.title);
    expect((await listTasks(orgId, { user_id: owner.id }, outsider.token)).json()).toEqual([
      expect.objectContaining({ uid: visible.uid }),
    ]);
  });

  test("lets the assignee read and complete their task on a project out of their sight", async () => {
    const { owner, orgId, project } = await workspace();
    const outsider = await addMemberLacking(t, orgId, [{ action: "read", subject: "project" }]);
    const task = await addTask(orgId, owner, project.id, outsider, { name: "Mine" });
    const read = await getTask(orgId, task.uid, outsider.token);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ uid: task.uid, project: { uid: project.id } });
    const done = await updateTask(orgId, task.uid, { complete: true }, outsider.token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ complete: true });
  });

  test("answers an empty list for a project of another organization, and 404 to a user of another organization", async () => {
    const { owner, orgId } = await workspace();
    const other = await workspace();
    const foreign = await addTask(other.orgId, other.owner, other.project.id, other.owner);
    const viaFilter = await listTasks(orgId, { project_id: other.project.id }, owner.token);
    expect(viaFilter.statusCode).toBe(200);
    expect(viaFilter.json()).toEqual([]);
    const viaTheirs = await listTasks(other.orgId, {}, owner.token);
    expect(viaTheirs.statusCode).toBe(404);
    expect(viaTheirs.body).not.toContain(foreign.uid);
  });

  test("refuses filters that are not ids with a 400 naming them, and a request without a session", async () => {
    const { owner, orgId } = await workspace();
    const byProject = await listTasks(orgId, { project_id: "website" }, owner.token);
    expect(byProject.statusCode).toBe(400);
    expect(validationDetails(byProject)).toContainEqual(expect.objectContaining({ field: "query.project_id" }));
    const byUser = await listTasks(orgId, { user_id: "me" }, owner.token);
    expect(validationDetails(byUser)).toContainEqual(expect.objectContaining({ field: "query.user_id" }));
    expect((await listTasks(orgId, {})).statusCode).toBe(401);
  });
});

describe("GET /organization/{orgId}/task/{id}", () => {
  test("answers 404 for a task of a project out of sight and for another organization's task", async () => {
    const { owner, orgId, project } = await workspace();
    const task = await addTask(orgId, owner, project.id, owner);
    const outsider = await addMemberLacking(t, orgId, [{ action: "read", subject: "project" }]);
    const hidden = await getTask(orgId, task.uid, outsider.token);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "Task not found" });

    const other = await workspace();
    expect((await getTask(other.orgId, task.uid, other.owner.token)).statusCode).toBe(404);
    const viaTheirs = await getTask(orgId, task.uid, other.owner.token);
    expect(viaTheirs.statusCode).toBe(404);
    expect(viaTheirs.body).not.toContain(task.name);
  });

  test("refuses a task id that is not an id with a 400 naming params.id", async () => {
    const { owner, orgId } = await workspace();
    const response = await getTask(orgId, "first", owner.token);
    expect(response.statusCode).toBe(400);
    expect(validationDetails(response)).toContainEqual(expect.objectContaining({ field: "params.id" }));
  });
});

describe("PATCH /organization/{orgId}/task/{id}", () => {
  test("lets the assignee change the fields sent, leaving the others as they were", async () => {
    const { owner, orgId, project, member, category } = await workspace();
    const task = await addTask(orgId, owner, project.id, member, {
      name: "Copy",
      description: "Texts",
      categoryId: category.uid,
      priority: 40,
    });
    const response = await updateTask(orgId, task.uid, { complete: true, dueDate: null, priority: 50 }, member.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...task, complete: true, priority: 50 });
    expect(await taskRow(task.uid)).toMatchObject({ complete: true, priority: 50, description: "Texts" });

    const cleared = await updateTask(orgId, task.uid, { categoryId: null, description: "" }, member.token);
    expect(cleared.json()).toMatchObject({ category: null, description: null, name: "Copy" });
  });

  test("lets whoever may edit the project change someone else's task, a Member managing it included", async () => {
    const { owner, orgId, project, member } = await workspace();
    const task = await addTask(orgId, owner, project.id, owner);
    const manager = await addMember(t, orgId, "manager");
    expect((await updateTask(orgId, task.uid, { name: "By a Manager" }, manager.token)).statusCode).toBe(200);
    const own = await insertProjectWithTeam(t, orgId, { managerId: member.id });
    const onOwn = await addTask(orgId, owner, own.id, owner);
    const response = await updateTask(orgId, onOwn.uid, { userId: member.id }, member.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toEqual(userRef(member));
  });

  test("refuses a Member who is neither the assignee nor the project's manager, changing nothing", async () => {
    const { owner, orgId, project, member } = await workspace();
    const task = await addTask(orgId, owner, project.id, owner);
    const before = await snapshot(t.db);
    const response = await updateTask(orgId, task.uid, { name: "Mine now" }, member.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: "FORBIDDEN",
      ErrorMessage: "You need to be the task's assignee or have the right to edit project",
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("moves a task to another project with its subtasks, down to the last level", async () => {
    const { owner, orgId, project, otherProject } = await workspace();
    const root = await addTask(orgId, owner, project.id, owner, { name: "Root" });
    const child = await addTask(orgId, owner, project.id, owner, { name: "Child", parentId: root.uid });
    const grandchild = await addTask(orgId, owner, project.id, owner, { name: "Grandchild", parentId: child.uid });
    const bystander = await addTask(orgId, owner, project.id, owner, { name: "Bystander" });

    const response = await updateTask(orgId, root.uid, { projectId: otherProject.id }, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().project).toEqual({
      uid: otherProject.id,
      title: "App",
      category: null,
      customer_nominative: null,
    });
    for (const id of [root.uid, child.uid, grandchild.uid]) {
      expect(await taskRow(id)).toMatchObject({ projectId: otherProject.id });
    }
    expect(await taskRow(bystander.uid)).toMatchObject({ projectId: project.id });
    expect(await taskRow(grandchild.uid)).toMatchObject({ parentId: child.uid });
  });

  test("refuses to move a subtask away from its parent's project unless it leaves the parent", async () => {
    const { owner, orgId, project, otherProject } = await workspace();
    const parent = await addTask(orgId, owner, project.id, owner);
    const child = await addTask(orgId, owner, project.id, owner, { parentId: parent.uid });
    const before = await snapshot(t.db);
    const response = await updateTask(orgId, child.uid, { projectId: otherProject.id }, owner.token);
    expect(response.statusCode).toBe(400);
    expect(validationDetails(response)).toEqual([
      { field: "body.parentId", message: "A subtask's parent must be a task of the same project" },
    ]);
    expect(await snapshot(t.db)).toEqual(before);

    const freed = await updateTask(orgId, child.uid, { projectId: otherProject.id, parentId: null }, owner.token);
    expect(freed.statusCode).toBe(200);
    expect(freed.json()).toMatchObject({ parent_task: null, project: { uid: otherProject.id } });
  });

  test("moves a task under another task of its project", async () => {
    const { owner, orgId, project } = await workspace();
    const parent = await addTask(orgId, owner, project.id, owner, { name: "Parent" });
    const task = await addTask(orgId, owner, project.id, owner, { name: "Loose" });
    const response = await updateTask(orgId, task.uid, { parentId: parent.uid }, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().parent_task).toEqual({ uid: parent.uid, name: "Parent" });
  });

  test("refuses to make a task its own parent or the subtask of one of its subtasks, changing nothing", async () => {
    const { owner, orgId, project } = await workspace();
    const a = await addTask(orgId, owner, project.id, owner, { name: "A" });
    const b = await addTask(orgId, owner, project.id, owner, { name: "B", parentId: a.uid });
    const c = await addTask(orgId, owner, project.id, owner, { name: "C", parentId: b.uid });
    const before = await snapshot(t.db);
    for (const parentId of [a.uid, b.uid, c.uid]) {
      const response = await updateTask(orgId, a.uid, { parentId }, owner.token);
      expect(response.statusCode).toBe(400);
      expect(validationDetails(response)).toEqual([
        { field: "body.parentId", message: "A task cannot be a subtask of itself or of one of its own subtasks" },
      ]);
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("lets only one of two simultaneous moves that would together close a loop through", async () => {
    const { owner, orgId, project } = await workspace();
    const a = await addTask(orgId, owner, project.id, owner, { name: "A" });
    const b = await addTask(orgId, owner, project.id, owner, { name: "B" });
    const responses = await Promise.all([
      updateTask(orgId, a.uid, { parentId: b.uid }, owner.token),
      updateTask(orgId, b.uid, { parentId: a.uid }, owner.token),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const parents = [(await taskRow(a.uid))!.parentId, (await taskRow(b.uid))!.parentId];
    expect(parents.filter((p) => p !== null)).toHaveLength(1);
  });

  test("refuses a parent of another project with a 400 and one of another organization with a 404", async () => {
    const { owner, orgId, project, otherProject } = await workspace();
    const task = await addTask(orgId, owner, project.id, owner);
    const elsewhere = await addTask(orgId, owner, otherProject.id, owner);
    const other = await workspace();
    const foreign = await addTask(other.orgId, other.owner, other.project.id, other.owner);
    const before = await snapshot(t.db);
    const crossProject = await updateTask(orgId, task.uid, { parentId: elsewhere.uid }, owner.token);
    expect(crossProject.statusCode).toBe(400);
    expect(validationDetails(crossProject)).toContainEqual(expect.objectContaining({ field: "body.parentId" }));
    const crossOrganization = await updateTask(orgId, task.uid, { parentId: foreign.uid }, owner.token);
    expect(crossOrganization.statusCode).toBe(404);
    expect(crossOrganization.json().ErrorMessage).toBe("Parent task not found");
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for an assignee, project or category of another organization and for another organization's task", async () => {
    const { owner, orgId, project } = await workspace();
    const task = await addTask(orgId, owner, project.id, owner);
    const other = await workspace();
    const foreign = await addTask(other.orgId, other.owner, other.project.id, other.owner);
    const before = await snapshot(t.db);
    for (const [json, message] of [
      [{ userId: other.member.id }, "User not found"],
      [{ projectId: other.project.id }, "Project not found"],
      [{ categoryId: other.category.uid }, "Task category not found"],
    ] as const) {
      const response = await updateTask(orgId, task.uid, json, owner.token);
      expect(response.statusCode, JSON.stringify(json)).toBe(404);
      expect(response.json().ErrorMessage).toBe(message);
    }
    expect((await updateTask(orgId, foreign.uid, { name: "Taken" }, owner.token)).statusCode).toBe(404);
    expect((await updateTask(other.orgId, foreign.uid, { name: "Taken" }, owner.token)).statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses to move a task to a project out of the actor's sight", async () => {
    const { owner, orgId, project } = await workspace();
    const outsider = await addMemberLacking(t, orgId, [{ action: "read", subject: "project" }]);
    const own = await insertProjectWithTeam(t, orgId, { managerId: outsider.id });
    const task = await addTask(orgId, owner, own.id, outsider);
    const before = await snapshot(t.db);
    const response = await updateTask(orgId, task.uid, { projectId: project.id }, outsider.token);
    expect(response.statusCode).toBe(404);
    expect(response.json().ErrorMessage).toBe("Project not found");
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses an inactive assignee with a 400 naming body.userId, but keeps one already assigned", async () => {
    const { owner, orgId, project } = await workspace();
    const leaving = await addMember(t, orgId, "member");
    const task = await addTask(orgId, owner, project.id, leaving);
    const inactive = await addMember(t, orgId, "member", { status: "inactive" });
    const before = await snapshot(t.db);
    const response = await updateTask(orgId, task.uid, { userId: inactive.id }, owner.token);
    expect(response.statusCode).toBe(400);
    expect(validationDetails(response)).toContainEqual(expect.objectContaining({ field: "body.userId" }));
    expect(await snapshot(t.db)).toEqual(before);

    await request(t.app, {
      method: "PATCH",
      url: `/api/v1/user/${leaving.id}`,
      token: owner.token,
      json: { status: "inactive" },
    });
    const renamed = await updateTask(orgId, task.uid, { name: "Renamed", userId: leaving.id }, owner.token);
    expect(renamed.statusCode).toBe(200);
  });

  test.each([
    [{}, "body", "Nothing to update"],
    [{ name: "" }, "body.name", "Task name is required!"],
    [{ projectId: null }, "body.projectId", "Task project is required!"],
    [{ userId: "" }, "body.userId", "Assignee is required!"],
    [{ priority: 0 }, "body.priority", "Priority must be 10, 20, 30, 40 or 50"],
    [{ dueDate: 1.5 }, "body.dueDate", "Due date must be a time in milliseconds"],
    [{ parentId: "up" }, "body.parentId", undefined],
    [{ due_date: 1 }, "body.due_date", "Unknown field"],
  ])("refuses %j with a 400 naming %s and changes nothing", async (json, field, message) => {
    const { owner, orgId, project } = await workspace();
    const task = await addTask(orgId, owner, project.id, owner);
    const before = await snapshot(t.db);
    const response = await updateTask(orgId, task.uid, json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(validationDetails(response)).toContainEqual(
      message ? { field, message } : expect.objectContaining({ field }),
    );
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("DELETE /organization/{orgId}/task/{id}", () => {
  test("lets the assignee delete a task, its subtasks going with it", async () => {
    const { owner, orgId, project, member } = await workspace();
    const root = await addTask(orgId, owner, project.id, member);
    const child = await addTask(orgId, owner, project.id, owner, { parentId: root.uid });
    const grandchild = await addTask(orgId, owner, project.id, owner, { parentId: child.uid });
    const bystander = await addTask(orgId, owner, project.id, owner);

    const response = await deleteTask(orgId, root.uid, member.token);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    for (const id of [root.uid, child.uid, grandchild.uid]) expect(await taskRow(id)).toBeUndefined();
    expect(await taskRow(bystander.uid)).toBeDefined();
    expect((await deleteTask(orgId, root.uid, owner.token)).statusCode).toBe(404);
  });

  test("lets a subtask go alone, its parent staying", async () => {
    const { owner, orgId, project } = await workspace();
    const parent = await addTask(orgId, owner, project.id, owner);
    const child = await addTask(orgId, owner, project.id, owner, { parentId: parent.uid });
    expect((await deleteTask(orgId, child.uid, owner.token)).statusCode).toBe(204);
    expect((await getTask(orgId, parent.uid, owner.token)).json().sub_tasks).toEqual([]);
  });

  test("lets a Manager delete anyone's task, and refuses a Member who is neither assignee nor manager", async () => {
    const { owner, orgId, project, member } = await workspace();
    const task = await addTask(orgId, owner, project.id, owner);
    const before = await snapshot(t.db);
    const refused = await deleteTask(orgId, task.uid, member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("FORBIDDEN");
    expect(await snapshot(t.db)).toEqual(before);
    const manager = await addMember(t, orgId, "manager");
    expect((await deleteTask(orgId, task.uid, manager.token)).statusCode).toBe(204);
  });

  test("answers 404 for another organization's task and a task out of sight, deleting nothing", async () => {
    const { owner, orgId, project } = await workspace();
    const task = await addTask(orgId, owner, project.id, owner);
    const other = await workspace();
    const outsider = await addMemberLacking(t, orgId, [{ action: "read", subject: "project" }]);
    const before = await snapshot(t.db);
    expect((await deleteTask(orgId, task.uid, other.owner.token)).statusCode).toBe(404);
    expect((await deleteTask(other.orgId, task.uid, other.owner.token)).statusCode).toBe(404);
    expect((await deleteTask(orgId, task.uid, outsider.token)).statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("OpenAPI", () => {
  test("documents the task calls with their filters, bodies and answers", async () => {
    const document = (await request(t.app, { method: "GET", url: "/api/docs/json" })).json();
    const list = document.paths["/api/v1/organization/{orgId}/task"];
    const one = document.paths["/api/v1/organization/{orgId}/task/{id}"];
    expect(Object.keys(list).sort()).toEqual(["get", "post"]);
    expect(Object.keys(one).sort()).toEqual(["delete", "get", "patch"]);
    const filters = list.get.parameters.filter((p: { in: string }) => p.in === "query");
    expect(filters.map((p: { name: string; required: boolean }) => [p.name, p.required]).sort()).toEqual([
      ["project_id", false],
      ["user_id", false],
    ]);
    expect(Object.keys(list.post.requestBody.content["application/json"].schema.properties)).toEqual(
      expect.arrayContaining(["name", "dueDate", "projectId", "userId", "parentId", "categoryId"]),
    );
    expect(Object.keys(one.patch.responses)).toEqual(expect.arrayContaining(["200", "400", "403", "404"]));
    expect(Object.keys(one.delete.responses)).toEqual(expect.arrayContaining(["204", "403", "404"]));
  });
});

describe("missingReferenceOf", () => {
  test("names the key a write trips over when what it points at is gone", async () => {
    const { owner, orgId, project } = await workspace();
    const repository = createTasksRepository(t.db);
    const values: Parameters<typeof repository.insert>[1] = {
      projectId: project.id,
      userId: owner.id,
      parentId: null,
      categoryId: null,
      name: "Task",
      description: null,
      dueDate: null,
      complete: false,
      priority: 30,
    };
    const failureOf = (patch: Partial<typeof values>) =>
      repository.insert(orgId, { ...values, ...patch }).then(
        () => null,
        (error: unknown) => missingReferenceOf(error),
      );
    expect(await failureOf({ projectId: randomUUID() })).toBe("project");
    expect(await failureOf({ parentId: randomUUID() })).toBe("parent");
    expect(await failureOf({ userId: randomUUID() })).toBe("user");
    expect(await failureOf({ categoryId: randomUUID() })).toBe("category");
    expect(missingReferenceOf(new Error("something else"))).toBeNull();
  });
});
