import { randomUUID } from "node:crypto";
import { exponentialBackoffMs } from "@timetrap/domain";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database.js";
import { jobs as jobsTable } from "../db/schema.js";
import type { ClaimedJob, JobHandler, JobQueue, JobToEnqueue } from "./job-queue.js";

/** How long a claim holds when the handler names no lease: longer than any webhook attempt or e-mail. */
const defaultLeaseMs = 120_000;
/** Jobs a worker runs at once: a slow webhook receiver must not hold up the e-mails behind it. */
const defaultConcurrency = 4;
/** Finished jobs are kept this long (to read what happened), then deleted. */
const keepDoneMs = 7 * 24 * 3600_000;
const keepDeadMs = 30 * 24 * 3600_000;
const sweepEveryMs = 10 * 60_000;
/** The first look for jobs after `enqueue`: enough for the transaction that enqueued it to commit, usually. */
const nudgeDelayMs = 25;

export interface JobQueueOptions {
  db: Database;
  logger: FastifyBaseLogger;
  /** How often an idle worker looks for due jobs. */
  pollIntervalMs: number;
  concurrency?: number;
  /** Names this worker in `locked_by` (the host and process by default). */
  workerId?: string;
  /** Random numbers for the backoff's jitter (tests make it fixed). */
  random?: () => number;
}

interface ClaimedRow {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  organization_id: string | null;
}

/**
 * The job queue on the `jobs` table (decision 030), the same on PostgreSQL and on the embedded store. A worker claims
 * the oldest due job with one UPDATE over a `FOR UPDATE SKIP LOCKED` subquery, which sets it running under a lease and
 * counts the attempt; instances on one PostgreSQL never claim the same job, and a job whose worker died (its lease
 * lapsed while running) is claimed again. Finishing a job is guarded by the claim it came with, so a worker whose
 * lease lapsed cannot overwrite what the worker that took over did.
 */
