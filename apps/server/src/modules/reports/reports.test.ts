import {
  projectReportSchema,
  projectSchema,
  projectStatisticsSchema,
  taskSchema,
  teamReportSchema,
  timesheetRowSchema,
  timesheetSchema,
  userReportSchema,
  workLogByDay,
} from "@timetrap/domain";
import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import {
  expenses,
  holidayDays,
  holidayGroups,
  organizationMembers,
  organizations,
  plans,
  projectMembers,
  taskCategories,
  tasks,
  timeBlockingEvents,
  timeOff,
  timeOffKinds,
  userContracts,
  users,
} from "../../db/schema.js";
import {
  addMember,
  addMemberLacking,
  type BuiltUser,
  buildOrganization,
  insertCustomer,
  insertProjectWithTeam,
} from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

const t = useTestApp();
const hour = 3_600_000;
const at = (iso: string) => new Date(iso);

/** Every number of an answer, at any depth, is finite: no NaN or Infinity reaches the screens. */
function expectOnlyFiniteNumbers(value: unknown, path = "answer"): void {
  if (typeof value === "number") {
    expect(Number.isFinite(value), `${path} is ${value}`).toBe(true);
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) expectOnlyFiniteNumbers(item, `${path}[${index}]`);
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) expectOnlyFiniteNumbers(item, `${path}.${key}`);
  }
}

const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  request(t.app, { method: "GET", url: `/api/v1/${url}`, token, headers });

interface EventSpec {
  user: BuiltUser;
  start: string;
  hours: number;
  elapsedHours?: number;
  completed?: boolean;
  type?: "planning" | "activity";
  projectId?: string | null;
  categoryId?: string | null;
  taskId?: string | null;
  title?: string;
}

async function insertEvents(orgId: string, specs: readonly EventSpec[]) {
  if (specs.length === 0) return;
  await t.db.insert(timeBlockingEvents).values(
    specs.map((s) => {
      const completed = s.completed ?? (s.type ?? "activity") === "activity";
      return {
        organizationId: orgId,
        userId: s.user.id,
        title: s.title ?? "Work",
        startTime: at(s.start),
        endTime: new Date(at(s.start).getTime() + s.hours * hour),
        elapsedTime: Math.round((s.elapsedHours ?? (completed ? s.hours : 0)) * 3600),
        completed,
        eventType: s.type ?? "activity",
        projectId: s.projectId ?? null,
        categoryId: s.categoryId ?? null,
        taskLinkedId: s.taskId ?? null,
      };
    }),
  );
}

async function insertContract(
  orgId: string,
  user: BuiltUser,
  values: { from: string; to?: string | null; hourlyCost: number; hours?: number; partTime?: Record<string, number> },
) {
  await t.db.insert(userContracts).values({
    organizationId: orgId,
    userId: user.id,
    contractType: values.partTime ? "part-time" : "full-time",
    contractualHours: values.partTime ? 0 : (values.hours ?? 8),
    contractualHoursByDay: values.partTime
      ? {
          monday: 0,
          tuesday: 0,
          wednesday: 0,
          thursday: 0,
          friday: 0,
          saturday: 0,
          sunday: 0,
          ...values.partTime,
        }
      : null,
    hourlyCost: values.hourlyCost,
    productivityTarget: 80,
    fromDate: values.from,
    toDate: values.to ?? null,
  });
}

const setZone = (user: BuiltUser, timeZone: string) =>
  t.db.update(users).set({ preferences: { timeZone } }).where(eq(users.id, user.id));

async function useUnlimitedPlan(orgId: string) {
  const [unlimited] = await t.db.select().from(plans).where(eq(plans.code, "unlimited"));
  await t.db.update(organizations).set({ planId: unlimited!.id }).where(eq(organizations.id, orgId));
}

/**
 * One organization: an admin in Rome with a raise on 1 June, a manager in New York on a part-time contract, a member
 * with no contract, a project for a customer and a non-billable one, and a category.
 */
async function fixture() {
  const built = await buildOrganization(t);
  const orgId = built.organization.uid;
  const admin = built.owner;
  const manager = await addMember(t, orgId, "manager", { nominative: "Bea Manager" });
  const member = await addMember(t, orgId, "member", { nominative: "Carlo Member" });
  await t.db.update(users).set({ nominative: "Anna Admin" }).where(eq(users.id, admin.id));
  await setZone(admin, "Europe/Rome");
  await setZone(manager, "America/New_York");
  await insertContract(orgId, admin, { from: "2026-01-01", to: "2026-05-31", hourlyCost: 40 });
  await insertContract(orgId, admin, { from: "2026-06-01", hourlyCost: 50 });
  await insertContract(orgId, manager, { from: "2026-01-01", hourlyCost: 30, partTime: { monday: 4, wednesday: 6 } });
  const customer = await insertCustomer(t, orgId, "Acme Srl");
  const project = await insertProjectWithTeam(t, orgId, {
    title: "Website",
    customerId: customer.id,
    managerId: admin.id,
    members: [{ userId: member.id }],
  });
  const internal = await insertProjectWithTeam(t, orgId, { title: "Internal", managerId: admin.id });
  await t.db
    .update((await import("../../db/schema.js")).projects)
    .set({ notBillable: true, budget: 0 })
    .where(eq((await import("../../db/schema.js")).projects.id, internal.id));
  const [category] = await t.db
    .insert(taskCategories)
    .values({ organizationId: orgId, name: "Development", color: "#112233" })
    .returning();
  return { orgId, admin, manager, member, customer, project, internal, category: category! };
}

