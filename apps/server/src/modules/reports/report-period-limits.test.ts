import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { organizations, plans, users } from "../../db/schema.js";
import { addMember, buildOrganization, insertCustomer } from "../../test/factories.js";
import { request, useTestApp } from "../../test/test-app.js";

const t = useTestApp();

/** An organization on the unlimited plan whose people live at the widest zone offsets, +14 and −11 hours. */
async function farZones() {
  const { owner, organization } = await buildOrganization(t);
  const [unlimited] = await t.db.select().from(plans).where(eq(plans.code, "unlimited"));
  await t.db.update(organizations).set({ planId: unlimited!.id }).where(eq(organizations.id, organization.uid));
  const west = await addMember(t, organization.uid, "member");
  await t.db
    .update(users)
    .set({ preferences: { timeZone: "Pacific/Kiritimati" } })
    .where(eq(users.id, owner.id));
  await t.db
    .update(users)
    .set({ preferences: { timeZone: "Pacific/Pago_Pago" } })
    .where(eq(users.id, west.id));
  return { owner, west };
}

const reports = (ownerId: string, period: string) => [
  `/api/v1/report/user/${ownerId}?${period}`,
  `/api/v1/report/team?${period}`,
  `/api/v1/report/timesheet?${period}`,
];

describe("report periods at the end of the calendar", () => {
  test("a period ending on the last day a report may cover is answered, whatever the people's zones", async () => {
    const { owner } = await farZones();
    for (const url of reports(owner.id, "start_date=9998-12-01&end_date=9998-12-31")) {
      const response = await request(t.app, { method: "GET", url, token: owner.token });
      expect(response.statusCode, url).toBe(200);
    }
  });

  test("a period reaching into the year 9999 is a 400 naming end_date, never a 500", async () => {
    const { owner } = await farZones();
    for (const url of reports(owner.id, "start_date=9999-12-01&end_date=9999-12-31")) {
      const response = await request(t.app, { method: "GET", url, token: owner.token });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().details).toContainEqual({
        field: "query.end_date",
        message: "end_date must be before the year 9999",
      });
    }
  });
});

describe("a project's budget runway far in the future", () => {
  test("a pace of cents a week against a billion euros never runs out: null, not a 500", async () => {
    const { owner, organization } = await buildOrganization(t);
    const orgId = organization.uid;
    const customer = await insertCustomer(t, orgId);
    const post = (url: string, json: unknown) => request(t.app, { method: "POST", url, token: owner.token, json });
    await post(`/api/v1/organization/${orgId}/user/${owner.id}/contract`, {
      contract_type: "full-time",
      contractual_hours: 8,
      hourly_cost: 1,
      productivity_target: 80,
      from_date: "2000-01-01",
      to_date: null,
    });
    const project = await post(`/api/v1/organization/${orgId}/project`, {
      title: "Endless",
      customer_id: customer.id,
      project_manager_id: owner.id,
      salesaccount: [owner.id],
      budget: 1_000_000_000,
    });
    const projectId = project.json().uid as string;
    const start = Date.now() - 3 * 86_400_000;
    // Two minutes at 1 € an hour in the last four weeks: a pace of under a cent a day.
    await post(`/api/v1/user/${owner.id}/time-blocking`, {
      title: "Logged",
      start_time: start,
      end_time: start + 120_000,
      event_type: "activity",
      completed: true,
      project_id: projectId,
    });
    const response = await request(t.app, {
      method: "GET",
      url: `/api/v1/user/${owner.id}/organization/${orgId}/project/${projectId}/hours`,
      token: owner.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().budget_runway).toEqual({ weekly_cost: 0.01, runs_out_on: null });
  });
});

describe("a project ending in the year 9998", () => {
  test("its forecast looks three years ahead at most: a daily series is expanded that far, not to its end", async () => {
    const { owner, organization } = await buildOrganization(t);
    const orgId = organization.uid;
    const customer = await insertCustomer(t, orgId);
    const post = (url: string, json: unknown) => request(t.app, { method: "POST", url, token: owner.token, json });
    const project = await post(`/api/v1/organization/${orgId}/project`, {
      title: "Far end",
      customer_id: customer.id,
      project_manager_id: owner.id,
      salesaccount: [owner.id],
      budget: 1000,
      end_date: "9998-12-31",
    });
    expect(project.statusCode).toBe(201);
    const projectId = project.json().uid as string;
    const start = Date.now() + 86_400_000;
    const series = await post(`/api/v1/user/${owner.id}/time-blocking`, {
      title: "Every day",
      start_time: start,
      end_time: start + 3_600_000,
      event_type: "planning",
      project_id: projectId,
      recurrence: { every: 1, frequency: "DAILY" },
    });
    expect(series.statusCode).toBe(201);
    const response = await request(t.app, {
      method: "GET",
      url: `/api/v1/user/${owner.id}/organization/${orgId}/project/${projectId}/hours`,
      token: owner.token,
    });
    expect(response.statusCode).toBe(200);
    const forecast = response.json().costs_forecast as Array<{ date: string }>;
    const last = forecast.at(-1)!.date;
    const limit = new Date(Date.now() + (3 * 366 + 2) * 86_400_000).toISOString().slice(0, 10);
    expect(last <= limit, `${last} is within three years`).toBe(true);
    expect(last > new Date(Date.now() + 3 * 365 * 86_400_000).toISOString().slice(0, 10)).toBe(true);
  });
});
