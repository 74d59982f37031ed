import {
  type DowngradeBlocker,
  downgradeBlockers,
  downgradeRefusal,
  freePlanCode,
  type OrganizationSubscription,
  type PaddleEventType,
  paddleEventTypes,
  planCodeForSubscription,
  type SubscriptionPlan,
  type SubscriptionPlans,
  type SubscriptionStatus,
} from "@timetrap/domain";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { PaddleConfig } from "../../config.js";
import { ConnectorError } from "../../connectors/http-client.js";
import { type PaddleConnector, verifyPaddleSignature } from "../../connectors/paddle.js";
import type { Database } from "../../db/database.js";
import { AppError } from "../../http/app-error.js";
import type { AuditService } from "../audit/audit.service.js";
import type { OrganizationsService } from "../organizations/organizations.service.js";
import type { ProjectsService } from "../projects/projects.service.js";
import type { SessionClient } from "../sessions/session-client.js";
import type {
  BillingEventOutcome,
  BillingQueries,
  BillingRepository,
  OrganizationBillingRow,
  PlanRow,
} from "./billing.repository.js";

/**
 * The subscription and Paddle Billing (decision 031). The organization's plan changes only when Paddle's webhook says
 * so (or an operator sets it from the command line); a downgrade asks Paddle to cancel at the period's end.
 */

export type BillingService = ReturnType<typeof createBillingService>;

/** Paddle's webhook as it comes: only the envelope is required here; each event's data is read by its own schema. */
const paddleWebhookSchema = z.object({
  event_id: z.string().min(1).max(200),
  event_type: z.string().min(1).max(200),
  occurred_at: z.iso.datetime({ offset: true }),
  data: z.record(z.string(), z.unknown()),
});

const customDataSchema = z.record(z.string(), z.unknown()).nullish();

/** Paddle's subscription entity, the fields read of it. */
const subscriptionDataSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.enum(["active", "trialing", "past_due", "paused", "canceled"]),
  customer_id: z.string().max(200).nullish(),
  items: z
    .array(z.object({ price: z.object({ id: z.string() }).nullish() }))
    .nullish()
    .transform((items) => items ?? []),
  custom_data: customDataSchema,
  current_billing_period: z.object({ ends_at: z.iso.datetime({ offset: true }) }).nullish(),
  scheduled_change: z.object({ action: z.string().max(50), effective_at: z.iso.datetime({ offset: true }) }).nullish(),
});

/** Paddle's transaction entity, the fields read of it. */
const transactionDataSchema = z.object({
  id: z.string().min(1).max(200),
  subscription_id: z.string().max(200).nullish(),
  customer_id: z.string().max(200).nullish(),
  custom_data: customDataSchema,
});

type SubscriptionData = z.infer<typeof subscriptionDataSchema>;

const uuidSchema = z.uuid();

export interface WebhookAnswer {
  received: true;
  /** `duplicate` for an event id handled before; else what the event did. */
  outcome: BillingEventOutcome | "duplicate";
}

const unavailable = () =>
  new AppError(
    "SERVICE_UNAVAILABLE",
    "Payments are not configured on this server: an operator sets plans with `npm run plan`",
  );

/** Paddle's notification destination on a server without payments: there is nothing here for Paddle to reach. */
const noPaymentsHere = () =>
  new AppError("NOT_FOUND", "Payments are not configured on this server: an operator sets plans with `npm run plan`");

function invalidPayload(message: string, field = "body"): AppError {
  return new AppError("BAD_REQUEST", `The Paddle webhook's payload is not valid: ${message}`, [{ field, message }]);
}

/** A Paddle failure as the API answers it: the server's own key or Paddle itself at fault, never the caller's rights. */
function paddleFailure(error: ConnectorError): AppError {
  if (error.kind === "timeout") return new AppError("UPSTREAM_TIMEOUT", error.message);
  if (error.kind === "rate_limited") return new AppError("UPSTREAM_RATE_LIMITED", error.message);
  return new AppError("UPSTREAM_ERROR", error.message);
}

/** The organization named by the checkout's `customData` (`{userId, organizationId}`), when it is a uuid. */
function organizationIdOfCustomData(customData: Record<string, unknown> | null | undefined): string | null {
  const id = customData?.organizationId;
  return typeof id === "string" && uuidSchema.safeParse(id).success ? id : null;
}

/** Whether Paddle still bills the organization: a subscription that has not ended. */
function hasLiveSubscription(row: OrganizationBillingRow): boolean {
  return row.subscriptionId !== null && row.subscriptionStatus !== "none" && row.subscriptionStatus !== "canceled";
}