type Fixture = Awaited<ReturnType<typeof fixture>>;

describe("GET report/timesheet", () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture();
    await insertEvents(f.orgId, [
      // Monday 1 June 2026, Rome (+02:00): 22:30 UTC is already Tuesday 00:30 there.
      { user: f.admin, start: "2026-06-01T07:00:00Z", hours: 2, projectId: f.project.id, categoryId: f.category.id },
      { user: f.admin, start: "2026-06-01T22:30:00Z", hours: 1, projectId: f.internal.id },
      // Friday 29 May, under the old contract.
      { user: f.admin, start: "2026-05-29T08:00:00Z", hours: 3, projectId: f.project.id },
      // Not logged: a planning block and an activity not completed.
      { user: f.admin, start: "2026-06-02T08:00:00Z", hours: 4, type: "planning", projectId: f.project.id },
      { user: f.admin, start: "2026-06-03T08:00:00Z", hours: 4, completed: false, projectId: f.project.id },
      // New York (-04:00): 02:00 UTC on 2 June is 22:00 on 1 June there.
      { user: f.manager, start: "2026-06-02T02:00:00Z", hours: 1.5, projectId: f.project.id },
      // The member has no contract.
      { user: f.member, start: "2026-06-03T09:00:00Z", hours: 0.5 },
    ]);
  });

  test("answers byDay rows on each person's own days, with the contract of the day and totals per person", async () => {
    const response = await get("report/timesheet?start_date=2026-05-25&end_date=2026-06-07", f.admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    // The rows come from a named statement by column name: exactly the schema's fields, in its order, and nothing more.
    const body = response.json();
    expect(Object.keys(body)).toEqual(Object.keys(timesheetSchema.shape));
    for (const row of body.rows) expect(Object.keys(row)).toEqual(Object.keys(timesheetRowSchema.shape));
    const sheet = timesheetSchema.parse(body);
    expect(body).toEqual(sheet);
    expect(
      sheet.rows.map((r) => [r.nominative, r.work_log_date, r.work_log, r.worked_hours, r.contractual_hours]),
    ).toEqual([
      ["Anna Admin", "2026-05-29", 10_800, "03:00", 8],
      ["Anna Admin", "2026-06-01", 7200, "02:00", 8],
      ["Anna Admin", "2026-06-02", 3600, "01:00", 8],
      ["Bea Manager", "2026-06-01", 5400, "01:30", 4],
      ["Carlo Member", "2026-06-03", 1800, "00:30", null],
    ]);
    expect(sheet.totals).toEqual([
      expect.objectContaining({ nominative: "Anna Admin", work_log: 21_600, contractual_seconds: 10 * 8 * 3600 }),
      expect.objectContaining({ nominative: "Bea Manager", work_log: 5400, contractual_seconds: 2 * 10 * 3600 }),
      expect.objectContaining({ nominative: "Carlo Member", work_log: 1800, without_contract: 1800 }),
    ]);
    expect(sheet.work_log).toBe(28_800);
    expectOnlyFiniteNumbers(sheet);
  });

  test("byProject names the project and its customer; byClient the customer", async () => {
    const byProject = timesheetSchema.parse(
      (
        await get("report/timesheet?start_date=2026-06-01&end_date=2026-06-01&timesheet_type=byProject", f.admin.token)
      ).json(),
    );
    expect(byProject.rows.map((r) => [r.nominative, r.project_title, r.customer_nominative, r.work_log])).toEqual([
      ["Anna Admin", "Website", "Acme Srl", 7200],
      ["Bea Manager", "Website", "Acme Srl", 5400],
    ]);
    const byClient = timesheetSchema.parse(
      (
        await get("report/timesheet?start_date=2026-06-02&end_date=2026-06-03&timesheet_type=byClient", f.admin.token)
      ).json(),
    );
    expect(byClient.rows.map((r) => [r.nominative, r.customer_nominative, r.work_log])).toEqual([
      ["Anna Admin", null, 3600],
      ["Carlo Member", null, 1800],
    ]);
  });

  test("filters by user, project and customer, repeated or alone", async () => {
    const url = `report/timesheet?start_date=2026-05-25&end_date=2026-06-07&project_id=${f.project.id}&user_id=${f.admin.id}&user_id=${f.manager.id}`;
    const sheet = timesheetSchema.parse((await get(url, f.admin.token)).json());
    expect(sheet.work_log).toBe(10_800 + 7200 + 5400);
    const byCustomer = timesheetSchema.parse(
      (
        await get(
          `report/timesheet?start_date=2026-05-25&end_date=2026-06-07&customer_id=${f.customer.id}`,
          f.admin.token,
        )
      ).json(),
    );
    expect(byCustomer.work_log).toBe(10_800 + 7200 + 5400);
  });

  test("answers the CSV with Accept: text/csv or format=csv, with zero rows for weekdays without a log", async () => {
    const byHeader = await get("report/timesheet?start_date=2026-06-01&end_date=2026-06-07", f.admin.token, {
      accept: "text/csv",
    });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.headers["content-type"]).toMatch(/^text\/csv/);
    const lines = byHeader.body.split("\r\n");
    expect(lines[0]).toBe("\uFEFFuser;date;weekday;workedHours;hours;contractualHours;timeOff");
    expect(lines).toContain("Anna Admin;2026-06-01;monday;02:00;2;8;0");
    expect(lines).toContain("Anna Admin;2026-06-03;wednesday;00:00;0;8;0");
    expect(lines).toContain("Bea Manager;2026-06-01;monday;01:30;1,5;4;0");
    // 3 people × 5 weekdays; a log on a weekday replaces its zero row.
    expect(lines.filter((line) => line && !line.startsWith("\uFEFF"))).toHaveLength(15);
    const byQuery = await get("report/timesheet?start_date=2026-06-01&end_date=2026-06-07&format=csv", f.admin.token);
    expect(byQuery.body).toBe(byHeader.body);
  });

  test.each([
    ["reversed dates", "start_date=2026-06-07&end_date=2026-06-01", "query.end_date"],
    ["an impossible date", "start_date=2026-02-30&end_date=2026-03-01", "query.start_date"],
    ["more than 366 days", "start_date=2025-01-01&end_date=2026-01-02", "query.end_date"],
    ["an unknown type", "start_date=2026-06-01&end_date=2026-06-07&timesheet_type=byWeek", "query.timesheet_type"],
    ["a filter that is not an id", "start_date=2026-06-01&end_date=2026-06-07&user_id=me", "query.user_id"],
    ["no dates", "", "query.start_date"],
  ])("refuses %s with a 400 naming the field, writing nothing", async (_label, query, field) => {
    const before = await snapshot(t.db);
    const response = await get(`report/timesheet?${query}`, f.admin.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("another organization's user, project or customer in a filter is a 404 naming it", async () => {
    const other = await fixture();
    for (const [field, id, what] of [
      ["user_id", other.admin.id, "User"],
      ["project_id", other.project.id, "Project"],
      ["customer_id", other.customer.id, "Customer"],
    ] as const) {
      const response = await get(
        `report/timesheet?start_date=2026-06-01&end_date=2026-06-07&${field}=${id}`,
        f.admin.token,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        ErrorMessage: `${what} not found`,
        details: [{ field: `query.${field}` }],
      });
    }
    // And the other organization's own timesheet holds nothing of this one.
    const theirs = timesheetSchema.parse(
      (await get("report/timesheet?start_date=2026-05-25&end_date=2026-06-07", other.admin.token)).json(),
    );
    expect(theirs.work_log).toBe(0);
    expect(theirs.totals.map((row) => row.user_id)).not.toContain(f.admin.id);
  });

  test("needs read on timesheet: a member is refused naming the right; a manager may", async () => {
    const response = await get("report/timesheet?start_date=2026-06-01&end_date=2026-06-07", f.member.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().ErrorMessage).toBe("You need the right to read timesheet");
    const lacking = await addMemberLacking(t, f.orgId, [{ action: "read", subject: "timesheet" }]);
    expect((await get("report/timesheet?start_date=2026-06-01&end_date=2026-06-07", lacking.token)).statusCode).toBe(
      403,
    );
    expect((await get("report/timesheet?start_date=2026-06-01&end_date=2026-06-07", f.manager.token)).statusCode).toBe(
      200,
    );
  });
});