export function createJobQueue(options: JobQueueOptions): JobQueue & { readonly workerId: string } {
  const { db, logger } = options;
  const random = options.random ?? Math.random;
  const concurrency = options.concurrency ?? defaultConcurrency;
  const workerId = options.workerId ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  const handlers = new Map<string, JobHandler>();
  const running = new Set<Promise<void>>();
  let started = false;
  let stopping = false;
  const sleepers = new Set<() => void>();
  let nudged = false;
  let loops: Promise<void>[] = [];
  let lastSweep = 0;

  const leaseOf = (kind: string) => handlers.get(kind)?.leaseMs ?? defaultLeaseMs;

  async function claim(): Promise<ClaimedJob | null> {
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return null;
    // Each kind's own lease: a long one (an e-mail's) must not hold a short one's (a webhook's) after a crash.
    const lease = sql`case kind ${sql.join(
      kinds.map((kind) => sql`when ${kind} then ${leaseOf(kind) / 1000}::float8`),
      sql` `,
    )} else ${defaultLeaseMs / 1000}::float8 end`;
    // Both drivers answer raw SQL with `rows`; the common database type cannot say so.
    const result = (await db.execute(sql`
      update ${jobsTable}
      set state = 'running', attempts = attempts + 1, locked_by = ${workerId},
          locked_until = now() + make_interval(secs => ${lease}), updated_at = now()
      where id = (
        select id from ${jobsTable}
        where kind in (${sql.join(
          kinds.map((kind) => sql`${kind}`),
          sql`, `,
        )})
          and ((state = 'pending' and run_at <= now()) or (state = 'running' and locked_until < now()))
        order by run_at, created_at
        limit 1
        for update skip locked
      )
      returning id, kind, payload, attempts, max_attempts, organization_id`)) as unknown as { rows: ClaimedRow[] };
    const row = result.rows[0];
    if (!row) return null;
    return {
      id: row.id,
      kind: row.kind,
      payload: row.payload,
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
      organizationId: row.organization_id,
    };
  }

  /** Ends the claimed attempt, if this worker still holds the claim. */
  async function finish(job: ClaimedJob, outcome: "done" | "retry" | "dead", error?: unknown, runAt?: Date) {
    const message = error === undefined ? null : errorText(error);
    const guard = sql`id = ${job.id} and locked_by = ${workerId} and attempts = ${job.attempt} and state = 'running'`;
    if (outcome === "done") {
      await db.execute(sql`
        update ${jobsTable} set state = 'done', finished_at = now(), locked_until = null, updated_at = now()
        where ${guard}`);
    } else if (outcome === "retry") {
      await db.execute(sql`
        update ${jobsTable}
        set state = 'pending', run_at = ${runAt!.toISOString()}, last_error = ${message}, locked_until = null,
            updated_at = now()
        where ${guard}`);
    } else {
      await db.execute(sql`
        update ${jobsTable}
        set state = 'dead', finished_at = now(), last_error = ${message}, locked_until = null, updated_at = now()
        where ${guard}`);
    }
  }

  async function runOne(job: ClaimedJob): Promise<void> {
    const handler = handlers.get(job.kind);
    if (!handler) return;
    // A job claimed again after its worker died mid-run may have used its last attempt already.
    if (job.attempt > job.maxAttempts) {
      await finish(job, "dead", new Error("its worker stopped during its last attempt"));
      await handler.onDead?.(job, new Error("its worker stopped during its last attempt"));
      return;
    }
    try {
      await handler.run(job);
      await finish(job, "done");
    } catch (error) {
      if (job.attempt >= job.maxAttempts) {
        logger.warn({ job: { id: job.id, kind: job.kind, attempt: job.attempt }, err: error }, "job dead");
        await finish(job, "dead", error);
        try {
          await handler.onDead?.(job, error);
        } catch (deadError) {
          logger.error({ job: { id: job.id, kind: job.kind }, err: deadError }, "job's dead handler failed");
        }
        return;
      }
      const delay = handler.retryDelayMs?.(job.attempt) ?? exponentialBackoffMs(job.attempt, random());
      logger.info(
        { job: { id: job.id, kind: job.kind, attempt: job.attempt }, retryInMs: delay, err: error },
        "job failed; retried later",
      );
      await finish(job, "retry", error, new Date(Date.now() + delay));
    }
  }

  /** Claims and runs one job; false when none was due. */
  async function step(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    const run = runOne(job).catch((error: unknown) =>
      logger.error({ job: { id: job.id, kind: job.kind }, err: error }, "job could not be finished"),
    );
    running.add(run);
    try {
      await run;
    } finally {
      running.delete(run);
    }
    return true;
  }

  async function sweep(): Promise<void> {
    const now = Date.now();
    if (now - lastSweep < sweepEveryMs) return;
    lastSweep = now;
    await db.execute(sql`
      delete from ${jobsTable}
      where (state = 'done' and finished_at < ${new Date(now - keepDoneMs).toISOString()})
         or (state = 'dead' and finished_at < ${new Date(now - keepDeadMs).toISOString()})`);
  }

  /** Waits `ms`, or less when nudged or stopped. */
  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (nudged || stopping) {
        nudged = false;
        resolve();
        return;
      }
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      sleepers.add(done);
    });
  }

  function wakeAll(): void {
    for (const done of [...sleepers]) done();
  }

  /** Wakes an idle worker loop now; when none is idle, the next one to finish its job looks again at once. */
  function nudge(): void {
    if (!started || stopping) return;
    if (sleepers.size === 0) nudged = true;
    else wakeAll();
  }

  async function loop(index: number): Promise<void> {
    while (!stopping) {
      let ran = false;
      try {
        if (index === 0) await sweep();
        ran = await step();
      } catch (error) {
        if (stopping) break;
        logger.error({ err: error }, "job worker could not claim a job");
      }
      if (!ran && !stopping) await sleep(options.pollIntervalMs);
    }
  }

  return {
    workerId,

    async enqueue(target: Database, job: JobToEnqueue): Promise<string> {
      const maxAttempts = job.maxAttempts ?? handlers.get(job.kind)?.maxAttempts ?? 5;
      const [row] = await target
        .insert(jobsTable)
        .values({
          kind: job.kind,
          payload: job.payload,
          maxAttempts,
          runAt: job.runAt ?? new Date(),
          organizationId: job.organizationId ?? null,
        })
        .returning({ id: jobsTable.id });
      if (!job.runAt || job.runAt.getTime() <= Date.now()) setTimeout(nudge, nudgeDelayMs).unref();
      return row!.id;
    },

    register(kind, handler) {
      if (handlers.has(kind)) throw new Error(`a handler for "${kind}" jobs is registered already`);
      handlers.set(kind, handler);
    },

    nudge,

    start() {
      if (started) return;
      started = true;
      loops = Array.from({ length: concurrency }, (_, index) => loop(index));
    },

    async stop() {
      stopping = true;
      wakeAll();
      await Promise.all(loops);
      await Promise.all([...running]);
    },

    async runDue(): Promise<number> {
      let count = 0;
      while (await step()) count += 1;
      return count;
    },
  };
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 2000);
}
