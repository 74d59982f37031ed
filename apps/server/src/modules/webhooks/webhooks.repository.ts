import type { DeliveryState, WebhookEvent } from "@timetrap/domain";
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import {
  jobs,
  organizations,
  webhookAttempts,
  webhookDeliveries,
  webhooks,
  workflowStatuses,
} from "../../db/schema.js";

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

export type WebhookQueries = ReturnType<typeof webhookQueries>;

export interface WebhooksRepository extends WebhookQueries {
  /** Runs `work` in one transaction, with the queries bound to it (and the transaction, for the job queue). */
  transaction<T>(work: (queries: WebhookQueries, tx: Database) => Promise<T>): Promise<T>;
  /** The queries on a transaction another module opened. */
  within(tx: Database): WebhookQueries;
}

export function createWebhooksRepository(db: Database): WebhooksRepository {
  return {
    ...webhookQueries(db),
    transaction: (work) => db.transaction((tx) => work(webhookQueries(tx), tx)),
    within: (tx) => webhookQueries(tx),
  };
}

/** The `before` cursor of the deliveries' pages: the last delivery's creation instant and id. */
export interface DeliveryCursor {
  createdAt: Date;
  id: string;
}

function webhookQueries(db: Database) {
  const inOrganization = (organizationId: string, id: string) =>
    and(eq(webhooks.organizationId, organizationId), eq(webhooks.id, id));

  return {
    listByOrganization(organizationId: string): Promise<WebhookRow[]> {
      return db
        .select()
        .from(webhooks)
        .where(eq(webhooks.organizationId, organizationId))
        .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
    },

    /** The enabled webhooks of the organization that subscribe to `event`. */
    async listSubscribed(organizationId: string, event: WebhookEvent): Promise<WebhookRow[]> {
      return db
        .select()
        .from(webhooks)
        .where(
          and(
            eq(webhooks.organizationId, organizationId),
            eq(webhooks.enabled, true),
            sql`${webhooks.events} @> ${JSON.stringify([event])}::jsonb`,
          ),
        )
        .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
    },

    /** With `lock`, the row stays locked until the transaction ends (deliveries of one webhook record one at a time). */
    async findById(organizationId: string, id: string, options: { lock?: boolean } = {}) {
      const query = db.select().from(webhooks).where(inOrganization(organizationId, id));
      const [row] = options.lock ? await query.for("update") : await query;
      return row;
    },

    async insert(values: typeof webhooks.$inferInsert): Promise<WebhookRow> {
      const [row] = await db.insert(webhooks).values(values).returning();
      return row!;
    },

    async update(
      organizationId: string,
      id: string,
      values: Partial<Omit<typeof webhooks.$inferInsert, "id" | "organizationId">>,
    ): Promise<WebhookRow | undefined> {
      const [row] = await db
        .update(webhooks)
        .set({ ...values, updatedAt: new Date() })
        .where(inOrganization(organizationId, id))
        .returning();
      return row;
    },

    async delete(organizationId: string, id: string): Promise<boolean> {
      const rows = await db.delete(webhooks).where(inOrganization(organizationId, id)).returning({ id: webhooks.id });
      return rows.length > 0;
    },

    /** The organization's name and language, for the e-mails about its webhooks. */
    async findOrganization(organizationId: string) {
      const [row] = await db
        .select({ name: organizations.name, language: organizations.language })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row;
    },

    /** Those of `ids` that are statuses of the organization's workflow. */
    async findStatusIds(organizationId: string, ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: workflowStatuses.id })
        .from(workflowStatuses)
        .where(and(eq(workflowStatuses.organizationId, organizationId), inArray(workflowStatuses.id, [...ids])));
      return rows.map((row) => row.id);
    },

    async insertDelivery(values: typeof webhookDeliveries.$inferInsert): Promise<DeliveryRow> {
      const [row] = await db.insert(webhookDeliveries).values(values).returning();
      return row!;
    },

    async findDelivery(id: string): Promise<DeliveryRow | undefined> {
      const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
      return row;
    },

    async findDeliveryOfWebhook(webhookId: string, id: string): Promise<DeliveryRow | undefined> {
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.id, id)));
      return row;
    },

    async setDeliveryState(id: string, state: DeliveryState, nextAttemptAt: Date | null): Promise<void> {
      await db
        .update(webhookDeliveries)
        .set({ state, nextAttemptAt, updatedAt: new Date() })
        .where(eq(webhookDeliveries.id, id));
    },

    /** Ends every pending delivery of a webhook (it was disabled): they are dead, their jobs find them so and stop. */
    async endPendingDeliveries(webhookId: string): Promise<void> {
      await db
        .update(webhookDeliveries)
        .set({ state: "dead", nextAttemptAt: null, updatedAt: new Date() })
        .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.state, "pending")));
    },

    async insertAttempt(values: typeof webhookAttempts.$inferInsert): Promise<string> {
      const [row] = await db.insert(webhookAttempts).values(values).returning({ id: webhookAttempts.id });
      return row!.id;
    },

    /** The outcome of an attempt recorded, as interrupted, before it was sent. */
    async finishAttempt(
      id: string,
      values: Pick<typeof webhookAttempts.$inferInsert, "statusCode" | "durationMs" | "responseExcerpt" | "error">,
    ): Promise<void> {
      await db.update(webhookAttempts).set(values).where(eq(webhookAttempts.id, id));
    },

    /** Newest first, `limit` of them, older than `before` when given. */
    listDeliveries(webhookId: string, before: DeliveryCursor | null, limit: number): Promise<DeliveryRow[]> {
      return db
        .select()
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.webhookId, webhookId),
            before
              ? or(
                  lt(webhookDeliveries.createdAt, before.createdAt),
                  and(eq(webhookDeliveries.createdAt, before.createdAt), lt(webhookDeliveries.id, before.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit);
    },

    /** The last delivery of each webhook, with its last attempt's status code. */
    async lastDeliveries(
      webhookIds: readonly string[],
    ): Promise<Map<string, { at: Date; state: DeliveryState; statusCode: number | null }>> {
      const found = new Map<string, { at: Date; state: DeliveryState; statusCode: number | null }>();
      if (webhookIds.length === 0) return found;
      const rows = await db
        .selectDistinctOn([webhookDeliveries.webhookId], {
          webhookId: webhookDeliveries.webhookId,
          id: webhookDeliveries.id,
          at: webhookDeliveries.createdAt,
          state: webhookDeliveries.state,
        })
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.webhookId, [...webhookIds]))
        .orderBy(webhookDeliveries.webhookId, desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id));
      const attempts = await this.listAttempts(rows.map((row) => row.id));
      for (const row of rows) {
        const last = attempts.filter((attempt) => attempt.deliveryId === row.id).at(-1);
        found.set(row.webhookId, { at: row.at, state: row.state, statusCode: last?.statusCode ?? null });
      }
      return found;
    },

    /** Oldest first. */
    listAttempts(deliveryIds: readonly string[]): Promise<AttemptRow[]> {
      if (deliveryIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, [...deliveryIds]))
        .orderBy(asc(webhookAttempts.at), asc(webhookAttempts.id));
    },

    /**
     * When each pending delivery's job runs next, from the job queue's own table: the queue picks the retry's jittered
     * wait, so this is the one true answer.
     */
    async nextRuns(deliveryIds: readonly string[]): Promise<Map<string, Date>> {
      const runs = new Map<string, Date>();
      if (deliveryIds.length === 0) return runs;
      const rows = await db
        .select({ deliveryId: sql<string>`${jobs.payload}->>'deliveryId'`, runAt: jobs.runAt })
        .from(jobs)
        .where(
          and(
            eq(jobs.kind, "webhook.delivery"),
            inArray(jobs.state, ["pending", "running"]),
            inArray(sql`${jobs.payload}->>'deliveryId'`, [...deliveryIds]),
          ),
        );
      for (const row of rows) runs.set(row.deliveryId, row.runAt);
      return runs;
    },

    /** Clears `failing_since` after a success; sets it at the first failure and answers it. */
    async markSucceeded(webhookId: string): Promise<void> {
      await db
        .update(webhooks)
        .set({ failingSince: null })
        .where(and(eq(webhooks.id, webhookId), sql`${webhooks.failingSince} is not null`));
    },

    async markFailing(webhookId: string, now: Date): Promise<Date | null> {
      await db
        .update(webhooks)
        .set({ failingSince: now })
        .where(and(eq(webhooks.id, webhookId), isNull(webhooks.failingSince)));
      const [row] = await db
        .select({ failingSince: webhooks.failingSince })
        .from(webhooks)
        .where(eq(webhooks.id, webhookId));
      return row?.failingSince ?? null;
    },
  };
}
