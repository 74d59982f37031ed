import { holidayDaySchema, holidayGroupSchema } from "@timetrap/domain";
import { and, eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { auditEvents, holidayDays, holidayGroups, organizationMembers } from "../../db/schema.js";
import { addMember, addMemberLacking, buildOrganization } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

const t = useTestApp();
// Each group writes out 61 years of public holidays: seconds each on a machine shared by several test runs.
vi.setConfig({ testTimeout: 90_000 });

const groupsUrl = (orgId: string) => `/api/v1/organization/${orgId}/holiday-groups`;
const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, token: string, json?: unknown) =>
  request(t.app, { method, url, token, ...(json === undefined ? {} : { json }) });

const milan = {
  name: "Milano",
  country: "IT",
  region: "25",
  days: [
    { date: "2026-12-07", name: "Sant'Ambrogio" },
    { date: "2026-12-24", name: "Vigilia", half_day: true },
  ],
};

async function organizationWithGroup(json: unknown = milan) {
  const built = await buildOrganization(t);
  const response = await call("POST", groupsUrl(built.organization.uid), built.owner.token, json);
  if (response.statusCode !== 201) throw new Error(`group not created: ${response.body}`);
  return { ...built, orgId: built.organization.uid, group: holidayGroupSchema.parse(response.json()) };
}

const daysOf = async (orgId: string, groupId: string, year: number, token: string) => {
  const response = await call("GET", `${groupsUrl(orgId)}/${groupId}/days?year=${year}`, token);
  expect(response.statusCode).toBe(200);
  return holidayDaySchema.array().parse(response.json());
};

describe("POST /organization/{orgId}/holiday-groups", () => {
  test("makes the first group the default, with Italy's public holidays written out and the own days", async () => {
    const { owner, orgId, group } = await organizationWithGroup();
    expect(group).toEqual({
      id: expect.any(String),
      name: "Milano",
      country: "IT",
      region: "25",
      convention: "reduce",
      is_default: true,
      member_count: 1,
      days: [
        { date: "2026-12-07", name: "Sant'Ambrogio", half_day: false },
        { date: "2026-12-24", name: "Vigilia", half_day: true },
      ],
    });
    const december = (await daysOf(orgId, group.id, 2026, owner.token)).filter((d) => d.date >= "2026-12-01");
    expect(december.map((d) => [d.date, d.source, d.half_day])).toEqual([
      ["2026-12-07", "own", false],
      ["2026-12-08", "public", false],
      ["2026-12-24", "own", true],
      ["2026-12-25", "public", false],
      ["2026-12-26", "public", false],
    ]);
    const rows = await t.db.select().from(holidayDays).where(eq(holidayDays.groupId, group.id));
    const years = new Set(rows.map((row) => row.date.slice(0, 4)));
    expect(years.has("2000") && years.has("2060") && !years.has("1999") && !years.has("2061")).toBe(true);
    // Only public holidays: no Sunday of Easter is a bank or observance day in Italy, but every year has Christmas.
    expect(rows.filter((row) => row.source === "public" && row.date.endsWith("-12-25"))).toHaveLength(61);
  });

  test("a second group is not the default unless asked, and asking moves the default", async () => {
    const { owner, orgId, group } = await organizationWithGroup();
    const rome = await call("POST", groupsUrl(orgId), owner.token, { name: "Roma", country: "IT" });
    expect(rome.statusCode).toBe(201);
    expect(rome.json()).toMatchObject({ is_default: false, member_count: 0, region: null, days: [] });
    const berlin = await call("POST", groupsUrl(orgId), owner.token, {
      name: "Berlin",
      country: "DE",
      region: "BE",
      convention: "worked",
      is_default: true,
    });
    expect(berlin.json()).toMatchObject({ is_default: true, member_count: 1, convention: "worked" });
    const list = holidayGroupSchema.array().parse((await call("GET", groupsUrl(orgId), owner.token)).json());
    expect(list.map((g) => [g.name, g.is_default])).toEqual([
      ["Berlin", true],
      ["Milano", false],
      ["Roma", false],
    ]);
    expect(list.find((g) => g.id === group.id)?.member_count).toBe(0);
  });

  test.each([
    [{ country: "IT" }, "body.name"],
    [{ name: "X", country: "it" }, "body.country"],
    [{ name: "X", country: "XX" }, "body.country"],
    [{ name: "X", country: "IT", region: "BY" }, "body.region"],
    [{ name: "X", country: "IT", convention: "double" }, "body.convention"],
    [{ name: "X", country: "IT", days: [{ date: "2026-02-30", name: "X" }] }, "body.days.0.date"],
    [
      {
        name: "X",
        country: "IT",
        days: [
          { date: "2026-08-16", name: "A" },
          { date: "2026-08-16", name: "B" },
        ],
      },
      "body.days.1.date",
    ],
    [{ name: "X", country: "IT", colour: "red" }, "body.colour"],
  ])("refuses %j with a 400 naming %s and writes nothing", async (json, field) => {
    const { owner, organization } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const response = await call("POST", groupsUrl(organization.uid), owner.token, json);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a Manager and a role lacking edit on organization, writing nothing", async () => {
    const { organization } = await buildOrganization(t);
    const manager = await addMember(t, organization.uid, "manager");
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "organization" }]);
    const before = await snapshot(t.db);
    for (const actor of [manager, lacking]) {
      const response = await call("POST", groupsUrl(organization.uid), actor.token, milan);
      expect(response.statusCode).toBe(403);
      expect(response.json().ErrorMessage).toBe("You need the right to edit organization");
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 to a user of another organization, writing nothing", async () => {
    const { organization } = await buildOrganization(t);
    const { owner: stranger } = await buildOrganization(t);
    const before = await snapshot(t.db);
    expect((await call("POST", groupsUrl(organization.uid), stranger.token, milan)).statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("records the creation in the audit log", async () => {
    const { orgId, group } = await organizationWithGroup();
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, orgId), eq(auditEvents.kind, "holiday_group.created")));
    expect(event).toMatchObject({ targetType: "holiday_group", targetId: group.id, targetLabel: "Milano" });
    expect(event?.after).toMatchObject({ country: "IT", region: "25", is_default: true });
  });
});

