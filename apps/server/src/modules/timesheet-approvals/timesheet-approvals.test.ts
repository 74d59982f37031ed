import { timesheetApprovalRowSchema, timesheetPeriodSchema } from "@timetrap/domain";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { auditEvents, holidayDays, holidayGroups, organizations, timesheetPeriods, users } from "../../db/schema.js";
import { addMember, addMemberLacking, type BuiltUser, buildOrganization, buildUser } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

const t = useTestApp();

const monday = "2026-11-23";
const hour = 3_600_000;

const getPeriod = (userId: string, start: string, token: string) =>
  request(t.app, { method: "GET", url: `/api/v1/user/${userId}/timesheet/${start}`, token });
const own = (action: "submit" | "withdraw", userId: string, start: string, token: string) =>
  request(t.app, { method: "POST", url: `/api/v1/user/${userId}/timesheet/${start}/${action}`, token });
const decide = (
  action: "approve" | "reject" | "reopen",
  orgId: string,
  userId: string,
  start: string,
  json: unknown,
  token: string,
) =>
  request(t.app, {
    method: "POST",
    url: `/api/v1/organization/${orgId}/timesheet/${userId}/${start}/${action}`,
    json,
    token,
  });
const listApprovals = (orgId: string, query: string, token: string) =>
  request(t.app, { method: "GET", url: `/api/v1/organization/${orgId}/timesheet-approvals?${query}`, token });

/** An organization with its Admin (an approver), a Manager (reads timesheets, approves nothing) and two Members. */
async function team() {
  const built = await buildOrganization(t);
  const orgId = built.organization.uid;
  const manager = await addMember(t, orgId, "manager", { nominative: "Bruno Manager" });
  const member = await addMember(t, orgId, "member", { nominative: "Anna Member" });
  const colleague = await addMember(t, orgId, "member", { nominative: "Carla Colleague" });
  return { ...built, orgId, admin: built.owner, manager, member, colleague };
}

const periodRow = async (userId: string, start = monday) =>
  (
    await t.db
      .select()
      .from(timesheetPeriods)
      .where(and(eq(timesheetPeriods.userId, userId), eq(timesheetPeriods.periodStart, start)))
  )[0];

const expectError = (response: { statusCode: number; json(): unknown }, status: number, code: string) => {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ code });
};

describe("a person's period, through its states", () => {
  test("open, submitted, withdrawn, submitted again, approved and reopened with a reason", async () => {
    const { orgId, admin, member } = await team();
    const open = await getPeriod(member.id, monday, member.token);
    expect(open.statusCode).toBe(200);
    expect(timesheetPeriodSchema.parse(open.json())).toEqual({
      user_id: member.id,
      period_start: monday,
      period_end: "2026-11-29",
      status: "open",
      submitted_at: null,
      decided_by: null,
      decided_at: null,
      note: "",
    });

    const submitted = await own("submit", member.id, monday, member.token);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ status: "submitted", submitted_at: expect.any(Number) });
    expect((await own("withdraw", member.id, monday, member.token)).json()).toMatchObject({ status: "open" });
    expect((await own("submit", member.id, monday, member.token)).json()).toMatchObject({ status: "submitted" });

    const approved = await decide("approve", orgId, member.id, monday, { note: "All good" }, admin.token);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      status: "approved",
      decided_by: admin.id,
      decided_at: expect.any(Number),
      note: "All good",
    });

    const reopened = await decide("reopen", orgId, member.id, monday, { note: "Tuesday is wrong" }, admin.token);
    expect(reopened.json()).toMatchObject({ status: "open", note: "Tuesday is wrong" });
    expect(await periodRow(member.id)).toMatchObject({ status: "open", periodEnd: "2026-11-29" });
  }, 60_000);

  test("a rejection carries its note, and the person submits again", async () => {
    const { orgId, admin, member } = await team();
    await own("submit", member.id, monday, member.token);
    const rejected = await decide("reject", orgId, member.id, monday, { note: "Add Friday" }, admin.token);
    expect(rejected.json()).toMatchObject({ status: "rejected", note: "Add Friday" });
    expect((await getPeriod(member.id, monday, member.token)).json()).toMatchObject({
      status: "rejected",
      note: "Add Friday",
    });
    expect((await own("submit", member.id, monday, member.token)).json()).toMatchObject({ status: "submitted" });
  });

  test("approving, rejecting and reopening are in the audit log with the state and note before and after", async () => {
    const { orgId, admin, member } = await team();
    await own("submit", member.id, monday, member.token);
    await decide("approve", orgId, member.id, monday, {}, admin.token);
    await decide("reopen", orgId, member.id, monday, { note: "Wrong project" }, admin.token);
    await own("submit", member.id, monday, member.token);
    await decide("reject", orgId, member.id, monday, { note: "Still wrong" }, admin.token);
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.organizationId, orgId))
      .orderBy(auditEvents.at);
    const period = await periodRow(member.id);
    expect(events.filter((event) => event.kind.startsWith("timesheet."))).toEqual([
      expect.objectContaining({
        kind: "timesheet.approved",
        actorId: admin.id,
        targetType: "timesheet",
        targetId: period!.id,
        targetLabel: "Anna Member, 23 Nov 2026 – 29 Nov 2026",
        before: { status: "submitted", note: "" },
        after: { status: "approved", note: "" },
      }),
      expect.objectContaining({
        kind: "timesheet.reopened",
        before: { status: "approved", note: "" },
        after: { status: "open", note: "Wrong project" },
      }),
      expect.objectContaining({
        kind: "timesheet.rejected",
        before: { status: "submitted", note: "Wrong project" },
        after: { status: "rejected", note: "Still wrong" },
      }),
    ]);
  });

  test("a month's period by an organization that approves by month", async () => {
    const { orgId, admin, member } = await team();
    await t.db.update(organizations).set({ approvalPeriod: "month" }).where(eq(organizations.id, orgId));
    const submitted = await own("submit", member.id, "2026-11-01", member.token);
    expect(submitted.json()).toMatchObject({ period_start: "2026-11-01", period_end: "2026-11-30" });
    const refused = await own("submit", member.id, monday, member.token);
    expectError(refused, 400, "VALIDATION_FAILED");
    expect(refused.json().ErrorMessage).toBe(
      "periodStart must be the 1st of a month: the organization approves timesheets by month",
    );
    expect((await decide("approve", orgId, member.id, "2026-11-01", {}, admin.token)).json()).toMatchObject({
      status: "approved",
    });
  });

  test("a period stored under the other kind keeps its own end after the organization changes kind", async () => {
    const { orgId, admin, member } = await team();
    await own("submit", member.id, monday, member.token);
    await t.db.update(organizations).set({ approvalPeriod: "month" }).where(eq(organizations.id, orgId));
    const approved = await decide("approve", orgId, member.id, monday, {}, admin.token);
    expect(approved.json()).toMatchObject({ status: "approved", period_start: monday, period_end: "2026-11-29" });
  });
});

