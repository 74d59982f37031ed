import { createHmac, randomBytes, randomUUID } from "node:crypto";
import {
  can,
  conditionsMatch,
  type DeliveredEvent,
  eventsWithStatusConditions,
  retryDelayMs,
  shouldDisableWebhook,
  type Webhook,
  type WebhookBody,
  type WebhookConditions,
  type WebhookDeliveriesPage,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookInput,
  type WebhookWithSecret,
  webhookMaxAttempts,
  webhookResponseExcerptBytes,
  webhookRetryDelaysSeconds,
  webhookTestEvent,
} from "@timetrap/domain";
import type { FastifyBaseLogger } from "fastify";
import { type LookupAll, safePost } from "../../connectors/safe-http.js";
import type { Database } from "../../db/database.js";
import { AppError, notFound } from "../../http/app-error.js";
import type { ClaimedJob, JobHandler, JobQueue } from "../../jobs/job-queue.js";
import type { Mailer } from "../../mail/mailer.js";
import { webhookDisabledEmail } from "../../mail/webhook-disabled-email.js";
import { openSecret, sealSecret } from "../integrations/secret-box.js";
import type { OrganizationsService } from "../organizations/organizations.service.js";
import type {
  AttemptRow,
  DeliveryCursor,
  DeliveryRow,
  WebhookQueries,
  WebhookRow,
  WebhooksRepository,
} from "./webhooks.repository.js";

export type WebhooksService = ReturnType<typeof createWebhooksService>;

/** The job that makes one attempt of one delivery (payload `{ deliveryId }`). */
export const webhookDeliveryJob = "webhook.delivery";
export const webhookUserAgent = "Timetrap-Webhooks/1";
export const deliveriesPageSize = 20;
/** What an attempt says until its outcome is written: what is left when the server stops in the middle of it. */
export const interruptedAttempt = "The server stopped before the receiver answered";

export interface WebhookSettings {
  appUrl: string;
  integrationsKey: Buffer;
  webhookAllowPrivate: boolean;
  webhookAllowedPorts: readonly number[];
  webhookTimeoutMs: number;
}

/** A project's change of status, as the projects module tells it within its transaction. */
export interface ProjectStatusChange {
  organizationId: string;
  actorId: string;
  project: { uid: string; title: string };
  from: { uid: string; key: string; name: string };
  to: { uid: string; key: string; name: string };
}

