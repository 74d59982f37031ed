import type { IntegrationMetadata, IntegrationService, IntegrationTokenType, PlanConfigEntry } from "@timetrap/domain";
import { and, asc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { oauthStates, plans, userIntegrations } from "../../db/schema.js";

export type IntegrationRow = typeof userIntegrations.$inferSelect;
export type OauthStateRow = typeof oauthStates.$inferSelect;

/** What is stored of a connection: the credential and refresh token already sealed. */
export interface IntegrationValues {
  userId: string;
  service: IntegrationService;
  credential: string;
  refreshToken: string | null;
  tokenType: IntegrationTokenType;
  expiresAt: Date | null;
  metadata: IntegrationMetadata;
}

export type IntegrationQueries = ReturnType<typeof integrationQueries>;

export type IntegrationsRepository = IntegrationQueries & {
  /** Runs `work` in one transaction, with the queries bound to it (and the transaction, for other modules). */
  transaction<T>(work: (queries: IntegrationQueries, tx: Database) => Promise<T>): Promise<T>;
  /**
   * Runs `work` with a person's integration held, one holder at a time, while it calls the service (a token refresh):
   * `find` reads the row once it is held. On PostgreSQL, a transaction with the row locked (`FOR UPDATE`), which holds
   * across instances. On the embedded store a transaction would hold the whole store while the service answers (up to
   * its timeout and retries); there is one server process per store (decision 011), so a queue in this process holds
   * the integration instead and the writes are statements of their own.
   */
  holding<T>(
    userId: string,
    service: IntegrationService,
    work: (queries: IntegrationQueries, find: () => Promise<IntegrationRow | undefined>) => Promise<T>,
  ): Promise<T>;
};

export function createIntegrationsRepository(db: Database, kind: "pglite" | "postgres"): IntegrationsRepository {
  const queries = integrationQueries(db);
  const queues = new Map<string, Promise<unknown>>();
  return {
    ...queries,
    transaction: (work) => db.transaction((tx) => work(integrationQueries(tx), tx)),
    holding(userId, service, work) {
      if (kind === "postgres") {
        return db.transaction((tx) => {
          const held = integrationQueries(tx);
          return work(held, () => held.findForUpdate(userId, service));
        });
      }
      const key = `${userId}:${service}`;
      const before = queues.get(key) ?? Promise.resolve();
      const run = before.then(
        () => work(queries, () => queries.find(userId, service)),
        () => work(queries, () => queries.find(userId, service)),
      );
      const settled = run.then(
        () => undefined,
        () => undefined,
      );
      queues.set(key, settled);
      void settled.then(() => {
        if (queues.get(key) === settled) queues.delete(key);
      });
      return run;
    },
  };
}

const ofUser = (userId: string, service: IntegrationService) =>
  and(eq(userIntegrations.userId, userId), eq(userIntegrations.service, service));

function integrationQueries(db: Database) {
  return {
    /** A person's integrations, in the order they were connected. */
    listByUser(userId: string): Promise<IntegrationRow[]> {
      return db
        .select()
        .from(userIntegrations)
        .where(eq(userIntegrations.userId, userId))
        .orderBy(asc(userIntegrations.createdAt), asc(userIntegrations.service));
    },

    async find(userId: string, service: IntegrationService): Promise<IntegrationRow | undefined> {
      const [row] = await db.select().from(userIntegrations).where(ofUser(userId, service));
      return row;
    },

    /** The row, held until the transaction ends: one refresh at a time per integration. */
    async findForUpdate(userId: string, service: IntegrationService): Promise<IntegrationRow | undefined> {
      const [row] = await db.select().from(userIntegrations).where(ofUser(userId, service)).for("update");
      return row;
    },

    /** A new connection, or new tokens for one the person has (reconnecting): active again, its last error gone. */
    async upsert(values: IntegrationValues): Promise<IntegrationRow> {
      const [row] = await db
        .insert(userIntegrations)
        .values({ ...values, status: "active" })
        .onConflictDoUpdate({
          target: [userIntegrations.userId, userIntegrations.service],
          set: {
            credential: values.credential,
            // A consent that gives no new refresh token keeps the one the person granted before.
            refreshToken: sql`coalesce(excluded.refresh_token, ${userIntegrations.refreshToken})`,
            tokenType: values.tokenType,
            expiresAt: values.expiresAt,
            metadata: values.metadata,
            status: "active",
            lastError: null,
            lastErrorAt: null,
            updatedAt: sql`now()`,
          },
        })
        .returning();
      return row!;
    },

    /** A refreshed access token (and the refresh token, when the service sent a new one). */
    async updateTokens(
      id: string,
      values: { credential: string; refreshToken?: string; expiresAt: Date; metadata?: IntegrationMetadata },
    ): Promise<IntegrationRow | undefined> {
      const [row] = await db
        .update(userIntegrations)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(userIntegrations.id, id))
        .returning();
      return row;
    },

    /** The service refused the refresh token: the person must connect again. */
    async markNeedsReconnect(id: string, lastError: string): Promise<void> {
      await db
        .update(userIntegrations)
        .set({ status: "needs_reconnect", lastError, lastErrorAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(userIntegrations.id, id));
    },

    async recordError(id: string, lastError: string | null): Promise<void> {
      await db
        .update(userIntegrations)
        .set({ lastError, lastErrorAt: lastError === null ? null : sql`now()`, updatedAt: sql`now()` })
        .where(eq(userIntegrations.id, id));
    },

    async delete(userId: string, service: IntegrationService): Promise<IntegrationRow | undefined> {
      const [row] = await db.delete(userIntegrations).where(ofUser(userId, service)).returning();
      return row;
    },

    /** A new authorization under way, for `lifetimeSeconds` by the database's clock; expired ones are dropped. */
    async insertState(userId: string, service: IntegrationService, lifetimeSeconds: number): Promise<OauthStateRow> {
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, sql`now() - interval '1 day'`));
      const [row] = await db
        .insert(oauthStates)
        .values({ userId, service, expiresAt: sql`now() + make_interval(secs => ${lifetimeSeconds})` })
        .returning();
      return row!;
    },

    async findState(id: string): Promise<OauthStateRow | undefined> {
      const [row] = await db.select().from(oauthStates).where(eq(oauthStates.id, id));
      return row;
    },

    /**
     * Marks the state used, in one statement: of two callbacks with the same state only one gets the row, and an
     * expired or used state gets none.
     */
    async consumeState(id: string): Promise<OauthStateRow | undefined> {
      const [row] = await db
        .update(oauthStates)
        .set({ usedAt: sql`now()` })
        .where(and(eq(oauthStates.id, id), isNull(oauthStates.usedAt), gt(oauthStates.expiresAt, sql`now()`)))
        .returning();
      return row;
    },

    /**
     * The configuration of the plan every organization starts on, for a person who belongs to none yet (seed data,
     * ARCHITECTURE.md "Plans").
     */
    async findPlanConfig(code: string): Promise<PlanConfigEntry[] | undefined> {
      const [row] = await db.select({ config: plans.config }).from(plans).where(eq(plans.code, code));
      return row?.config;
    },
  };
}
