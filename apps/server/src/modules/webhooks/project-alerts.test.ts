import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ProjectStatistics, WebhookBody } from "@timetrap/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, test } from "vitest";
import { jobs, projectAlerts, projects, userContracts } from "../../db/schema.js";
import { buildOrganization, insertCustomer, insertProjectWithTeam } from "../../test/factories.js";
import { request, useTestApp } from "../../test/test-app.js";
import { projectAlertsCheckJob } from "./project-alerts.js";

interface Received {
  event: string;
  body: WebhookBody<Record<string, unknown>>;
}

/** A local receiver that answers 200 and keeps what it got. */
const receiver = { server: undefined as Server | undefined, port: 0, received: [] as Received[] };

async function startReceiver(): Promise<void> {
  receiver.server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      receiver.received.push({ event: String(req.headers["x-timetrap-event"]), body: JSON.parse(body) });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.server!.listen(0, "127.0.0.1", resolve));
  receiver.port = (receiver.server.address() as AddressInfo).port;
}

const t = useTestApp(async () => {
  await startReceiver();
  return {
    JOBS_WORKER: "off",
    WEBHOOK_ALLOW_PRIVATE: "true",
    WEBHOOK_ALLOW_HTTP: "true",
    WEBHOOK_ALLOWED_PORTS: String(receiver.port),
  };
});

afterAll(async () => {
  receiver.server?.closeAllConnections();
  await new Promise((resolve) => receiver.server?.close(resolve));
});

beforeEach(() => {
  receiver.received = [];
});

const hour = 3_600_000;
/** A Monday in the past, so that the logged time falls on an open period. */
const monday = Date.UTC(2026, 0, 5, 8);
let nextSlot = 0;

/**
 * An organization whose owner costs 100 € an hour, a project with a budget of 1000 € and a target of 30 %, and a
 * webhook at the local receiver subscribed to `events`.
 */
async function organization(events: string, { budget = 1000 }: { budget?: number } = {}) {
  const built = await buildOrganization(t);
  const orgId = built.organization.uid;
  const owner = built.owner;
  await t.db.insert(userContracts).values({
    organizationId: orgId,
    userId: owner.id,
    contractType: "full-time",
    contractualHours: 8,
    hourlyCost: 100,
    productivityTarget: 80,
    fromDate: "2025-01-01",
  });
  const customer = await insertCustomer(t, orgId);
  const project = await insertProjectWithTeam(t, orgId, {
    title: "Website",
    customerId: customer.id,
    managerId: owner.id,
  });
  await t.db.update(projects).set({ budget, marginabilityPercentage: 30 }).where(eq(projects.id, project.id));
  const webhook = await request(t.app, {
    method: "POST",
    url: `/api/v1/organization/${orgId}/webhooks`,
    token: owner.token,
    json: { url: `http://127.0.0.1:${receiver.port}/hooks`, description: "", events, enabled: true, conditions: {} },
  });
  if (webhook.statusCode !== 201) throw new Error(`webhook not created: ${webhook.body}`);

  /** A completed activity of `hours` on the project, each on its own slot so that none overlaps. */
  const logHours = async (hours: number) => {
    const start = monday + nextSlot++ * 24 * hour;
    const response = await request(t.app, {
      method: "POST",
      url: `/api/v1/user/${owner.id}/time-blocking`,
      token: owner.token,
      json: {
        title: "Work",
        start_time: start,
        end_time: start + hours * hour,
        event_type: "activity",
        completed: true,
        project_id: project.id,
      },
    });
    if (response.statusCode !== 201) throw new Error(`activity not logged: ${response.body}`);
    return response.json() as { id: string };
  };
  const addExpense = async (amount: number) => {
    const response = await request(t.app, {
      method: "POST",
      url: `/api/v1/organization/${orgId}/project/${project.id}/expense`,
      token: owner.token,
      json: { title: "Hosting", amount, is_final_balance: true },
    });
    if (response.statusCode !== 201) throw new Error(`expense not saved: ${response.body}`);
  };
  const setBudget = async (value: number) => {
    const response = await request(t.app, {
      method: "PATCH",
      url: `/api/v1/organization/${orgId}/project/${project.id}`,
      token: owner.token,
      json: {
        title: "Website",
        customer_id: customer.id,
        project_manager_id: owner.id,
        salesaccount: [owner.id],
        budget: value,
        marginability_percentage: 30,
      },
    });
    if (response.statusCode !== 200) throw new Error(`budget not changed: ${response.body}`);
  };
  const statistics = async () => {
    const response = await request(t.app, {
      method: "GET",
      url: `/api/v1/user/${owner.id}/organization/${orgId}/project/${project.id}/hours`,
      token: owner.token,
    });
    if (response.statusCode !== 200) throw new Error(`no statistics: ${response.body}`);
    return response.json() as ProjectStatistics;
  };
  return { orgId, owner, project, logHours, addExpense, setBudget, statistics };
}