describe("GET /organization/{orgId}/holiday-groups", () => {
  test("lists the groups to every member, with the members each holds", async () => {
    const { orgId, group } = await organizationWithGroup();
    const member = await addMember(t, orgId, "member");
    const response = await call("GET", groupsUrl(orgId), member.token);
    expect(response.statusCode).toBe(200);
    expect(holidayGroupSchema.array().parse(response.json())).toEqual([{ ...group, member_count: 2 }]);
  });

  test("answers 404 to a user of another organization", async () => {
    const { orgId, group } = await organizationWithGroup();
    const { owner: stranger } = await buildOrganization(t);
    const response = await call("GET", groupsUrl(orgId), stranger.token);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(group.id);
  });
});

describe("PATCH /organization/{orgId}/holiday-groups/{id}", () => {
  test("a region change writes the public holidays out again", async () => {
    const { owner, organization } = await buildOrganization(t);
    const orgId = organization.uid;
    const made = await call("POST", groupsUrl(orgId), owner.token, { name: "Deutschland", country: "DE" });
    const id = made.json().id as string;
    const has = async (date: string) => (await daysOf(orgId, id, 2026, owner.token)).some((d) => d.date === date);
    // Epiphany is a holiday in Bavaria, not in the whole of Germany.
    expect(await has("2026-01-06")).toBe(false);
    const response = await call("PATCH", `${groupsUrl(orgId)}/${id}`, owner.token, { region: "BY" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ region: "BY", country: "DE" });
    expect(await has("2026-01-06")).toBe(true);
  });

  test("a new country drops the region and writes its own holidays, keeping the own days", async () => {
    const { owner, orgId, group } = await organizationWithGroup();
    const response = await call("PATCH", `${groupsUrl(orgId)}/${group.id}`, owner.token, { country: "FR" });
    expect(response.json()).toMatchObject({ country: "FR", region: null, days: group.days });
    const days = await daysOf(orgId, group.id, 2026, owner.token);
    expect(days.some((d) => d.date === "2026-07-14" && d.source === "public")).toBe(true);
    expect(days.some((d) => d.date === "2026-12-08")).toBe(false);
  });

  test("replaces the own days and the convention", async () => {
    const { owner, orgId, group } = await organizationWithGroup();
    const response = await call("PATCH", `${groupsUrl(orgId)}/${group.id}`, owner.token, {
      convention: "worked",
      days: [{ date: "2026-08-14", name: "Chiusura" }],
    });
    expect(response.json()).toMatchObject({
      convention: "worked",
      days: [{ date: "2026-08-14", name: "Chiusura", half_day: false }],
    });
  });

  test("moves the default, and refuses to take it away by is_default false", async () => {
    const { owner, orgId, group } = await organizationWithGroup();
    const other = (await call("POST", groupsUrl(orgId), owner.token, { name: "Roma", country: "IT" })).json();
    const before = await snapshot(t.db);
    const refused = await call("PATCH", `${groupsUrl(orgId)}/${group.id}`, owner.token, { is_default: false });
    expect(refused.statusCode).toBe(409);
    expect(await snapshot(t.db)).toEqual(before);
    const moved = await call("PATCH", `${groupsUrl(orgId)}/${other.id}`, owner.token, { is_default: true });
    expect(moved.json()).toMatchObject({ is_default: true, member_count: 1 });
    const [old] = await t.db.select().from(holidayGroups).where(eq(holidayGroups.id, group.id));
    expect(old?.isDefault).toBe(false);
  });

  test.each([
    [{}, "body"],
    [{ region: "BY" }, "body.region"],
    [{ country: "ZZ" }, "body.country"],
  ])("refuses %j with a 400 naming %s and changes nothing", async (json, field) => {
    const { owner, orgId, group } = await organizationWithGroup();
    const before = await snapshot(t.db);
    const response = await call("PATCH", `${groupsUrl(orgId)}/${group.id}`, owner.token, json);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a Manager (403) and another organization's user or group (404), changing nothing", async () => {
    const { orgId, group } = await organizationWithGroup();
    const other = await organizationWithGroup();
    const manager = await addMember(t, orgId, "manager");
    const before = await snapshot(t.db);
    const forbidden = await call("PATCH", `${groupsUrl(orgId)}/${group.id}`, manager.token, { name: "X" });
    expect(forbidden.statusCode).toBe(403);
    expect((await call("PATCH", `${groupsUrl(orgId)}/${group.id}`, other.owner.token, { name: "X" })).statusCode).toBe(
      404,
    );
    const viaOwn = await call("PATCH", `${groupsUrl(other.orgId)}/${group.id}`, other.owner.token, { name: "X" });
    expect(viaOwn.statusCode).toBe(404);
    expect(viaOwn.json().ErrorMessage).toBe("Holiday group not found");
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("DELETE /organization/{orgId}/holiday-groups/{id}", () => {
  test("deletes a group with its days; its members fall back to the default", async () => {
    const { owner, orgId } = await organizationWithGroup();
    const rome = (await call("POST", groupsUrl(orgId), owner.token, { name: "Roma", country: "IT" })).json();
    const member = await addMember(t, orgId, "member");
    await t.db
      .update(organizationMembers)
      .set({ holidayGroupId: rome.id })
      .where(eq(organizationMembers.userId, member.id));
    const response = await call("DELETE", `${groupsUrl(orgId)}/${rome.id}`, owner.token);
    expect(response.statusCode).toBe(204);
    expect(await t.db.select().from(holidayDays).where(eq(holidayDays.groupId, rome.id))).toEqual([]);
    const [row] = await t.db.select().from(organizationMembers).where(eq(organizationMembers.userId, member.id));
    expect(row?.holidayGroupId).toBeNull();
    const list = holidayGroupSchema.array().parse((await call("GET", groupsUrl(orgId), owner.token)).json());
    expect(list.map((g) => g.member_count)).toEqual([2]);
  });

  test("refuses to delete the default while other groups exist, and deletes it when it is the last", async () => {
    const { owner, orgId, group } = await organizationWithGroup();
    const rome = (await call("POST", groupsUrl(orgId), owner.token, { name: "Roma", country: "IT" })).json();
    const before = await snapshot(t.db);
    const refused = await call("DELETE", `${groupsUrl(orgId)}/${group.id}`, owner.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().ErrorMessage).toMatch(/default group cannot be deleted/);
    expect(await snapshot(t.db)).toEqual(before);
    expect((await call("DELETE", `${groupsUrl(orgId)}/${rome.id}`, owner.token)).statusCode).toBe(204);
    expect((await call("DELETE", `${groupsUrl(orgId)}/${group.id}`, owner.token)).statusCode).toBe(204);
  });

  test("refuses a Member (403) and another organization (404), keeping the group", async () => {
    const { orgId, group } = await organizationWithGroup();
    const member = await addMember(t, orgId, "member");
    const { owner: stranger } = await buildOrganization(t);
    const before = await snapshot(t.db);
    expect((await call("DELETE", `${groupsUrl(orgId)}/${group.id}`, member.token)).statusCode).toBe(403);
    expect((await call("DELETE", `${groupsUrl(orgId)}/${group.id}`, stranger.token)).statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("GET /organization/{orgId}/holiday-groups/{id}/days", () => {
  test.each([["1999"], ["2061"], ["x"], [""]])("refuses year=%s with a 400 naming query.year", async (year) => {
    const { owner, orgId, group } = await organizationWithGroup();
    const response = await call("GET", `${groupsUrl(orgId)}/${group.id}/days?year=${year}`, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "query.year" }));
  });

  test("answers 404 for another organization's group", async () => {
    const { group } = await organizationWithGroup();
    const other = await buildOrganization(t);
    const url = `${groupsUrl(other.organization.uid)}/${group.id}/days?year=2026`;
    expect((await call("GET", url, other.owner.token)).statusCode).toBe(404);
  });
});

describe("GET /holiday-countries", () => {
  test("lists the countries with their regions, named in the language asked", async () => {
    const { owner } = await buildOrganization(t);
    const en = await call("GET", "/api/v1/holiday-countries?language=en", owner.token);
    expect(en.statusCode).toBe(200);
    const germany = (en.json() as Array<{ code: string; name: string; regions: Array<{ code: string }> }>).find(
      (c) => c.code === "DE",
    );
    expect(germany?.name).toBe("Germany");
    expect(germany?.regions.map((r) => r.code)).toContain("BY");
    const it = await call("GET", "/api/v1/holiday-countries?language=it", owner.token);
    expect((it.json() as Array<{ code: string; name: string }>).find((c) => c.code === "DE")?.name).toBe("Germania");
    expect((await call("GET", "/api/v1/holiday-countries?language=fr", owner.token)).statusCode).toBe(400);
  });
});
