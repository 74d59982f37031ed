import {
  type FakePaddle,
  type FakePaddleSubscription,
  paddleEvent,
  paddleServerEnvOf,
  signPaddleWebhook,
  startFakePaddle,
} from "@timetrap/fakes";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, test } from "vitest";
import { auditEvents, billingEvents, organizations, plans } from "../../db/schema.js";
import { addMember, buildOrganization, insertCustomer, insertProject } from "../../test/factories.js";
import { request, snapshot, type TestApp, useTestApp } from "../../test/test-app.js";

const webhookSecret = "pdl_ntfset_test_secret";
const priceId = "pri_01unlimitedtest";
const paddle = {} as FakePaddle;
const t = useTestApp(async () => {
  Object.assign(paddle, await startFakePaddle());
  return paddleServerEnvOf(paddle, { webhookSecret, unlimitedPriceId: priceId });
});
afterAll(() => paddle.close?.());
beforeEach(() => paddle.clearRequests?.());

const webhookUrl = "/api/v1/billing/paddle/webhook";

/** Posts the event signed as Paddle signs it (or with the signature given) and answers the reply. */
function deliver(app: TestApp, event: unknown, options: { ts?: number; signature?: string; secret?: string } = {}) {
  const body = typeof event === "string" ? event : JSON.stringify(event);
  return request(app.app, {
    method: "POST",
    url: webhookUrl,
    headers: {
      "content-type": "application/json",
      "paddle-signature": options.signature ?? signPaddleWebhook(options.secret ?? webhookSecret, body, options.ts),
    },
    payload: body,
  });
}

async function organizationRow(organizationId: string) {
  const [row] = await t.db.select().from(organizations).where(eq(organizations.id, organizationId));
  const [plan] = await t.db.select().from(plans).where(eq(plans.id, row!.planId));
  return { ...row!, planCode: plan!.code };
}

