import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type Webhook,
  type WebhookDeliveriesPage,
  type WebhookDelivery,
  type WebhookWithSecret,
  webhookDeliveriesPageSchema,
  webhookDeliverySchema,
  webhookSchema,
  webhookSignatureToleranceSeconds,
  webhookWithSecretSchema,
} from "@timetrap/domain";
import { type FakeSmtpServer, startSmtpServer } from "@timetrap/fakes";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, test } from "vitest";
import { jobs, webhooks, workflowStatuses } from "../../db/schema.js";
import { addMember, buildOrganization, insertCustomer, insertProject } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

type Mode = "ok" | "fail" | "slow" | "redirect";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local receiver whose answer each test chooses: 200, 500, one slower than the timeout, or a redirect. */
const receiver = {
  server: undefined as Server | undefined,
  port: 0,
  mode: "ok" as Mode,
  received: [] as Received[],
};

async function startReceiver(): Promise<void> {
  receiver.server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      receiver.received.push({ headers: req.headers, body });
      if (receiver.mode === "ok") res.writeHead(200, { "Content-Type": "application/json" }).end('{"ok":true}');
      else if (receiver.mode === "fail") res.writeHead(500).end("Internal trouble");
      else if (receiver.mode === "redirect")
        res.writeHead(302, { Location: "http://169.254.169.254/latest/meta-data/" }).end();
      else setTimeout(() => res.writeHead(200).end("late"), 1500);
    });
  });
  await new Promise<void>((resolve) => receiver.server!.listen(0, "127.0.0.1", resolve));
  receiver.port = (receiver.server.address() as AddressInfo).port;
}

const smtp = {} as FakeSmtpServer;
const timeoutMs = 400;
const t = useTestApp(async () => {
  Object.assign(smtp, await startSmtpServer());
  await startReceiver();
  return {
    SMTP_URL: smtp.url,
    MAIL_FROM: "Timetrap <no-reply@timetrap.test>",
    JOBS_WORKER: "off",
    WEBHOOK_ALLOW_PRIVATE: "true",
    WEBHOOK_ALLOW_HTTP: "true",
    WEBHOOK_ALLOWED_PORTS: String(receiver.port),
    WEBHOOK_TIMEOUT_MS: String(timeoutMs),
  };
});

afterAll(async () => {
  receiver.server?.closeAllConnections();
  await new Promise((resolve) => receiver.server?.close(resolve));
  await smtp.close?.();
});

beforeEach(() => {
  receiver.mode = "ok";
  receiver.received = [];
});

/**
 * A receiver's check, written from decision 030's text: HMAC-SHA256 with the secret over `<timestamp>.<raw body>`,
 * hex, after `sha256=`, compared in constant time; a timestamp more than the tolerance away is refused.
 */
