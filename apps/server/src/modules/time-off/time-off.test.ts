import { readFileSync } from "node:fs";
import { dayOffSchema, timeOffBalanceSchema, timeOffKindSchema, timeOffSchema, todayIn } from "@timetrap/domain";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { migrationsFolder } from "../../db/database.js";
import { auditEvents, timeOff, timeOffKinds } from "../../db/schema.js";
import { addMember, addMemberLacking, buildOrganization, buildUser } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

const t = useTestApp();
// A holiday group writes out 61 years of public holidays: seconds on a machine shared by several test runs.
vi.setConfig({ testTimeout: 90_000 });

const org = (orgId: string) => `/api/v1/organization/${orgId}`;
const call = (method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, token: string, json?: unknown) =>
  request(t.app, { method, url, token, ...(json === undefined ? {} : { json }) });

/** An organization with its default kinds, and a member and a Manager. */
async function organization() {
  const built = await buildOrganization(t);
  const orgId = built.organization.uid;
  const kinds = timeOffKindSchema
    .array()
    .parse((await call("GET", `${org(orgId)}/time-off-kinds`, built.owner.token)).json());
  const member = await addMember(t, orgId, "member");
  const manager = await addMember(t, orgId, "manager");
  const kind = (name: string) => kinds.find((k) => k.name === name)!.id;
  return { ...built, orgId, kinds, member, manager, vacation: kind("Vacation"), sick: kind("Sick leave") };
}

const request_ = (
  orgId: string,
  token: string,
  body: { user_id: string; kind_id: string; start_date: string; end_date: string } & Record<string, unknown>,
) => call("POST", `${org(orgId)}/time-off`, token, body);

const made = async (response: Awaited<ReturnType<typeof call>>) => {
  if (response.statusCode !== 201) throw new Error(`time off not made: ${response.body}`);
  return timeOffSchema.parse(response.json());
};