/** Runs the checks and the deliveries they queue; answers what the receiver got. */
async function deliver(): Promise<Received[]> {
  receiver.received = [];
  await t.app.jobs.runDue();
  return receiver.received;
}

const checksOf = (orgId: string, state?: "pending" | "running" | "done" | "dead") =>
  t.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.organizationId, orgId),
        eq(jobs.kind, projectAlertsCheckJob),
        state ? eq(jobs.state, state) : undefined,
      ),
    );

describe("project.budget.threshold", () => {
  test("logging time that passes 50 % of the budget sends threshold 50 once, with the statistics' cost", async () => {
    const org = await organization("project.budget.threshold");
    await org.logHours(4);
    expect(await deliver()).toEqual([]);
    await org.logHours(1.5);
    const received = await deliver();
    const stats = await org.statistics();
    expect(received).toHaveLength(1);
    expect(received[0]!.event).toBe("project.budget.threshold");
    expect(received[0]!.body.data).toEqual({
      project: { uid: org.project.id, title: "Website" },
      threshold: 50,
      cost: stats.current_budget_used,
      budget: 1000,
    });
    expect(stats.current_budget_used).toBe(550);
    await org.logHours(0.5);
    expect(await deliver()).toEqual([]);
  });

  test("passing 80 % and 100 % in one go sends both, and never 50 again", async () => {
    const org = await organization("project.budget.threshold");
    await org.logHours(6);
    expect((await deliver()).map((r) => r.body.data.threshold)).toEqual([50]);
    await org.logHours(5);
    const received = await deliver();
    expect(received.map((r) => r.body.data.threshold).sort()).toEqual([100, 80]);
    expect(received.every((r) => r.body.data.cost === 1100)).toBe(true);
    expect(new Set(received.map((r) => r.body.id)).size).toBe(2);
    await org.logHours(1);
    expect(await deliver()).toEqual([]);
    const rows = await t.db.select().from(projectAlerts).where(eq(projectAlerts.projectId, org.project.id));
    // The margin's alert is recorded too: an alert happens once whichever events the webhooks listen to.
    expect(rows.map((row) => row.alert).sort()).toEqual(["budget:100", "budget:50", "budget:80", "margin"]);
  });

  test("deleting an activity queues a check, which sends nothing below the thresholds", async () => {
    const org = await organization("project.budget.threshold");
    const event = await org.logHours(4);
    await t.app.jobs.runDue();
    const deleted = await request(t.app, {
      method: "DELETE",
      url: `/api/v1/user/${org.owner.id}/time-blocking/${event.id}`,
      token: org.owner.token,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await checksOf(org.orgId, "pending")).toHaveLength(1);
    expect(await deliver()).toEqual([]);
  });

  test("a project without a budget sends none", async () => {
    const org = await organization("project.budget.threshold,project.margin.at_risk", { budget: 0 });
    await org.logHours(8);
    await org.addExpense(500);
    expect(await deliver()).toEqual([]);
    expect(await t.db.select().from(projectAlerts).where(eq(projectAlerts.projectId, org.project.id))).toEqual([]);
  });
});

describe("project.margin.at_risk", () => {
  test("sent once when a final balance drops the margin below target, again after it recovered and dropped", async () => {
    const org = await organization("project.margin.at_risk");
    await org.logHours(6);
    expect(await deliver()).toEqual([]);

    await org.addExpense(200);
    const first = await deliver();
    const stats = await org.statistics();
    expect(first).toHaveLength(1);
    expect(first[0]!.event).toBe("project.margin.at_risk");
    expect(first[0]!.body.data).toEqual({
      project: { uid: org.project.id, title: "Website" },
      current_marginability: stats.current_marginality_percentage,
      target: 30,
    });
    expect(stats.current_marginality_percentage).toBe(20);

    await org.addExpense(10);
    expect(await deliver()).toEqual([]);

    await org.setBudget(2000);
    expect(await deliver()).toEqual([]);
    const alerts = await t.db.select().from(projectAlerts).where(eq(projectAlerts.projectId, org.project.id));
    expect(alerts.map((row) => row.alert)).not.toContain("margin");

    await org.addExpense(700);
    const again = await deliver();
    expect(again).toHaveLength(1);
    expect(again[0]!.body.data).toMatchObject({
      current_marginability: (await org.statistics()).current_marginality_percentage,
    });
    expect(again[0]!.body.data.current_marginability).toBe(24.5);
  });
});

describe("who is told", () => {
  test("a webhook not subscribed to these events gets nothing, and no check is queued", async () => {
    const org = await organization("project.status.change");
    await org.logHours(11);
    await org.addExpense(100);
    expect(await checksOf(org.orgId)).toEqual([]);
    expect(await deliver()).toEqual([]);
  });
});