function verifySignature(secret: string, headers: IncomingHttpHeaders, rawBody: string, now = Date.now()): boolean {
  const timestamp = Number(headers["x-timetrap-timestamp"]);
  if (!Number.isInteger(timestamp)) return false;
  if (Math.abs(now / 1000 - timestamp) > webhookSignatureToleranceSeconds) return false;
  const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex")}`;
  const given = String(headers["x-timetrap-signature"] ?? "");
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

const base = (orgId: string) => `/api/v1/organization/${orgId}/webhooks`;
const receiverUrl = () => `http://127.0.0.1:${receiver.port}/hooks/timetrap`;

const validBody = (overrides: Record<string, unknown> = {}) => ({
  url: receiverUrl(),
  description: "Invoicing",
  events: "project.status.change",
  enabled: true,
  conditions: {},
  ...overrides,
});

async function createWebhook(orgId: string, token: string, overrides: Record<string, unknown> = {}) {
  const response = await request(t.app, { method: "POST", url: base(orgId), token, json: validBody(overrides) });
  if (response.statusCode !== 201) throw new Error(`webhook not created: ${response.body}`);
  return webhookWithSecretSchema.parse(response.json());
}

async function statusesOf(orgId: string) {
  const rows = await t.db.select().from(workflowStatuses).where(eq(workflowStatuses.organizationId, orgId));
  return Object.fromEntries(rows.map((row) => [row.key, row]));
}

/** An organization with a project in `open` and a customer, and a call that moves the project to another status. */
async function organizationWithProject() {
  const built = await buildOrganization(t);
  const orgId = built.organization.uid;
  const customer = await insertCustomer(t, orgId);
  const project = await insertProject(t, orgId, { title: "Website", customerId: customer.id });
  const statuses = await statusesOf(orgId);
  const moveTo = async (key: string) => {
    const response = await request(t.app, {
      method: "PATCH",
      url: `/api/v1/organization/${orgId}/project/${project.id}`,
      token: built.owner.token,
      json: {
        title: "Website",
        customer_id: customer.id,
        project_manager_id: built.owner.id,
        salesaccount: [built.owner.id],
        status_id: statuses[key]!.id,
      },
    });
    if (response.statusCode !== 200) throw new Error(`project not moved: ${response.body}`);
  };
  return { ...built, orgId, project, statuses, moveTo };
}

async function deliveriesOf(orgId: string, webhookId: string, token: string, before?: string) {
  const response = await request(t.app, {
    method: "GET",
    url: `${base(orgId)}/${webhookId}/deliveries${before ? `?before=${before}` : ""}`,
    token,
  });
  expect(response.statusCode).toBe(200);
  return webhookDeliveriesPageSchema.parse(response.json());
}

/** The queue's clock moved on: every pending retry is due now. */
async function retriesDueNow(): Promise<void> {
  await t.db
    .update(jobs)
    .set({ runAt: sql`now() - interval '1 second'` })
    .where(and(eq(jobs.kind, "webhook.delivery"), eq(jobs.state, "pending")));
}

describe("webhooks' CRUD", () => {
  test("adds a webhook and answers its secret once, sealed at rest, hinted in the list", async () => {
    const { orgId, owner } = await organizationWithProject();
    const created = await createWebhook(orgId, owner.token, {
      events: "project.status.change, project.budget.threshold",
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      url: receiverUrl(),
      events: ["project.status.change", "project.budget.threshold"],
      enabled: true,
      status: "active",
      secret_hint: created.secret.slice(-4),
      last_delivery: null,
    });
    const [row] = await t.db.select().from(webhooks).where(eq(webhooks.id, created.uid));
    expect(row!.secret).toMatch(/^v1\./);
    expect(row!.secret).not.toContain(created.secret.slice(6));

    const list = await request(t.app, { method: "GET", url: base(orgId), token: owner.token });
    expect(list.statusCode).toBe(200);
    const [listed] = webhookSchema.array().parse(list.json());
    expect(listed).toEqual(webhookSchema.parse(created));
    expect(list.body).not.toContain(created.secret);
  });

  test("changes a webhook, gives it a new secret, deletes it", async () => {
    const { orgId, owner, statuses } = await organizationWithProject();
    const created = await createWebhook(orgId, owner.token);
    const patched = await request(t.app, {
      method: "PATCH",
      url: `${base(orgId)}/${created.uid}`,
      token: owner.token,
      json: validBody({
        description: "Billing",
        enabled: false,
        conditions: { "project.status.change": [statuses.completed!.id] },
      }),
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      description: "Billing",
      enabled: false,
      status: "disabled",
      conditions: { "project.status.change": [statuses.completed!.id] },
    });

    const rotated = await request(t.app, {
      method: "POST",
      url: `${base(orgId)}/${created.uid}/secret`,
      token: owner.token,
    });
    expect(rotated.statusCode).toBe(200);
    const { secret } = webhookWithSecretSchema.parse(rotated.json());
    expect(secret).not.toBe(created.secret);

    const deleted = await request(t.app, {
      method: "DELETE",
      url: `${base(orgId)}/${created.uid}`,
      token: owner.token,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await t.db.select().from(webhooks).where(eq(webhooks.id, created.uid))).toEqual([]);
  });

  const badBodies: Array<[string, Record<string, unknown>, string]> = [
    ["a url of 9 characters", { url: "https://a" }, "body.url"],
    ["an ftp url", { url: "ftp://files.example.com/hook" }, "body.url"],
    ["a url with a password", { url: "https://user:pw@hooks.example.com/" }, "body.url"],
    ["an unknown event", { events: "project.created" }, "body.events"],
    ["no event", { events: "" }, "body.events"],
    [
      "conditions for an event not chosen",
      { conditions: { "project.margin.at_risk": "always" } },
      "body.conditions.project.margin.at_risk",
    ],
    ["an unknown field", { secret: "whsec_mine" }, "body.secret"],
  ];

  test.each(badBodies)("refuses %s with a 400 naming the field, writing nothing", async (_name, overrides, field) => {
    const { orgId, owner } = await organizationWithProject();
    const before = await snapshot(t.db);
    const response = await request(t.app, {
      method: "POST",
      url: base(orgId),
      token: owner.token,
      json: validBody(overrides),
    });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { details?: Array<{ field: string }> };
    expect(body.details?.map((detail) => detail.field)).toContain(field);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses another organization's status in a condition, naming the condition", async () => {
    const { orgId, owner } = await organizationWithProject();
    const other = await organizationWithProject();
    const before = await snapshot(t.db);
    const response = await request(t.app, {
      method: "POST",
      url: base(orgId),
      token: owner.token,
      json: validBody({ conditions: { "project.status.change": [other.statuses.completed!.id] } }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      details: [{ field: "body.conditions.project.status.change" }],
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses an http url where the server does not allow http", async () => {
    // Without a worker: one would take this file's jobs (deliveries, e-mails) under its own settings.
    const strict = await t.buildAnotherApp({ JOBS_WORKER: "off" });
    const { orgId, owner } = await organizationWithProject();
    const response = await request(strict.app, {
      method: "POST",
      url: base(orgId),
      token: owner.token,
      json: validBody(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      details: [{ field: "body.url", message: "The url must start with https://" }],
    });
  });

  test("answers 403 to a member without edit organization and 404 to another organization's admin", async () => {
    const { orgId, owner } = await organizationWithProject();
    const created = await createWebhook(orgId, owner.token);
    const member = await addMember(t, orgId, "member");
    const outsider = (await buildOrganization(t)).owner;
    const calls = [
      { method: "GET", url: base(orgId) },
      { method: "POST", url: base(orgId), json: validBody() },
      { method: "PATCH", url: `${base(orgId)}/${created.uid}`, json: validBody() },
      { method: "DELETE", url: `${base(orgId)}/${created.uid}` },
      { method: "POST", url: `${base(orgId)}/${created.uid}/secret` },
      { method: "GET", url: `${base(orgId)}/${created.uid}/deliveries` },
      { method: "POST", url: `${base(orgId)}/${created.uid}/test` },
    ] as const;
    const before = await snapshot(t.db);
    for (const call of calls) {
      expect((await request(t.app, { ...call, token: member.token })).statusCode, `${call.method} ${call.url}`).toBe(
        403,
      );
      expect((await request(t.app, { ...call, token: outsider.token })).statusCode, `${call.method} ${call.url}`).toBe(
        404,
      );
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for a webhook of another organization, even to an admin", async () => {
    const mine = await organizationWithProject();
    const theirs = await organizationWithProject();
    const created = await createWebhook(theirs.orgId, theirs.owner.token);
    const response = await request(t.app, {
      method: "DELETE",
      url: `${base(mine.orgId)}/${created.uid}`,
      token: mine.owner.token,
    });
    expect(response.statusCode).toBe(404);
    expect(await t.db.select().from(webhooks).where(eq(webhooks.id, created.uid))).toHaveLength(1);
  });
});

describe("deliveries", () => {
  async function setUp(overrides: Record<string, unknown> = {}) {
    const built = await organizationWithProject();
    const webhook = await createWebhook(built.orgId, built.owner.token, overrides);
    return { ...built, webhook };
  }

  const page = (s: { orgId: string; webhook: WebhookWithSecret; owner: { token: string } }) =>
    deliveriesOf(s.orgId, s.webhook.uid, s.owner.token);

  test("a status change is delivered signed, verifiable from the documentation, and logged", async () => {
    const s = await setUp();
    await s.moveTo("to_be_invoiced");
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);

    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received as [Received];
    expect(got.headers).toMatchObject({
      "content-type": "application/json",
      "user-agent": "Timetrap-Webhooks/1",
      "x-timetrap-event": "project.status.change",
    });
    expect(verifySignature(s.webhook.secret, got.headers, got.body)).toBe(true);
    expect(verifySignature(s.webhook.secret, got.headers, `${got.body} `)).toBe(false);
    expect(verifySignature("whsec_another", got.headers, got.body)).toBe(false);
    expect(verifySignature(s.webhook.secret, got.headers, got.body, Date.now() + 301_000)).toBe(false);

    const body = JSON.parse(got.body) as Record<string, unknown>;
    expect(body).toEqual({
      id: expect.any(String),
      event: "project.status.change",
      occurred_at: expect.any(String),
      organization_id: s.orgId,
      data: {
        project: { uid: s.project.id, title: "Website" },
        from_status: { uid: s.statuses.open!.id, key: "open", name: "Open" },
        to_status: { uid: s.statuses.to_be_invoiced!.id, key: "to_be_invoiced", name: "To be invoiced" },
        changed_by: { uid: s.owner.id, nominative: s.owner.nominative },
      },
    });

    const { items } = await page(s);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      uid: got.headers["x-timetrap-delivery"],
      event_id: body.id,
      state: "succeeded",
      next_attempt_at: null,
      attempts: [{ status_code: 200, response_excerpt: '{"ok":true}', error: null }],
      body: got.body,
    });
  });

  test("a project edit that keeps the status sends nothing", async () => {
    const s = await setUp();
    await s.moveTo("open");
    await t.app.jobs.runDue();
    expect(receiver.received).toEqual([]);
    expect((await page(s)).items).toEqual([]);
  });

  test("conditions: always is sent every change, a status list only on arrival in one of them", async () => {
    const s = await setUp();
    const onlyCompleted = await createWebhook(s.orgId, s.owner.token, {
      conditions: { "project.status.change": [s.statuses.completed!.id] },
    });
    const disabled = await createWebhook(s.orgId, s.owner.token, { enabled: false });

    await s.moveTo("to_be_invoiced");
    await t.app.jobs.runDue();
    expect(receiver.received).toHaveLength(1);
    expect((await deliveriesOf(s.orgId, onlyCompleted.uid, s.owner.token)).items).toEqual([]);

    await s.moveTo("completed");
    await t.app.jobs.runDue();
    expect(receiver.received).toHaveLength(3);
    expect((await deliveriesOf(s.orgId, onlyCompleted.uid, s.owner.token)).items).toHaveLength(1);
    expect((await deliveriesOf(s.orgId, disabled.uid, s.owner.token)).items).toEqual([]);
  });

  test.each([
    ["answers 500", "fail" as Mode, 500, /answered 500/],
    ["answers slower than the timeout", "slow" as Mode, null, /Timed out after 400 ms/],
    ["redirects", "redirect" as Mode, 302, /redirects are not followed/],
  ])("a receiver that %s: the attempt is logged and retried, then succeeds", async (_name, mode, status, error) => {
    const s = await setUp();
    receiver.mode = mode;
    await s.moveTo("completed");
    await t.app.jobs.runDue();

    let [delivery] = (await page(s)).items as [WebhookDelivery];
    expect(delivery.state).toBe("pending");
    expect(delivery.attempts).toEqual([
      {
        at: expect.any(String),
        status_code: status,
        duration_ms: expect.any(Number),
        response_excerpt: expect.any(String),
        error: expect.stringMatching(error),
      },
    ]);
    expect(new Date(delivery.next_attempt_at!).getTime()).toBeGreaterThan(Date.now() + 30_000);
    const [failing] = webhookSchema
      .array()
      .parse((await request(t.app, { method: "GET", url: base(s.orgId), token: s.owner.token })).json()) as [Webhook];
    expect(failing).toMatchObject({ status: "failing", failing_since: expect.any(String) });

    // Nothing more before the retry is due.
    await t.app.jobs.runDue();
    expect((await page(s)).items[0]!.attempts).toHaveLength(1);

    receiver.mode = "ok";
    await retriesDueNow();
    await t.app.jobs.runDue();
    [delivery] = (await page(s)).items as [WebhookDelivery];
    expect(delivery.state).toBe("succeeded");
    expect(delivery.attempts.map((attempt) => attempt.status_code)).toEqual([status, 200]);
    const [healthy] = webhookSchema
      .array()
      .parse((await request(t.app, { method: "GET", url: base(s.orgId), token: s.owner.token })).json()) as [Webhook];
    expect(healthy).toMatchObject({ status: "active", failing_since: null });
    // The receiver saw the same event both times.
    const ids = receiver.received.map((got) => (JSON.parse(got.body) as { id: string }).id);
    if (mode !== "slow") expect(new Set(ids).size).toBe(1);
  });

  test("sent again, a delivery keeps its body and event id under a new delivery id", async () => {
    const s = await setUp();
    await s.moveTo("completed");
    await t.app.jobs.runDue();
    const [first] = (await page(s)).items as [WebhookDelivery];

    const response = await request(t.app, {
      method: "POST",
      url: `${base(s.orgId)}/${s.webhook.uid}/deliveries/${first.uid}/redeliver`,
      token: s.owner.token,
    });
    expect(response.statusCode).toBe(202);
    const again = webhookDeliverySchema.parse(response.json());
    expect(again).toMatchObject({ event_id: first.event_id, body: first.body, state: "pending" });
    expect(again.uid).not.toBe(first.uid);
    await t.app.jobs.runDue();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    expect(receiver.received[1]!.headers["x-timetrap-delivery"]).toBe(again.uid);
    expect(verifySignature(s.webhook.secret, receiver.received[1]!.headers, receiver.received[1]!.body)).toBe(true);

    const unknown = await request(t.app, {
      method: "POST",
      url: `${base(s.orgId)}/${s.webhook.uid}/deliveries/${s.webhook.uid}/redeliver`,
      token: s.owner.token,
    });
    expect(unknown.statusCode).toBe(404);
  });

  test("a test event is sent once, now, and answered 202 with its delivery", async () => {
    const s = await setUp();
    receiver.mode = "fail";
    const response = await request(t.app, {
      method: "POST",
      url: `${base(s.orgId)}/${s.webhook.uid}/test`,
      token: s.owner.token,
    });
    expect(response.statusCode).toBe(202);
    expect(webhookDeliverySchema.parse(response.json())).toMatchObject({ event: "webhook.test", state: "pending" });
    await t.app.jobs.runDue();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
      event: "webhook.test",
      data: { webhook: { uid: s.webhook.uid } },
    });
    const [delivery] = (await page(s)).items as [WebhookDelivery];
    expect(delivery).toMatchObject({ state: "dead", attempts: [{ status_code: 500 }] });
  });

  test("the log comes newest first, 20 a page, with a cursor to the older ones", async () => {
    const s = await setUp();
    for (let i = 0; i < 21; i++) {
      await request(t.app, { method: "POST", url: `${base(s.orgId)}/${s.webhook.uid}/test`, token: s.owner.token });
    }
    const first: WebhookDeliveriesPage = await page(s);
    expect(first.items).toHaveLength(20);
    expect(first.next_cursor).not.toBeNull();
    const second = await deliveriesOf(s.orgId, s.webhook.uid, s.owner.token, first.next_cursor!);
    expect(second.items).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((item) => item.uid)).size).toBe(21);
    const bad = await request(t.app, {
      method: "GET",
      url: `${base(s.orgId)}/${s.webhook.uid}/deliveries?before=nonsense`,
      token: s.owner.token,
    });
    expect(bad.statusCode).toBe(400);
    await t.db.delete(jobs).where(eq(jobs.kind, "webhook.delivery"));
  });

  test("a webhook failing for a day is disabled, its admins e-mailed, and gets no new deliveries", async () => {
    const s = await setUp();
    const admin = await addMember(t, s.orgId, "admin");
    receiver.mode = "fail";
    await s.moveTo("to_be_invoiced");
    await t.app.jobs.runDue();
    await t.db
      .update(webhooks)
      .set({ failingSince: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(webhooks.id, s.webhook.uid));
    await s.moveTo("completed");
    await retriesDueNow();
    await t.app.jobs.runDue();

    const [row] = await t.db.select().from(webhooks).where(eq(webhooks.id, s.webhook.uid));
    expect(row).toMatchObject({ enabled: false, disabledReason: expect.stringMatching(/failed since/) });
    const items = (await page(s)).items;
    expect(items.map((item) => item.state)).toEqual(["dead", "dead"]);

    for (const person of [s.owner, admin]) {
      const mail = await smtp.waitForMessage(person.email.toLowerCase(), { timeoutMs: 15_000 });
      expect(mail.subject).toMatch(/webhook/i);
      expect(mail.text).toContain(receiverUrl());
      expect(mail.links).toContain(`http://timetrap.test/organization/${s.orgId}/webhooks`);
    }

    receiver.received = [];
    await s.moveTo("open");
    await t.app.jobs.runDue();
    expect(receiver.received).toEqual([]);
    expect((await page(s)).items).toHaveLength(2);
  });
});
