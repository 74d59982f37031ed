import {
  type ProjectReportEntry,
  type ProjectReportSortColumn,
  projectReportSchema,
  projectReportSortColumns,
} from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { taskCategories, tasks, timeBlockingEvents, users } from "../../db/schema.js";
import { addMember, addMemberLacking, type BuiltUser, organizationWithProject } from "../../test/factories.js";
import { request, useTestApp } from "../../test/test-app.js";

const t = useTestApp();
const hour = 3_600_000;

const get = (url: string, token: string) => request(t.app, { method: "GET", url: `/api/v1/${url}`, token });

/**
 * A project with six entries of three people: names and titles differing in case, entries with and without a task or
 * category, and ties on every column (two entries at the same start, of the same length, of the same person) so that
 * the order by id shows.
 */
async function fixture() {
  const built = await organizationWithProject(t);
  const { orgId, project } = built;
  const admin = built.owner;
  await t.db.update(users).set({ nominative: "carla" }).where(eq(users.id, admin.id));
  const bruno = await addMember(t, orgId, "member", { nominative: "Bruno" });
  const anna = await addMember(t, orgId, "member", { nominative: "anna" });
  const [design] = await t.db
    .insert(tasks)
    .values({ organizationId: orgId, projectId: project.id, name: "design", userId: admin.id })
    .returning();
  const [build] = await t.db
    .insert(tasks)
    .values({ organizationId: orgId, projectId: project.id, name: "Build", userId: admin.id })
    .returning();
  const [meetings] = await t.db
    .insert(taskCategories)
    .values({ organizationId: orgId, name: "meetings", color: "#112233" })
    .returning();
  const [coding] = await t.db
    .insert(taskCategories)
    .values({ organizationId: orgId, name: "Coding", color: "#445566" })
    .returning();
  const entry = (
    user: BuiltUser,
    title: string,
    start: string,
    hours: number,
    taskId?: string,
    categoryId?: string,
  ) => ({
    organizationId: orgId,
    userId: user.id,
    title,
    startTime: new Date(start),
    endTime: new Date(new Date(start).getTime() + hours * hour),
    elapsedTime: hours * 3600,
    completed: true,
    eventType: "activity",
    projectId: project.id,
    taskLinkedId: taskId ?? null,
    categoryId: categoryId ?? null,
  });
  await t.db
    .insert(timeBlockingEvents)
    .values([
      entry(admin, "review", "2026-03-02T09:00:00Z", 2, design!.id, meetings!.id),
      entry(bruno, "Deploy", "2026-03-02T09:00:00Z", 1, build!.id),
      entry(anna, "analysis", "2026-03-03T08:00:00Z", 3, undefined, coding!.id),
      entry(anna, "Analysis", "2026-03-04T08:00:00Z", 1, design!.id, coding!.id),
      entry(bruno, "call", "2026-03-05T10:00:00Z", 2),
      entry(admin, "Write", "2026-03-01T07:00:00Z", 0.5, build!.id, meetings!.id),
    ]);
  // Not entries: planning, an activity not completed, and another project's time.
  await t.db.insert(timeBlockingEvents).values([
    { ...entry(admin, "plan", "2026-03-06T09:00:00Z", 1), eventType: "planning", completed: false, elapsedTime: 0 },
    { ...entry(admin, "open", "2026-03-06T11:00:00Z", 1), completed: false, elapsedTime: 0 },
  ]);
  return { ...built, admin, bruno, anna };
}

/** The value each column orders by, as the screen shows it; empty ones go last in both directions. */
function orderedValue(entry: ProjectReportEntry, column: ProjectReportSortColumn): string | number | null {
  switch (column) {
    case "user":
      return entry.user.nominative;
    case "title":
      return entry.title;
    case "task":
      return entry.task?.name ?? null;
    case "category":
      return entry.category?.name ?? null;
    case "start":
      return entry.start_time;
    case "end":
      return entry.end_time;
    case "elapsed":
      return entry.elapsed_time;
  }
}

/** The order the route promises, written out independently of its SQL: ASCII names, so lower-casing is the collation. */
function expectedOrder(
  entries: readonly ProjectReportEntry[],
  column: ProjectReportSortColumn,
  direction: "asc" | "desc",
): string[] {
  const sign = direction === "asc" ? 1 : -1;
  const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return [...entries]
    .sort((a, b) => {
      const x = orderedValue(a, column);
      const y = orderedValue(b, column);
      if (x === null || y === null) {
        if (x === null && y === null) return sign * compare(a.id, b.id);
        return x === null ? 1 : -1;
      }
      const byValue =
        typeof x === "string" && typeof y === "string"
          ? compare(x.toLowerCase(), y.toLowerCase()) || compare(x, y)
          : compare(x, y);
      return sign * byValue || sign * compare(a.id, b.id);
    })
    .map((entry) => entry.id);
}

