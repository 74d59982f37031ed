import { randomUUID } from "node:crypto";
import { type Project, projectSchema } from "@timetrap/domain";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import {
  expenses,
  projectAreas,
  projectCategories,
  projectLinks,
  projectMembers,
  projectNotes,
  projects,
  projectUpdates,
  tasks,
  users,
  workflowStatuses,
} from "../../db/schema.js";
import {
  addMember,
  addMemberLacking,
  type BuiltUser,
  buildOrganization,
  buildUser,
  insertCustomer,
  insertProjectWithTeam,
  testAudit,
} from "../../test/factories.js";
import { resourceCalls, withToken } from "../../test/resource-calls.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";
import { createOrganizationsRepository } from "../organizations/organizations.repository.js";
import { createOrganizationsService } from "../organizations/organizations.service.js";
import { createProjectCategoriesRepository } from "../project-categories/project-categories.repository.js";
import { createProjectCategoriesService } from "../project-categories/project-categories.service.js";
import { createProjectsRepository } from "./projects.repository.js";
import { createProjectsService } from "./projects.service.js";

const t = useTestApp();

const {
  list: listProjects,
  get: getProject,
  create: createProject,
  update: updateProject,
  remove: deleteProject,
} = resourceCalls(t, (orgId: string) => `/api/v1/organization/${orgId}/project`);
const listUserProjects = (orgId: string, userId: string, token?: string) =>
  request(t.app, { method: "GET", url: `/api/v1/organization/${orgId}/user/${userId}/project`, ...withToken(token) });

function projectsService() {
  const organizations = createOrganizationsService({
    repository: createOrganizationsRepository(t.db),
    audit: testAudit(t),
  });
  const projectCategories = createProjectCategoriesService({
    repository: createProjectCategoriesRepository(t.db),
    organizations,
  });
  return createProjectsService({ repository: createProjectsRepository(t.db), organizations, projectCategories });
}

/** An organization with a customer, and the smallest body that creates a project managed by its Admin. */
async function organizationWithCustomer() {
  const built = await buildOrganization(t);
  const customer = await insertCustomer(t, built.organization.uid);
  const input = {
    title: "Website",
    customer_id: customer.id,
    project_manager_id: built.owner.id,
    salesaccount: [built.owner.id],
  };
  return { ...built, customer, input };
}

async function created(orgId: string, json: unknown, token: string): Promise<Project> {
  const response = await createProject(orgId, json, token);
  if (response.statusCode !== 201) throw new Error(`project not created: ${response.body}`);
  return projectSchema.parse(response.json());
}

async function statusOf(organizationId: string, key: string) {
  const [row] = await t.db
    .select()
    .from(workflowStatuses)
    .where(and(eq(workflowStatuses.organizationId, organizationId), eq(workflowStatuses.key, key)));
  return row!;
}

async function insertCategory(organizationId: string, name = "Web") {
  const [row] = await t.db.insert(projectCategories).values({ organizationId, name, color: "#112233" }).returning();
  return row!;
}

async function insertArea(organizationId: string, name = "North") {
  const [row] = await t.db.insert(projectAreas).values({ organizationId, name }).returning();
  return row!;
}

const setStatus = (user: BuiltUser, status: "inactive" | "invited") =>
  t.db.update(users).set({ status }).where(eq(users.id, user.id));