/** Free first, then by price. */
function byPrice(a: PlanRow, b: PlanRow): number {
  const price = (row: PlanRow) => row.subscription?.recurring_price?.EUR ?? -1;
  return price(a) - price(b) || a.code.localeCompare(b.code);
}

export function createBillingService({
  repository,
  organizations,
  projects,
  paddle,
  paddleConfig,
  audit,
  logger,
}: {
  repository: BillingRepository;
  organizations: Pick<OrganizationsService, "authorize" | "withOrganizationLocked" | "countSeats">;
  projects: Pick<ProjectsService, "countProjects">;
  /** Paddle's API; null when payments are not configured. */
  paddle: PaddleConnector | null;
  paddleConfig: PaddleConfig | null;
  audit: Pick<AuditService, "record">;
  logger: FastifyBaseLogger;
}) {
  function toPlan(row: PlanRow): SubscriptionPlan {
    return {
      uid: row.id,
      code: row.code,
      name: row.name,
      config: row.config,
      subscription: row.subscription ?? null,
      price_id: paddleConfig?.priceIds[row.code] ?? null,
    };
  }

  /** The plan code whose configured price is among the subscription's items; null for a price this server does not sell. */
  function planCodeOfPrices(priceIds: readonly string[]): string | null {
    if (!paddleConfig) return null;
    const found = Object.entries(paddleConfig.priceIds).find(([, priceId]) => priceIds.includes(priceId));
    return found?.[0] ?? null;
  }

  async function requirePlan(queries: BillingQueries, code: string): Promise<PlanRow> {
    const plan = await queries.findPlanByCode(code);
    if (!plan) throw new Error(`plan "${code}" is missing: were the migrations applied?`);
    return plan;
  }

  async function usageOf(organizationId: string, tx?: Database) {
    const [users, projectCount] = await Promise.all([
      organizations.countSeats({ organizationId, ...(tx ? { tx } : {}) }),
      projects.countProjects({ organizationId, ...(tx ? { tx } : {}) }),
    ]);
    return { USER: users, PROJECT: projectCount };
  }

  async function subscriptionOf(queries: BillingQueries, organizationId: string, tx?: Database) {
    const row = await queries.findOrganization(organizationId);
    if (!row) throw new AppError("NOT_FOUND", "Organization not found");
    const [plan, free, usage] = await Promise.all([
      queries.findPlanById(row.planId),
      requirePlan(queries, freePlanCode),
      usageOf(organizationId, tx),
    ]);
    if (!plan) throw new Error(`organization ${organizationId} names a missing plan`);
    const answer: OrganizationSubscription = {
      plan: toPlan(plan),
      status: row.subscriptionStatus,
      subscription_id: row.subscriptionId,
      current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
      scheduled_change: row.scheduledChange ?? null,
      usage,
      downgrade_blockers: plan.code === freePlanCode ? [] : downgradeBlockers(free.config, usage),
    };
    return { row, plan, answer };
  }

  async function recordPlanChange(
    tx: Database,
    row: OrganizationBillingRow,
    before: { plan: string; status: SubscriptionStatus },
    after: { plan: string; status: SubscriptionStatus },
    actor: { actorId: string | null; client: SessionClient | null },
  ) {
    if (before.plan === after.plan && before.status === after.status) return;
    await audit.record({
      kind: "organization.updated",
      organizationId: row.id,
      actorId: actor.actorId,
      userId: null,
      client: actor.client,
      target: { type: "organization", id: row.id, label: row.name },
      before: { plan: before.plan, subscription_status: before.status },
      after: { plan: after.plan, subscription_status: after.status },
      tx,
    });
  }

  /** Applies a subscription event to the organization, under its lock; answers what it did. */
  async function applySubscriptionEvent(
    queries: BillingQueries,
    tx: Database,
    organizationId: string,
    occurredAt: Date,
    data: SubscriptionData,
  ): Promise<BillingEventOutcome> {
    const row = await queries.lockOrganization(organizationId);
    if (!row) return "ignored";
    if (row.subscriptionEventAt && occurredAt < row.subscriptionEventAt) return "stale";
    const subscribed = planCodeOfPrices(data.items.flatMap((item) => (item.price ? [item.price.id] : [])));
    const status: SubscriptionStatus = data.status;
    const planCode = planCodeForSubscription(status, subscribed ?? freePlanCode);
    if (subscribed === null && planCode === freePlanCode && status !== "paused" && status !== "canceled") {
      // A running subscription to a price this server does not sell: granting or taking a plan would be a guess.
      logger.warn({ organizationId, subscriptionId: data.id }, "Paddle subscription of an unknown price ignored");
      return "ignored";
    }
    const [plan, current] = await Promise.all([requirePlan(queries, planCode), queries.findPlanById(row.planId)]);
    await queries.updateSubscription(organizationId, {
      planId: plan.id,
      subscriptionId: data.id,
      subscriptionStatus: status,
      billingCustomerId: data.customer_id ?? row.billingCustomerId,
      currentPeriodEnd: data.current_billing_period ? new Date(data.current_billing_period.ends_at) : null,
      scheduledChange: data.scheduled_change
        ? { action: data.scheduled_change.action, effective_at: data.scheduled_change.effective_at }
        : null,
      subscriptionEventAt: occurredAt,
    });
    await recordPlanChange(
      tx,
      row,
      { plan: current?.code ?? "", status: row.subscriptionStatus },
      { plan: plan.code, status },
      { actorId: null, client: null },
    );
    return "applied";
  }

  return {
    /** `GET subscription`: the plans with their Paddle prices, and how payments are taken here. */
    async listPlans(): Promise<SubscriptionPlans> {
      const rows = (await repository.listPlans()).sort(byPrice);
      return {
        plans: rows.map(toPlan),
        payments: {
          configured: paddleConfig !== null,
          environment: paddleConfig?.environment ?? "sandbox",
          client_token: paddleConfig?.clientToken ?? null,
        },
      };
    },

    /** `GET organization/{orgId}/subscription`: edit organization. */
    async getSubscription({
      actorId,
      organizationId,
    }: {
      actorId: string;
      organizationId: string;
    }): Promise<OrganizationSubscription> {
      await organizations.authorize({ actorId, organizationId, right: { action: "edit", subject: "organization" } });
      return (await subscriptionOf(repository, organizationId)).answer;
    },

    /**
     * `DELETE organization/{orgId}/subscription`: to the free plan, refused (409) while the organization uses more
     * than the free plan allows. A Paddle subscription is cancelled at the end of its period (202: the plan moves when
     * Paddle's `subscription.canceled` arrives); an operator's plan moves at once (200).
     */
    async downgrade({
      actorId,
      organizationId,
      client,
    }: {
      actorId: string;
      organizationId: string;
      client: SessionClient;
    }): Promise<{ accepted: boolean; subscription: OrganizationSubscription }> {
      await organizations.authorize({ actorId, organizationId, right: { action: "edit", subject: "organization" } });
      const decided = await organizations.withOrganizationLocked({ organizationId }, async (tx) => {
        const queries = repository.within(tx);
        const { row, plan, answer } = await subscriptionOf(queries, organizationId, tx);
        const live = hasLiveSubscription(row);
        if (plan.code === freePlanCode && !live) return { kind: "done" as const, answer };
        const blockers: DowngradeBlocker[] = answer.downgrade_blockers.map((b) => ({
          ...b,
          unit: b.unit as DowngradeBlocker["unit"],
        }));
        const refusal = downgradeRefusal(blockers);
        if (refusal) throw new AppError("CONFLICT", refusal);
        if (live) {
          if (row.scheduledChange?.action === "cancel") return { kind: "scheduled" as const, answer };
          return { kind: "cancel" as const, subscriptionId: row.subscriptionId as string };
        }
        const free = await requirePlan(queries, freePlanCode);
        await queries.updateSubscription(organizationId, {
          planId: free.id,
          subscriptionStatus: "none",
          scheduledChange: null,
          currentPeriodEnd: null,
        });
        await recordPlanChange(
          tx,
          row,
          { plan: plan.code, status: row.subscriptionStatus },
          { plan: free.code, status: "none" },
          { actorId, client },
        );
        return { kind: "moved" as const };
      });
      if (decided.kind === "done") return { accepted: false, subscription: decided.answer };
      if (decided.kind === "scheduled") return { accepted: true, subscription: decided.answer };
      if (decided.kind === "moved") {
        return { accepted: false, subscription: (await subscriptionOf(repository, organizationId)).answer };
      }
      // Paddle is called outside the organization's lock: a slow answer must not hold up its members' changes.
      if (!paddle) throw unavailable();
      let canceled: Awaited<ReturnType<PaddleConnector["cancelSubscription"]>>;
      try {
        canceled = await paddle.cancelSubscription(decided.subscriptionId);
      } catch (error) {
        if (error instanceof ConnectorError) throw paddleFailure(error);
        throw error;
      }
      await organizations.withOrganizationLocked({ organizationId }, async (tx) => {
        const queries = repository.within(tx);
        const row = await queries.findOrganization(organizationId);
        // A webhook that ended the subscription meanwhile has the last word.
        if (!row || row.subscriptionId !== decided.subscriptionId || !hasLiveSubscription(row)) return;
        await queries.updateSubscription(organizationId, {
          scheduledChange: canceled.scheduled_change
            ? { action: canceled.scheduled_change.action, effective_at: canceled.scheduled_change.effective_at }
            : null,
        });
        await audit.record({
          kind: "organization.updated",
          organizationId,
          actorId,
          userId: null,
          client,
          target: { type: "organization", id: organizationId, label: row.name },
          before: { scheduled_change: row.scheduledChange?.action ?? null },
          after: { scheduled_change: canceled.scheduled_change?.action ?? null },
          tx,
        });
      });
      return { accepted: true, subscription: (await subscriptionOf(repository, organizationId)).answer };
    },

    /**
     * `POST billing/paddle/webhook`: Paddle's signed event (decision 031). The signature is checked on the raw body
     * first (401 and nothing written when it fails); an event id handled before is answered 200 and changes nothing.
     */
    async handlePaddleWebhook({
      rawBody,
      signature,
      now = Date.now(),
    }: {
      rawBody: Buffer;
      signature: string | undefined;
      now?: number;
    }): Promise<WebhookAnswer> {
      if (!paddleConfig) throw noPaymentsHere();
      const check = verifyPaddleSignature({ header: signature, rawBody, secret: paddleConfig.webhookSecret, now });
      if (!check.ok) {
        logger.warn({ reason: check.reason }, "Paddle webhook refused");
        throw new AppError(check.reason === "malformed" ? "BAD_REQUEST" : "UNAUTHENTICATED", check.message);
      }
      let parsedJson: unknown;
      try {
        parsedJson = JSON.parse(rawBody.toString("utf8"));
      } catch {
        throw invalidPayload("the body is not JSON");
      }
      const envelope = paddleWebhookSchema.safeParse(parsedJson);
      if (!envelope.success) {
        const issue = envelope.error.issues[0];
        throw invalidPayload(`${issue?.path.join(".") || "body"}: ${issue?.message}`, issue?.path.join(".") || "body");
      }
      const event = envelope.data;
      const occurredAt = new Date(event.occurred_at);
      const type = (paddleEventTypes as readonly string[]).includes(event.event_type)
        ? (event.event_type as PaddleEventType)
        : null;

      let subscriptionData: SubscriptionData | null = null;
      let transactionData: z.infer<typeof transactionDataSchema> | null = null;
      if (type !== null) {
        const result =
          type === "transaction.completed"
            ? transactionDataSchema.safeParse(event.data)
            : subscriptionDataSchema.safeParse(event.data);
        if (!result.success) {
          const issue = result.error.issues[0];
          const field = ["data", ...(issue?.path ?? [])].join(".");
          throw invalidPayload(`${field}: ${issue?.message}`, field);
        }
        if (type === "transaction.completed") transactionData = result.data as z.infer<typeof transactionDataSchema>;
        else subscriptionData = result.data as SubscriptionData;
      }

      const customData = subscriptionData?.custom_data ?? transactionData?.custom_data;
      const subscriptionId = subscriptionData?.id ?? transactionData?.subscription_id ?? null;
      const customerId = subscriptionData?.customer_id ?? transactionData?.customer_id ?? null;
      const organizationId =
        organizationIdOfCustomData(customData) ??
        (subscriptionId ? await repository.findOrganizationIdBySubscription(subscriptionId) : null) ??
        (customerId ? await repository.findOrganizationIdByCustomer(customerId) : null);

      const outcome = await repository.transaction(async (queries, tx) => {
        const known = organizationId ? await queries.findOrganization(organizationId) : null;
        const inserted = await queries.insertEvent({
          eventId: event.event_id,
          eventType: event.event_type,
          occurredAt,
          organizationId: known?.id ?? null,
          outcome: "ignored",
        });
        if (!inserted) return "duplicate" as const;
        if (!known || type === null) return "ignored" as const;
        const result: BillingEventOutcome = subscriptionData
          ? await applySubscriptionEvent(queries, tx, known.id, occurredAt, subscriptionData)
          : "recorded";
        await queries.setEventOutcome(event.event_id, result);
        return result;
      });
      const fields = { eventId: event.event_id, eventType: event.event_type, organizationId, outcome };
      if (outcome === "ignored") logger.warn(fields, "Paddle webhook for no known organization ignored");
      else logger.info(fields, "Paddle webhook handled");
      return { received: true, outcome };
    },
  };
}