describe("GET organization/{orgId}/project/{id}/report: the order of the entries", () => {
  let f: Awaited<ReturnType<typeof fixture>>;
  let url: string;
  let all: ProjectReportEntry[];
  beforeAll(async () => {
    f = await fixture();
    url = `organization/${f.orgId}/project/${f.project.id}/report`;
    all = projectReportSchema.parse((await get(url, f.admin.token)).json()).entries;
  });

  test("without a sort the entries come newest first, ties by id, as before", () => {
    expect(all).toHaveLength(6);
    expect(all.map((e) => e.id)).toEqual(expectedOrder(all, "start", "desc"));
    expect(all.map((e) => e.title)).toEqual([
      "call",
      "Analysis",
      "analysis",
      expect.any(String),
      expect.any(String),
      "Write",
    ]);
  });

  for (const column of projectReportSortColumns) {
    for (const direction of ["asc", "desc"] as const) {
      test(`sort=${column}&direction=${direction}: every page in that order, ties by id`, async () => {
        const expected = expectedOrder(all, column, direction);
        const pages: string[] = [];
        for (let page = 1; page <= 3; page++) {
          const response = await get(
            `${url}?sort=${column}&direction=${direction}&page_size=2&page=${page}`,
            f.admin.token,
          );
          expect(response.statusCode).toBe(200);
          const body = projectReportSchema.parse(response.json());
          expect(body).toMatchObject({ page, page_size: 2, total: 6, total_elapsed_time: 9.5 * 3600 });
          pages.push(...body.entries.map((e) => e.id));
        }
        expect(pages).toEqual(expected);
      });
    }
  }

  test("reads the values it orders by as the screen shows them", async () => {
    const byUser = projectReportSchema.parse((await get(`${url}?sort=user`, f.admin.token)).json()).entries;
    expect(byUser.map((e) => e.user.nominative)).toEqual(["anna", "anna", "Bruno", "Bruno", "carla", "carla"]);
    const byTask = projectReportSchema.parse(
      (await get(`${url}?sort=task&direction=desc`, f.admin.token)).json(),
    ).entries;
    // Entries without a task stay last when the order is reversed.
    expect(byTask.map((e) => e.task?.name ?? null)).toEqual(["design", "design", "Build", "Build", null, null]);
    const byElapsed = projectReportSchema.parse((await get(`${url}?sort=elapsed`, f.admin.token)).json()).entries;
    expect(byElapsed.map((e) => e.elapsed_time)).toEqual([1800, 3600, 3600, 7200, 7200, 10800]);
  });

  test("a sort alone is ascending; a direction alone reverses the newest-first order", async () => {
    const ascending = projectReportSchema.parse((await get(`${url}?sort=title`, f.admin.token)).json()).entries;
    expect(ascending.map((e) => e.id)).toEqual(expectedOrder(all, "title", "asc"));
    const oldest = projectReportSchema.parse((await get(`${url}?direction=asc`, f.admin.token)).json()).entries;
    expect(oldest.map((e) => e.id)).toEqual(expectedOrder(all, "start", "asc"));
  });

  test("the CSV has every entry in the same order", async () => {
    const response = await get(`${url}?format=csv&sort=category&direction=desc`, f.admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/csv/);
    const titles = response.body
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean)
      .slice(1)
      .map((line) => line.split(";")[1]);
    const expected = expectedOrder(all, "category", "desc").map((id) => all.find((e) => e.id === id)!.title);
    expect(titles).toEqual(expected);
  });

  test.each([
    ["sort=project", "query.sort", "sort must be one of user, title, task, category, start, end, elapsed"],
    ["sort=start_time", "query.sort", "sort must be one of user, title, task, category, start, end, elapsed"],
    ["sort=user;drop", "query.sort", "sort must be one of user, title, task, category, start, end, elapsed"],
    ["sort=user&direction=down", "query.direction", "direction must be asc or desc"],
    ["format=csv&sort=nope", "query.sort", "sort must be one of user, title, task, category, start, end, elapsed"],
  ])("?%s is a 400 naming %s", async (query, field, message) => {
    const response = await get(`${url}?${query}`, f.admin.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ field, message });
  });

  test("the order changes nothing of who may read: another organization's project and one out of sight are 404", async () => {
    const other = await organizationWithProject(t);
    for (const path of [
      `organization/${other.orgId}/project/${other.project.id}/report?sort=user`,
      `organization/${f.orgId}/project/${other.project.id}/report?sort=user&direction=desc`,
      `organization/${other.orgId}/project/${other.project.id}/report?sort=title&format=csv`,
    ]) {
      expect((await get(path, f.admin.token)).statusCode, path).toBe(404);
    }
    const lacking = await addMemberLacking(t, f.orgId, [{ action: "read", subject: "project" }]);
    expect((await get(`${url}?sort=elapsed`, lacking.token)).statusCode).toBe(404);
    // A member (the role reads projects) gets the same order as the admin.
    const asMember = await get(`${url}?sort=elapsed&direction=desc`, f.bruno.token);
    expect(asMember.statusCode).toBe(200);
    expect(projectReportSchema.parse(asMember.json()).entries.map((e) => e.id)).toEqual(
      expectedOrder(all, "elapsed", "desc"),
    );
    const unauthenticated = await request(t.app, { method: "GET", url: `/api/v1/${url}?sort=user` });
    expect(unauthenticated.statusCode).toBe(401);
  });
});
