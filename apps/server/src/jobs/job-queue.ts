import type { Database } from "../db/database.js";

/**
 * The durable job queue's contract (issue 14, decision 030). Jobs live in the `jobs` table; `enqueue` writes one with
 * the database or transaction it is given, so a job commits with the change that causes it, or not at all. Workers
 * claim due jobs with `FOR UPDATE SKIP LOCKED` under a lease: several server instances on one PostgreSQL never run a
 * job at the same time, and a job whose worker died is claimed again once its lease lapses (at-least-once).
 */
export interface JobToEnqueue {
  kind: string;
  payload: Record<string, unknown>;
  /** Not before this instant; now when absent. */
  runAt?: Date;
  organizationId?: string | null;
  /** The handler's `maxAttempts` when absent. */
  maxAttempts?: number;
}

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  /** This attempt's number, 1 for the first. */
  attempt: number;
  maxAttempts: number;
  organizationId: string | null;
}

export interface JobHandler {
  /** Runs the job; a throw is a failed attempt, retried after `retryDelayMs` until `maxAttempts`, then dead. */
  run(job: ClaimedJob): Promise<void>;
  maxAttempts: number;
  /** The wait after failed attempt `attempt` (1-based); the queue's exponential backoff with jitter when absent. */
  retryDelayMs?(attempt: number): number;
  /** How long a claim holds before another worker may take the job; longer than any run. */
  leaseMs?: number;
  /** Told once when the job's last attempt failed and it is dead. */
  onDead?(job: ClaimedJob, error: unknown): Promise<void>;
}

export interface JobQueue {
  enqueue(db: Database, job: JobToEnqueue): Promise<string>;
  register(kind: string, handler: JobHandler): void;
  /** Asks the worker to look for due jobs now (after a commit that enqueued some) rather than at its next poll. */
  nudge(): void;
  /** Starts the worker loop (the app does, unless configured off). */
  start(): void;
  /** Stops claiming, waits for the jobs running to finish, and resolves; what is left stays pending for the next start. */
  stop(): Promise<void>;
  /** Tests and scripts: claims and runs every job due now, one after another, until none is due; answers how many ran. */
  runDue(): Promise<number>;
}