describe("authorizeProject", () => {
  test("answers the project to whoever sees it, and edit to its manager even without edit on project", async () => {
    const { owner, organization } = await buildOrganization(t);
    const leader = await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "project" }]);
    const row = await insertProjectWithTeam(t, organization.uid, { managerId: leader.id });
    const service = projectsService();
    const scope = { organizationId: organization.uid, projectId: row.id };
    await expect(service.authorizeProject({ ...scope, actorId: leader.id, access: "edit" })).resolves.toMatchObject({
      uid: row.id,
      project_manager: { uid: leader.id },
    });
    await expect(service.authorizeProject({ ...scope, actorId: owner.id, access: "edit" })).resolves.toMatchObject({
      uid: row.id,
    });
  });

  test("lets a member of the project read it, and refuses edit with 403 without edit on project", async () => {
    const { owner, organization } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const row = await insertProjectWithTeam(t, organization.uid, {
      managerId: owner.id,
      members: [{ userId: member.id }],
    });
    const service = projectsService();
    const scope = { organizationId: organization.uid, projectId: row.id, actorId: member.id };
    await expect(service.authorizeProject({ ...scope, access: "read" })).resolves.toMatchObject({ uid: row.id });
    await expect(service.authorizeProject({ ...scope, access: "edit" })).rejects.toMatchObject({
      statusCode: 403,
      message: "You need the right to edit project",
    });
  });

  test("answers 404 Project not found for a project out of sight or of another organization", async () => {
    const { owner, organization } = await buildOrganization(t);
    const outsider = await addMemberLacking(t, organization.uid, [{ action: "read", subject: "project" }]);
    const row = await insertProjectWithTeam(t, organization.uid, { managerId: owner.id });
    const other = await buildOrganization(t);
    const foreign = await insertProjectWithTeam(t, other.organization.uid, { managerId: other.owner.id });
    const service = projectsService();
    const notFound = { statusCode: 404, message: "Project not found" };
    await expect(
      service.authorizeProject({
        actorId: outsider.id,
        organizationId: organization.uid,
        projectId: row.id,
        access: "read",
      }),
    ).rejects.toMatchObject(notFound);
    await expect(
      service.authorizeProject({
        actorId: owner.id,
        organizationId: organization.uid,
        projectId: foreign.id,
        access: "read",
      }),
    ).rejects.toMatchObject(notFound);
  });

  test("answers 404 Organization not found to someone outside the organization", async () => {
    const { owner, organization } = await buildOrganization(t);
    const row = await insertProjectWithTeam(t, organization.uid, { managerId: owner.id });
    const loner = await buildUser(t);
    await expect(
      projectsService().authorizeProject({
        actorId: loner.id,
        organizationId: organization.uid,
        projectId: row.id,
        access: "read",
      }),
    ).rejects.toMatchObject({ statusCode: 404, message: "Organization not found" });
  });

  test("findProjectRefs names only the organization's projects, and visibleProjectIds only those in sight", async () => {
    const { owner, organization } = await buildOrganization(t);
    const mine = await insertProjectWithTeam(t, organization.uid, { title: "Mine", managerId: owner.id });
    const outsider = await addMemberLacking(t, organization.uid, [{ action: "read", subject: "project" }]);
    const theirs = await insertProjectWithTeam(t, organization.uid, {
      title: "Theirs",
      managerId: owner.id,
      members: [{ userId: outsider.id, tags: ["informed"] }],
    });
    const other = await buildOrganization(t);
    const foreign = await insertProjectWithTeam(t, other.organization.uid, { managerId: other.owner.id });
    const service = projectsService();
    const refs = await service.findProjectRefs({
      organizationId: organization.uid,
      projectIds: [mine.id, foreign.id, mine.id],
    });
    expect(refs).toEqual([{ uid: mine.id, title: "Mine" }]);
    const scope = { organizationId: organization.uid };
    expect(await service.visibleProjectIds({ ...scope, actorId: outsider.id })).toEqual([theirs.id]);
    expect((await service.visibleProjectIds({ ...scope, actorId: owner.id })).sort()).toEqual(
      [mine.id, theirs.id].sort(),
    );
  });
});

