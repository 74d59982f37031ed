import { linkUrlMessage, projectLinkSchema } from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { projectLinks } from "../../db/schema.js";
import { addMember, addMemberLacking, insertProjectWithTeam, organizationWithProject } from "../../test/factories.js";
import { resourceCalls } from "../../test/resource-calls.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

const t = useTestApp();

const {
  list: listLinks,
  create: createLink,
  update: updateLink,
  remove: deleteLink,
} = resourceCalls(t, (orgId: string, projectId: string) => `/api/v1/organization/${orgId}/project/${projectId}/links`);

/** An organization with a project that has one link added through the API. */
async function projectWithLink() {
  const built = await organizationWithProject(t);
  const json = { title: "Design files", url: "https://figma.example/file/1" };
  const response = await createLink(built.orgId, built.project.id, json, built.owner.token);
  if (response.statusCode !== 201) throw new Error(`link not created: ${response.body}`);
  return { ...built, link: projectLinkSchema.parse(response.json()) };
}

const linkRow = async (id: string) => (await t.db.select().from(projectLinks).where(eq(projectLinks.id, id)))[0];

const invalidBodies: Array<[unknown, string]> = [
  [{ url: "https://example.com" }, "body.title"],
  [{ title: "   ", url: "https://example.com" }, "body.title"],
  [{ title: "t".repeat(201) }, "body.title"],
  [{ title: "Docs", url: 42 }, "body.url"],
  [{ title: "Docs", url: `https://example.com/${"a".repeat(2000)}` }, "body.url"],
  [{ title: "Docs", linkid: "1" }, "body.linkid"],
];

describe("GET /organization/{orgId}/project/{id}/links", () => {
  test("lists the project's links in the order they were added, to a Member", async () => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const first = await createLink(
      orgId,
      project.id,
      { title: "Repository", url: "https://git.example/x" },
      owner.token,
    );
    const second = await createLink(orgId, project.id, { title: "Board", url: "https://board.example" }, owner.token);
    const elsewhere = await insertProjectWithTeam(t, orgId, { managerId: owner.id });
    const other = await createLink(orgId, elsewhere.id, { title: "Elsewhere" }, owner.token);
    const member = await addMember(t, orgId, "member");

    const response = await listLinks(orgId, project.id, member.token);
    expect(response.statusCode).toBe(200);
    expect(projectLinkSchema.array().parse(response.json())).toEqual([first.json(), second.json()]);
    expect(response.body).not.toContain(other.json().link_id);
  });

  test("hides a project the actor neither may read nor is on with a 404", async () => {
    const { orgId, project, link } = await projectWithLink();
    const outsider = await addMemberLacking(t, orgId, [{ action: "read", subject: "project" }]);
    const response = await listLinks(orgId, project.id, outsider.token);
    expect(response.statusCode).toBe(404);
    expect(response.json().ErrorMessage).toBe("Project not found");
    expect(response.body).not.toContain(link.link_id);
  });

  test("answers 404 for another organization's project, through either organization's path", async () => {
    const { owner, orgId } = await organizationWithProject(t);
    const other = await projectWithLink();
    expect((await listLinks(orgId, other.project.id, owner.token)).statusCode).toBe(404);
    const viaTheirs = await listLinks(other.orgId, other.project.id, owner.token);
    expect(viaTheirs.statusCode).toBe(404);
    expect(viaTheirs.body).not.toContain(other.link.url);
  });

  test("refuses a project id that is not an id with a 400 naming params.id, and a request without a session", async () => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const response = await listLinks(orgId, "website", owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "params.id" }));
    expect((await listLinks(orgId, project.id)).statusCode).toBe(401);
  });
});

