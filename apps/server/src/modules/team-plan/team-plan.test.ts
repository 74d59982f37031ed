import { randomUUID } from "node:crypto";
import { type TeamPlan, teamPlanSchema, teamPlanWeeks, userReportSchema } from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import {
  holidayDays,
  holidayGroups,
  organizationMembers,
  roles,
  timeBlockingEvents,
  timeOff,
  timeOffKinds,
  userContracts,
  users,
} from "../../db/schema.js";
import { addMember, type BuiltUser, buildOrganization, buildUser } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

const t = useTestApp();
const hour = 3600;
const ms = 1000;

/**
 * One organization over the week of Monday 2 March 2026 and the next:
 * - Anna (Admin, Rome, full time 8 h): 9 h planned on Monday, with 3 h logged; a weekly series of 2 h planned from
 *   Tuesday 3 March; Wednesday off (approved) with 1 h planned anyway; 8 h planned on Friday.
 * - Bea (Manager, New York, part time: Monday 4 h, Wednesday 6 h): 2 h planned from 22:00 on Monday, her Monday
 *   (Tuesday in UTC).
 * - Carlo (Member, no contract, so 8 h Monday to Friday, days in UTC): 9 h planned each working day of the second week.
 * - Dino (Member, inactive).
 * - Rita, whose role reads team and nothing else.
 * Thursday 5 March is a holiday of the organization's default group (everyone's).
 * Another organization has its own admin, who plans on the same days.
 */
async function fixture() {
  const built = await buildOrganization(t);
  const orgId = built.organization.uid;
  const anna = built.owner;
  await t.db.update(users).set({ nominative: "Anna Admin" }).where(eq(users.id, anna.id));
  const bea = await addMember(t, orgId, "manager", { nominative: "Bea Manager" });
  const carlo = await addMember(t, orgId, "member", { nominative: "Carlo Member" });
  const dino = await addMember(t, orgId, "member", { nominative: "Dino Former", status: "inactive" });
  const rita = await buildUser(t, { nominative: "Rita Reader" });
  const [reader] = await t.db
    .insert(roles)
    .values({ organizationId: orgId, name: "Team reader", acls: [{ subject: "team", actions: ["read"] }] })
    .returning();
  await t.db.insert(organizationMembers).values({ organizationId: orgId, userId: rita.id, roleId: reader!.id });
  await t.db
    .update(users)
    .set({ preferences: { timeZone: "Europe/Rome" } })
    .where(eq(users.id, anna.id));
  await t.db
    .update(users)
    .set({ preferences: { timeZone: "America/New_York" } })
    .where(eq(users.id, bea.id));

  const contract = { organizationId: orgId, hourlyCost: 30, productivityTarget: 80, fromDate: "2026-01-01" };
  await t.db.insert(userContracts).values([
    { ...contract, userId: anna.id, contractType: "full-time", contractualHours: 8 },
    {
      ...contract,
      userId: bea.id,
      contractType: "part-time",
      contractualHours: 0,
      contractualHoursByDay: {
        monday: 4,
        tuesday: 0,
        wednesday: 6,
        thursday: 0,
        friday: 0,
        saturday: 0,
        sunday: 0,
      },
    },
  ]);

  const [group] = await t.db
    .insert(holidayGroups)
    .values({ organizationId: orgId, name: "Italia", country: "IT", isDefault: true })
    .returning();
  await t.db
    .insert(holidayDays)
    .values({ organizationId: orgId, groupId: group!.id, date: "2026-03-05", name: "Company day", source: "own" });
  const [vacation] = await t.db
    .insert(timeOffKinds)
    .values({ organizationId: orgId, name: "Vacation", color: "#2f9e44" })
    .returning();
  await t.db.insert(timeOff).values({
    organizationId: orgId,
    userId: anna.id,
    kindId: vacation!.id,
    startDate: "2026-03-04",
    endDate: "2026-03-04",
    status: "approved",
  });

  const block = (user: BuiltUser, start: string, hours: number, type: "planning" | "activity" = "planning") => ({
    organizationId: orgId,
    userId: user.id,
    title: "Work",
    startTime: new Date(start),
    endTime: new Date(Date.parse(start) + hours * hour * ms),
    elapsedTime: type === "activity" ? hours * hour : 0,
    completed: type === "activity",
    eventType: type,
  });
  await t.db.insert(timeBlockingEvents).values([
    // 09:00 to 18:00 in Rome.
    block(anna, "2026-03-02T08:00:00Z", 9),
    block(anna, "2026-03-02T08:00:00Z", 3, "activity"),
    block(anna, "2026-03-04T08:00:00Z", 1),
    block(anna, "2026-03-06T08:00:00Z", 8),
    // 22:00 on Monday in New York.
    block(bea, "2026-03-03T03:00:00Z", 2),
    ...["09", "10", "11", "12", "13"].map((day) => block(carlo, `2026-03-${day}T08:00:00Z`, 9)),
  ]);
  // The series through the API, as the board makes it: 10:00 to 12:00 in Rome every Tuesday.
  const series = await request(t.app, {
    method: "POST",
    url: `/api/v1/user/${anna.id}/time-blocking`,
    token: anna.token,
    json: {
      title: "Review",
      start_time: Date.parse("2026-03-03T09:00:00Z"),
      end_time: Date.parse("2026-03-03T11:00:00Z"),
      event_type: "planning",
      recurrence: { frequency: "WEEKLY", every: 1 },
    },
  });
  if (series.statusCode !== 201) throw new Error(`series not made: ${series.body}`);

  const other = await buildOrganization(t);
  await t.db.insert(timeBlockingEvents).values({
    organizationId: other.organization.uid,
    userId: other.owner.id,
    title: "Theirs",
    startTime: new Date("2026-03-02T08:00:00Z"),
    endTime: new Date("2026-03-02T10:00:00Z"),
    elapsedTime: 0,
    completed: false,
    eventType: "planning",
  });
  return { orgId, anna, bea, carlo, dino, rita, other: { orgId: other.organization.uid, owner: other.owner } };
}