/**
 * `sha256=` and the hex HMAC-SHA256, keyed with the webhook's secret, of `<timestamp>.<body>` (decision 030): the
 * timestamp signed with the body, so that a captured delivery cannot be replayed after the tolerance.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

function newSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

const secretAad = (webhookId: string) => `webhook:${webhookId}`;

function statusOf(row: WebhookRow): Webhook["status"] {
  if (!row.enabled) return "disabled";
  return row.failingSince ? "failing" : "active";
}

function toWebhook(row: WebhookRow, last: { at: Date; state: string; statusCode: number | null } | undefined): Webhook {
  return {
    uid: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    conditions: row.conditions,
    status: statusOf(row),
    failing_since: row.failingSince?.toISOString() ?? null,
    disabled_reason: row.disabledReason,
    secret_hint: row.secretHint,
    created_at: row.createdAt.toISOString(),
    last_delivery: last ? { at: last.at.toISOString(), state: last.state, status_code: last.statusCode } : null,
  };
}

function toDelivery(row: DeliveryRow, attempts: AttemptRow[], nextRun: Date | undefined): WebhookDelivery {
  return {
    uid: row.id,
    event_id: row.eventId,
    event: row.event,
    state: row.state,
    created_at: row.createdAt.toISOString(),
    next_attempt_at: row.state === "pending" ? ((nextRun ?? row.nextAttemptAt)?.toISOString() ?? null) : null,
    attempts: attempts.map((attempt) => ({
      at: attempt.at.toISOString(),
      status_code: attempt.statusCode,
      duration_ms: attempt.durationMs,
      response_excerpt: attempt.responseExcerpt,
      error: attempt.error,
    })),
    body: row.body,
  };
}

function encodeCursor(row: DeliveryRow): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`, "utf8").toString("base64url");
}

function decodeCursor(cursor: string): DeliveryCursor {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(at ?? "");
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(createdAt.getTime())) {
    const message = "The cursor is not one a page of deliveries gave";
    throw new AppError("VALIDATION_FAILED", message, [{ field: "querystring.before", message }]);
  }
  return { createdAt, id };
}

function failureOf(result: { statusCode: number | null; error: string | null }): string | null {
  if (result.error) return result.error;
  const status = result.statusCode ?? 0;
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) return `The receiver answered ${status}: redirects are not followed`;
  return `The receiver answered ${status}`;
}

export function createWebhooksService({
  repository,
  organizations,
  jobs,
  mailer,
  settings,
  logger,
  lookup,
}: {
  repository: WebhooksRepository;
  organizations: Pick<OrganizationsService, "authorize" | "listMembers" | "findMember">;
  jobs: JobQueue;
  mailer: Mailer;
  settings: WebhookSettings;
  logger: FastifyBaseLogger;
  /** The resolver of receivers' host names; `dns.lookup` when absent. */
  lookup?: LookupAll;
}) {
  const seal = (webhookId: string, secret: string) =>
    sealSecret(settings.integrationsKey, secret, secretAad(webhookId));
  const open = (row: WebhookRow) => openSecret(settings.integrationsKey, row.secret, secretAad(row.id));

  async function authorizeEdit(actorId: string, organizationId: string): Promise<void> {
    await organizations.authorize({ actorId, organizationId, right: { action: "edit", subject: "organization" } });
  }

  async function requireWebhook(organizationId: string, webhookId: string): Promise<WebhookRow> {
    const row = await repository.findById(organizationId, webhookId);
    if (!row) throw notFound("Webhook");
    return row;
  }

  /** Every workflow status a condition names must be one of the organization's (400 naming the condition). */
  async function checkConditions(organizationId: string, conditions: WebhookConditions): Promise<void> {
    for (const event of eventsWithStatusConditions) {
      const condition = conditions[event];
      if (condition === undefined || condition === "always") continue;
      const known = new Set(await repository.findStatusIds(organizationId, condition));
      const unknown = condition.filter((id) => !known.has(id));
      if (unknown.length > 0) {
        const message = `Not a project status of the organization: ${unknown.join(", ")}`;
        throw new AppError("VALIDATION_FAILED", message, [{ field: `body.conditions.${event}`, message }]);
      }
    }
  }

  async function withLastDelivery(row: WebhookRow): Promise<Webhook> {
    return toWebhook(row, (await repository.lastDeliveries([row.id])).get(row.id));
  }

  /** Writes one delivery and its job on `queries`/`tx` (the caller's transaction). */
  async function enqueueDelivery(
    queries: WebhookQueries,
    tx: Database,
    values: { webhook: WebhookRow; eventId: string; event: DeliveredEvent; body: string },
  ): Promise<DeliveryRow> {
    const delivery = await queries.insertDelivery({
      webhookId: values.webhook.id,
      organizationId: values.webhook.organizationId,
      eventId: values.eventId,
      event: values.event,
      body: values.body,
      nextAttemptAt: new Date(),
    });
    await jobs.enqueue(tx, {
      kind: webhookDeliveryJob,
      payload: { deliveryId: delivery.id },
      organizationId: values.webhook.organizationId,
      // A test event is sent once, now: its answer is what the person wants to see.
      ...(values.event === webhookTestEvent ? { maxAttempts: 1 } : {}),
    });
    return delivery;
  }

  function bodyOf<Data>(eventId: string, event: DeliveredEvent, organizationId: string, data: Data): string {
    const body: WebhookBody<Data> = {
      id: eventId,
      event,
      occurred_at: new Date().toISOString(),
      organization_id: organizationId,
      data,
    };
    return JSON.stringify(body);
  }

  /**
   * In the caller's transaction: one delivery (and its job) per enabled webhook of the organization that subscribes
   * to `event` and whose conditions match. They commit with the change, or not at all. Answers how many.
   */
  async function emitEvent(
    tx: Database,
    options: { organizationId: string; event: WebhookEvent; toStatusId: string | null; data: unknown },
  ): Promise<number> {
    const queries = repository.within(tx);
    const targets = (await queries.listSubscribed(options.organizationId, options.event)).filter((webhook) =>
      conditionsMatch(webhook.conditions, options.event, options.toStatusId),
    );
    if (targets.length === 0) return 0;
    const eventId = randomUUID();
    const body = bodyOf(eventId, options.event, options.organizationId, options.data);
    for (const webhook of targets) await enqueueDelivery(queries, tx, { webhook, eventId, event: options.event, body });
    return targets.length;
  }

  /** The e-mail to every admin (edit on organization) of the webhook's organization, queued in `tx`. */
  async function mailAdmins(tx: Database, webhook: WebhookRow, failingSince: Date): Promise<void> {
    const organization = await repository.within(tx).findOrganization(webhook.organizationId);
    if (!organization) return;
    const admins = (await organizations.listMembers({ organizationId: webhook.organizationId, tx })).filter(
      (member) => member.status === "active" && can(member.role, "edit", "organization"),
    );
    const link = `${settings.appUrl}/organization/${webhook.organizationId}/webhooks`;
    for (const admin of admins) {
      const mail = webhookDisabledEmail({
        to: admin.email,
        nominative: admin.nominative,
        organization: organization.name,
        url: webhook.url,
        failingSince,
        language: organization.language,
        link,
      });
      await mailer.send(mail, tx);
    }
  }

  /**
   * One attempt of one delivery. A delivery already finished, of a webhook gone or disabled, ends without an attempt.
   * A failed attempt is recorded and thrown, for the queue to retry it; a webhook failing for a day is disabled
   * instead, its pending deliveries ended and its admins e-mailed.
   */
  async function deliver(job: ClaimedJob): Promise<void> {
    const deliveryId = String(job.payload.deliveryId);
    const delivery = await repository.findDelivery(deliveryId);
    if (delivery?.state !== "pending") return;
    const webhook = await repository.findById(delivery.organizationId, delivery.webhookId);
    if (!webhook) return;
    if (!webhook.enabled && delivery.event !== webhookTestEvent) {
      await repository.setDeliveryState(delivery.id, "dead", null);
      return;
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const at = new Date();
    // Recorded before it is sent: a server killed while the receiver answers leaves this failure in the log, so a
    // delivery the receiver gets again after the restart always follows a recorded failed attempt.
    const attemptId = await repository.insertAttempt({
      deliveryId: delivery.id,
      at,
      statusCode: null,
      durationMs: 0,
      responseExcerpt: "",
      error: interruptedAttempt,
    });
    const result = await safePost(
      webhook.url,
      {
        headers: {
          "Content-Type": "application/json",
          "User-Agent": webhookUserAgent,
          "X-Timetrap-Event": delivery.event,
          "X-Timetrap-Delivery": delivery.id,
          "X-Timetrap-Timestamp": String(timestamp),
          "X-Timetrap-Signature": signWebhook(open(webhook), timestamp, delivery.body),
        },
        body: delivery.body,
      },
      {
        allowPrivate: settings.webhookAllowPrivate,
        allowedPorts: settings.webhookAllowedPorts,
        timeoutMs: settings.webhookTimeoutMs,
        maxResponseBytes: webhookResponseExcerptBytes,
        ...(lookup ? { lookup } : {}),
      },
    );
    const error = failureOf(result);
    const lastAttempt = job.attempt >= job.maxAttempts;
    const outcome = await repository.transaction(async (queries, tx) => {
      await queries.finishAttempt(attemptId, {
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        responseExcerpt: result.responseExcerpt,
        error,
      });
      if (error === null) {
        await queries.setDeliveryState(delivery.id, "succeeded", null);
        await queries.markSucceeded(webhook.id);
        return { disabledSince: null };
      }
      const now = new Date();
      const failingSince = await queries.markFailing(webhook.id, now);
      const current = await queries.findById(webhook.organizationId, webhook.id, { lock: true });
      if (current?.enabled && shouldDisableWebhook(failingSince, now)) {
        await queries.update(webhook.organizationId, webhook.id, {
          enabled: false,
          disabledReason: `Every delivery has failed since ${failingSince!.toISOString()}`,
        });
        await queries.endPendingDeliveries(webhook.id);
        // Queued with the change: the admins hear of it if and only if the webhook was disabled.
        await mailAdmins(tx, webhook, failingSince!);
        return { disabledSince: failingSince };
      }
      await queries.setDeliveryState(delivery.id, lastAttempt ? "dead" : "pending", null);
      return { disabledSince: null };
    });
    if (outcome.disabledSince) {
      logger.warn({ webhookId: webhook.id, organizationId: webhook.organizationId }, "webhook disabled after failures");
      jobs.nudge();
      return;
    }
    if (error !== null) throw new Error(error);
  }

  const lastRetryMs = (webhookRetryDelaysSeconds.at(-1) as number) * 1000;
  const deliveryHandler: JobHandler = {
    run: deliver,
    maxAttempts: webhookMaxAttempts,
    retryDelayMs: (attempt) => retryDelayMs(attempt, Math.random()) ?? lastRetryMs,
    // One attempt lasts at most the timeout, a look-up and three short statements; a server killed in the middle of
    // one leaves its delivery to another worker (or itself, restarted) this long after the claim.
    leaseMs: settings.webhookTimeoutMs + 30_000,
  };

  return {
    deliveryHandler,
    emitEvent,

    /** In the projects module's transaction of the change. */
    async projectStatusChanged(tx: Database, change: ProjectStatusChange): Promise<number> {
      const actor = await organizations.findMember({
        organizationId: change.organizationId,
        userId: change.actorId,
        tx,
      });
      return emitEvent(tx, {
        organizationId: change.organizationId,
        event: "project.status.change",
        toStatusId: change.to.uid,
        data: {
          project: change.project,
          from_status: change.from,
          to_status: change.to,
          changed_by: { uid: change.actorId, nominative: actor?.nominative ?? "" },
        },
      });
    },

    /** After the commit of a change that emitted events: the worker looks for them now rather than at its next poll. */
    eventsCommitted(): void {
      jobs.nudge();
    },

    async listWebhooks({ actorId, organizationId }: { actorId: string; organizationId: string }): Promise<Webhook[]> {
      await authorizeEdit(actorId, organizationId);
      const rows = await repository.listByOrganization(organizationId);
      const last = await repository.lastDeliveries(rows.map((row) => row.id));
      return rows.map((row) => toWebhook(row, last.get(row.id)));
    },

    async createWebhook({
      actorId,
      organizationId,
      input,
    }: {
      actorId: string;
      organizationId: string;
      input: WebhookInput;
    }): Promise<WebhookWithSecret> {
      await authorizeEdit(actorId, organizationId);
      await checkConditions(organizationId, input.conditions);
      const id = randomUUID();
      const secret = newSecret();
      const row = await repository.insert({
        id,
        organizationId,
        url: input.url,
        description: input.description,
        events: input.events,
        enabled: input.enabled,
        conditions: input.conditions,
        secret: seal(id, secret),
        secretHint: secret.slice(-4),
      });
      return { ...toWebhook(row, undefined), secret };
    },

    /**
     * Replaces the webhook's fields (the modal sends them all). Enabled again, it starts afresh (no failures, no
     * reason); disabled by a person, its pending deliveries end.
     */
    async updateWebhook({
      actorId,
      organizationId,
      webhookId,
      input,
    }: {
      actorId: string;
      organizationId: string;
      webhookId: string;
      input: WebhookInput;
    }): Promise<Webhook> {
      await authorizeEdit(actorId, organizationId);
      await requireWebhook(organizationId, webhookId);
      await checkConditions(organizationId, input.conditions);
      const row = await repository.transaction(async (queries) => {
        const before = await queries.findById(organizationId, webhookId, { lock: true });
        if (!before) throw notFound("Webhook");
        const updated = await queries.update(organizationId, webhookId, {
          url: input.url,
          description: input.description,
          events: input.events,
          enabled: input.enabled,
          conditions: input.conditions,
          ...(input.enabled && !before.enabled ? { failingSince: null, disabledReason: null } : {}),
          ...(!input.enabled ? { disabledReason: before.enabled ? null : before.disabledReason } : {}),
        });
        if (!input.enabled) await queries.endPendingDeliveries(webhookId);
        return updated!;
      });
      return withLastDelivery(row);
    },

    /** Its deliveries and their log go with it; their jobs find nothing left to send. */
    async deleteWebhook({
      actorId,
      organizationId,
      webhookId,
    }: {
      actorId: string;
      organizationId: string;
      webhookId: string;
    }): Promise<void> {
      await authorizeEdit(actorId, organizationId);
      if (!(await repository.delete(organizationId, webhookId))) throw notFound("Webhook");
    },

    /** A new signing secret, answered once; the old one signs nothing from now on. */
    async rotateSecret({
      actorId,
      organizationId,
      webhookId,
    }: {
      actorId: string;
      organizationId: string;
      webhookId: string;
    }): Promise<WebhookWithSecret> {
      await authorizeEdit(actorId, organizationId);
      await requireWebhook(organizationId, webhookId);
      const secret = newSecret();
      const row = await repository.update(organizationId, webhookId, {
        secret: seal(webhookId, secret),
        secretHint: secret.slice(-4),
      });
      if (!row) throw notFound("Webhook");
      return { ...(await withLastDelivery(row)), secret };
    },

    async listDeliveries({
      actorId,
      organizationId,
      webhookId,
      before,
    }: {
      actorId: string;
      organizationId: string;
      webhookId: string;
      before?: string | undefined;
    }): Promise<WebhookDeliveriesPage> {
      await authorizeEdit(actorId, organizationId);
      const cursor = before ? decodeCursor(before) : null;
      await requireWebhook(organizationId, webhookId);
      const rows = await repository.listDeliveries(webhookId, cursor, deliveriesPageSize + 1);
      const page = rows.slice(0, deliveriesPageSize);
      const ids = page.map((row) => row.id);
      const [attempts, nextRuns] = await Promise.all([repository.listAttempts(ids), repository.nextRuns(ids)]);
      return {
        items: page.map((row) =>
          toDelivery(
            row,
            attempts.filter((attempt) => attempt.deliveryId === row.id),
            nextRuns.get(row.id),
          ),
        ),
        next_cursor: rows.length > deliveriesPageSize ? encodeCursor(page.at(-1)!) : null,
      };
    },

    /** A new delivery of the same body, event id included, so that receivers that saw it can drop it. */
    async redeliver({
      actorId,
      organizationId,
      webhookId,
      deliveryId,
    }: {
      actorId: string;
      organizationId: string;
      webhookId: string;
      deliveryId: string;
    }): Promise<WebhookDelivery> {
      await authorizeEdit(actorId, organizationId);
      const row = await repository.transaction(async (queries, tx) => {
        const webhook = await queries.findById(organizationId, webhookId);
        if (!webhook) throw notFound("Webhook");
        const original = await queries.findDeliveryOfWebhook(webhookId, deliveryId);
        if (!original) throw notFound("Delivery");
        if (!webhook.enabled) throw new AppError("CONFLICT", "The webhook is disabled: enable it to send again");
        return enqueueDelivery(queries, tx, {
          webhook,
          eventId: original.eventId,
          event: original.event as DeliveredEvent,
          body: original.body,
        });
      });
      jobs.nudge();
      return toDelivery(row, [], undefined);
    },

    /** A `webhook.test` event, sent once and now, even to a disabled webhook (to check the receiver before enabling). */
    async sendTestEvent({
      actorId,
      organizationId,
      webhookId,
    }: {
      actorId: string;
      organizationId: string;
      webhookId: string;
    }): Promise<WebhookDelivery> {
      await authorizeEdit(actorId, organizationId);
      const row = await repository.transaction(async (queries, tx) => {
        const webhook = await queries.findById(organizationId, webhookId);
        if (!webhook) throw notFound("Webhook");
        const eventId = randomUUID();
        const body = bodyOf(eventId, webhookTestEvent, organizationId, {
          webhook: { uid: webhook.id, url: webhook.url },
        });
        return enqueueDelivery(queries, tx, { webhook, eventId, event: webhookTestEvent, body });
      });
      jobs.nudge();
      return toDelivery(row, [], undefined);
    },
  };
}