describe("POST /organization/{orgId}/project/{id}/links", () => {
  test("adds a link, trimmed, its address normalized: without a scheme it is a web address", async () => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const response = await createLink(
      orgId,
      project.id,
      { title: " Shared drive ", url: " example.com/docs " },
      owner.token,
    );
    expect(response.statusCode).toBe(201);
    const link = projectLinkSchema.parse(response.json());
    expect(link).toEqual({ link_id: expect.any(String), title: "Shared drive", url: "https://example.com/docs" });
    expect(await linkRow(link.link_id)).toMatchObject({
      projectId: project.id,
      title: "Shared drive",
      url: "https://example.com/docs",
    });
    const mail = await createLink(orgId, project.id, { title: "Support", url: "mailto:help@example.com" }, owner.token);
    expect(mail.json().url).toBe("mailto:help@example.com");
  });

  test.each([
    "javascript:alert(document.cookie)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "file:///etc/passwd",
    "Shared drive",
  ])("refuses %j with a 400 naming body.url, writing nothing", async (url) => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const response = await createLink(orgId, project.id, { title: "Bad", url }, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(
      expect.objectContaining({ field: "body.url", message: linkUrlMessage }),
    );
    expect((await listLinks(orgId, project.id, owner.token)).json()).toEqual([]);
  });

  test("answers an address saved before addresses were checked by the same rule", async () => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const created = projectLinkSchema.parse(
      (await createLink(orgId, project.id, { title: "Old", url: "https://example.com" }, owner.token)).json(),
    );
    await t.db.update(projectLinks).set({ url: "javascript:alert(1)" }).where(eq(projectLinks.id, created.link_id));
    const listed = (await listLinks(orgId, project.id, owner.token)).json();
    expect(listed).toEqual([{ link_id: created.link_id, title: "Old", url: "" }]);
  });

  test("takes an empty address when none is sent", async () => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const response = await createLink(orgId, project.id, { title: "To do" }, owner.token);
    expect(response.statusCode).toBe(201);
    expect(response.json().url).toBe("");
  });

  test("lets a Member who manages the project add one", async () => {
    const { orgId } = await organizationWithProject(t);
    const member = await addMember(t, orgId, "member");
    const own = await insertProjectWithTeam(t, orgId, { managerId: member.id });
    expect((await createLink(orgId, own.id, { title: "Mine" }, member.token)).statusCode).toBe(201);
  });

  test.each(invalidBodies)("refuses %j with a 400 naming %s and writes nothing", async (json, field) => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const before = await snapshot(t.db);
    const response = await createLink(orgId, project.id, json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a Member who does not manage the project, writing nothing", async () => {
    const { orgId, project } = await organizationWithProject(t);
    const member = await addMember(t, orgId, "member");
    const before = await snapshot(t.db);
    const response = await createLink(orgId, project.id, { title: "Not mine" }, member.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "FORBIDDEN", ErrorMessage: "You need the right to edit project" });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for another organization's project and writes nothing", async () => {
    const { owner, orgId } = await organizationWithProject(t);
    const other = await organizationWithProject(t);
    const before = await snapshot(t.db);
    expect((await createLink(orgId, other.project.id, { title: "Planted" }, owner.token)).statusCode).toBe(404);
    expect((await createLink(other.orgId, other.project.id, { title: "Planted" }, owner.token)).statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("PATCH /organization/{orgId}/project/{id}/links/{linkId}", () => {
  test("replaces the title and the address", async () => {
    const { owner, orgId, project, link } = await projectWithLink();
    const response = await updateLink(orgId, project.id, link.link_id, { title: "Final designs" }, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ link_id: link.link_id, title: "Final designs", url: "" });
    expect(await linkRow(link.link_id)).toMatchObject({ title: "Final designs", url: "" });
  });

  test.each(invalidBodies)("refuses %j with a 400 naming %s and changes nothing", async (json, field) => {
    const { owner, orgId, project, link } = await projectWithLink();
    const before = await snapshot(t.db);
    const response = await updateLink(orgId, project.id, link.link_id, json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a Member who does not manage the project, changing nothing", async () => {
    const { orgId, project, link } = await projectWithLink();
    const member = await addMember(t, orgId, "member");
    const before = await snapshot(t.db);
    expect((await updateLink(orgId, project.id, link.link_id, { title: "Mine" }, member.token)).statusCode).toBe(403);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for a link of another project or organization, changing nothing", async () => {
    const { owner, orgId, link } = await projectWithLink();
    const sibling = await insertProjectWithTeam(t, orgId, { managerId: owner.id });
    const other = await projectWithLink();
    const before = await snapshot(t.db);
    const viaSibling = await updateLink(orgId, sibling.id, link.link_id, { title: "Moved" }, owner.token);
    expect(viaSibling.statusCode).toBe(404);
    expect(viaSibling.json().ErrorMessage).toBe("Link not found");
    expect((await updateLink(orgId, sibling.id, other.link.link_id, { title: "X" }, owner.token)).statusCode).toBe(404);
    const viaTheirs = await updateLink(other.orgId, other.project.id, other.link.link_id, { title: "X" }, owner.token);
    expect(viaTheirs.statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("DELETE /organization/{orgId}/project/{id}/links/{linkId}", () => {
  test("deletes a link", async () => {
    const { owner, orgId, project, link } = await projectWithLink();
    const response = await deleteLink(orgId, project.id, link.link_id, owner.token);
    expect(response.statusCode).toBe(204);
    expect(await linkRow(link.link_id)).toBeUndefined();
    expect((await deleteLink(orgId, project.id, link.link_id, owner.token)).statusCode).toBe(404);
  });

  test("refuses a Member who does not manage the project, keeping the link", async () => {
    const { orgId, project, link } = await projectWithLink();
    const member = await addMember(t, orgId, "member");
    const before = await snapshot(t.db);
    const response = await deleteLink(orgId, project.id, link.link_id, member.token);
    expect(response.statusCode).toBe(403);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for another organization's link, through either organization's path, deleting nothing", async () => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const other = await projectWithLink();
    const before = await snapshot(t.db);
    expect((await deleteLink(orgId, project.id, other.link.link_id, owner.token)).statusCode).toBe(404);
    expect((await deleteLink(other.orgId, other.project.id, other.link.link_id, owner.token)).statusCode).toBe(404);
    const badId = await deleteLink(orgId, project.id, "link", owner.token);
    expect(badId.json().details).toContainEqual(expect.objectContaining({ field: "params.linkId" }));
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("OpenAPI", () => {
  test("documents the calls under project/{id}/links", async () => {
    const document = (await request(t.app, { method: "GET", url: "/api/docs/json" })).json();
    const list = document.paths["/api/v1/organization/{orgId}/project/{id}/links"];
    const one = document.paths["/api/v1/organization/{orgId}/project/{id}/links/{linkId}"];
    expect(Object.keys(list).sort()).toEqual(["get", "post"]);
    expect(Object.keys(one).sort()).toEqual(["delete", "patch"]);
    expect(list.post.requestBody.content["application/json"].schema.properties).toBeDefined();
    expect(Object.keys(list.post.responses)).toEqual(expect.arrayContaining(["201", "400", "403", "404"]));
    expect(one.patch.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["id", "linkId", "orgId"].sort());
  });
});