describe("refused transitions", () => {
  test.each([
    ["approve", "This period is open: only a period submitted can be approved"],
    ["reject", "This period is open: only a period submitted can be rejected"],
    ["reopen", "This period is open: only a period approved can be reopened"],
  ] as const)("%s a period never submitted is a 409, writing nothing", async (action, message) => {
    const { orgId, admin, member } = await team();
    const before = await snapshot(t.db);
    const response = await decide(action, orgId, member.id, monday, { note: "x" }, admin.token);
    expectError(response, 409, "CONFLICT");
    expect(response.json().ErrorMessage).toBe(message);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("approving twice, submitting twice and withdrawing an open period are 409s, writing nothing", async () => {
    const { orgId, admin, member } = await team();
    expectError(await own("withdraw", member.id, monday, member.token), 409, "CONFLICT");
    await own("submit", member.id, monday, member.token);
    const twice = await own("submit", member.id, monday, member.token);
    expectError(twice, 409, "CONFLICT");
    await decide("approve", orgId, member.id, monday, {}, admin.token);
    const before = await snapshot(t.db);
    const again = await decide("approve", orgId, member.id, monday, {}, admin.token);
    expectError(again, 409, "CONFLICT");
    expect(again.json().ErrorMessage).toBe("This period is approved: only a period submitted can be approved");
    expectError(await own("withdraw", member.id, monday, member.token), 409, "CONFLICT");
    expectError(await own("submit", member.id, monday, member.token), 409, "CONFLICT");
    expect(await snapshot(t.db)).toEqual(before);
  });

  test.each([
    ["reject", {}, "body.note"],
    ["reject", { note: "   " }, "body.note"],
    ["reopen", { note: "" }, "body.note"],
    ["approve", { note: "x".repeat(2001) }, "body.note"],
    ["approve", { note: "ok", extra: 1 }, "body.extra"],
  ] as const)("%s with %o is a 400 naming %s, writing nothing", async (action, json, field) => {
    const { orgId, admin, member } = await team();
    await own("submit", member.id, monday, member.token);
    if (action === "reopen") await decide("approve", orgId, member.id, monday, {}, admin.token);
    const before = await snapshot(t.db);
    const response = await decide(action, orgId, member.id, monday, json, admin.token);
    expectError(response, 400, "VALIDATION_FAILED");
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test.each([
    ["2026-11-24", "Must be a Monday or the 1st of a month"],
    ["2026-13-02", "Must be a date written as YYYY-MM-DD"],
    ["23-11-2026", "Must be a date written as YYYY-MM-DD"],
  ])("a period starting on %s is a 400 on every call, writing nothing", async (start, message) => {
    const { orgId, admin, member } = await team();
    const before = await snapshot(t.db);
    for (const response of [
      await getPeriod(member.id, start, member.token),
      await own("submit", member.id, start, member.token),
      await own("withdraw", member.id, start, member.token),
      await decide("approve", orgId, member.id, start, {}, admin.token),
    ]) {
      expectError(response, 400, "VALIDATION_FAILED");
      expect(response.json().details).toContainEqual({ field: "params.periodStart", message });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("the 1st of a month that is no Monday is a 400 where the organization approves by week", async () => {
    const { member } = await team();
    const response = await own("submit", member.id, "2026-12-01", member.token);
    expectError(response, 400, "VALIDATION_FAILED");
    expect(response.json().details).toEqual([
      {
        field: "params.periodStart",
        message: "periodStart must be a Monday: the organization approves timesheets by week",
      },
    ]);
    expect(await periodRow(member.id, "2026-12-01")).toBeUndefined();
  });
});

describe("who may", () => {
  test("only the person submits and withdraws their period: a colleague or an Admin gets a 403", async () => {
    const { admin, member, colleague } = await team();
    for (const actor of [colleague, admin]) {
      const response = await own("submit", member.id, monday, actor.token);
      expectError(response, 403, "FORBIDDEN");
      expect(response.json().ErrorMessage).toBe("Only the person themselves can submit their timesheet");
    }
    await own("submit", member.id, monday, member.token);
    expectError(await own("withdraw", member.id, monday, admin.token), 403, "FORBIDDEN");
    expect(await periodRow(member.id)).toMatchObject({ status: "submitted" });
  });

  test("approving needs edit on timesheet: a Manager, a Member and the person themselves get a 403", async () => {
    const { orgId, manager, member, colleague } = await team();
    const lacking = await addMemberLacking(t, orgId, [{ action: "edit", subject: "timesheet" }]);
    await own("submit", member.id, monday, member.token);
    const before = await snapshot(t.db);
    for (const actor of [manager, colleague, member, lacking]) {
      for (const action of ["approve", "reject", "reopen"] as const) {
        const response = await decide(action, orgId, member.id, monday, { note: "x" }, actor.token);
        expectError(response, 403, "FORBIDDEN");
        expect(response.json().ErrorMessage).toBe("You need the right to edit timesheet");
      }
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("reading another's period needs read on timesheet; one's own needs nothing", async () => {
    const { manager, member, colleague } = await team();
    expect((await getPeriod(member.id, monday, manager.token)).statusCode).toBe(200);
    expect((await getPeriod(member.id, monday, member.token)).statusCode).toBe(200);
    const refused = await getPeriod(member.id, monday, colleague.token);
    expectError(refused, 403, "FORBIDDEN");
    expect(refused.json().ErrorMessage).toBe("You need the right to read timesheet");
  });

  test("another organization's people get a 404 for every call, and change nothing", async () => {
    const { orgId, member } = await team();
    await own("submit", member.id, monday, member.token);
    const { owner: stranger, organization: theirs } = await buildOrganization(t);
    const loner = await buildUser(t);
    const before = await snapshot(t.db);
    for (const actor of [stranger, loner]) {
      expectError(await getPeriod(member.id, monday, actor.token), 404, "NOT_FOUND");
      expectError(await own("withdraw", member.id, monday, actor.token), 404, "NOT_FOUND");
      expectError(await decide("approve", orgId, member.id, monday, {}, actor.token), 404, "NOT_FOUND");
      expectError(await listApprovals(orgId, `period_start=${monday}`, actor.token), 404, "NOT_FOUND");
    }
    // An approver of their own organization naming this organization's person through it.
    expectError(await decide("approve", theirs.uid, member.id, monday, {}, stranger.token), 404, "NOT_FOUND");
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("GET /organization/{orgId}/timesheet-approvals", () => {
  async function logActivity(person: BuiltUser, start: number, hours: number) {
    const response = await request(t.app, {
      method: "POST",
      url: `/api/v1/user/${person.id}/time-blocking`,
      token: person.token,
      json: { title: "Work", start_time: start, end_time: start + hours * hour, completed: true },
    });
    if (response.statusCode !== 201) throw new Error(`activity not made: ${response.body}`);
  }

  test("lists every active member's period with its state and the reports' logged time, capacity and difference", async () => {
    const { orgId, admin, manager, member, colleague } = await team();
    const gone = await addMember(t, orgId, "member", { nominative: "Dino Gone" });
    await t.db.update(users).set({ status: "inactive" }).where(eq(users.id, gone.id));
    await logActivity(member, Date.parse("2026-11-24T09:00:00Z"), 3);
    await logActivity(member, Date.parse("2026-11-25T09:00:00Z"), 2);
    // The week after: not in the period.
    await logActivity(member, Date.parse("2026-11-30T09:00:00Z"), 4);
    const contract = await request(t.app, {
      method: "POST",
      url: `/api/v1/organization/${orgId}/user/${member.id}/contract`,
      token: admin.token,
      json: {
        contract_type: "full-time",
        contractual_hours: 8,
        hourly_cost: 30,
        productivity_target: 80,
        from_date: "2026-01-01",
      },
    });
    expect(contract.statusCode).toBe(201);
    await own("submit", member.id, monday, member.token);
    await own("submit", colleague.id, monday, colleague.token);
    await decide("reject", orgId, colleague.id, monday, { note: "Empty week" }, admin.token);

    const response = await listApprovals(orgId, `period_start=${monday}`, manager.token);
    expect(response.statusCode).toBe(200);
    const rows = timesheetApprovalRowSchema.array().parse(response.json());
    expect(rows.map((row) => row.nominative)).toEqual(["Anna Member", "Bruno Manager", "Carla Colleague", "Test User"]);
    const anna = rows.find((row) => row.user_id === member.id)!;
    const capacity = (
      await request(t.app, {
        method: "GET",
        url: `/api/v1/report/user/${member.id}?start_date=${monday}&end_date=2026-11-29`,
        token: admin.token,
      })
    ).json().totals.capacity as number;
    expect(capacity).toBeGreaterThan(0);
    expect(anna).toMatchObject({
      period_start: monday,
      period_end: "2026-11-29",
      status: "submitted",
      logged: 5 * 3600,
      capacity,
      difference: 5 * 3600 - capacity,
      submitted_at: expect.any(Number),
      decided_at: null,
    });
    expect(rows.find((row) => row.user_id === colleague.id)).toMatchObject({
      status: "rejected",
      note: "Empty week",
      logged: 0,
      decided_at: expect.any(Number),
    });
    expect(rows.find((row) => row.user_id === admin.id)).toMatchObject({ status: "open", submitted_at: null });
  });

  test("a holiday counted as worked is in the difference, as in the reports' ring; one that lowers capacity is not", async () => {
    const { orgId, admin, member } = await team();
    await logActivity(member, Date.parse("2026-11-24T09:00:00Z"), 6);
    const differenceOf = async () => {
      const rows = timesheetApprovalRowSchema
        .array()
        .parse((await listApprovals(orgId, `period_start=${monday}`, admin.token)).json());
      return rows.find((row) => row.user_id === member.id)!;
    };
    const before = await differenceOf();
    expect(before.difference).toBe(6 * 3600 - before.capacity);
    // A group of the worked convention, the organization's default, with Wednesday a holiday: the capacity stays and
    // the day's 8 hours are credited.
    const [group] = await t.db
      .insert(holidayGroups)
      .values({ organizationId: orgId, name: "Office", country: "IT", convention: "worked", isDefault: true })
      .returning();
    await t.db
      .insert(holidayDays)
      .values({ organizationId: orgId, groupId: group!.id, date: "2026-11-25", name: "Closure", source: "own" });
    const worked = await differenceOf();
    expect(worked.capacity).toBe(before.capacity);
    expect(worked.difference).toBe(6 * 3600 + 8 * 3600 - worked.capacity);
    // The same day under the convention that lowers capacity: nothing credited, 8 hours less expected.
    await t.db.update(holidayGroups).set({ convention: "reduce" }).where(eq(holidayGroups.id, group!.id));
    const reduced = await differenceOf();
    expect(reduced.capacity).toBe(before.capacity - 8 * 3600);
    expect(reduced.difference).toBe(6 * 3600 - reduced.capacity);
  });

  test("refuses a Member (403), a start that is no period's or no date (400), and no start (400)", async () => {
    const { orgId, member, admin } = await team();
    const refused = await listApprovals(orgId, `period_start=${monday}`, member.token);
    expectError(refused, 403, "FORBIDDEN");
    expect(refused.json().ErrorMessage).toBe("You need the right to read timesheet");
    for (const query of ["period_start=2026-11-24", "period_start=2026-11-31", "", `period_start=${monday}&x=1`]) {
      const response = await listApprovals(orgId, query, admin.token);
      expectError(response, 400, "VALIDATION_FAILED");
      expect(response.json().details[0].field).toMatch(/^query\./);
    }
    // A 1st by week: a start of a month, not of the organization's period.
    const first = await listApprovals(orgId, "period_start=2026-12-01", admin.token);
    expectError(first, 400, "VALIDATION_FAILED");
    expect(first.json().ErrorMessage).toBe(
      "period_start must be a Monday: the organization approves timesheets by week",
    );
  });
});