/** A subscription's data as Paddle sends it in a webhook, for `organizationId`'s checkout. */
function subscriptionData(
  organizationId: string | null,
  fields: Partial<FakePaddleSubscription> & { priceId?: string } = {},
): FakePaddleSubscription {
  const subscription = paddle.addSubscription({ priceId, ...fields });
  return {
    ...subscription,
    custom_data: organizationId ? { userId: "someone", organizationId } : null,
  };
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function subscribedOrganization() {
  const made = await buildOrganization(t);
  const data = subscriptionData(made.organization.uid);
  const answer = await deliver(t, paddleEvent("subscription.created", data, { occurredAt: minutesAgo(30) }));
  expect(answer.statusCode, answer.body).toBe(200);
  return { ...made, data };
}

describe("GET subscription", () => {
  test("lists the free and unlimited plans with the Paddle price and the client token", async () => {
    const { owner } = await buildOrganization(t);
    const response = await request(t.app, { method: "GET", url: "/api/v1/subscription", token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.plans.map((p: { code: string }) => p.code)).toEqual(["free", "unlimited"]);
    expect(body.plans[0].price_id).toBeNull();
    expect(body.plans[1].price_id).toBe(priceId);
    expect(body.plans[1].subscription.recurring_price).toEqual({ EUR: 49, USD: 55 });
    expect(body.payments).toEqual({ configured: true, environment: "sandbox", client_token: "test_fake_client_token" });
  });

  test("says payments are not configured on a server without Paddle's keys", async () => {
    const other = await t.buildAnotherApp({});
    const { owner } = await buildOrganization(other);
    const response = await request(other.app, { method: "GET", url: "/api/v1/subscription", token: owner.token });
    expect(response.statusCode).toBe(200);
    expect(response.json().payments).toEqual({ configured: false, environment: "sandbox", client_token: null });
    expect(response.json().plans.every((p: { price_id: string | null }) => p.price_id === null)).toBe(true);
  });

  test("needs a session", async () => {
    const response = await request(t.app, { method: "GET", url: "/api/v1/subscription" });
    expect(response.statusCode).toBe(401);
  });
});

describe("GET organization/{orgId}/subscription", () => {
  test("answers the plan, the usage and what keeps a downgrade back", async () => {
    const { organization, owner } = await buildOrganization(t);
    await t.db
      .update(organizations)
      .set({ planId: (await t.db.select().from(plans).where(eq(plans.code, "unlimited")))[0]!.id })
      .where(eq(organizations.id, organization.uid));
    for (let i = 0; i < 7; i++) await insertProject(t, organization.uid, { title: `Project ${i}` });
    const response = await request(t.app, {
      method: "GET",
      url: `/api/v1/organization/${organization.uid}/subscription`,
      token: owner.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.plan.code).toBe("unlimited");
    expect(body.status).toBe("none");
    expect(body.usage).toEqual({ USER: 1, PROJECT: 7 });
    expect(body.downgrade_blockers).toEqual([{ unit: "PROJECT", usage: 7, limit: 5, excess: 2 }]);
  });

  test("is refused to a member without edit organization (403) and to another organization's admin (404)", async () => {
    const { organization } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const stranger = (await buildOrganization(t)).owner;
    const url = `/api/v1/organization/${organization.uid}/subscription`;
    const forbidden = await request(t.app, { method: "GET", url, token: member.token });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().ErrorMessage).toContain("edit organization");
    const hidden = await request(t.app, { method: "GET", url, token: stranger.token });
    expect(hidden.statusCode).toBe(404);
  });
});

describe("POST billing/paddle/webhook", () => {
  test("subscription.created moves the organization to the plan of the price, and the project limit lifts", async () => {
    const { organization, owner } = await buildOrganization(t);
    for (let i = 0; i < 5; i++) await insertProject(t, organization.uid, { title: `Project ${i}` });
    const customer = await insertCustomer(t, organization.uid);
    const sixth = () =>
      request(t.app, {
        method: "POST",
        url: `/api/v1/organization/${organization.uid}/project`,
        token: owner.token,
        json: { title: "Sixth", customer_id: customer.id, project_manager_id: owner.id, salesaccount: [owner.id] },
      });
    const refused = await sixth();
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe("PLAN_LIMIT_REACHED");

    const data = subscriptionData(organization.uid);
    const response = await deliver(t, paddleEvent("subscription.created", data));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: "applied" });
    const row = await organizationRow(organization.uid);
    expect(row.planCode).toBe("unlimited");
    expect(row.subscriptionId).toBe(data.id);
    expect(row.subscriptionStatus).toBe("active");
    expect(row.billingCustomerId).toBe(data.customer_id);
    expect(row.currentPeriodEnd?.toISOString()).toBe(new Date(data.current_billing_period!.ends_at).toISOString());

    const allowed = await sixth();
    expect(allowed.statusCode, allowed.body).toBe(201);
    const [audit] = await t.db.select().from(auditEvents).where(eq(auditEvents.organizationId, organization.uid));
    expect(audit?.kind).toBe("organization.updated");
    expect(audit?.after).toEqual({ plan: "unlimited", subscription_status: "active" });
  });

  test.each([
    ["subscription.activated", "active", "unlimited"],
    ["subscription.updated", "trialing", "unlimited"],
    ["subscription.past_due", "past_due", "unlimited"],
    ["subscription.paused", "paused", "free"],
    ["subscription.resumed", "active", "unlimited"],
    ["subscription.canceled", "canceled", "free"],
  ] as const)("%s with status %s leaves the organization on %s", async (type, status, planCode) => {
    const { organization, data } = await subscribedOrganization();
    const response = await deliver(t, paddleEvent(type, { ...data, status }));
    expect(response.json()).toEqual({ received: true, outcome: "applied" });
    const row = await organizationRow(organization.uid);
    expect(row.subscriptionStatus).toBe(status);
    expect(row.planCode).toBe(planCode);
  });

  test("a subscription event without custom data finds the organization by its subscription id", async () => {
    const { organization, data } = await subscribedOrganization();
    const response = await deliver(
      t,
      paddleEvent("subscription.canceled", { ...data, status: "canceled", custom_data: null }),
    );
    expect(response.json().outcome).toBe("applied");
    expect((await organizationRow(organization.uid)).planCode).toBe("free");
  });

  test("transaction.completed of a subscription is recorded and changes nothing", async () => {
    const { organization, data } = await subscribedOrganization();
    const before = await organizationRow(organization.uid);
    const event = paddleEvent("transaction.completed", {
      id: "txn_01test",
      status: "completed",
      subscription_id: data.id,
      customer_id: data.customer_id,
      custom_data: null,
    });
    const response = await deliver(t, event);
    expect(response.json()).toEqual({ received: true, outcome: "recorded" });
    expect(await organizationRow(organization.uid)).toEqual(before);
    const [kept] = await t.db.select().from(billingEvents).where(eq(billingEvents.eventId, event.event_id));
    expect(kept).toMatchObject({ organizationId: organization.uid, outcome: "recorded" });
  });

  test("a replayed event_id answers 200 and changes nothing", async () => {
    const { organization, data } = await subscribedOrganization();
    const canceled = paddleEvent("subscription.canceled", { ...data, status: "canceled" });
    expect((await deliver(t, canceled)).json().outcome).toBe("applied");
    // The organization subscribes again; the old cancellation, sent again, must not undo it.
    const again = paddleEvent("subscription.activated", { ...data, status: "active" });
    expect((await deliver(t, again)).json().outcome).toBe("applied");
    const before = await snapshot(t.db);
    const replay = await deliver(t, canceled);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, outcome: "duplicate" });
    expect(await snapshot(t.db)).toEqual(before);
    expect((await organizationRow(organization.uid)).planCode).toBe("unlimited");
  });

  test("an event older than the last one applied is recorded stale and changes nothing", async () => {
    const { organization, data } = await subscribedOrganization();
    const newer = paddleEvent("subscription.canceled", { ...data, status: "canceled" }, { occurredAt: minutesAgo(1) });
    expect((await deliver(t, newer)).json().outcome).toBe("applied");
    const older = paddleEvent("subscription.updated", { ...data, status: "active" }, { occurredAt: minutesAgo(10) });
    const response = await deliver(t, older);
    expect(response.json()).toEqual({ received: true, outcome: "stale" });
    const row = await organizationRow(organization.uid);
    expect(row.planCode).toBe("free");
    expect(row.subscriptionStatus).toBe("canceled");
    const [kept] = await t.db.select().from(billingEvents).where(eq(billingEvents.eventId, older.event_id));
    expect(kept?.outcome).toBe("stale");
  });

  test("an event for no organization of this server answers 200, ignored, and is logged", async () => {
    const event = paddleEvent("subscription.created", subscriptionData(null));
    const response = await deliver(t, event);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: "ignored" });
    const [kept] = await t.db.select().from(billingEvents).where(eq(billingEvents.eventId, event.event_id));
    expect(kept).toMatchObject({ organizationId: null, outcome: "ignored" });
    expect(t.logs.some((line) => line.eventId === event.event_id && line.level === 40)).toBe(true);
  });

  test("an organization id in custom data that names no organization is ignored", async () => {
    const event = paddleEvent("subscription.created", subscriptionData("0b7f3e29-4c1d-4a58-9e63-8d2a5c7f1b04"));
    expect((await deliver(t, event)).json().outcome).toBe("ignored");
  });

  test("any of several h1 values may match (a secret being rotated)", async () => {
    const { organization } = await buildOrganization(t);
    const body = JSON.stringify(paddleEvent("subscription.created", subscriptionData(organization.uid)));
    const ts = Math.floor(Date.now() / 1000);
    const old = signPaddleWebhook("pdl_ntfset_old_secret", body, ts).split(";")[1];
    const current = signPaddleWebhook(webhookSecret, body, ts).split(";")[1];
    const response = await deliver(t, body, { signature: `ts=${ts};${old};${current}` });
    expect(response.statusCode, response.body).toBe(200);
    expect((await organizationRow(organization.uid)).planCode).toBe("unlimited");
  });

  describe("refuses, writing nothing", () => {
    const body = () => JSON.stringify(paddleEvent("subscription.created", subscriptionData(null)));

    test.each([
      ["a signature made with another secret", () => ({ secret: "pdl_ntfset_wrong" }), 401, "does not match"],
      ["a timestamp 6 s old", () => ({ ts: Math.floor(Date.now() / 1000) - 6 }), 401, "5 s"],
      ["a timestamp 6 s ahead", () => ({ ts: Math.floor(Date.now() / 1000) + 6 }), 401, "5 s"],
      ["no h1", () => ({ signature: `ts=${Math.floor(Date.now() / 1000)}` }), 400, "ts=<unix time>;h1=<hex>"],
      ["no header", () => ({ signature: "" }), 401, "missing"],
      ["an h1 that is not hex", () => ({ signature: `ts=${Math.floor(Date.now() / 1000)};h1=zz` }), 401, "match"],
    ])("%s", async (_name, options, status, message) => {
      const before = await snapshot(t.db);
      const response = await deliver(t, body(), options());
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().ErrorMessage).toContain(message);
      expect(await snapshot(t.db)).toEqual(before);
    });

    test("a body changed after signing", async () => {
      const text = body();
      const signature = signPaddleWebhook(webhookSecret, text);
      const before = await snapshot(t.db);
      const response = await deliver(t, text.replace("active", "paused"), { signature });
      expect(response.statusCode).toBe(401);
      expect(await snapshot(t.db)).toEqual(before);
    });

    test.each([
      ["a body that is not an event", JSON.stringify({ hello: "world" }), "event_id"],
      [
        "a subscription of an unknown status",
        JSON.stringify(paddleEvent("subscription.updated", { id: "sub_1", status: "exploded", items: [] })),
        "data.status",
      ],
    ])("%s (400)", async (_name, text, field) => {
      const before = await snapshot(t.db);
      const response = await deliver(t, text);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().ErrorMessage).toContain(field);
      expect(await snapshot(t.db)).toEqual(before);
    });

    test("on a server without Paddle's keys (404)", async () => {
      const other = await t.buildAnotherApp({});
      const response = await deliver(other, body());
      expect(response.statusCode).toBe(404);
      expect(response.json().ErrorMessage).toContain("not configured");
    });
  });
});

