import { randomUUID } from "node:crypto";
import { projectAreaSchema, projectCategorySchema } from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { projectAreas, projectCategories, projects } from "../../db/schema.js";
import {
  addMember,
  addMemberLacking,
  buildOrganization,
  buildUser,
  insertProjectWithTeam,
} from "../../test/factories.js";
import { resourceCalls } from "../../test/resource-calls.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

const t = useTestApp();

/**
 * Categories and areas are two lists with the same calls and rules; a category also has a color. Each kind says how
 * to make a valid body, which bad bodies name which field, and how a project refers to one.
 */
const kinds = [
  {
    name: "project-category",
    label: "Category",
    schema: projectCategorySchema,
    table: projectCategories,
    body: (name: string) => ({ name, color: "#A1B2C3" }),
    saved: (name: string) => ({ name, color: "#a1b2c3" }),
    invalid: [
      ["no name", { color: "#a1b2c3" }, "body.name"],
      ["a blank name", { name: "  ", color: "#a1b2c3" }, "body.name"],
      ["no color", { name: "Web" }, "body.color"],
      ["a color that is not #rrggbb", { name: "Web", color: "red" }, "body.color"],
      ["an unknown field", { name: "Web", color: "#a1b2c3", icon: "x" }, "body.icon"],
    ] as Array<[string, unknown, string]>,
    projectColumn: "categoryId" as const,
    insert: async (organizationId: string, name: string) =>
      (await t.db.insert(projectCategories).values({ organizationId, name, color: "#000000" }).returning())[0]!,
  },
  {
    name: "project-area",
    label: "Area",
    schema: projectAreaSchema,
    table: projectAreas,
    body: (name: string) => ({ name }),
    saved: (name: string) => ({ name }),
    invalid: [
      ["no name", {}, "body.name"],
      ["a blank name", { name: "  " }, "body.name"],
      ["a name of more than 60 characters", { name: "x".repeat(61) }, "body.name"],
      ["an unknown field", { name: "North", color: "#a1b2c3" }, "body.color"],
    ] as Array<[string, unknown, string]>,
    projectColumn: "areaId" as const,
    insert: async (organizationId: string, name: string) =>
      (await t.db.insert(projectAreas).values({ organizationId, name }).returning())[0]!,
  },
];