describe("POST /organization/{orgId}/project", () => {
  test("adds a project with the open status, budget 0 and marginability 30 by default", async () => {
    const { owner, organization, customer, input } = await organizationWithCustomer();
    const response = await createProject(organization.uid, input, owner.token);
    expect(response.statusCode).toBe(201);
    const project = projectSchema.parse(response.json());
    const open = await statusOf(organization.uid, "open");
    expect(project).toMatchObject({
      title: "Website",
      organization_id: organization.uid,
      customer_id: customer.id,
      customer: { uid: customer.id, nominative: "Acme Srl" },
      project_manager: { uid: owner.id, nominative: owner.nominative, image_url: null },
      status: { uid: open.id, key: "open" },
      category: null,
      area: null,
      budget: 0,
      marginability_percentage: 30,
      not_billable: false,
      members: [{ user: { uid: owner.id }, tags: ["sales"] }],
      latest_update: null,
      progress: 0,
      total_work_log: 0,
      total_work_log_cost: 0,
      total_final_balance_expenses: 0,
      current_marginability: null,
    });
    const [row] = await t.db.select().from(projects).where(eq(projects.id, project.uid));
    expect(row).toMatchObject({ organizationId: organization.uid, statusId: open.id, projectManagerId: owner.id });
  });

  test("saves every field, and one person under several tags as one member with those tags", async () => {
    const { owner, organization, input } = await organizationWithCustomer();
    const ada = await addMember(t, organization.uid, "member", { nominative: "Ada Rossi" });
    const bruno = await addMember(t, organization.uid, "manager", { nominative: "bruno Verdi" });
    const category = await insertCategory(organization.uid);
    const area = await insertArea(organization.uid);
    const completed = await statusOf(organization.uid, "completed");
    const project = await created(
      organization.uid,
      {
        ...input,
        title: "  Shop  ",
        status_id: completed.id,
        category_id: category.id,
        area_id: area.id,
        external_reference: "Q-42",
        not_billable: true,
        budget: 12_500.5,
        marginability_percentage: 25.25,
        tolerance_days: 3,
        project_type: 2,
        contact_name: "Carla",
        contact_surname: "Neri",
        contact_email: " Carla@Example.COM ",
        contact_role: "CTO",
        description: "A new shop",
        start_date: "2026-01-01",
        end_date: "2026-06-30",
        closing_date: "2026-07-15",
        salesaccount: [owner.id, ada.id],
        responsible: [ada.id],
        accountable: [bruno.id],
        consulted: [],
        informed: [bruno.id, bruno.id],
      },
      owner.token,
    );
    expect(project).toMatchObject({
      title: "Shop",
      status: { uid: completed.id, key: "completed" },
      category: { uid: category.id, name: "Web", color: "#112233" },
      area: { uid: area.id, name: "North" },
      external_reference: "Q-42",
      not_billable: true,
      budget: 12_500.5,
      marginability_percentage: 25.25,
      tolerance_days: 3,
      project_type: 2,
      contact_name: "Carla",
      contact_surname: "Neri",
      contact_email: "carla@example.com",
      contact_role: "CTO",
      description: "A new shop",
      start_date: "2026-01-01",
      end_date: "2026-06-30",
      closing_date: "2026-07-15",
      current_marginability: 100,
    });
    // By name ignoring case; tags in the form's order.
    expect(project.members.map((m) => [m.user.nominative, m.tags])).toEqual([
      ["Ada Rossi", ["sales", "responsible"]],
      ["bruno Verdi", ["accountable", "informed"]],
      [owner.nominative, ["sales"]],
    ]);
  });

  test("takes empty category and area ids as none", async () => {
    const { owner, organization, input } = await organizationWithCustomer();
    const project = await created(organization.uid, { ...input, category_id: "", area_id: null }, owner.token);
    expect(project).toMatchObject({ category: null, area: null });
  });

  test.each([
    ["title", { title: " " }, "body.title"],
    ["no customer", { customer_id: undefined }, "body.customer_id"],
    ["a null customer", { customer_id: null }, "body.customer_id"],
    ["no project manager", { project_manager_id: undefined }, "body.project_manager_id"],
    ["no account manager", { salesaccount: [] }, "body.salesaccount"],
    ["a member that is not an id", { responsible: ["ada"] }, "body.responsible.0"],
    ["a negative budget", { budget: -1 }, "body.budget"],
    ["a budget with 3 decimals", { budget: 1.005 }, "body.budget"],
    ["a marginability above 100", { marginability_percentage: 101 }, "body.marginability_percentage"],
    ["an unknown project type", { project_type: 7 }, "body.project_type"],
    ["a malformed contact e-mail", { contact_email: "carla" }, "body.contact_email"],
    ["an end before the start", { start_date: "2026-02-01", end_date: "2026-01-31" }, "body.end_date"],
    ["a malformed date", { start_date: "01/02/2026" }, "body.start_date"],
    ["a status that is not an id", { status_id: "open" }, "body.status_id"],
    ["an unknown field", { owner: "me" }, "body.owner"],
  ])("refuses %s with a 400 naming the field and writes nothing", async (_label, change, field) => {
    const { owner, organization, input } = await organizationWithCustomer();
    const before = await snapshot(t.db);
    const response = await createProject(organization.uid, { ...input, ...change }, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a Member and a role lacking exactly create on project with 403, and writes nothing", async () => {
    const { organization, input } = await organizationWithCustomer();
    const member = await addMember(t, organization.uid, "member");
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "create", subject: "project" }]);
    const before = await snapshot(t.db);
    for (const user of [member, lacking]) {
      const response = await createProject(organization.uid, { ...input, project_manager_id: user.id }, user.token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: "FORBIDDEN",
        ErrorMessage: "You need the right to create project",
      });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test.each([
    ["customer", "Customer not found"],
    ["status", "Status not found"],
    ["category", "Category not found"],
    ["area", "Area not found"],
    ["project manager", "Project manager not found"],
    ["member", "User not found"],
  ])("answers 404 for a %s of another organization and writes nothing", async (what, message) => {
    const { owner, organization, input } = await organizationWithCustomer();
    const other = await buildOrganization(t);
    const foreignId = {
      customer: async () => ({ customer_id: (await insertCustomer(t, other.organization.uid)).id }),
      status: async () => ({ status_id: (await statusOf(other.organization.uid, "open")).id }),
      category: async () => ({ category_id: (await insertCategory(other.organization.uid)).id }),
      area: async () => ({ area_id: (await insertArea(other.organization.uid)).id }),
      "project manager": async () => ({ project_manager_id: other.owner.id }),
      member: async () => ({ consulted: [other.owner.id] }),
    }[what]!;
    const change = await foreignId();
    const before = await snapshot(t.db);
    const response = await createProject(organization.uid, { ...input, ...change }, owner.token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: message });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 to a user of another organization, and writes nothing", async () => {
    const { organization, input } = await organizationWithCustomer();
    const { owner: stranger } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const response = await createProject(organization.uid, input, stranger.token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ErrorMessage: "Organization not found" });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test.each([
    ["an inactive project manager", "inactive", "project_manager_id"],
    ["an invited project manager", "invited", "project_manager_id"],
    ["an inactive account manager", "inactive", "salesaccount"],
    ["an invited informed member", "invited", "informed"],
  ] as const)("refuses %s with a 400 naming the field, and writes nothing", async (_label, status, field) => {
    const { owner, organization, input } = await organizationWithCustomer();
    const person = await addMember(t, organization.uid, "member", { nominative: "Dora Gialli" });
    await setStatus(person, status);
    const before = await snapshot(t.db);
    const change = field === "project_manager_id" ? { project_manager_id: person.id } : { [field]: [person.id] };
    const response = await createProject(organization.uid, { ...input, ...change }, owner.token);
    expect(response.statusCode).toBe(400);
    const message = "Dora Gialli is not an active user of the organization";
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", ErrorMessage: message });
    expect(response.json().details).toEqual([{ field: `body.${field}`, message }]);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a project beyond the plan's limit with 403 PLAN_LIMIT_REACHED, and writes nothing", async () => {
    const { owner, organization, input } = await organizationWithCustomer();
    for (let i = 0; i < 5; i++) await created(organization.uid, { ...input, title: `Project ${i}` }, owner.token);
    const before = await snapshot(t.db);
    const response = await createProject(organization.uid, input, owner.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: "PLAN_LIMIT_REACHED",
      ErrorMessage: "Your plan allows 5 projects. Upgrade the plan to add more",
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("lets only one of two creations racing for the last project of the plan through", async () => {
    const { owner, organization, input } = await organizationWithCustomer();
    for (let i = 0; i < 4; i++) await created(organization.uid, { ...input, title: `Project ${i}` }, owner.token);
    const responses = await Promise.all([
      createProject(organization.uid, { ...input, title: "Left" }, owner.token),
      createProject(organization.uid, { ...input, title: "Right" }, owner.token),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 403]);
    const rows = await t.db.select().from(projects).where(eq(projects.organizationId, organization.uid));
    expect(rows).toHaveLength(5);
  });

  test("refuses a request without a session", async () => {
    const { organization, input } = await organizationWithCustomer();
    expect((await createProject(organization.uid, input)).statusCode).toBe(401);
  });
});

describe("GET /organization/{orgId}/project", () => {
  test("lists every project newest first, with the latest update, progress, expenses and marginability", async () => {
    const { owner, organization, input } = await organizationWithCustomer();
    const first = await created(organization.uid, { ...input, title: "First", budget: 1000 }, owner.token);
    const second = await created(organization.uid, { ...input, title: "Second" }, owner.token);
    await t.db.insert(projectUpdates).values([
      { projectId: first.uid, status: "potential_risk", progress: 40, date: "2026-03-02" },
      { projectId: first.uid, status: "in_progress", progress: 20, date: "2026-03-01" },
    ]);
    await t.db.insert(expenses).values([
      { organizationId: organization.uid, projectId: first.uid, title: "Hosting", amount: 100.1, isFinalBalance: true },
      { organizationId: organization.uid, projectId: first.uid, title: "Fonts", amount: 0.2, isFinalBalance: true },
      { organizationId: organization.uid, projectId: first.uid, title: "Estimate", amount: 500 },
    ]);
    const other = await organizationWithCustomer();
    const foreign = await created(other.organization.uid, other.input, other.owner.token);
    const member = await addMember(t, organization.uid, "member");

    const response = await listProjects(organization.uid, member.token);
    expect(response.statusCode).toBe(200);
    const list = projectSchema.array().parse(response.json());
    expect(list.map((p) => p.title)).toEqual(["Second", "First"]);
    expect(list[1]).toMatchObject({
      uid: first.uid,
      latest_update: { status: "potential_risk", date: "2026-03-02", progress: 40 },
      progress: 40,
      total_final_balance_expenses: 100.3,
      current_marginability: 89.97,
    });
    expect(list[0]).toMatchObject({ uid: second.uid, latest_update: null, progress: 0 });
    expect(response.body).not.toContain(foreign.uid);
  });

  test("without read on project, lists only the projects the user manages or is a member of", async () => {
    const { owner, organization, input } = await organizationWithCustomer();
    const viewer = await addMemberLacking(t, organization.uid, [{ action: "read", subject: "project" }]);
    const managed = await created(
      organization.uid,
      { ...input, title: "Managed", project_manager_id: viewer.id },
      owner.token,
    );
    const joined = await created(organization.uid, { ...input, title: "Joined", informed: [viewer.id] }, owner.token);
    await created(organization.uid, { ...input, title: "Elsewhere" }, owner.token);

    const response = await listProjects(organization.uid, viewer.token);
    expect(response.statusCode).toBe(200);
    const list = projectSchema.array().parse(response.json());
    expect(list.map((p) => p.uid)).toEqual([joined.uid, managed.uid]);
  });

  test("answers 404 to a user of another organization and to a user without one", async () => {
    const { owner, organization, input } = await organizationWithCustomer();
    const project = await created(organization.uid, input, owner.token);
    const { owner: stranger } = await buildOrganization(t);
    const loner = await buildUser(t);
    const foreign = await listProjects(organization.uid, stranger.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(project.uid);
    expect((await listProjects(organization.uid, loner.token)).statusCode).toBe(404);
  });

  test("refuses an organization id that is not an id, and a request without a session", async () => {
    const { owner, organization } = await buildOrganization(t);
    const response = await listProjects("acme", owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "params.orgId" }));
    expect((await listProjects(organization.uid)).statusCode).toBe(401);
  });
});

describe("GET /organization/{orgId}/project/{id}", () => {
  test("answers the project to a member of its team who lacks read on project", async () => {
    const { owner, organization, input } = await organizationWithCustomer();
    const viewer = await addMemberLacking(t, organization.uid, [{ action: "read", subject: "project" }]);
    const project = await created(organization.uid, { ...input, consulted: [viewer.id] }, owner.token);
    const response = await getProject(organization.uid, project.uid, viewer.token);
    expect(response.statusCode).toBe(200);
    expect(projectSchema.parse(response.json())).toEqual(project);
  });

  test("answers 404 Project not found for a project out of sight, of another organization, or unknown", async () => {
    const { owner, organization, input } = await organizationWithCustomer();
    const viewer = await addMemberLacking(t, organization.uid, [{ action: "read", subject: "project" }]);
    const hidden = await created(organization.uid, input, owner.token);
    const other = await organizationWithCustomer();
    const foreign = await created(other.organization.uid, other.input, other.owner.token);

    const outOfSight = await getProject(organization.uid, hidden.uid, viewer.token);
    expect(outOfSight.statusCode).toBe(404);
    expect(outOfSight.json()).toMatchObject({ ErrorMessage: "Project not found" });
    const ofAnother = await getProject(organization.uid, foreign.uid, owner.token);
    expect(ofAnother.statusCode).toBe(404);
    expect(ofAnother.body).not.toContain(foreign.title);
    expect((await getProject(organization.uid, randomUUID(), owner.token)).statusCode).toBe(404);
    expect((await getProject(other.organization.uid, foreign.uid, owner.token)).statusCode).toBe(404);
  });

  test("refuses a project id that is not an id with a 400 naming params.id", async () => {
    const { owner, organization } = await buildOrganization(t);
    const response = await getProject(organization.uid, "website", owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "params.id" }));
  });
});