describe("DELETE organization/{orgId}/subscription", () => {
  const downgrade = (organizationId: string, token: string) =>
    request(t.app, { method: "DELETE", url: `/api/v1/organization/${organizationId}/subscription`, token });

  test("with a Paddle subscription: cancels it at the period's end (202); free only once Paddle says canceled", async () => {
    const { organization, owner, data } = await subscribedOrganization();
    const response = await downgrade(organization.uid, owner.token);
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json().plan.code).toBe("unlimited");
    expect(response.json().scheduled_change).toEqual({
      action: "cancel",
      effective_at: data.current_billing_period!.ends_at,
    });
    expect(paddle.requests).toHaveLength(1);
    expect(paddle.requests[0]).toMatchObject({
      method: "POST",
      path: `/subscriptions/${data.id}/cancel`,
      body: { effective_from: "next_billing_period" },
      status: 200,
    });
    expect(paddle.requests[0]?.headers.authorization).toBe("Bearer [redacted]");
    expect((await organizationRow(organization.uid)).planCode).toBe("unlimited");

    // Asked again before the period ends: nothing more is asked of Paddle.
    expect((await downgrade(organization.uid, owner.token)).statusCode).toBe(202);
    expect(paddle.requests).toHaveLength(1);

    const ended = await deliver(
      t,
      paddleEvent("subscription.canceled", { ...data, status: "canceled", scheduled_change: null }),
    );
    expect(ended.json().outcome).toBe("applied");
    const row = await organizationRow(organization.uid);
    expect(row.planCode).toBe("free");
    expect(row.scheduledChange).toBeNull();
  });

  test("without a Paddle subscription (an operator's plan): free at once (200), Paddle not called", async () => {
    const { organization, owner } = await buildOrganization(t);
    const [unlimited] = await t.db.select().from(plans).where(eq(plans.code, "unlimited"));
    await t.db.update(organizations).set({ planId: unlimited!.id }).where(eq(organizations.id, organization.uid));
    const response = await downgrade(organization.uid, owner.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().plan.code).toBe("free");
    expect(response.json().status).toBe("none");
    expect(paddle.requests).toHaveLength(0);
    expect((await organizationRow(organization.uid)).planCode).toBe("free");
  });

  test("is refused with 409 naming what must go while the free plan's limits are exceeded", async () => {
    const { organization, owner } = await subscribedOrganization();
    for (let i = 0; i < 7; i++) await insertProject(t, organization.uid, { title: `Project ${i}` });
    const before = await snapshot(t.db);
    const response = await downgrade(organization.uid, owner.token);
    expect(response.statusCode).toBe(409);
    expect(response.json().ErrorMessage).toBe(
      "The free plan allows fewer: remove 2 projects (7 of 5 allowed) before downgrading",
    );
    expect(await snapshot(t.db)).toEqual(before);
    expect(paddle.requests).toHaveLength(0);
  });

  test("a Paddle that does not know the subscription is a 502, and nothing changes", async () => {
    const { organization, owner } = await buildOrganization(t);
    await t.db
      .update(organizations)
      .set({ subscriptionId: "sub_01unknown", subscriptionStatus: "active" })
      .where(eq(organizations.id, organization.uid));
    const before = await snapshot(t.db);
    const response = await downgrade(organization.uid, owner.token);
    expect(response.statusCode, response.body).toBe(502);
    expect(response.json().ErrorMessage).toContain("Paddle: Entity not found");
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("is refused to a member without edit organization (403) and to another organization's admin (404)", async () => {
    const { organization } = await subscribedOrganization();
    const member = await addMember(t, organization.uid, "member");
    const stranger = (await buildOrganization(t)).owner;
    const before = await snapshot(t.db);
    expect((await downgrade(organization.uid, member.token)).statusCode).toBe(403);
    expect((await downgrade(organization.uid, stranger.token)).statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
    expect(paddle.requests).toHaveLength(0);
  });
});