describe("GET report/team and report/user/{id}", () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture();
    await insertEvents(f.orgId, [
      // Week of Monday 1 June: the admin logs 12 h on Website (billable) and 2 h on Internal (not billable).
      { user: f.admin, start: "2026-06-01T07:00:00Z", hours: 6, projectId: f.project.id, categoryId: f.category.id },
      { user: f.admin, start: "2026-06-02T07:00:00Z", hours: 6, projectId: f.project.id },
      { user: f.admin, start: "2026-06-03T07:00:00Z", hours: 2, projectId: f.internal.id },
      { user: f.admin, start: "2026-06-04T07:00:00Z", hours: 10, type: "planning", projectId: f.project.id },
    ]);
  });

  test("the free plan answers PLAN_LIMIT_REACHED naming what it lacks", async () => {
    const response = await get("report/team?start_date=2026-06-01&end_date=2026-06-07", f.admin.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: "PLAN_LIMIT_REACHED",
      ErrorMessage: "Your plan does not include the team dashboard. Upgrade the plan to use it",
    });
  });

  test("answers a row per active user with rings, categories and plan versus actual", async () => {
    await useUnlimitedPlan(f.orgId);
    const response = await get("report/team?start_date=2026-06-01&end_date=2026-06-07", f.manager.token);
    expect(response.statusCode).toBe(200);
    const report = teamReportSchema.parse(response.json());
    expectOnlyFiniteNumbers(report);
    expect(report.users.map((u) => u.nominative)).toEqual(["Anna Admin", "Bea Manager", "Carlo Member"]);
    const anna = report.users[0]!;
    expect(anna).toMatchObject({
      contractual_hours: 8,
      work_log: 14 * 3600,
      billable_work_log: 12 * 3600,
      task_categories_report: [
        { category_name: null, elapsed_time: 8 * 3600, color: null },
        { category_name: "Development", elapsed_time: 6 * 3600, color: "#112233" },
      ],
    });
    expect(anna.totals).toMatchObject({
      capacity: 8 * 5 * 3600,
      work_log_percentage: 35,
      billable_percentage: 30,
      work_log_cost: 14 * 50,
      plan_versus_actual: { planned: 36_000, logged: 50_400, difference: 14_400, difference_cost: 200 },
    });
    const bea = report.users[1]!;
    expect(bea).toMatchObject({ contractual_hours: 2, totals: { capacity: 10 * 3600, work_log_percentage: 0 } });
    // The member without a contract gets the 8 h default.
    expect(report.users[2]).toMatchObject({ contractual_hours: 8, totals: { capacity: 8 * 5 * 3600 } });
    expect(report.totals.capacity).toBe((40 + 10 + 40) * 3600);
    expect(report.totals.work_log).toBe(14 * 3600);
  });

  test("needs read on team", async () => {
    const response = await get("report/team?start_date=2026-06-01&end_date=2026-06-07", f.member.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().ErrorMessage).toBe("You need the right to read team");
  });

  test("a user's days: hours, percetange, logged, billable, planned and capacity", async () => {
    const response = await get(`report/user/${f.admin.id}?start_date=2026-06-01&end_date=2026-06-07`, f.admin.token);
    expect(response.statusCode).toBe(200);
    const report = userReportSchema.parse(response.json());
    expectOnlyFiniteNumbers(report);
    expect(report.user_id).toBe(f.admin.id);
    expect(report.report.slice(0, 4)).toEqual([
      {
        date: "2026-06-01",
        hours: 6,
        percetange: 75,
        work_log: 21_600,
        billable_work_log: 21_600,
        planned: 0,
        capacity: 28_800,
        time_off: 0,
        credited: 0,
      },
      {
        date: "2026-06-02",
        hours: 6,
        percetange: 75,
        work_log: 21_600,
        billable_work_log: 21_600,
        planned: 0,
        capacity: 28_800,
        time_off: 0,
        credited: 0,
      },
      {
        date: "2026-06-03",
        hours: 2,
        percetange: 25,
        work_log: 7200,
        billable_work_log: 0,
        planned: 0,
        capacity: 28_800,
        time_off: 0,
        credited: 0,
      },
      {
        date: "2026-06-04",
        hours: 0,
        percetange: 0,
        work_log: 0,
        billable_work_log: 0,
        planned: 36_000,
        capacity: 28_800,
        time_off: 0,
        credited: 0,
      },
    ]);
    expect(report.report[6]).toMatchObject({ date: "2026-06-07", percetange: null, capacity: 0 });
  });

  test("another's report needs read on team; another organization's user is a 404", async () => {
    expect(
      (await get(`report/user/${f.admin.id}?start_date=2026-06-01&end_date=2026-06-07`, f.member.token)).statusCode,
    ).toBe(403);
    expect(
      (await get(`report/user/${f.member.id}?start_date=2026-06-01&end_date=2026-06-07`, f.member.token)).statusCode,
    ).toBe(200);
    expect(
      (await get(`report/user/${f.admin.id}?start_date=2026-06-01&end_date=2026-06-07`, f.manager.token)).statusCode,
    ).toBe(200);
    const other = await fixture();
    const response = await get(
      `report/user/${other.admin.id}?start_date=2026-06-01&end_date=2026-06-07`,
      f.admin.token,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().ErrorMessage).toBe("User not found");
  });

  test.each([
    ["report/team?start_date=2026-06-07&end_date=2026-06-01", "query.end_date"],
    ["report/team?start_date=2026-06-01&end_date=2027-06-02", "query.end_date"],
    ["report/user/{id}?start_date=2026-13-01&end_date=2026-06-01", "query.start_date"],
  ])("%s is a 400 naming %s, writing nothing", async (url, field) => {
    const before = await snapshot(t.db);
    const response = await get(url.replace("{id}", f.admin.id), f.admin.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

/**
 * Holidays and approved time off in every figure (decision 026), rows written straight into the tables. The week of
 * Monday 1 June 2026:
 * - "Italia" (the default, reduce): 2 June a public holiday and an own half day on the same date (the full day wins),
 *   5 June an own half day. Anna and Carlo belong to it.
 * - "US office" (worked): 3 June a full holiday. Bea belongs to it.
 * - Anna (8 h Monday to Friday): 1.5 h off on Thursday, approved; a request on Monday, a rejected day on Wednesday and
 *   a cancelled Friday, which count nothing. She logs 6 h on Monday and 2 h on the holiday.
 * - Bea (part-time, Monday 4 h, Wednesday 6 h): Monday afternoon off; she logs 3 h on the Wednesday holiday.
 * - Carlo (no contract, 8 h by default): Wednesday to Saturday off, over the Friday half holiday.
 * Another organization's default group has a holiday on Monday: it touches nobody here.
 */
async function holidayFixture() {
  const f = await fixture();
  await useUnlimitedPlan(f.orgId);
  const [italia] = await t.db
    .insert(holidayGroups)
    .values({ organizationId: f.orgId, name: "Italia", country: "IT", isDefault: true })
    .returning();
  const [us] = await t.db
    .insert(holidayGroups)
    .values({ organizationId: f.orgId, name: "US office", country: "US", convention: "worked" })
    .returning();
  await t.db.insert(holidayDays).values([
    {
      organizationId: f.orgId,
      groupId: italia!.id,
      date: "2026-06-02",
      name: "Festa della Repubblica",
      source: "public",
    },
    { organizationId: f.orgId, groupId: italia!.id, date: "2026-06-02", name: "Ponte", halfDay: true, source: "own" },
    { organizationId: f.orgId, groupId: italia!.id, date: "2026-06-05", name: "Patrono", halfDay: true, source: "own" },
    { organizationId: f.orgId, groupId: us!.id, date: "2026-06-03", name: "Company day", source: "public" },
  ]);
  await t.db
    .update(organizationMembers)
    .set({ holidayGroupId: us!.id })
    .where(and(eq(organizationMembers.organizationId, f.orgId), eq(organizationMembers.userId, f.manager.id)));
  const [vacation] = await t.db
    .insert(timeOffKinds)
    .values({ organizationId: f.orgId, name: "Vacation", color: "#2f9e44" })
    .returning();
  const off = (
    user: BuiltUser,
    start: string,
    end: string,
    status: "requested" | "approved" | "rejected" | "cancelled",
    part: { halfDay?: "morning" | "afternoon"; hours?: number } = {},
  ) => ({
    organizationId: f.orgId,
    userId: user.id,
    kindId: vacation!.id,
    startDate: start,
    endDate: end,
    status,
    halfDay: part.halfDay ?? null,
    hours: part.hours ?? null,
  });
  await t.db
    .insert(timeOff)
    .values([
      off(f.admin, "2026-06-04", "2026-06-04", "approved", { hours: 1.5 }),
      off(f.admin, "2026-06-01", "2026-06-01", "requested"),
      off(f.admin, "2026-06-03", "2026-06-03", "rejected"),
      off(f.admin, "2026-06-05", "2026-06-05", "cancelled"),
      off(f.manager, "2026-06-01", "2026-06-01", "approved", { halfDay: "afternoon" }),
      off(f.member, "2026-06-03", "2026-06-06", "approved"),
    ]);
  await insertEvents(f.orgId, [
    { user: f.admin, start: "2026-06-01T07:00:00Z", hours: 6, projectId: f.project.id },
    { user: f.admin, start: "2026-06-02T07:00:00Z", hours: 2, projectId: f.project.id },
    // 10:00 in New York.
    { user: f.manager, start: "2026-06-03T14:00:00Z", hours: 3, projectId: f.project.id },
  ]);
  const other = await buildOrganization(t);
  const [theirs] = await t.db
    .insert(holidayGroups)
    .values({ organizationId: other.organization.uid, name: "Elsewhere", country: "FR", isDefault: true })
    .returning();
  await t.db.insert(holidayDays).values({
    organizationId: other.organization.uid,
    groupId: theirs!.id,
    date: "2026-06-01",
    name: "Not ours",
    source: "public",
  });
  return f;
}

describe("holidays and time off in every figure", () => {
  let f: Fixture;
  const week = "start_date=2026-06-01&end_date=2026-06-07";
  beforeAll(async () => {
    f = await holidayFixture();
  });

  test("the team report: each person's capacity net of their group's holidays and approved time off", async () => {
    const report = teamReportSchema.parse((await get(`report/team?${week}`, f.admin.token)).json());
    expectOnlyFiniteNumbers(report);
    const [anna, bea, carlo] = report.users;
    // Anna: 8 + 0 (holiday) + 8 + 6.5 + 4 (half holiday) hours; she logged 8 h.
    expect(anna!.totals).toMatchObject({
      capacity: 95_400,
      time_off: 48_600,
      credited: 0,
      work_log: 28_800,
      work_log_percentage: 30.2,
    });
    // Bea: Monday 4 − 2, Wednesday's 6 h kept and credited (worked); 3 h logged + 6 h credited over 8 h.
    expect(bea!.totals).toMatchObject({
      capacity: 28_800,
      time_off: 28_800,
      credited: 21_600,
      work_log: 10_800,
      work_log_percentage: 112.5,
      billable_percentage: 37.5,
    });
    // Carlo: Monday 8, then the holiday, two days off, and Friday's half holiday with the half his day off takes;
    // Saturday off takes nothing from nothing.
    expect(carlo!.totals).toMatchObject({ capacity: 28_800, time_off: 115_200, credited: 0 });
    expect(report.totals).toMatchObject({
      capacity: 95_400 + 28_800 + 28_800,
      time_off: 48_600 + 28_800 + 115_200,
      credited: 21_600,
      // (8 + 3 logged + 6 credited) over 42.5 hours.
      work_log_percentage: 40,
    });
  });

  test("the user report (the dashboard's rings and days) agrees with the team report to the second", async () => {
    const team = teamReportSchema.parse((await get(`report/team?${week}`, f.admin.token)).json());
    for (const person of [f.admin, f.manager, f.member]) {
      const report = userReportSchema.parse((await get(`report/user/${person.id}?${week}`, person.token)).json());
      expectOnlyFiniteNumbers(report);
      expect(report.totals).toEqual(team.users.find((u) => u.user_id === person.id)!.totals);
      expect(report.report.reduce((total, day) => total + day.capacity, 0)).toBe(report.totals.capacity);
      expect(report.report.reduce((total, day) => total + day.time_off, 0)).toBe(report.totals.time_off);
    }
    const bea = userReportSchema.parse((await get(`report/user/${f.manager.id}?${week}`, f.manager.token)).json());
    expect(bea.report.map((day) => [day.date, day.capacity, day.time_off, day.credited, day.percetange])).toEqual([
      ["2026-06-01", 7200, 7200, 0, 0],
      ["2026-06-02", 0, 0, 0, null],
      // 3 h logged and 6 h credited over the 6 h the worked convention keeps.
      ["2026-06-03", 21_600, 21_600, 21_600, 150],
      ["2026-06-04", 0, 0, 0, null],
      ["2026-06-05", 0, 0, 0, null],
      ["2026-06-06", 0, 0, 0, null],
      ["2026-06-07", 0, 0, 0, null],
    ]);
    const anna = userReportSchema.parse((await get(`report/user/${f.admin.id}?${week}`, f.admin.token)).json());
    expect(anna.report.map((day) => [day.capacity, day.time_off])).toEqual([
      [28_800, 0],
      [0, 28_800],
      [28_800, 0],
      [23_400, 5400],
      [14_400, 14_400],
      [0, 0],
      [0, 0],
    ]);
  });

  test("the timesheet: contractual hours net of them, a time-off column, a row for each day off, totals that agree", async () => {
    const sheet = timesheetSchema.parse((await get(`report/timesheet?${week}`, f.admin.token)).json());
    expectOnlyFiniteNumbers(sheet);
    expect(sheet.rows.map((r) => [r.nominative, r.work_log_date, r.work_log, r.contractual_hours, r.time_off])).toEqual(
      [
        ["Anna Admin", "2026-06-01", 21_600, 8, 0],
        ["Anna Admin", "2026-06-02", 7200, 0, 28_800],
        ["Anna Admin", "2026-06-04", 0, 6.5, 5400],
        ["Anna Admin", "2026-06-05", 0, 4, 14_400],
        ["Bea Manager", "2026-06-01", 0, 2, 7200],
        ["Bea Manager", "2026-06-03", 10_800, 6, 21_600],
        ["Carlo Member", "2026-06-02", 0, null, 28_800],
        ["Carlo Member", "2026-06-03", 0, null, 28_800],
        ["Carlo Member", "2026-06-04", 0, null, 28_800],
        ["Carlo Member", "2026-06-05", 0, null, 28_800],
      ],
    );
    const team = teamReportSchema.parse((await get(`report/team?${week}`, f.admin.token)).json());
    const ringOf = (id: string) => team.users.find((u) => u.user_id === id)!.totals;
    for (const person of [f.admin, f.manager, f.member]) {
      const total = sheet.totals.find((row) => row.user_id === person.id)!;
      const rows = sheet.rows.filter((row) => row.user_id === person.id);
      expect(total.time_off).toBe(ringOf(person.id).time_off);
      expect(rows.reduce((sum, row) => sum + row.time_off, 0)).toBe(total.time_off);
    }
    // With a contract, the contractual seconds are the rings' capacity; without one, the timesheet counts none.
    expect(sheet.totals.map((row) => [row.nominative, row.contractual_seconds, row.time_off])).toEqual([
      ["Anna Admin", ringOf(f.admin.id).capacity, 48_600],
      ["Bea Manager", ringOf(f.manager.id).capacity, 28_800],
      ["Carlo Member", 0, 115_200],
    ]);
    // byProject has no row for time off: it belongs to no project.
    const byProject = timesheetSchema.parse(
      (await get(`report/timesheet?${week}&timesheet_type=byProject`, f.admin.token)).json(),
    );
    expect(byProject.rows.map((r) => [r.work_log_date, r.contractual_hours, r.time_off])).toEqual([
      ["2026-06-01", 8, 0],
      ["2026-06-02", 0, 28_800],
      ["2026-06-03", 6, 21_600],
    ]);
  });

  test("the CSV: time off in hours beside the net contractual hours, on logged, time-off and zero rows", async () => {
    const csv = await get(`report/timesheet?${week}&format=csv`, f.admin.token);
    const lines = csv.body.split("\r\n");
    expect(lines[0]).toBe("\uFEFFuser;date;weekday;workedHours;hours;contractualHours;timeOff");
    expect(lines).toEqual(
      expect.arrayContaining([
        "Anna Admin;2026-06-02;tuesday;02:00;2;0;8",
        "Anna Admin;2026-06-03;wednesday;00:00;0;8;0",
        "Anna Admin;2026-06-04;thursday;00:00;0;6,5;1,5",
        "Bea Manager;2026-06-01;monday;00:00;0;2;2",
        "Bea Manager;2026-06-03;wednesday;03:00;3;6;6",
        "Carlo Member;2026-06-01;monday;00:00;0;;0",
        "Carlo Member;2026-06-05;friday;00:00;0;;8",
      ]),
    );
    // 3 people × 5 weekdays, each day once.
    expect(lines.filter((line) => line && !line.startsWith("\uFEFF"))).toHaveLength(15);
  });

  test("another organization sees none of it, and its holidays touch nobody here", async () => {
    const other = await fixture();
    await useUnlimitedPlan(other.orgId);
    const theirs = teamReportSchema.parse((await get(`report/team?${week}`, other.admin.token)).json());
    expect(theirs.users.map((u) => u.user_id)).not.toContain(f.admin.id);
    expect(theirs.totals).toMatchObject({ time_off: 0, credited: 0, capacity: (40 + 10 + 40) * 3600 });
    expect((await get(`report/user/${f.admin.id}?${week}`, other.admin.token)).statusCode).toBe(404);
  });
});

describe("project report and statistics", () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture();
    const [task] = await t.db
      .insert(tasks)
      .values({ organizationId: f.orgId, projectId: f.project.id, name: "Home page", userId: f.admin.id })
      .returning();
    // 12 h logged at €40/h in May (Rome), 10 h planned in May.
    await insertEvents(f.orgId, [
      {
        user: f.admin,
        start: "2026-05-04T07:00:00Z",
        hours: 8,
        projectId: f.project.id,
        taskId: task!.id,
        title: "Build",
      },
      { user: f.admin, start: "2026-05-05T07:00:00Z", hours: 4, projectId: f.project.id, categoryId: f.category.id },
      { user: f.admin, start: "2026-05-04T07:00:00Z", hours: 10, type: "planning", projectId: f.project.id },
      // Not on the project.
      { user: f.admin, start: "2026-05-06T07:00:00Z", hours: 3, projectId: f.internal.id },
    ]);
    await t.db
      .update((await import("../../db/schema.js")).projects)
      .set({ budget: 10_000, marginabilityPercentage: 30, endDate: "2026-05-31" })
      .where(eq((await import("../../db/schema.js")).projects.id, f.project.id));
    await t.db.insert(expenses).values({
      organizationId: f.orgId,
      projectId: f.project.id,
      title: "Hosting",
      amount: 20,
      isFinalBalance: true,
      transactionDate: "2026-05-10",
    });
  });

  test("the entries, newest first, a page at a time, and as CSV", async () => {
    const url = `organization/${f.orgId}/project/${f.project.id}/report`;
    const first = projectReportSchema.parse((await get(`${url}?page_size=1`, f.admin.token)).json());
    expectOnlyFiniteNumbers(first);
    expect(first).toMatchObject({ page: 1, page_size: 1, total: 2, total_elapsed_time: 12 * 3600 });
    expect(first.entries.map((e) => e.elapsed_time)).toEqual([4 * 3600]);
    expect(first.entries[0]!.category).toEqual({ uid: f.category.id, name: "Development", color: "#112233" });
    const second = projectReportSchema.parse((await get(`${url}?page_size=1&page=2`, f.admin.token)).json());
    expect(second.entries[0]).toMatchObject({
      title: "Build",
      task: { name: "Home page" },
      user: { nominative: "Anna Admin" },
    });
    const csv = await get(`${url}?format=csv`, f.admin.token);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.body.split("\r\n").filter(Boolean)).toHaveLength(3);
    expect((await get(`${url}?page=0`, f.admin.token)).statusCode).toBe(400);
  });

  test("the statistics: plan versus actual, margins, forecast and runway, agreeing with the project's totals", async () => {
    const response = await get(
      `user/${f.admin.id}/organization/${f.orgId}/project/${f.project.id}/hours`,
      f.admin.token,
    );
    expect(response.statusCode).toBe(200);
    const stats = projectStatisticsSchema.parse(response.json());
    expectOnlyFiniteNumbers(stats);
    expect(stats).toMatchObject({
      budget: 10_000,
      target_budget: 7000,
      total_confirmed_hours: 12,
      total_confirmed_hours_cost: 480,
      total_planned_hours: 10,
      total_planned_hours_cost: 400,
      total_final_balance_expenses: 20,
      current_budget_used: 500,
      available_budget: 9500,
      current_marginality_percentage: 95,
      plan_versus_actual: { planned: 36_000, logged: 43_200, difference: 7200, difference_cost: 80 },
    });
    const project = projectSchema.parse(
      (await get(`organization/${f.orgId}/project/${f.project.id}`, f.admin.token)).json(),
    );
    expect(project).toMatchObject({
      total_work_log: stats.total_work_log,
      total_work_log_cost: stats.total_work_log_cost,
      current_marginability: stats.current_marginality_percentage,
    });
    const [listed] = ((await get(`organization/${f.orgId}/project`, f.admin.token)).json() as { uid: string }[]).filter(
      (p) => p.uid === f.project.id,
    );
    expect(listed).toMatchObject({ total_work_log: 43_200, total_work_log_cost: 480 });
    const taskList = (
      (await get(`organization/${f.orgId}/task?project_id=${f.project.id}`, f.admin.token)).json() as unknown[]
    ).map((task) => taskSchema.parse(task));
    expect(taskList[0]!.total_work_time).toBe(8);
  });

  test("a project without budget or time: correct figures, no NaN or Infinity", async () => {
    const response = await get(
      `user/${f.admin.id}/organization/${f.orgId}/project/${f.internal.id}/hours`,
      f.admin.token,
    );
    const stats = projectStatisticsSchema.parse(response.json());
    expectOnlyFiniteNumbers(stats);
    expect(stats.current_marginality_percentage).toBeNull();
    expect(stats.budget_runway.runs_out_on).toBeNull();
  });

  test("another organization's project is a 404, and one the user does not see too", async () => {
    const other = await fixture();
    for (const url of [
      `organization/${other.orgId}/project/${other.project.id}/report`,
      `user/${f.admin.id}/organization/${other.orgId}/project/${other.project.id}/hours`,
      `organization/${f.orgId}/project/${other.project.id}/report`,
    ]) {
      expect((await get(url, f.admin.token)).statusCode).toBe(404);
    }
    // Without read on project, only the projects one manages or is a member of.
    const lacking = await addMemberLacking(t, f.orgId, [{ action: "read", subject: "project" }]);
    expect((await get(`organization/${f.orgId}/project/${f.project.id}/report`, lacking.token)).statusCode).toBe(404);
    expect(
      (await get(`user/${lacking.id}/organization/${f.orgId}/project/${f.project.id}/hours`, lacking.token)).statusCode,
    ).toBe(404);
    expect((await get(`organization/${f.orgId}/project/${f.project.id}/report`, f.member.token)).statusCode).toBe(200);
    // Once among the project's members, the same person sees its statistics.
    await t.db.insert(projectMembers).values({ projectId: f.project.id, userId: lacking.id, tag: "responsible" });
    expect(
      (await get(`user/${lacking.id}/organization/${f.orgId}/project/${f.project.id}/hours`, lacking.token)).statusCode,
    ).toBe(200);
  });
});