describe.each(kinds)("/organization/{orgId}/$name", (kind) => {
  const { list, create, update, remove } = resourceCalls(
    t,
    (orgId: string) => `/api/v1/organization/${orgId}/${kind.name}`,
  );

  describe("GET", () => {
    test("lists the organization's items by name, ignoring case, to any member", async () => {
      const { organization } = await buildOrganization(t);
      for (const name of ["beta", "Alpha", "charlie"]) await kind.insert(organization.uid, name);
      const other = await buildOrganization(t);
      const foreign = await kind.insert(other.organization.uid, "Aardvark");
      // Not even read on project is needed: the project form and filters show them.
      const viewer = await addMemberLacking(t, organization.uid, [{ action: "read", subject: "project" }]);

      const response = await list(organization.uid, viewer.token);
      expect(response.statusCode).toBe(200);
      expect(
        kind.schema
          .array()
          .parse(response.json())
          .map((item) => item.name),
      ).toEqual(["Alpha", "beta", "charlie"]);
      expect(response.body).not.toContain(foreign.id);
    });

    test("answers 404 to a user of another organization and to a user without one, 401 without a session", async () => {
      const { organization } = await buildOrganization(t);
      await kind.insert(organization.uid, "Secret");
      const { owner: stranger } = await buildOrganization(t);
      const loner = await buildUser(t);
      const foreign = await list(organization.uid, stranger.token);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).not.toContain("Secret");
      expect((await list(organization.uid, loner.token)).statusCode).toBe(404);
      expect((await list(organization.uid)).statusCode).toBe(401);
    });
  });

  describe("POST", () => {
    test("adds an item, trimmed, to a Manager", async () => {
      const { organization } = await buildOrganization(t);
      const manager = await addMember(t, organization.uid, "manager");
      const response = await create(organization.uid, kind.body("  Web  "), manager.token);
      expect(response.statusCode).toBe(201);
      const item = kind.schema.parse(response.json());
      expect(item).toEqual({ uid: expect.any(String), ...kind.saved("Web") });
      const [row] = await t.db.select().from(kind.table).where(eq(kind.table.id, item.uid));
      expect(row).toMatchObject({ organizationId: organization.uid, ...kind.saved("Web") });
    });

    test.each(kind.invalid)(
      "refuses %s with a 400 naming the field, and writes nothing",
      async (_label, json, field) => {
        const { owner, organization } = await buildOrganization(t);
        const before = await snapshot(t.db);
        const response = await create(organization.uid, json, owner.token);
        expect(response.statusCode).toBe(400);
        expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
        expect(await snapshot(t.db)).toEqual(before);
      },
    );

    test("refuses a Member and a role lacking exactly edit on project with 403, and writes nothing", async () => {
      const { organization } = await buildOrganization(t);
      const member = await addMember(t, organization.uid, "member");
      const lacking = await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "project" }]);
      const before = await snapshot(t.db);
      for (const user of [member, lacking]) {
        const response = await create(organization.uid, kind.body("Web"), user.token);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({
          code: "FORBIDDEN",
          ErrorMessage: "You need the right to edit project",
        });
      }
      expect(await snapshot(t.db)).toEqual(before);
    });

    test("answers 404 to a user of another organization, and writes nothing", async () => {
      const { organization } = await buildOrganization(t);
      const { owner: stranger } = await buildOrganization(t);
      const before = await snapshot(t.db);
      expect((await create(organization.uid, kind.body("Web"), stranger.token)).statusCode).toBe(404);
      expect(await snapshot(t.db)).toEqual(before);
    });
  });

  describe("PATCH", () => {
    test("replaces the item's fields", async () => {
      const { owner, organization } = await buildOrganization(t);
      const item = await kind.insert(organization.uid, "Web");
      const response = await update(organization.uid, item.id, kind.body("Mobile"), owner.token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ uid: item.id, ...kind.saved("Mobile") });
    });

    test("answers 404 for an item of another organization or unknown, and writes nothing", async () => {
      const { owner, organization } = await buildOrganization(t);
      const other = await buildOrganization(t);
      const foreign = await kind.insert(other.organization.uid, "Theirs");
      const before = await snapshot(t.db);
      const response = await update(organization.uid, foreign.id, kind.body("Mine"), owner.token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ ErrorMessage: `${kind.label} not found` });
      expect((await update(organization.uid, randomUUID(), kind.body("Mine"), owner.token)).statusCode).toBe(404);
      expect((await update(other.organization.uid, foreign.id, kind.body("Mine"), owner.token)).statusCode).toBe(404);
      expect(await snapshot(t.db)).toEqual(before);
    });

    test("refuses a Member with 403 and a bad body with 400, and writes nothing", async () => {
      const { owner, organization } = await buildOrganization(t);
      const item = await kind.insert(organization.uid, "Web");
      const member = await addMember(t, organization.uid, "member");
      const before = await snapshot(t.db);
      expect((await update(organization.uid, item.id, kind.body("Mobile"), member.token)).statusCode).toBe(403);
      const [, json, field] = kind.invalid[0]!;
      const bad = await update(organization.uid, item.id, json, owner.token);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details).toContainEqual(expect.objectContaining({ field }));
      expect((await update(organization.uid, "web", kind.body("Mobile"), owner.token)).statusCode).toBe(400);
      expect(await snapshot(t.db)).toEqual(before);
    });
  });

  describe("DELETE", () => {
    test("deletes the item and clears it from its projects, which stay", async () => {
      const { owner, organization } = await buildOrganization(t);
      const item = await kind.insert(organization.uid, "Web");
      const kept = await kind.insert(organization.uid, "Kept");
      const project = await insertProjectWithTeam(t, organization.uid, { managerId: owner.id });
      const other = await insertProjectWithTeam(t, organization.uid, { managerId: owner.id });
      await t.db
        .update(projects)
        .set({ [kind.projectColumn]: item.id })
        .where(eq(projects.id, project.id));
      await t.db
        .update(projects)
        .set({ [kind.projectColumn]: kept.id })
        .where(eq(projects.id, other.id));

      const response = await remove(organization.uid, item.id, owner.token);
      expect(response.statusCode).toBe(204);
      expect(await t.db.select().from(kind.table).where(eq(kind.table.id, item.id))).toEqual([]);
      const [cleared] = await t.db.select().from(projects).where(eq(projects.id, project.id));
      expect(cleared![kind.projectColumn]).toBeNull();
      const [untouched] = await t.db.select().from(projects).where(eq(projects.id, other.id));
      expect(untouched![kind.projectColumn]).toBe(kept.id);
    });

    test("refuses a Member and a role lacking exactly edit on project with 403, and writes nothing", async () => {
      const { organization } = await buildOrganization(t);
      const item = await kind.insert(organization.uid, "Web");
      const member = await addMember(t, organization.uid, "member");
      const lacking = await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "project" }]);
      const before = await snapshot(t.db);
      for (const user of [member, lacking]) {
        expect((await remove(organization.uid, item.id, user.token)).statusCode).toBe(403);
      }
      expect(await snapshot(t.db)).toEqual(before);
    });

    test("answers 404 for an item of another organization, and writes nothing", async () => {
      const { owner, organization } = await buildOrganization(t);
      const other = await buildOrganization(t);
      const foreign = await kind.insert(other.organization.uid, "Theirs");
      const before = await snapshot(t.db);
      const response = await remove(organization.uid, foreign.id, owner.token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ ErrorMessage: `${kind.label} not found` });
      expect((await remove(other.organization.uid, foreign.id, owner.token)).statusCode).toBe(404);
      expect(await snapshot(t.db)).toEqual(before);
    });
  });
});