describe("kinds of time off", () => {
  test("a new organization starts with vacation, sick leave, permit and unpaid leave in its language", async () => {
    const { kinds } = await organization();
    expect(kinds.map((k) => [k.name, k.paid, k.needs_approval, k.yearly_allowance_days])).toEqual([
      ["Vacation", true, true, 20],
      ["Sick leave", true, false, null],
      ["Permit", true, true, null],
      ["Unpaid leave", false, true, null],
    ]);
  });

  test("the migration gives an organization without kinds the four defaults in its language", async () => {
    const { organization: made, owner } = await buildOrganization(t);
    const orgId = made.uid;
    await t.db.execute(sql`update organizations set language = 'it' where id = ${orgId}`);
    await t.db.delete(timeOffKinds).where(eq(timeOffKinds.organizationId, orgId));
    const migration = readFileSync(`${migrationsFolder}/0013_hours_you_can_pay_from.sql`, "utf8");
    const seed = migration
      .split("--> statement-breakpoint")
      .find((part) => part.includes('INSERT INTO "time_off_kinds"'));
    await t.db.execute(sql.raw(seed!));
    await t.db.execute(sql.raw(seed!));
    const kinds = timeOffKindSchema
      .array()
      .parse((await call("GET", `${org(orgId)}/time-off-kinds`, owner.token)).json());
    expect(kinds.map((k) => k.name)).toEqual(["Ferie", "Malattia", "Permesso", "Non retribuito"]);
  });

  test("an admin adds, changes and deletes a kind; every member reads them", async () => {
    const { orgId, owner, member } = await organization();
    const created = await call("POST", `${org(orgId)}/time-off-kinds`, owner.token, {
      name: "Training",
      color: "#40C057",
    });
    expect(created.statusCode).toBe(201);
    const kind = timeOffKindSchema.parse(created.json());
    expect(kind).toMatchObject({ name: "Training", color: "#40c057", paid: true, needs_approval: true });
    const changed = await call("PATCH", `${org(orgId)}/time-off-kinds/${kind.id}`, owner.token, {
      yearly_allowance_days: 5,
      needs_approval: false,
    });
    expect(changed.json()).toMatchObject({ yearly_allowance_days: 5, needs_approval: false });
    const list = await call("GET", `${org(orgId)}/time-off-kinds`, member.token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(5);
    expect((await call("DELETE", `${org(orgId)}/time-off-kinds/${kind.id}`, owner.token)).statusCode).toBe(204);
    expect((await call("GET", `${org(orgId)}/time-off-kinds`, member.token)).json()).toHaveLength(4);
  });

  test("a kind with time off cannot be deleted", async () => {
    const { orgId, owner, member, sick } = await organization();
    await made(
      await request_(orgId, member.token, {
        user_id: member.id,
        kind_id: sick,
        start_date: "2026-03-02",
        end_date: "2026-03-03",
      }),
    );
    const before = await snapshot(t.db);
    const response = await call("DELETE", `${org(orgId)}/time-off-kinds/${sick}`, owner.token);
    expect(response.statusCode).toBe(409);
    expect(response.json().ErrorMessage).toBe("Sick leave has time off: it cannot be deleted");
    expect(await snapshot(t.db)).toEqual(before);
  });

  test.each([
    ["POST", { color: "#40c057" }, "body.name"],
    ["POST", { name: "Training", color: "green" }, "body.color"],
    ["POST", { name: "Training", color: "#40c057", yearly_allowance_days: -1 }, "body.yearly_allowance_days"],
    ["PATCH", {}, "body"],
    ["PATCH", { paid: "yes" }, "body.paid"],
  ] as const)("%s refuses %j with a 400 naming %s, writing nothing", async (method, json, field) => {
    const { orgId, owner, vacation } = await organization();
    const url = method === "POST" ? `${org(orgId)}/time-off-kinds` : `${org(orgId)}/time-off-kinds/${vacation}`;
    const before = await snapshot(t.db);
    const response = await call(method, url, owner.token, json);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a Manager and a role lacking edit on organization (403) and another organization (404)", async () => {
    const { orgId, manager, vacation } = await organization();
    const lacking = await addMemberLacking(t, orgId, [{ action: "edit", subject: "organization" }]);
    const { owner: stranger } = await buildOrganization(t);
    const before = await snapshot(t.db);
    for (const actor of [manager, lacking]) {
      const calls = [
        call("POST", `${org(orgId)}/time-off-kinds`, actor.token, { name: "X", color: "#000000" }),
        call("PATCH", `${org(orgId)}/time-off-kinds/${vacation}`, actor.token, { name: "X" }),
        call("DELETE", `${org(orgId)}/time-off-kinds/${vacation}`, actor.token),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.statusCode).toBe(403);
        expect(response.json().ErrorMessage).toBe("You need the right to edit organization");
      }
    }
    expect((await call("GET", `${org(orgId)}/time-off-kinds`, stranger.token)).statusCode).toBe(404);
    expect(
      (await call("PATCH", `${org(orgId)}/time-off-kinds/${vacation}`, stranger.token, { name: "X" })).statusCode,
    ).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("POST /organization/{orgId}/time-off", () => {
  test("a person's own request of a kind that needs approval is requested", async () => {
    const { orgId, member, vacation } = await organization();
    const response = await request_(orgId, member.token, {
      user_id: member.id,
      kind_id: vacation,
      start_date: "2026-08-10",
      end_date: "2026-08-14",
      note: "Sea",
    });
    expect(response.statusCode).toBe(201);
    expect(timeOffSchema.parse(response.json())).toMatchObject({
      user_id: member.id,
      status: "requested",
      created_by: member.id,
      decided_by: null,
      note: "Sea",
    });
  });

  test("sick leave, which needs no approval, is approved at once", async () => {
    const { orgId, member, sick } = await organization();
    const sickness = await made(
      await request_(orgId, member.token, {
        user_id: member.id,
        kind_id: sick,
        start_date: "2026-02-02",
        end_date: "2026-02-02",
        half_day: "morning",
      }),
    );
    expect(sickness).toMatchObject({ status: "approved", half_day: "morning", decided_by: null });
  });

  test("a Manager records time off for someone, approved at once", async () => {
    const { orgId, member, manager, vacation } = await organization();
    const recorded = await made(
      await request_(orgId, manager.token, {
        user_id: member.id,
        kind_id: vacation,
        start_date: "2026-05-04",
        end_date: "2026-05-04",
        hours: 2.5,
      }),
    );
    expect(recorded).toMatchObject({ status: "approved", created_by: manager.id, decided_by: manager.id, hours: 2.5 });
  });

  test("refuses a member recording time off for someone else (403), writing nothing", async () => {
    const { orgId, member, owner, vacation } = await organization();
    const before = await snapshot(t.db);
    const response = await request_(orgId, member.token, {
      user_id: owner.id,
      kind_id: vacation,
      start_date: "2026-05-04",
      end_date: "2026-05-04",
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().ErrorMessage).toMatch(/right to edit team/);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for a person or a kind of another organization, and to its users, writing nothing", async () => {
    const { orgId, owner, member, vacation } = await organization();
    const other = await organization();
    const loner = await buildUser(t);
    const before = await snapshot(t.db);
    const body = { user_id: member.id, kind_id: vacation, start_date: "2026-05-04", end_date: "2026-05-04" };
    const personElsewhere = await request_(orgId, owner.token, { ...body, user_id: other.member.id });
    expect(personElsewhere.statusCode).toBe(404);
    expect(personElsewhere.json().ErrorMessage).toBe("User not found");
    const kindElsewhere = await request_(orgId, owner.token, { ...body, kind_id: other.vacation });
    expect(kindElsewhere.json().ErrorMessage).toBe("Time off kind not found");
    expect((await request_(orgId, other.owner.token, body)).statusCode).toBe(404);
    expect((await request_(orgId, loner.token, { ...body, user_id: loner.id })).statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test.each([
    [{ end_date: "2026-08-09" }, "body.end_date", "The end date cannot be before the start date"],
    [{ start_date: "2026-01-01", end_date: "2027-01-02" }, "body.end_date", "Time off lasts at most 366 days"],
    [{ half_day: "morning" }, "body.half_day", undefined],
    [{ hours: 4 }, "body.hours", undefined],
    [{ end_date: "2026-08-10", hours: 0 }, "body.hours", undefined],
    [{ end_date: "2026-08-10", hours: 25 }, "body.hours", undefined],
    [{ end_date: "2026-08-10", hours: 2, half_day: "morning" }, "body.hours", undefined],
    [{ kind_id: "vacation" }, "body.kind_id", undefined],
    [{ status: "approved" }, "body.status", undefined],
  ])("refuses %j with a 400 naming %s, writing nothing", async (change, field, message) => {
    const { orgId, member, vacation } = await organization();
    const before = await snapshot(t.db);
    const response = await request_(orgId, member.token, {
      user_id: member.id,
      kind_id: vacation,
      start_date: "2026-08-10",
      end_date: "2026-08-14",
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field, ...(message ? { message } : {}) }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses time off sharing a day with another (409), but takes a morning beside an afternoon", async () => {
    const { orgId, member, vacation, sick } = await organization();
    const body = { user_id: member.id, kind_id: vacation, start_date: "2026-08-10", end_date: "2026-08-14" };
    await made(await request_(orgId, member.token, body));
    const before = await snapshot(t.db);
    const clash = await request_(orgId, member.token, {
      ...body,
      kind_id: sick,
      start_date: "2026-08-14",
      end_date: "2026-08-17",
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().ErrorMessage).toBe(
      "This time off shares a day with the time off from 10/08/2026 to 14/08/2026 (requested)",
    );
    expect(await snapshot(t.db)).toEqual(before);
    const day = { ...body, start_date: "2026-09-01", end_date: "2026-09-01" };
    await made(await request_(orgId, member.token, { ...day, half_day: "morning" }));
    await made(await request_(orgId, member.token, { ...day, half_day: "afternoon" }));
  });

  test("two concurrent requests for the same days: one wins, the other is a 409", async () => {
    const { orgId, member, vacation } = await organization();
    const body = { user_id: member.id, kind_id: vacation, start_date: "2026-10-05", end_date: "2026-10-09" };
    const answers = await Promise.all([request_(orgId, member.token, body), request_(orgId, member.token, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(timeOff).where(eq(timeOff.userId, member.id))).toHaveLength(1);
  });
});

describe("PATCH /organization/{orgId}/time-off/{id}: the states", () => {
  async function requested() {
    const built = await organization();
    const entry = await made(
      await request_(built.orgId, built.member.token, {
        user_id: built.member.id,
        kind_id: built.vacation,
        start_date: "2026-08-10",
        end_date: "2026-08-14",
      }),
    );
    return { ...built, entry, url: `${org(built.orgId)}/time-off/${entry.id}` };
  }

  test("a Manager approves a request with a note, recorded in the audit log; it can then only be cancelled", async () => {
    const { orgId, member, manager, entry, url } = await requested();
    const approved = await call("PATCH", url, manager.token, { status: "approved", note: "Enjoy" });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: "approved", decided_by: manager.id, decision_note: "Enjoy" });
    expect(approved.json().decided_at).toEqual(expect.any(Number));
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, orgId), eq(auditEvents.kind, "time_off.approved")));
    expect(event).toMatchObject({ actorId: manager.id, userId: member.id, targetId: entry.id });
    expect(event?.after).toEqual({ status: "approved", note: "Enjoy" });
    for (const status of ["approved", "rejected"] as const) {
      const again = await call("PATCH", url, manager.token, { status });
      expect(again.statusCode).toBe(409);
      expect(again.json().ErrorMessage).toBe(`This time off is approved: it cannot be ${status}`);
    }
    const cancelled = await call("PATCH", url, member.token, { status: "cancelled" });
    expect(cancelled.json()).toMatchObject({ status: "cancelled", decided_by: member.id });
    // Cancelling one's own is not a decision about someone else: no event.
    const cancellations = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, orgId), eq(auditEvents.kind, "time_off.cancelled")));
    expect(cancellations).toEqual([]);
    expect((await call("PATCH", url, manager.token, { status: "cancelled" })).statusCode).toBe(409);
  });

  test("a rejected request stays rejected", async () => {
    const { manager, url, member } = await requested();
    expect((await call("PATCH", url, manager.token, { status: "rejected", note: "Busy" })).json()).toMatchObject({
      status: "rejected",
      decision_note: "Busy",
    });
    for (const status of ["approved", "cancelled"] as const) {
      expect((await call("PATCH", url, member.token, { status })).statusCode).toBe(status === "approved" ? 403 : 409);
      expect((await call("PATCH", url, manager.token, { status })).statusCode).toBe(409);
    }
  });

  test("a Manager cancelling someone's time off is recorded", async () => {
    const { orgId, manager, url } = await requested();
    expect((await call("PATCH", url, manager.token, { status: "cancelled" })).statusCode).toBe(200);
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, orgId), eq(auditEvents.kind, "time_off.cancelled")));
    expect(events).toHaveLength(1);
  });

  test("refuses a person approving their own request, and a member cancelling someone else's (403)", async () => {
    const { orgId, member, url } = await requested();
    const colleague = await addMember(t, orgId, "member");
    const before = await snapshot(t.db);
    const own = await call("PATCH", url, member.token, { status: "approved" });
    expect(own.statusCode).toBe(403);
    expect(own.json().ErrorMessage).toMatch(/right to edit team/);
    expect((await call("PATCH", url, colleague.token, { status: "cancelled" })).statusCode).toBe(403);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test.each([[{ status: "requested" }], [{}], [{ status: "approved", note: 3 }]])(
    "refuses %j with a 400, changing nothing",
    async (json) => {
      const { manager, url } = await requested();
      const before = await snapshot(t.db);
      expect((await call("PATCH", url, manager.token, json)).statusCode).toBe(400);
      expect(await snapshot(t.db)).toEqual(before);
    },
  );

  test("answers 404 to another organization, through either path", async () => {
    const { entry, url } = await requested();
    const other = await organization();
    const before = await snapshot(t.db);
    expect((await call("PATCH", url, other.owner.token, { status: "cancelled" })).statusCode).toBe(404);
    const viaOwn = await call("PATCH", `${org(other.orgId)}/time-off/${entry.id}`, other.owner.token, {
      status: "cancelled",
    });
    expect(viaOwn.statusCode).toBe(404);
    expect(viaOwn.json().ErrorMessage).toBe("Time off not found");
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("GET /organization/{orgId}/time-off", () => {
  test("one's own always, everyone's with read team, filtered by dates, person and state", async () => {
    const { orgId, owner, member, manager, vacation, sick } = await organization();
    const a = await made(
      await request_(orgId, member.token, {
        user_id: member.id,
        kind_id: vacation,
        start_date: "2026-08-10",
        end_date: "2026-08-14",
      }),
    );
    const b = await made(
      await request_(orgId, owner.token, {
        user_id: owner.id,
        kind_id: sick,
        start_date: "2026-08-13",
        end_date: "2026-08-13",
      }),
    );
    const c = await made(
      await request_(orgId, owner.token, {
        user_id: owner.id,
        kind_id: vacation,
        start_date: "2026-09-01",
        end_date: "2026-09-02",
      }),
    );
    const ids = async (token: string, query = "") =>
      timeOffSchema
        .array()
        .parse((await call("GET", `${org(orgId)}/time-off${query}`, token)).json())
        .map((e) => e.id);
    expect(await ids(member.token)).toEqual([a.id]);
    expect(await ids(manager.token)).toEqual([a.id, b.id, c.id]);
    expect(await ids(manager.token, "?start_date=2026-08-14&end_date=2026-08-31")).toEqual([a.id]);
    expect(await ids(manager.token, `?user_id=${owner.id}`)).toEqual([b.id, c.id]);
    expect(await ids(manager.token, "?status=requested")).toEqual([a.id, c.id]);
    const refused = await call("GET", `${org(orgId)}/time-off?user_id=${owner.id}`, member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().ErrorMessage).toMatch(/right to read team/);
    expect(
      (await call("GET", `${org(orgId)}/time-off?end_date=2026-01-01&start_date=2026-02-01`, manager.token)).statusCode,
    ).toBe(400);
    const { owner: stranger } = await buildOrganization(t);
    const foreign = await call("GET", `${org(orgId)}/time-off`, stranger.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(a.id);
  });
});

describe("balances and allowances", () => {
  test("used, planned and remaining days of the allowance, net of weekends and the group's holidays", async () => {
    const { orgId, owner, member, manager, vacation } = await organization();
    const group = await call("POST", `${org(orgId)}/holiday-groups`, owner.token, { name: "Italia", country: "IT" });
    expect(group.statusCode).toBe(201);
    const year = Number(todayIn("UTC").slice(0, 4)) + 1;
    // Next year, so that nothing is used yet: a week over Christmas, approved, and a requested afternoon.
    const week = await made(
      await request_(orgId, manager.token, {
        user_id: member.id,
        kind_id: vacation,
        start_date: `${year}-12-21`,
        end_date: `${year}-12-27`,
      }),
    );
    await made(
      await request_(orgId, member.token, {
        user_id: member.id,
        kind_id: vacation,
        start_date: `${year}-03-02`,
        end_date: `${year}-03-02`,
        half_day: "afternoon",
      }),
    );
    const rejected = await made(
      await request_(orgId, member.token, {
        user_id: member.id,
        kind_id: vacation,
        start_date: `${year}-04-01`,
        end_date: `${year}-04-01`,
      }),
    );
    await call("PATCH", `${org(orgId)}/time-off/${rejected.id}`, manager.token, { status: "rejected" });
    // The days of 21–27 December that are working days and not Italian holidays (25 and 26 are).
    const working = [21, 22, 23, 24, 27].filter((d) => {
      const day = new Date(Date.UTC(year, 11, d)).getUTCDay();
      return day !== 0 && day !== 6;
    }).length;
    const balances = async (token: string, query: string) => {
      const response = await call("GET", `${org(orgId)}/time-off-balances${query}`, token);
      expect(response.statusCode, response.body).toBe(200);
      return timeOffBalanceSchema.array().parse(response.json());
    };
    expect(await balances(member.token, `?year=${year}`)).toEqual([
      {
        kind_id: vacation,
        name: "Vacation",
        color: "#228be6",
        allowance_days: 20,
        used_days: 0,
        planned_days: working + 0.5,
        remaining_days: 20 - working - 0.5,
      },
    ]);
    expect(week.status).toBe("approved");
    const put = await call("PUT", `${org(orgId)}/user/${member.id}/time-off-allowances/${vacation}`, manager.token, {
      year,
      days: 25.5,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ user_id: member.id, kind_id: vacation, year, days: 25.5 });
    expect((await balances(manager.token, `?user_id=${member.id}&year=${year}`))[0]).toMatchObject({
      allowance_days: 25.5,
      remaining_days: 25.5 - working - 0.5,
    });
    // Approved time off in the past is used.
    const past = await made(
      await request_(orgId, manager.token, {
        user_id: member.id,
        kind_id: vacation,
        start_date: "2024-03-04",
        end_date: "2024-03-08",
      }),
    );
    expect(past.status).toBe("approved");
    expect((await balances(member.token, "?year=2024"))[0]).toMatchObject({
      used_days: 5,
      planned_days: 0,
      remaining_days: 15,
    });
  });

  test("another person's balance needs read team; another organization's person is a 404", async () => {
    const { orgId, owner, member } = await organization();
    const other = await organization();
    const refused = await call("GET", `${org(orgId)}/time-off-balances?user_id=${owner.id}`, member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().ErrorMessage).toMatch(/right to read team/);
    expect(
      (await call("GET", `${org(orgId)}/time-off-balances?user_id=${other.member.id}`, owner.token)).statusCode,
    ).toBe(404);
    expect((await call("GET", `${org(orgId)}/time-off-balances?year=1999`, owner.token)).statusCode).toBe(400);
    expect((await call("GET", `${org(orgId)}/time-off-balances`, other.owner.token)).statusCode).toBe(404);
  });

  test("an allowance needs edit team; bad bodies are 400s and another organization's ids 404s, writing nothing", async () => {
    const { orgId, owner, member, vacation } = await organization();
    const other = await organization();
    const url = `${org(orgId)}/user/${member.id}/time-off-allowances/${vacation}`;
    const before = await snapshot(t.db);
    const forbidden = await call("PUT", url, member.token, { year: 2026, days: 30 });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().ErrorMessage).toBe("You need the right to edit team");
    for (const [json, field] of [
      [{ year: 2026, days: -1 }, "body.days"],
      [{ year: 1999, days: 1 }, "body.year"],
      [{ days: 1 }, "body.year"],
      [{ year: 2026, days: 1.25 }, "body.days"],
    ] as const) {
      const response = await call("PUT", url, owner.token, json);
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    }
    const body = { year: 2026, days: 1 };
    expect((await call("PUT", url, other.owner.token, body)).statusCode).toBe(404);
    expect(
      (await call("PUT", `${org(orgId)}/user/${other.member.id}/time-off-allowances/${vacation}`, owner.token, body))
        .statusCode,
    ).toBe(404);
    expect(
      (await call("PUT", `${org(orgId)}/user/${member.id}/time-off-allowances/${other.vacation}`, owner.token, body))
        .statusCode,
    ).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("GET /user/{userId}/days-off", () => {
  test("merges the group's holidays with approved and requested time off, for the person and read team", async () => {
    const { orgId, owner, member, manager, vacation, sick } = await organization();
    await call("POST", `${org(orgId)}/holiday-groups`, owner.token, {
      name: "Italia",
      country: "IT",
      days: [{ date: "2026-08-14", name: "Chiusura", half_day: true }],
    });
    const entry = await made(
      await request_(orgId, member.token, {
        user_id: member.id,
        kind_id: vacation,
        start_date: "2026-08-12",
        end_date: "2026-08-13",
      }),
    );
    const cancelled = await made(
      await request_(orgId, member.token, {
        user_id: member.id,
        kind_id: sick,
        start_date: "2026-08-17",
        end_date: "2026-08-17",
      }),
    );
    await call("PATCH", `${org(orgId)}/time-off/${cancelled.id}`, member.token, { status: "cancelled" });
    const url = `/api/v1/user/${member.id}/days-off?start_date=2026-08-13&end_date=2026-08-17`;
    const own = await call("GET", url, member.token);
    expect(own.statusCode).toBe(200);
    const days = dayOffSchema.array().parse(own.json());
    expect(days.map((d) => [d.date, d.type, d.name, d.half_day, d.status, d.color])).toEqual([
      ["2026-08-13", "time_off", "Vacation", false, "requested", "#228be6"],
      ["2026-08-14", "holiday", "Chiusura", true, null, null],
      ["2026-08-15", "holiday", "Assumption", false, null, null],
    ]);
    expect(days[0]?.time_off_id).toBe(entry.id);
    expect((await call("GET", url, manager.token)).json()).toEqual(own.json());
  });

  test("refuses a member reading someone else's (403), another organization's person (404) and bad periods (400)", async () => {
    const { owner, member } = await organization();
    const other = await organization();
    const url = (userId: string, query = "?start_date=2026-01-01&end_date=2026-01-31") =>
      `/api/v1/user/${userId}/days-off${query}`;
    const refused = await call("GET", url(owner.id), member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().ErrorMessage).toMatch(/right to read team/);
    expect((await call("GET", url(other.member.id), owner.token)).statusCode).toBe(404);
    expect((await call("GET", url(member.id), other.owner.token)).statusCode).toBe(404);
    for (const query of [
      "?start_date=2026-02-01&end_date=2026-01-01",
      "?start_date=2026-01-01&end_date=2027-01-02",
      "?start_date=2026-01-01",
    ]) {
      const response = await call("GET", url(member.id, query), member.token);
      expect(response.statusCode).toBe(400);
    }
  });
});
