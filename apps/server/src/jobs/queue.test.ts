import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/database.js";
import { jobs } from "../db/schema.js";
import { openTestDatabase } from "../test/test-database.js";
import type { ClaimedJob, JobHandler } from "./job-queue.js";
import { createJobQueue } from "./queue.js";

/**
 * The job queue on the file's database (PGlite, or PostgreSQL with DATABASE_URL): at-least-once, one run at a time
 * across workers, retries with backoff, a dead state, a lapsed claim taken over, and jobs that commit with their
 * transaction.
 */
let database: DatabaseHandle;
const logger = pino({ level: "silent" });

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(jobs);
});

function queue(handlers: Record<string, JobHandler>, workerId?: string) {
  const q = createJobQueue({
    db: database.db,
    logger,
    pollIntervalMs: 50,
    random: () => 0.5,
    ...(workerId ? { workerId } : {}),
  });
  for (const [kind, handler] of Object.entries(handlers)) q.register(kind, handler);
  return q;
}

async function jobRow(id: string) {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

/** Makes the job due now, as if its retry's wait were over. */
async function makeDue(id: string) {
  await database.db.update(jobs).set({ runAt: sql`now() - interval '1 second'` }).where(eq(jobs.id, id));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("job queue", () => {
  test("runs a job once, with its payload, and marks it done", async () => {
    const seen: ClaimedJob[] = [];
    const q = queue({ hello: { maxAttempts: 3, run: async (job) => void seen.push(job) } });
    const id = await q.enqueue(database.db, { kind: "hello", payload: { name: "Giulia" } });
    expect(await q.runDue()).toBe(1);
    expect(await q.runDue()).toBe(0);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id, kind: "hello", payload: { name: "Giulia" }, attempt: 1, maxAttempts: 3 });
    expect(await jobRow(id)).toMatchObject({ state: "done", attempts: 1, lockedUntil: null });
  });

  test("a job enqueued in a transaction that rolls back does not exist", async () => {
    const q = queue({ hello: { maxAttempts: 3, run: async () => {} } });
    await expect(
      database.db.transaction(async (tx) => {
        await q.enqueue(tx, { kind: "hello", payload: {} });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await database.db.select().from(jobs)).toHaveLength(0);
  });

  test("a job not yet due waits", async () => {
    const q = queue({ later: { maxAttempts: 1, run: async () => {} } });
    const id = await q.enqueue(database.db, { kind: "later", payload: {}, runAt: new Date(Date.now() + 60_000) });
    expect(await q.runDue()).toBe(0);
    await makeDue(id);
    expect(await q.runDue()).toBe(1);
  });

  test("a failed attempt is retried after the handler's delay, then the job is done", async () => {
    let calls = 0;
    const q = queue({
      flaky: {
        maxAttempts: 3,
        retryDelayMs: (attempt) => attempt * 60_000,
        run: async () => {
          calls += 1;
          if (calls === 1) throw new Error("receiver answered 500");
        },
      },
    });
    const id = await q.enqueue(database.db, { kind: "flaky", payload: {} });
    const before = Date.now();
    expect(await q.runDue()).toBe(1);
    const failed = await jobRow(id);
    expect(failed).toMatchObject({ state: "pending", attempts: 1, lastError: "receiver answered 500" });
    expect(failed.runAt.getTime()).toBeGreaterThanOrEqual(before + 59_000);
    expect(await q.runDue()).toBe(0);
    await makeDue(id);
    expect(await q.runDue()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ state: "done", attempts: 2 });
  });

  test("without a delay of its own, the wait grows exponentially", async () => {
    const q = queue({ failing: { maxAttempts: 5, run: async () => Promise.reject(new Error("down")) } });
    const id = await q.enqueue(database.db, { kind: "failing", payload: {} });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const started = Date.now();
      await q.runDue();
      waits.push((await jobRow(id)).runAt.getTime() - started);
      await makeDue(id);
    }
    // 10 s, 20 s, 40 s at the jitter's middle (3/4 of each step).
    expect(waits[0]).toBeGreaterThan(7_000);
    expect(waits[0]).toBeLessThan(8_500);
    expect(waits[1]).toBeGreaterThan(14_000);
    expect(waits[2]).toBeGreaterThan(29_000);
  });

  test("after its last attempt a job is dead, and the handler is told once", async () => {
    const dead: Array<{ job: ClaimedJob; error: unknown }> = [];
    const q = queue({
      doomed: {
        maxAttempts: 2,
        run: async () => Promise.reject(new Error("still down")),
        onDead: async (job, error) => void dead.push({ job, error }),
      },
    });
    const id = await q.enqueue(database.db, { kind: "doomed", payload: {} });
    await q.runDue();
    await makeDue(id);
    await q.runDue();
    await makeDue(id);
    expect(await q.runDue()).toBe(0);
    expect(await jobRow(id)).toMatchObject({ state: "dead", attempts: 2, lastError: "still down" });
    expect(dead).toHaveLength(1);
    expect(dead[0]!.job.attempt).toBe(2);
  });

  test("two workers racing for one job run it once", async () => {
    let runs = 0;
    const slow: JobHandler = {
      maxAttempts: 3,
      run: async () => {
        runs += 1;
        await sleep(200);
      },
    };
    const a = queue({ slow }, "worker-a");
    const b = queue({ slow }, "worker-b");
    for (let i = 0; i < 6; i += 1) await a.enqueue(database.db, { kind: "slow", payload: { i } });
    const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ranA + ranB).toBe(6);
    expect(runs).toBe(6);
    const rows = await database.db.select().from(jobs);
    expect(rows.every((row) => row.state === "done" && row.attempts === 1)).toBe(true);
  });

  test("a job whose worker died mid-run is taken over once its claim lapses; the dead worker's late finish changes nothing", async () => {
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A kind with a long lease beside it: each job's claim holds for its own kind's lease.
    const slow: JobHandler = { maxAttempts: 1, leaseMs: 600_000, run: async () => {} };
    const crashed = queue({ work: { maxAttempts: 3, leaseMs: 300, run: () => stuck }, slow }, "crashed");
    const survivor: string[] = [];
    const other = queue(
      { work: { maxAttempts: 3, leaseMs: 300, run: async (job) => void survivor.push(job.id) }, slow },
      "survivor",
    );
    const id = await crashed.enqueue(database.db, { kind: "work", payload: {} });
    const hanging = crashed.runDue();
    await sleep(50);
    expect(await jobRow(id)).toMatchObject({ state: "running", lockedBy: "crashed", attempts: 1 });
    // While the claim holds, nobody else takes the job.
    expect(await other.runDue()).toBe(0);
    await sleep(400);
    expect(await other.runDue()).toBe(1);
    expect(survivor).toEqual([id]);
    expect(await jobRow(id)).toMatchObject({ state: "done", attempts: 2, lockedBy: "survivor" });
    // The first worker comes back and "finishes": its claim is gone, so the row stays as the survivor left it.
    release();
    await hanging;
    expect(await jobRow(id)).toMatchObject({ state: "done", attempts: 2, lockedBy: "survivor" });
  });

  test("jobs of a kind this worker has no handler for are left to the workers that have one", async () => {
    const q = queue({ mine: { maxAttempts: 1, run: async () => {} } });
    const theirs = await q.enqueue(database.db, { kind: "theirs", payload: {}, maxAttempts: 1 });
    expect(await q.runDue()).toBe(0);
    expect(await jobRow(theirs)).toMatchObject({ state: "pending", attempts: 0 });
  });

  test("the worker loop runs what is enqueued, and stop waits for the job running", async () => {
    const done: string[] = [];
    const q = queue({
      loop: {
        maxAttempts: 1,
        run: async (job) => {
          await sleep(150);
          done.push(job.id);
        },
      },
    });
    q.start();
    const first = await q.enqueue(database.db, { kind: "loop", payload: {} });
    for (let i = 0; i < 40 && done.length === 0; i += 1) await sleep(50);
    expect(done).toEqual([first]);
    const second = await q.enqueue(database.db, { kind: "loop", payload: {} });
    // Claimed by the loop once nudged; stop then lets it finish.
    for (let i = 0; i < 40 && (await jobRow(second)).state === "pending"; i += 1) await sleep(10);
    await q.stop();
    expect(done).toEqual([first, second]);
    expect(await jobRow(second)).toMatchObject({ state: "done" });
    // Stopped: a new job stays pending for the next start.
    const third = await q.enqueue(database.db, { kind: "loop", payload: {} });
    await sleep(200);
    expect(await jobRow(third)).toMatchObject({ state: "pending" });
  });
});