describe("A category and an area seen from the project", () => {
  test("a project answers without its category or area once they are deleted", async () => {
    const { owner, organization } = await buildOrganization(t);
    const category = await kinds[0]!.insert(organization.uid, "Web");
    const area = await kinds[1]!.insert(organization.uid, "North");
    const project = await insertProjectWithTeam(t, organization.uid, { managerId: owner.id, categoryId: category.id });
    await t.db.update(projects).set({ areaId: area.id }).where(eq(projects.id, project.id));
    const projectUrl = `/api/v1/organization/${organization.uid}/project/${project.id}`;

    const before = await request(t.app, { method: "GET", url: projectUrl, token: owner.token });
    expect(before.json()).toMatchObject({
      category: { uid: category.id, name: "Web" },
      area: { uid: area.id, name: "North" },
    });
    for (const [path, id] of [
      ["project-category", category.id],
      ["project-area", area.id],
    ]) {
      const url = `/api/v1/organization/${organization.uid}/${path}/${id}`;
      expect((await request(t.app, { method: "DELETE", url, token: owner.token })).statusCode).toBe(204);
    }
    const after = await request(t.app, { method: "GET", url: projectUrl, token: owner.token });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ uid: project.id, category: null, area: null });
  });
});

describe("API documentation", () => {
  test("documents the category and area routes with their schemas", async () => {
    const document = (await request(t.app, { method: "GET", url: "/api/docs/json" })).json();
    const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
    for (const kind of ["project-category", "project-area"]) {
      const expected: Array<[string, string]> = [
        [`/api/v1/organization/{orgId}/${kind}`, "get"],
        [`/api/v1/organization/{orgId}/${kind}`, "post"],
        [`/api/v1/organization/{orgId}/${kind}/{id}`, "patch"],
        [`/api/v1/organization/{orgId}/${kind}/{id}`, "delete"],
      ];
      for (const [path, method] of expected) {
        const operation = paths[path]?.[method];
        expect(operation, `${method} ${path}`).toBeDefined();
        expect(Object.keys(operation!.responses as object), `${method} ${path}`).toEqual(
          expect.arrayContaining(["401", "404"]),
        );
        if (method === "post" || method === "patch") expect(operation!.requestBody, `${method} ${path}`).toBeDefined();
      }
    }
  });
});