describe("PATCH /organization/{orgId}/project/{id}", () => {
  test("replaces every field and the members", async () => {
    const { owner, organization, input } = await organizationWithCustomer();
    const ada = await addMember(t, organization.uid, "member", { nominative: "Ada Rossi" });
    const category = await insertCategory(organization.uid);
    const project = await created(
      organization.uid,
      { ...input, category_id: category.id, budget: 500, description: "Old", responsible: [ada.id] },
      owner.token,
    );
    const toBeInvoiced = await statusOf(organization.uid, "to_be_invoiced");
    const response = await updateProject(
      organization.uid,
      project.uid,
      { ...input, title: "Renamed", status_id: toBeInvoiced.id, salesaccount: [ada.id], informed: [owner.id] },
      owner.token,
    );
    expect(response.statusCode).toBe(200);
    const updated = projectSchema.parse(response.json());
    expect(updated).toMatchObject({
      uid: project.uid,
      title: "Renamed",
      status: { key: "to_be_invoiced" },
      category: null,
      budget: 0,
      description: null,
      created_at: project.created_at,
    });
    expect(updated.members.map((m) => [m.user.uid, m.tags])).toEqual([
      [ada.id, ["sales"]],
      [owner.id, ["informed"]],
    ]);
    expect(await getProject(organization.uid, project.uid, owner.token).then((r) => r.json())).toEqual(updated);
  });

  test("lets the project's manager edit it without edit on project", async () => {
    const { owner, organization, input } = await organizationWithCustomer();
    const leader = await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "project" }]);
    const project = await created(organization.uid, { ...input, project_manager_id: leader.id }, owner.token);
    const response = await updateProject(
      organization.uid,
      project.uid,
      { ...input, title: "By the leader", project_manager_id: leader.id },
      leader.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: "By the leader" });
  });

  test("refuses a member of the team and a role lacking exactly edit on project with 403, and writes nothing", async () => {
    const { owner, organization, input } = await organizationWithCustomer();
    const member = await addMember(t, organization.uid, "member");
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "project" }]);
    const project = await created(organization.uid, { ...input, responsible: [member.id] }, owner.token);
    const before = await snapshot(t.db);
    for (const user of [member, lacking]) {
      const response = await updateProject(organization.uid, project.uid, { ...input, title: "Taken" }, user.token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: "FORBIDDEN", ErrorMessage: "You need the right to edit project" });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for a project or a category of another organization, and writes nothing", async () => {
    const { owner, organization, input } = await organizationWithCustomer();
    const project = await created(organization.uid, input, owner.token);
    const other = await organizationWithCustomer();
    const foreign = await created(other.organization.uid, other.input, other.owner.token);
    const foreignCategory = await insertCategory(other.organization.uid);
    const before = await snapshot(t.db);

    const ofAnother = await updateProject(organization.uid, foreign.uid, input, owner.token);
    expect(ofAnother.statusCode).toBe(404);
    expect(ofAnother.json()).toMatchObject({ ErrorMessage: "Project not found" });
    const viaOtherPath = await updateProject(other.organization.uid, project.uid, other.input, other.owner.token);
    expect(viaOtherPath.statusCode).toBe(404);
    const category = await updateProject(
      organization.uid,
      project.uid,
      { ...input, category_id: foreignCategory.id },
      owner.token,
    );
    expect(category.statusCode).toBe(404);
    expect(category.json()).toMatchObject({ ErrorMessage: "Category not found" });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("keeps people deactivated since they joined, but refuses to add an inactive one", async () => {
    const { owner, organization, input } = await organizationWithCustomer();
    const leaving = await addMember(t, organization.uid, "member", { nominative: "Ugo Blu" });
    const project = await created(
      organization.uid,
      { ...input, project_manager_id: leaving.id, responsible: [leaving.id] },
      owner.token,
    );
    await setStatus(leaving, "inactive");
    const kept = await updateProject(
      organization.uid,
      project.uid,
      { ...input, title: "Still his", project_manager_id: leaving.id, responsible: [leaving.id] },
      owner.token,
    );
    expect(kept.statusCode).toBe(200);

    const before = await snapshot(t.db);
    const added = await updateProject(
      organization.uid,
      project.uid,
      { ...input, project_manager_id: leaving.id, responsible: [leaving.id], accountable: [leaving.id] },
      owner.token,
    );
    expect(added.statusCode).toBe(400);
    expect(added.json().details).toEqual([
      { field: "body.accountable", message: "Ugo Blu is not an active user of the organization" },
    ]);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a bad body with a 400 naming the field, and writes nothing", async () => {
    const { owner, organization, input } = await organizationWithCustomer();
    const project = await created(organization.uid, input, owner.token);
    const before = await snapshot(t.db);
    const response = await updateProject(organization.uid, project.uid, { ...input, salesaccount: [] }, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "body.salesaccount" }));
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("DELETE /organization/{orgId}/project/{id}", () => {
  test("deletes the project with its members, tasks, expenses, notes, links and updates, and nothing else", async () => {
    const { owner, organization, input } = await organizationWithCustomer();
    const ada = await addMember(t, organization.uid, "member");
    const doomed = await created(organization.uid, { ...input, responsible: [ada.id] }, owner.token);
    const kept = await created(organization.uid, { ...input, title: "Kept", responsible: [ada.id] }, owner.token);
    for (const project of [doomed, kept]) {
      const projectId = project.uid;
      await t.db.insert(projectUpdates).values({ projectId, status: "in_progress", date: "2026-03-01" });
      await t.db.insert(projectNotes).values({ projectId, note: "Brief", createdBy: owner.id });
      await t.db.insert(projectLinks).values({ projectId, title: "Repo", url: "https://example.com" });
      await t.db.insert(expenses).values({ organizationId: organization.uid, projectId, title: "Fonts", amount: 10 });
      await t.db.insert(tasks).values({ organizationId: organization.uid, projectId, name: "Design" });
    }

    const response = await deleteProject(organization.uid, doomed.uid, owner.token);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    for (const table of [projectMembers, projectUpdates, projectNotes, projectLinks, expenses, tasks]) {
      const rows = (await t.db.select().from(table)) as Array<{ projectId: string }>;
      expect(rows.some((row) => row.projectId === doomed.uid)).toBe(false);
      expect(rows.some((row) => row.projectId === kept.uid)).toBe(true);
    }
    expect((await getProject(organization.uid, doomed.uid, owner.token)).statusCode).toBe(404);
    expect((await getProject(organization.uid, kept.uid, owner.token)).statusCode).toBe(200);
  });

  test("refuses a Member, its manager and a role lacking exactly delete on project with 403, and writes nothing", async () => {
    const { owner, organization, input } = await organizationWithCustomer();
    const member = await addMember(t, organization.uid, "member");
    const leader = await addMemberLacking(t, organization.uid, [{ action: "delete", subject: "project" }]);
    const project = await created(organization.uid, { ...input, project_manager_id: leader.id }, owner.token);
    const before = await snapshot(t.db);
    for (const user of [member, leader]) {
      const response = await deleteProject(organization.uid, project.uid, user.token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ ErrorMessage: "You need the right to delete project" });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for a project of another organization or out of sight, and writes nothing", async () => {
    const { owner, organization, input } = await organizationWithCustomer();
    const blind = await addMemberLacking(t, organization.uid, [{ action: "read", subject: "project" }]);
    const hidden = await created(organization.uid, input, owner.token);
    const other = await organizationWithCustomer();
    const foreign = await created(other.organization.uid, other.input, other.owner.token);
    const before = await snapshot(t.db);
    expect((await deleteProject(organization.uid, foreign.uid, owner.token)).statusCode).toBe(404);
    expect((await deleteProject(other.organization.uid, hidden.uid, other.owner.token)).statusCode).toBe(404);
    expect((await deleteProject(organization.uid, hidden.uid, blind.token)).statusCode).toBe(404);
    expect((await deleteProject(organization.uid, hidden.uid, other.owner.token)).statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("GET /organization/{orgId}/user/{userId}/project", () => {
  test("answers the user's own projects, as manager or member, even without read on project", async () => {
    const { owner, organization, input } = await organizationWithCustomer();
    const viewer = await addMemberLacking(t, organization.uid, [{ action: "read", subject: "project" }]);
    const managed = await created(organization.uid, { ...input, project_manager_id: viewer.id }, owner.token);
    const joined = await created(organization.uid, { ...input, accountable: [viewer.id] }, owner.token);
    await created(organization.uid, input, owner.token);
    const response = await listUserProjects(organization.uid, viewer.id, viewer.token);
    expect(response.statusCode).toBe(200);
    expect(
      projectSchema
        .array()
        .parse(response.json())
        .map((p) => p.uid),
    ).toEqual([joined.uid, managed.uid]);
  });

  test("answers another user's projects to someone with read on project", async () => {
    const { owner, organization, input } = await organizationWithCustomer();
    const ada = await addMember(t, organization.uid, "member");
    const joined = await created(organization.uid, { ...input, informed: [ada.id] }, owner.token);
    await created(organization.uid, input, owner.token);
    const response = await listUserProjects(organization.uid, ada.id, owner.token);
    expect(response.statusCode).toBe(200);
    expect(
      projectSchema
        .array()
        .parse(response.json())
        .map((p) => p.uid),
    ).toEqual([joined.uid]);
  });

  test("refuses another user's projects with 403 to a role lacking read on project", async () => {
    const { organization } = await buildOrganization(t);
    const viewer = await addMemberLacking(t, organization.uid, [{ action: "read", subject: "project" }]);
    const ada = await addMember(t, organization.uid, "member");
    const response = await listUserProjects(organization.uid, ada.id, viewer.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ ErrorMessage: "You need the right to read project" });
  });

  test("answers 404 for a user of another organization, and to a user of another organization", async () => {
    const { owner, organization } = await buildOrganization(t);
    const other = await buildOrganization(t);
    const foreignUser = await listUserProjects(organization.uid, other.owner.id, owner.token);
    expect(foreignUser.statusCode).toBe(404);
    expect(foreignUser.json()).toMatchObject({ ErrorMessage: "User not found" });
    expect((await listUserProjects(organization.uid, owner.id, other.owner.token)).statusCode).toBe(404);
  });
});

describe("API documentation", () => {
  test("documents the project routes with their schemas", async () => {
    const document = (await request(t.app, { method: "GET", url: "/api/docs/json" })).json();
    const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
    const expected: Array<[string, string]> = [
      ["/api/v1/organization/{orgId}/project", "get"],
      ["/api/v1/organization/{orgId}/project", "post"],
      ["/api/v1/organization/{orgId}/project/{id}", "get"],
      ["/api/v1/organization/{orgId}/project/{id}", "patch"],
      ["/api/v1/organization/{orgId}/project/{id}", "delete"],
      ["/api/v1/organization/{orgId}/user/{userId}/project", "get"],
    ];
    for (const [path, method] of expected) {
      const operation = paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(Object.keys(operation!.responses as object), `${method} ${path}`).toEqual(
        expect.arrayContaining(["401", "404"]),
      );
      if (method === "post" || method === "patch") expect(operation!.requestBody, `${method} ${path}`).toBeDefined();
    }
  });
});