type Fixture = Awaited<ReturnType<typeof fixture>>;
let f: Fixture;

beforeAll(async () => {
  f = await fixture();
}, 60_000);

const week = "start_date=2026-03-02&end_date=2026-03-08";

function get(path: string, token: string) {
  return request(t.app, { method: "GET", url: `/api/v1/organization/${path}`, token });
}

async function plan(query: string, token = f.anna.token, orgId = f.orgId): Promise<TeamPlan> {
  const response = await get(`${orgId}/team-plan?${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return teamPlanSchema.parse(response.json());
}

/** A person's days as `[date, planned h, logged h, capacity h, percentage, over]`. */
function daysOf(answer: TeamPlan, userId: string) {
  const person = answer.users.find((user) => user.user_id === userId);
  if (!person) throw new Error(`${userId} is not in the answer`);
  return person.days.map((d) => [
    d.date,
    d.planned / hour,
    d.logged / hour,
    d.capacity / hour,
    d.percentage,
    d.over_capacity,
  ]);
}

describe("the team plan", () => {
  test("answers every active member by name, each with every day of the range", async () => {
    const answer = await plan(week);
    expect(answer.start_date).toBe("2026-03-02");
    expect(answer.end_date).toBe("2026-03-08");
    expect(answer.users.map((user) => [user.nominative, user.status])).toEqual([
      ["Anna Admin", "active"],
      ["Bea Manager", "active"],
      ["Carlo Member", "active"],
      ["Rita Reader", "active"],
    ]);
    for (const user of answer.users)
      expect(user.days.map((d) => d.date.slice(8))).toEqual(["02", "03", "04", "05", "06", "07", "08"]);
  });

  test("a day's planned blocks, series occurrence, logged time and capacity net of time off and holidays", async () => {
    expect(daysOf(await plan(week), f.anna.id)).toEqual([
      ["2026-03-02", 9, 3, 8, 112.5, true],
      // The series' first occurrence.
      ["2026-03-03", 2, 0, 8, 25, false],
      // Approved time off takes the day's capacity: any planned time is over it.
      ["2026-03-04", 1, 0, 0, null, true],
      // The group's holiday.
      ["2026-03-05", 0, 0, 0, null, false],
      ["2026-03-06", 8, 0, 8, 100, false],
      ["2026-03-07", 0, 0, 0, null, false],
      ["2026-03-08", 0, 0, 0, null, false],
    ]);
  });

  test("the series' later occurrences count on their own days", async () => {
    const answer = await plan(`start_date=2026-03-09&end_date=2026-03-31&user_id=${f.anna.id}`);
    const tuesdays = answer.users[0]!.days.filter((d) => d.planned > 0).map((d) => [d.date, d.planned / hour]);
    expect(tuesdays).toEqual([
      ["2026-03-10", 2],
      ["2026-03-17", 2],
      ["2026-03-24", 2],
      ["2026-03-31", 2],
    ]);
  });

  test("a part-time person in New York: the contract's hours by weekday, blocks on the day of her zone", async () => {
    expect(daysOf(await plan(week), f.bea.id)).toEqual([
      ["2026-03-02", 2, 0, 4, 50, false],
      ["2026-03-03", 0, 0, 0, null, false],
      ["2026-03-04", 0, 0, 6, 0, false],
      ["2026-03-05", 0, 0, 0, null, false],
      ["2026-03-06", 0, 0, 0, null, false],
      ["2026-03-07", 0, 0, 0, null, false],
      ["2026-03-08", 0, 0, 0, null, false],
    ]);
  });

  test("the capacity forecast: twelve weeks in one call, a 40 h week with 45 h planned is 112.5 %", async () => {
    const answer = await plan(`start_date=2026-03-02&end_date=2026-05-24&user_id=${f.carlo.id}`);
    const carlo = answer.users[0]!;
    expect(carlo.days).toHaveLength(84);
    const weeks = teamPlanWeeks(carlo.days);
    expect(weeks).toHaveLength(12);
    // The first week has the holiday: four days of eight hours.
    expect(weeks[0]).toMatchObject({ week_start: "2026-03-02", capacity: 32 * hour, planned: 0, load: "low" });
    expect(weeks[1]).toMatchObject({
      week_start: "2026-03-09",
      capacity: 40 * hour,
      planned: 45 * hour,
      percentage: 112.5,
      over_capacity: true,
      load: "over",
    });
  });

  test("agrees to the second with the user report (the dashboard's figures)", async () => {
    const answer = await plan(`start_date=2026-03-02&end_date=2026-03-15&user_id=${f.anna.id}&user_id=${f.bea.id}`);
    for (const person of [f.anna, f.bea]) {
      const report = userReportSchema.parse(
        (
          await request(t.app, {
            method: "GET",
            url: `/api/v1/report/user/${person.id}?start_date=2026-03-02&end_date=2026-03-15`,
            token: f.anna.token,
          })
        ).json(),
      );
      const days = answer.users.find((user) => user.user_id === person.id)!.days;
      expect(days.map((d) => [d.date, d.planned, d.logged, d.capacity])).toEqual(
        report.report.map((d) => [d.date, d.planned, d.work_log, d.capacity]),
      );
    }
  });

  test("the people asked for, by name, whatever order they are named in, repeats counted once", async () => {
    const answer = await plan(`${week}&user_id=${f.carlo.id}&user_id=${f.anna.id}&user_id=${f.carlo.id}`);
    expect(answer.users.map((user) => user.nominative)).toEqual(["Anna Admin", "Carlo Member"]);
  });

  test("an inactive person asked for by id is answered, flagged inactive", async () => {
    const answer = await plan(`${week}&user_id=${f.dino.id}`);
    expect(answer.users).toHaveLength(1);
    expect(answer.users[0]).toMatchObject({ user_id: f.dino.id, nominative: "Dino Former", status: "inactive" });
    expect(answer.users[0]!.days.map((d) => d.capacity / hour)).toEqual([8, 8, 8, 0, 8, 0, 0]);
  });

  test("another organization's blocks are never counted", async () => {
    const theirs = await plan(week, f.other.owner.token, f.other.orgId);
    expect(theirs.users).toHaveLength(1);
    expect(theirs.users[0]!.days[0]!.planned).toBe(2 * hour);
    const ours = await plan(week);
    expect(ours.users.some((user) => user.user_id === f.other.owner.id)).toBe(false);
  });
});

describe("who may see the team plan", () => {
  test.each([
    ["the admin", () => f.anna],
    ["a manager", () => f.bea],
    ["a role that reads team and nothing else", () => f.rita],
  ])("%s", async (_label, who) => {
    const answer = await plan(week, who().token);
    expect(answer.users).toHaveLength(4);
  });

  test("a member without read team gets 403, even for their own row", async () => {
    const response = await get(`${f.orgId}/team-plan?${week}&user_id=${f.carlo.id}`, f.carlo.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "FORBIDDEN", ErrorMessage: "You need the right to read team" });
  });

  test("another organization's admin gets 404 for this organization", async () => {
    const response = await get(`${f.orgId}/team-plan?${week}`, f.other.owner.token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "Organization not found" });
  });

  test("without a token, 401", async () => {
    const response = await request(t.app, { method: "GET", url: `/api/v1/organization/${f.orgId}/team-plan?${week}` });
    expect(response.statusCode).toBe(401);
  });
});

describe("bad input is refused with a clear 4xx, and nothing is written", () => {
  const ids = (count: number) => Array.from({ length: count }, () => `user_id=${randomUUID()}`).join("&");

  test.each([
    [
      "a range of 92 days",
      () => "start_date=2026-01-01&end_date=2026-04-02",
      400,
      "query.end_date: A team plan covers at most 91 days",
    ],
    [
      "a reversed range",
      () => "start_date=2026-03-08&end_date=2026-03-02",
      400,
      "query.end_date: end_date cannot be before start_date",
    ],
    [
      "no range",
      () => "",
      400,
      "query.start_date: start_date is required, written as YYYY-MM-DD; query.end_date: end_date is required, written as YYYY-MM-DD",
    ],
    [
      "a day that does not exist",
      () => "start_date=2026-02-30&end_date=2026-03-02",
      400,
      "query.start_date: start_date must be an existing date written as YYYY-MM-DD",
    ],
    ["201 users", () => `${week}&${ids(201)}`, 400, "query.user_id: user_id names at most 200 users"],
    [
      "a user id that is not an id",
      () => `${week}&user_id=anna`,
      400,
      "query.user_id: user_id must be a user id; repeat the parameter for several",
    ],
    [
      "another organization's user",
      () => `${week}&user_id=${f.anna.id}&user_id=${f.other.owner.id}`,
      404,
      () => `User not found: ${f.other.owner.id}`,
    ],
  ])("%s", async (_label, query, status, message) => {
    const before = await snapshot(t.db);
    const response = await get(`${f.orgId}/team-plan?${query()}`, f.anna.token);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({
      statusCode: status,
      ErrorMessage: typeof message === "function" ? message() : message,
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("the 404 names each user that is not a member, one detail each", async () => {
    const nobody = randomUUID();
    const response = await get(
      `${f.orgId}/team-plan?${week}&user_id=${f.other.owner.id}&user_id=${nobody}`,
      f.anna.token,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: "Not Found",
      code: "NOT_FOUND",
      ErrorMessage: `User not found: ${f.other.owner.id}, ${nobody}`,
      details: [
        { field: "query.user_id", message: `User ${f.other.owner.id} not found` },
        { field: "query.user_id", message: `User ${nobody} not found` },
      ],
    });
  });

  test("200 users are taken: those not of the organization are named", async () => {
    const response = await get(`${f.orgId}/team-plan?${week}&user_id=${f.anna.id}&${ids(199)}`, f.anna.token);
    expect(response.statusCode).toBe(404);
    expect((response.json() as { details: unknown[] }).details).toHaveLength(199);
  });

  test("a member without read team naming another organization's user is told 403, not who exists", async () => {
    const before = await snapshot(t.db);
    const response = await get(`${f.orgId}/team-plan?${week}&user_id=${f.other.owner.id}`, f.carlo.token);
    expect(response.statusCode).toBe(403);
    expect(await snapshot(t.db)).toEqual(before);
  });
});
