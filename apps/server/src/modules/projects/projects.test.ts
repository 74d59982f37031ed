import { projectSchema } from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { projectMembers, projects } from "../../db/schema.js";
import { addMember, addMemberLacking, buildOrganization, buildUser, insertProject } from "../../test/factories.js";
import { request, useTestApp } from "../../test/test-app.js";
import { createOrganizationsRepository } from "../organizations/organizations.repository.js";
import { createOrganizationsService } from "../organizations/organizations.service.js";
import { createProjectsRepository } from "./projects.repository.js";
import { createProjectsService } from "./projects.service.js";

const t = useTestApp();

const getProject = (orgId: string, id: string, token?: string) =>
  request(t.app, { method: "GET", url: `/api/v1/organization/${orgId}/project/${id}`, ...(token ? { token } : {}) });

function service() {
  const organizations = createOrganizationsService({ repository: createOrganizationsRepository(t.db) });
  return createProjectsService({ repository: createProjectsRepository(t.db), organizations });
}

/** A project straight in the table, managed by `managerId`, with the given people tagged. */
async function projectManagedBy(organizationId: string, managerId: string, tagged: string[] = []) {
  const row = await insertProject(t, organizationId);
  await t.db.update(projects).set({ projectManagerId: managerId }).where(eq(projects.id, row.id));
  for (const userId of tagged)
    await t.db.insert(projectMembers).values({ projectId: row.id, userId, tag: "responsible" });
  return row;
}

describe("authorizeProject", () => {
  test("answers the project to whoever sees it, and edit to its manager even without edit on project", async () => {
    const { owner, organization } = await buildOrganization(t);
    const leader = await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "project" }]);
    const row = await projectManagedBy(organization.uid, leader.id);
    const projectsService = service();
    const project = await projectsService.authorizeProject({
      actorId: leader.id,
      organizationId: organization.uid,
      projectId: row.id,
      access: "edit",
    });
    expect(project).toMatchObject({ uid: row.id, project_manager: { uid: leader.id } });
    await expect(
      projectsService.authorizeProject({
        actorId: owner.id,
        organizationId: organization.uid,
        projectId: row.id,
        access: "edit",
      }),
    ).resolves.toMatchObject({ uid: row.id });
  });

  test("refuses edit with 403 to a member of the project without edit on project", async () => {
    const { owner, organization } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const row = await projectManagedBy(organization.uid, owner.id, [member.id]);
    const projectsService = service();
    await expect(
      projectsService.authorizeProject({
        actorId: member.id,
        organizationId: organization.uid,
        projectId: row.id,
        access: "read",
      }),
    ).resolves.toMatchObject({ uid: row.id });
    await expect(
      projectsService.authorizeProject({
        actorId: member.id,
        organizationId: organization.uid,
        projectId: row.id,
        access: "edit",
      }),
    ).rejects.toMatchObject({ statusCode: 403, message: "You need the right to edit project" });
  });

  test("answers 404 Project not found for a project out of sight or of another organization", async () => {
    const { owner, organization } = await buildOrganization(t);
    const outsider = await addMemberLacking(t, organization.uid, [{ action: "read", subject: "project" }]);
    const row = await projectManagedBy(organization.uid, owner.id);
    const other = await buildOrganization(t);
    const foreign = await projectManagedBy(other.organization.uid, other.owner.id);
    const projectsService = service();
    await expect(
      projectsService.authorizeProject({
        actorId: outsider.id,
        organizationId: organization.uid,
        projectId: row.id,
        access: "read",
      }),
    ).rejects.toMatchObject({ statusCode: 404, message: "Project not found" });
    await expect(
      projectsService.authorizeProject({
        actorId: owner.id,
        organizationId: organization.uid,
        projectId: foreign.id,
        access: "read",
      }),
    ).rejects.toMatchObject({ statusCode: 404, message: "Project not found" });
  });

  test("answers 404 Organization not found to someone outside the organization", async () => {
    const { owner, organization } = await buildOrganization(t);
    const row = await projectManagedBy(organization.uid, owner.id);
    const loner = await buildUser(t);
    await expect(
      service().authorizeProject({
        actorId: loner.id,
        organizationId: organization.uid,
        projectId: row.id,
        access: "read",
      }),
    ).rejects.toMatchObject({ statusCode: 404, message: "Organization not found" });
  });

  test("findProjectRefs names only the organization's projects", async () => {
    const { owner, organization } = await buildOrganization(t);
    const row = await projectManagedBy(organization.uid, owner.id);
    const other = await buildOrganization(t);
    const foreign = await projectManagedBy(other.organization.uid, other.owner.id);
    const refs = await service().findProjectRefs({
      organizationId: organization.uid,
      projectIds: [row.id, foreign.id],
    });
    expect(refs).toEqual([{ uid: row.id, title: row.title }]);
  });
});

describe("GET /organization/{orgId}/project/{id}", () => {
  test("answers the project with its manager and tagged members", async () => {
    const { owner, organization } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member", { nominative: "Bea Bianchi" });
    const row = await projectManagedBy(organization.uid, owner.id, [member.id]);
    const response = await getProject(organization.uid, row.id, member.token);
    expect(response.statusCode).toBe(200);
    const project = projectSchema.parse(response.json());
    expect(project).toMatchObject({
      uid: row.id,
      project_manager: { uid: owner.id },
      status: { key: "open" },
      members: [{ user: { uid: member.id, nominative: "Bea Bianchi" }, tags: ["responsible"] }],
      latest_update: null,
      progress: 0,
      current_marginability: null,
    });
  });
});
