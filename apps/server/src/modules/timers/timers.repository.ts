import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { isUniqueViolation } from "../../db/database.js";
import { timers } from "../../db/schema.js";

export type TimerRow = typeof timers.$inferSelect;

/** Whether a start failed because the person already has a running timer: the primary key is the user. */
export function isSecondTimer(error: unknown): boolean {
  return isUniqueViolation(error, "timers_pkey");
}

export type TimerQueries = ReturnType<typeof timerQueries>;

export interface TimersRepository extends TimerQueries {
  /** Runs `work` in one transaction, with the queries bound to it (and the transaction, for the events' service). */
  transaction<T>(work: (queries: TimerQueries, tx: Database) => Promise<T>): Promise<T>;
}

export function createTimersRepository(db: Database): TimersRepository {
  return {
    ...timerQueries(db),
    transaction: (work) => db.transaction((tx) => work(timerQueries(tx), tx)),
  };
}

function timerQueries(db: Database) {
  const ofUser = (organizationId: string, userId: string) =>
    and(eq(timers.organizationId, organizationId), eq(timers.userId, userId));

  return {
    async find(organizationId: string, userId: string): Promise<TimerRow | undefined> {
      const [row] = await db.select().from(timers).where(ofUser(organizationId, userId));
      return row;
    },

    /** Fails on the primary key when the user already has a running timer. */
    async insert(values: Pick<TimerRow, "organizationId" | "userId" | "eventId" | "startTime">): Promise<TimerRow> {
      const [row] = await db.insert(timers).values(values).returning();
      return row!;
    },

    /** False when that timer is no longer the one running (stopped, or stopped and started again, meanwhile). */
    async remove(timer: TimerRow): Promise<boolean> {
      const rows = await db
        .delete(timers)
        .where(
          and(
            ofUser(timer.organizationId, timer.userId),
            eq(timers.eventId, timer.eventId),
            eq(timers.startTime, timer.startTime),
          ),
        )
        .returning({ userId: timers.userId });
      return rows.length > 0;
    },
  };
}
