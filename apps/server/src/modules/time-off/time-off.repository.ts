import type { TimeOffStatus } from "@timetrap/domain";
import { and, asc, count, eq, gte, inArray, isNotNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { timeOff, timeOffAllowances, timeOffKinds } from "../../db/schema.js";

export type TimeOffKindRow = typeof timeOffKinds.$inferSelect;
export type TimeOffKindValues = Pick<
  typeof timeOffKinds.$inferInsert,
  "name" | "color" | "paid" | "needsApproval" | "yearlyAllowanceDays"
>;
export type TimeOffRow = typeof timeOff.$inferSelect;
export type TimeOffValues = Pick<
  typeof timeOff.$inferInsert,
  | "userId"
  | "kindId"
  | "startDate"
  | "endDate"
  | "halfDay"
  | "hours"
  | "note"
  | "status"
  | "createdBy"
  | "decidedBy"
  | "decidedAt"
>;
export type AllowanceRow = typeof timeOffAllowances.$inferSelect;

export interface TimeOffFilter {
  /** Only these people's; undefined: everyone's. */
  userIds?: readonly string[];
  /** Only time off ending on or after this day. */
  from?: string;
  /** Only time off starting on or before this day. */
  to?: string;
  statuses?: readonly TimeOffStatus[];
  kindIds?: readonly string[];
}

export type TimeOffQueries = ReturnType<typeof timeOffQueries>;

export type TimeOffRepository = TimeOffQueries & {
  transaction<T>(work: (queries: TimeOffQueries, tx: Database) => Promise<T>): Promise<T>;
};

export function createTimeOffRepository(db: Database): TimeOffRepository {
  return {
    ...timeOffQueries(db),
    transaction: (work) => db.transaction((tx) => work(timeOffQueries(tx), tx)),
  };
}

function timeOffQueries(db: Database) {
  const kindInOrganization = (organizationId: string, id: string) =>
    and(eq(timeOffKinds.organizationId, organizationId), eq(timeOffKinds.id, id));

  return {
    /** The organization's kinds, in the order they were made (the defaults first). */
    listKinds(organizationId: string): Promise<TimeOffKindRow[]> {
      return db
        .select()
        .from(timeOffKinds)
        .where(eq(timeOffKinds.organizationId, organizationId))
        .orderBy(asc(timeOffKinds.createdAt), asc(timeOffKinds.name), asc(timeOffKinds.id));
    },

    async findKind(organizationId: string, id: string): Promise<TimeOffKindRow | undefined> {
      const [row] = await db.select().from(timeOffKinds).where(kindInOrganization(organizationId, id));
      return row;
    },

    async insertKind(organizationId: string, values: TimeOffKindValues): Promise<TimeOffKindRow> {
      const [row] = await db
        .insert(timeOffKinds)
        .values({ ...values, organizationId })
        .returning();
      return row!;
    },

    async updateKind(
      organizationId: string,
      id: string,
      values: Partial<TimeOffKindValues>,
    ): Promise<TimeOffKindRow | undefined> {
      const [row] = await db
        .update(timeOffKinds)
        .set({ ...values, updatedAt: new Date() })
        .where(kindInOrganization(organizationId, id))
        .returning();
      return row;
    },

    async kindIsUsed(kindId: string): Promise<boolean> {
      const [row] = await db.select({ n: count() }).from(timeOff).where(eq(timeOff.kindId, kindId));
      return Number(row?.n ?? 0) > 0;
    },

    async deleteKind(organizationId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(timeOffKinds)
        .where(kindInOrganization(organizationId, id))
        .returning({ id: timeOffKinds.id });
      return rows.length > 0;
    },

    async insertTimeOff(organizationId: string, values: TimeOffValues): Promise<TimeOffRow> {
      const [row] = await db
        .insert(timeOff)
        .values({ ...values, organizationId })
        .returning();
      return row!;
    },

    /** The organization's time off, held until the transaction ends when `lock` is set. */
    async findTimeOff(organizationId: string, id: string, { lock = false } = {}): Promise<TimeOffRow | undefined> {
      const query = db
        .select()
        .from(timeOff)
        .where(and(eq(timeOff.organizationId, organizationId), eq(timeOff.id, id)));
      const [row] = lock ? await query.for("update") : await query;
      return row;
    },

    async decide(
      id: string,
      values: Pick<TimeOffRow, "status" | "decidedBy" | "decisionNote">,
    ): Promise<TimeOffRow | undefined> {
      const now = new Date();
      const [row] = await db
        .update(timeOff)
        .set({ ...values, decidedAt: now, updatedAt: now })
        .where(eq(timeOff.id, id))
        .returning();
      return row;
    },

    /** Time off matching the filter, by start then person. */
    listTimeOff(organizationId: string, filter: TimeOffFilter): Promise<TimeOffRow[]> {
      if (filter.userIds?.length === 0 || filter.statuses?.length === 0 || filter.kindIds?.length === 0) {
        return Promise.resolve([]);
      }
      return db
        .select()
        .from(timeOff)
        .where(
          and(
            eq(timeOff.organizationId, organizationId),
            ...(filter.userIds ? [inArray(timeOff.userId, [...filter.userIds])] : []),
            ...(filter.from ? [gte(timeOff.endDate, filter.from)] : []),
            ...(filter.to ? [lte(timeOff.startDate, filter.to)] : []),
            ...(filter.statuses ? [inArray(timeOff.status, [...filter.statuses])] : []),
            ...(filter.kindIds ? [inArray(timeOff.kindId, [...filter.kindIds])] : []),
          ),
        )
        .orderBy(asc(timeOff.startDate), asc(timeOff.userId), asc(timeOff.createdAt), asc(timeOff.id));
    },

    /** A person's allowances of a year, by kind. */
    async allowancesOf(userId: string, year: number): Promise<Map<string, number>> {
      const rows = await db
        .select({ kindId: timeOffAllowances.kindId, days: timeOffAllowances.days })
        .from(timeOffAllowances)
        .where(and(eq(timeOffAllowances.userId, userId), eq(timeOffAllowances.year, year)));
      return new Map(rows.map((row) => [row.kindId, row.days]));
    },

    /** Kinds with an allowance kept for the person in the year: the kind's own, or one set on the person. */
    kindsWithAllowance(organizationId: string, userId: string, year: number): Promise<TimeOffKindRow[]> {
      return db
        .select()
        .from(timeOffKinds)
        .where(
          and(
            eq(timeOffKinds.organizationId, organizationId),
            or(
              isNotNull(timeOffKinds.yearlyAllowanceDays),
              sql`exists (select 1 from ${timeOffAllowances} where ${timeOffAllowances.kindId} = ${timeOffKinds.id} and ${timeOffAllowances.userId} = ${userId} and ${timeOffAllowances.year} = ${year})`,
            ),
          ),
        )
        .orderBy(asc(timeOffKinds.createdAt), asc(timeOffKinds.name), asc(timeOffKinds.id));
    },

    async upsertAllowance(
      organizationId: string,
      values: Pick<AllowanceRow, "userId" | "kindId" | "year" | "days">,
    ): Promise<AllowanceRow> {
      const [row] = await db
        .insert(timeOffAllowances)
        .values({ ...values, organizationId })
        .onConflictDoUpdate({
          target: [timeOffAllowances.userId, timeOffAllowances.kindId, timeOffAllowances.year],
          set: { days: values.days, updatedAt: new Date() },
        })
        .returning();
      return row!;
    },
  };
}
