import type { AuditKind, AuditPosition } from "@timetrap/domain";
import { and, desc, eq, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { auditEvents } from "../../db/schema.js";

export type AuditEventInsert = typeof auditEvents.$inferInsert;

/** A row as the list reads it, with its position (the time to the microsecond) for the next page's cursor. */
export type AuditEventRow = typeof auditEvents.$inferSelect & { position: string };

export interface AuditFilter {
  /** The organization's log; or, with `userId`, one person's own events across organizations. */
  organizationId?: string;
  userId?: string;
  kinds: readonly AuditKind[];
  /** Events done by, or about, any of these people. */
  people: readonly string[];
  from?: Date;
  /** Exclusive. */
  to?: Date;
  after?: AuditPosition;
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;

/** Rows older than this are deleted by the retention job; the table's trigger refuses to delete younger ones. */
const retention = sql`now() - interval '2 years'`;

export function createAuditRepository(db: Database) {
  return {
    async insert(values: AuditEventInsert, tx?: Database): Promise<void> {
      await (tx ?? db).insert(auditEvents).values(values);
    },

    /** Whether the person has an event of this kind written at `since` or later. */
    async hasSince(userId: string, kind: AuditKind, since: Date): Promise<boolean> {
      const rows = await db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(and(eq(auditEvents.userId, userId), eq(auditEvents.kind, kind), gte(auditEvents.at, since)))
        .limit(1);
      return rows.length > 0;
    },

    /** A page of events, newest first, ties broken by id: `limit` rows at most. */
    page(filter: AuditFilter, limit: number): Promise<AuditEventRow[]> {
      const conditions: (SQL | undefined)[] = [
        filter.organizationId === undefined ? undefined : sql`${auditEvents.organizationId} = ${filter.organizationId}`,
        filter.userId === undefined ? undefined : sql`${auditEvents.userId} = ${filter.userId}`,
        filter.kinds.length > 0 ? inArray(auditEvents.kind, [...filter.kinds]) : undefined,
        filter.people.length > 0
          ? or(inArray(auditEvents.actorId, [...filter.people]), inArray(auditEvents.userId, [...filter.people]))
          : undefined,
        filter.from ? gte(auditEvents.at, filter.from) : undefined,
        filter.to ? lt(auditEvents.at, filter.to) : undefined,
        filter.after
          ? sql`(${auditEvents.at}, ${auditEvents.id}) < (${filter.after.at}::timestamptz, ${filter.after.id}::uuid)`
          : undefined,
      ];
      return db
        .select({
          id: auditEvents.id,
          at: auditEvents.at,
          position: sql<string>`to_char(${auditEvents.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
          organizationId: auditEvents.organizationId,
          actorId: auditEvents.actorId,
          userId: auditEvents.userId,
          kind: auditEvents.kind,
          targetType: auditEvents.targetType,
          targetId: auditEvents.targetId,
          targetLabel: auditEvents.targetLabel,
          ip: auditEvents.ip,
          device: auditEvents.device,
          before: auditEvents.before,
          after: auditEvents.after,
        })
        .from(auditEvents)
        .where(and(...conditions))
        .orderBy(desc(auditEvents.at), desc(auditEvents.id))
        .limit(limit);
    },

    /**
     * Deletes up to `batch` events past the retention and answers how many went. Rows another instance is deleting
     * are skipped rather than waited for, so instances pruning at once share the work.
     */
    async pruneBatch(batch: number): Promise<number> {
      // Both drivers answer raw SQL with `rows`; the database type is the one behind the factory, which cannot say so.
      const deleted = (await db.execute(sql`
        delete from ${auditEvents} where ${auditEvents.id} in (
          select ${auditEvents.id} from ${auditEvents} where ${auditEvents.at} < ${retention}
          limit ${batch} for update skip locked
        ) returning ${auditEvents.id}`)) as unknown as { rows: unknown[] };
      return deleted.rows.length;
    },
  };
}
