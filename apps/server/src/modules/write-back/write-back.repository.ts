import type { ItemService, WriteBackState } from "@timetrap/domain";
import { and, asc, eq, gte, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { jobs, timeBlockingEvents, userIntegrations, writeBacks } from "../../db/schema.js";

export type WriteBackRow = typeof writeBacks.$inferSelect;
export type WriteBackQueries = ReturnType<typeof writeBackQueries>;

/** The person's switch for a service and whether the connection works; null when the service is not connected. */
export interface IntegrationSwitch {
  writeBack: boolean;
  status: string;
}

/** Keeps the row's time as it is: the lease's moves are not changes anyone reads. */
const untouched = { updatedAt: sql`${writeBacks.updatedAt}` };

/**
 * The state a run settles the row in, unless a later save queued another job that has not run yet: then the row stays
 * pending for that job, which reads the block anew.
 */
function unlessQueuedAgain(jobId: string, state: WriteBackState): SQL {
  return sql`case when ${writeBacks.jobId} is not null and ${writeBacks.jobId} <> ${jobId}
    and exists (select 1 from ${jobs} where ${jobs.id} = ${writeBacks.jobId} and ${jobs.state} = 'pending')
    then 'pending' else ${state} end`;
}

/**
 * The write-backs' store. Besides its own table it reads the job queue's rows of the jobs it queued (whether one is
 * still waiting), the person's integration (the write-back switch it owns and whether it is connected) and a block's
 * start (the list's range): each a lookup by key, kept here rather than a service call inside the save's transaction.
 */
export function createWriteBackRepository(db: Database) {
  return {
    ...writeBackQueries(db),
    /** Runs `work` in one transaction, with the queries bound to it (and the transaction, for the job queue). */
    transaction<T>(work: (queries: WriteBackQueries, tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(writeBackQueries(tx), tx));
    },
  };
}

/** The queries, on the database or on a transaction. */
export function writeBackQueries(db: Database) {
  const find = async (eventId: string): Promise<WriteBackRow | undefined> => {
    const [row] = await db.select().from(writeBacks).where(eq(writeBacks.eventId, eventId));
    return row;
  };

  return {
    find,

    /** The block's row, held until the transaction ends. */
    async lock(eventId: string): Promise<WriteBackRow | undefined> {
      const [row] = await db.select().from(writeBacks).where(eq(writeBacks.eventId, eventId)).for("update");
      return row;
    },

    /** The person's row of a block, held until the transaction ends; undefined for another person's block. */
    async lockOfUser(userId: string, eventId: string): Promise<WriteBackRow | undefined> {
      const [row] = await db
        .select()
        .from(writeBacks)
        .where(and(eq(writeBacks.eventId, eventId), eq(writeBacks.userId, userId)))
        .for("update");
      return row;
    },

    /** Whether the job is queued and not yet claimed (or waiting for its next attempt). */
    async isJobPending(jobId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.id, jobId), eq(jobs.state, "pending")));
      return row !== undefined;
    },

    async integrationSwitch(userId: string, service: ItemService): Promise<IntegrationSwitch | null> {
      const [row] = await db
        .select({ writeBack: userIntegrations.writeBack, status: userIntegrations.status })
        .from(userIntegrations)
        .where(and(eq(userIntegrations.userId, userId), eq(userIntegrations.service, service)));
      return row ?? null;
    },

    /** The person's switch for a connected service; false when the service is not connected. */
    async setIntegrationSwitch(userId: string, service: ItemService, writeBack: boolean): Promise<boolean> {
      const rows = await db
        .update(userIntegrations)
        .set({ writeBack })
        .where(and(eq(userIntegrations.userId, userId), eq(userIntegrations.service, service)))
        .returning({ id: userIntegrations.id });
      return rows.length > 0;
    },

    /**
     * The block's row as a save leaves it: queued (`pending`, with its job) or `off`. Another item than the one written
     * before starts afresh: its record is in the tool of that other item.
     */
    async saveQueued(values: {
      eventId: string;
      userId: string;
      organizationId: string;
      service: ItemService;
      itemId: string;
      state: "pending" | "off";
      lastError: string | null;
      jobId: string | null;
      sameItem: boolean;
    }): Promise<WriteBackRow> {
      const { sameItem, ...fields } = values;
      const changes = {
        ...fields,
        attempts: 0,
        ...(sameItem ? {} : { recordId: null, writtenSeconds: null, writtenDate: null, writtenStarted: null }),
      };
      const [row] = await db
        .insert(writeBacks)
        .values(changes)
        .onConflictDoUpdate({ target: writeBacks.eventId, set: changes })
        .returning();
      return row!;
    },

    /** Queued again from its row (the retry): pending, attempts from zero, the last error cleared. */
    async requeue(eventId: string, jobId: string | null): Promise<WriteBackRow | undefined> {
      const [row] = await db
        .update(writeBacks)
        .set({ state: "pending", attempts: 0, lastError: null, ...(jobId ? { jobId } : {}) })
        .where(eq(writeBacks.eventId, eventId))
        .returning();
      return row;
    },

    /** The job to run for the block next (one queued while a run held the lease). */
    async setJob(eventId: string, jobId: string): Promise<void> {
      await db
        .update(writeBacks)
        .set({ jobId, ...untouched })
        .where(eq(writeBacks.eventId, eventId));
    },

    /**
     * Takes the block's lease for the job, atomically: free, or lapsed (its run's worker died). "held" while another
     * run has it; "gone" when the block (and its row) was deleted.
     */
    async takeLease(eventId: string, jobId: string, leaseMs: number): Promise<WriteBackRow | "held" | "gone"> {
      const [row] = await db
        .update(writeBacks)
        .set({
          leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000}::float8)`,
          leasedBy: jobId,
          ...untouched,
        })
        .where(
          and(
            eq(writeBacks.eventId, eventId),
            or(isNull(writeBacks.leaseUntil), lt(writeBacks.leaseUntil, sql`now()`)),
          ),
        )
        .returning();
      if (row) return row;
      return (await find(eventId)) ? "held" : "gone";
    },

    async releaseLease(eventId: string, jobId: string): Promise<void> {
      await db
        .update(writeBacks)
        .set({ leaseUntil: null, leasedBy: null, ...untouched })
        .where(and(eq(writeBacks.eventId, eventId), eq(writeBacks.leasedBy, jobId)));
    },

    /** An attempt to reach the tool begins: counted, with the item it is about. */
    async countAttempt(eventId: string, item: { service: ItemService; itemId: string; sameItem: boolean }) {
      await db
        .update(writeBacks)
        .set({
          attempts: sql`${writeBacks.attempts} + 1`,
          service: item.service,
          itemId: item.itemId,
          ...(item.sameItem ? {} : { recordId: null, writtenSeconds: null, writtenDate: null, writtenStarted: null }),
        })
        .where(eq(writeBacks.eventId, eventId));
    },

    /** The record the block wrote was deleted in the tool: forgotten before a new one is written. */
    async forgetRecord(eventId: string): Promise<void> {
      await db
        .update(writeBacks)
        .set({ recordId: null, writtenSeconds: null, writtenDate: null, writtenStarted: null })
        .where(eq(writeBacks.eventId, eventId));
    },

    async markWritten(
      eventId: string,
      jobId: string,
      written: { recordId: string; seconds: number; day: string; started: Date },
    ): Promise<void> {
      await db
        .update(writeBacks)
        .set({
          state: unlessQueuedAgain(jobId, "written"),
          recordId: written.recordId,
          writtenSeconds: written.seconds,
          writtenDate: written.day,
          writtenStarted: written.started,
          lastError: null,
        })
        .where(eq(writeBacks.eventId, eventId));
    },

    /** A failed attempt to be tried again: the row stays pending with why. */
    async recordRetry(eventId: string, message: string): Promise<void> {
      await db.update(writeBacks).set({ state: "pending", lastError: message }).where(eq(writeBacks.eventId, eventId));
    },

    /** `failed` or `off` with why; `onlyPending` leaves a row another run settled meanwhile as it is. */
    async settle(
      eventId: string,
      jobId: string,
      state: "failed" | "off",
      lastError: string | null,
      { onlyPending = false }: { onlyPending?: boolean } = {},
    ): Promise<void> {
      await db
        .update(writeBacks)
        .set({ state: unlessQueuedAgain(jobId, state), lastError })
        .where(and(eq(writeBacks.eventId, eventId), onlyPending ? eq(writeBacks.state, "pending") : undefined));
    },

    /**
     * A block that no longer logs time for its tool (no longer completed, its time taken out, another source): what was
     * written stays in the tool and the row says so; a row that never wrote anything goes.
     */
    async settleUnwritable(eventId: string, jobId: string): Promise<void> {
      await db
        .delete(writeBacks)
        .where(and(eq(writeBacks.eventId, eventId), isNull(writeBacks.recordId), eq(writeBacks.leasedBy, jobId)));
      await db
        .update(writeBacks)
        .set({ state: unlessQueuedAgain(jobId, "written"), lastError: null })
        .where(eq(writeBacks.eventId, eventId));
    },

    /** The person's rows of the blocks that start in [start, end), by the block's start. */
    async listOfUser(userId: string, range: { start: Date; end: Date }): Promise<WriteBackRow[]> {
      const rows = await db
        .select({ row: writeBacks })
        .from(writeBacks)
        .innerJoin(timeBlockingEvents, eq(timeBlockingEvents.id, writeBacks.eventId))
        .where(
          and(
            eq(writeBacks.userId, userId),
            eq(timeBlockingEvents.userId, userId),
            gte(timeBlockingEvents.startTime, range.start),
            lt(timeBlockingEvents.startTime, range.end),
          ),
        )
        .orderBy(asc(timeBlockingEvents.startTime), asc(writeBacks.eventId));
      return rows.map(({ row }) => row);
    },
  };
}