describe("the timesheet's totals", () => {
  test("equal the elapsed times in the database, on a random fixture", async () => {
    const f = await fixture();
    const people = [f.admin, f.manager, f.member];
    const zones = new Map([
      [f.admin.id, "Europe/Rome"],
      [f.manager.id, "America/New_York"],
      [f.member.id, "UTC"],
    ]);
    const specs = fc.sample(
      fc.record({
        person: fc.integer({ min: 0, max: 2 }),
        offsetMinutes: fc.integer({ min: -2 * 24 * 60, max: 33 * 24 * 60 }),
        minutes: fc.integer({ min: 1, max: 600 }),
        completed: fc.boolean(),
        planning: fc.boolean(),
      }),
      { numRuns: 300, seed: 42 },
    );
    await insertEvents(
      f.orgId,
      specs.map((s) => ({
        user: people[s.person]!,
        start: new Date(Date.parse("2026-03-01T00:00:00Z") + s.offsetMinutes * 60_000).toISOString(),
        hours: s.minutes / 60,
        completed: s.completed,
        type: s.planning ? "planning" : "activity",
      })),
    );
    const sheet = timesheetSchema.parse(
      (await get("report/timesheet?start_date=2026-03-01&end_date=2026-03-31", f.admin.token)).json(),
    );
    const stored = await t.db.select().from(timeBlockingEvents).where(eq(timeBlockingEvents.organizationId, f.orgId));
    for (const person of people) {
      const byDay = workLogByDay(
        stored
          .filter((e) => e.userId === person.id)
          .map((e) => ({
            start_time: e.startTime.getTime(),
            end_time: e.endTime.getTime(),
            elapsed_time: e.elapsedTime,
            completed: e.completed,
            event_type: e.eventType as "planning" | "activity",
          })),
        zones.get(person.id)!,
      );
      const expected = [...byDay].filter(([day]) => day >= "2026-03-01" && day <= "2026-03-31");
      const rows = sheet.rows.filter((r) => r.user_id === person.id);
      expect(rows.map((r) => [r.work_log_date, r.work_log])).toEqual(expected.sort(([a], [b]) => a.localeCompare(b)));
      expect(sheet.totals.find((row) => row.user_id === person.id)?.work_log ?? 0).toBe(
        expected.reduce((total, [, seconds]) => total + seconds, 0),
      );
    }
    // The sum over the whole period is the database's own sum of elapsed times in each zone's month.
    const [row] = (
      (await t.db.execute(sql`
        select coalesce(sum(e.elapsed_time), 0)::float8 as total
        from time_blocking_events e join users u on u.id = e.user_id
        where e.organization_id = ${f.orgId} and e.event_type = 'activity' and e.completed
          and (e.start_time at time zone coalesce(u.preferences->>'timeZone', 'UTC'))::date between '2026-03-01' and '2026-03-31'`)) as unknown as {
        rows: { total: number }[];
      }
    ).rows;
    expect(sheet.work_log).toBe(Number(row!.total));
  });
});
