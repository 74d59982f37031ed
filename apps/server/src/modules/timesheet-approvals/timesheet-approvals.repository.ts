import type { DayRange, Period, TimesheetPeriodStatus } from "@timetrap/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { timesheetPeriods } from "../../db/schema.js";

export type TimesheetPeriodRow = typeof timesheetPeriods.$inferSelect;

/** The columns a transition writes. */
export type TimesheetPeriodValues = Pick<
  typeof timesheetPeriods.$inferInsert,
  "status" | "submittedAt" | "decidedBy" | "decidedAt" | "note"
>;

export type TimesheetApprovalsQueries = ReturnType<typeof timesheetApprovalsQueries>;

export interface TimesheetApprovalsRepository extends TimesheetApprovalsQueries {
  /** Runs `work` in one transaction, with the queries bound to it (and the transaction, for the person's lock). */
  transaction<T>(work: (queries: TimesheetApprovalsQueries, tx: Database) => Promise<T>): Promise<T>;
  /** The queries on a transaction another module opened (an activity's write). */
  within(tx: Database): TimesheetApprovalsQueries;
}

export function createTimesheetApprovalsRepository(db: Database): TimesheetApprovalsRepository {
  return {
    ...timesheetApprovalsQueries(db),
    transaction: (work) => db.transaction((tx) => work(timesheetApprovalsQueries(tx), tx)),
    within: (tx) => timesheetApprovalsQueries(tx),
  };
}

function timesheetApprovalsQueries(db: Database) {
  const onePeriod = (organizationId: string, userId: string, periodStart: string) =>
    and(
      eq(timesheetPeriods.organizationId, organizationId),
      eq(timesheetPeriods.userId, userId),
      eq(timesheetPeriods.periodStart, periodStart),
    );

  return {
    async findPeriod(
      organizationId: string,
      userId: string,
      periodStart: string,
    ): Promise<TimesheetPeriodRow | undefined> {
      const [row] = await db
        .select()
        .from(timesheetPeriods)
        .where(onePeriod(organizationId, userId, periodStart));
      return row;
    },

    /** The organization's periods starting on `periodStart`, one per person at most. */
    listPeriods(organizationId: string, periodStart: string): Promise<TimesheetPeriodRow[]> {
      return db
        .select()
        .from(timesheetPeriods)
        .where(and(eq(timesheetPeriods.organizationId, organizationId), eq(timesheetPeriods.periodStart, periodStart)));
    },

    /** Writes the period's new state, making its row on its first submission. */
    async savePeriod(
      organizationId: string,
      userId: string,
      period: Period,
      values: TimesheetPeriodValues,
    ): Promise<TimesheetPeriodRow> {
      const [row] = await db
        .insert(timesheetPeriods)
        .values({ organizationId, userId, periodStart: period.start, periodEnd: period.end, ...values })
        .onConflictDoUpdate({
          target: [timesheetPeriods.userId, timesheetPeriods.periodStart],
          set: { ...values, updatedAt: sql`now()` },
        })
        .returning();
      return row!;
    },

    /**
     * The person's approved periods that reach any of `ranges` (days in their zone), earliest first: what locks a
     * write of their activities there. The ranges travel as one JSON value, read the same way by both drivers.
     */
    approvedPeriodsReaching(organizationId: string, userId: string, ranges: readonly DayRange[]): Promise<Period[]> {
      if (ranges.length === 0) return Promise.resolve([]);
      return db
        .selectDistinct({ start: timesheetPeriods.periodStart, end: timesheetPeriods.periodEnd })
        .from(timesheetPeriods)
        .innerJoin(
          sql`jsonb_to_recordset(${JSON.stringify(ranges)}::jsonb) as r("from" date, "to" date)`,
          sql`${timesheetPeriods.periodEnd} >= r."from" and (r."to" is null or ${timesheetPeriods.periodStart} <= r."to")`,
        )
        .where(
          and(
            eq(timesheetPeriods.organizationId, organizationId),
            eq(timesheetPeriods.userId, userId),
            eq(timesheetPeriods.status, "approved" satisfies TimesheetPeriodStatus),
          ),
        )
        .orderBy(asc(timesheetPeriods.periodStart));
    },
  };
}
