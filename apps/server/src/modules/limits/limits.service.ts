import { sql } from "drizzle-orm";
import type { Database } from "../../db/database.js";

/** One limit: at most `limit` attempts by one subject within any `windowSeconds`, counted under `scope`. */
export interface LimitRule {
  scope: string;
  limit: number;
  windowSeconds: number;
}

export interface LimitDecision {
  /** Whether this attempt is within the limit. A refused attempt is counted too, so hammering keeps the limit shut. */
  allowed: boolean;
  /** The estimated attempts in the sliding window, this one included. */
  count: number;
  /** Seconds until an attempt would be allowed again; 0 when allowed. */
  retryAfterSeconds: number;
}

/** One attempt of `subject` to count under `rule`. */
export interface LimitCheck {
  rule: LimitRule;
  subject: string;
}

export type LimitsDecision = { allowed: true } | { allowed: false; refusedBy: LimitRule; retryAfterSeconds: number };

export type LimitsService = ReturnType<typeof createLimitsService>;

/** How often (in hits per process) rows of windows long gone are dropped. */
const sweepEvery = 200;
/** A counter row is kept this long: longer than any window, so the previous window is always there to weigh. */
const keepSeconds = 2 * 24 * 3600;

/**
 * Limits counted in the database, so they hold under concurrent requests and across instances. Each hit is one
 * statement that both counts the attempt and reads the decision: an upsert on the current fixed window returns the
 * new count, and the previous window's count is weighed by how much of it still lies inside the sliding window
 * (the sliding-window estimate), so a burst at a window's edge cannot pass twice the limit.
 */
export function createLimitsService(db: Database) {
  let hits = 0;

  function windowOf(rule: LimitRule, at: Date) {
    const windowMs = rule.windowSeconds * 1000;
    const start = Math.floor(at.getTime() / windowMs) * windowMs;
    return { windowMs, start: new Date(start), previous: new Date(start - windowMs) };
  }

  async function sweep(at: Date): Promise<void> {
    hits += 1;
    if (hits % sweepEvery !== 0) return;
    await db.execute(
      sql`delete from rate_limit_counters where window_start < ${new Date(at.getTime() - keepSeconds * 1000)}`,
    );
  }

  const service = {
    /** Counts one attempt of `subject` under `rule` and decides it, atomically. */
    async hit(rule: LimitRule, subject: string, at: Date = new Date()): Promise<LimitDecision> {
      const { windowMs, start, previous } = windowOf(rule, at);
      // The share of the previous window that still lies inside the sliding window ending now.
      const weight = 1 - (at.getTime() - start.getTime()) / windowMs;
      // Both drivers answer raw SQL with `rows`; the database type is the one behind the factory, which cannot say so.
      const result = (await db.execute(sql`
        with hit as (
          insert into rate_limit_counters (scope, subject, window_start, count)
          values (${rule.scope}, ${subject}, ${start}, 1)
          on conflict (scope, subject, window_start)
          do update set count = rate_limit_counters.count + 1
          returning count
        )
        select hit.count as current,
          coalesce((select c.count from rate_limit_counters c
                    where c.scope = ${rule.scope} and c.subject = ${subject} and c.window_start = ${previous}), 0)
            as previous
        from hit`)) as unknown as { rows: Array<{ current: number | string; previous: number | string }> };
      await sweep(at);
      const row = result.rows[0];
      const current = Number(row?.current ?? 1);
      const before = Number(row?.previous ?? 0);
      const count = current + Math.floor(before * weight);
      if (count <= rule.limit) return { allowed: true, count, retryAfterSeconds: 0 };
      return { allowed: false, count, retryAfterSeconds: retryAfter(rule, at, start, current, before) };
    },

    /**
     * Counts one attempt under each limit in turn and stops at the first that refuses it. The attempts counted under
     * the limits before that one are taken back, so an attempt refused by one limit uses up none of the others; the
     * refusing limit keeps it, so hammering keeps that limit shut. Each limit is decided atomically by its own
     * statement: under concurrency a limit may refuse an attempt another limit later gave back, never let one too many
     * through.
     */
    async hitEach(checks: ReadonlyArray<LimitCheck>, at: Date = new Date()): Promise<LimitsDecision> {
      const counted: LimitCheck[] = [];
      for (const check of checks) {
        const decision = await service.hit(check.rule, check.subject, at);
        if (!decision.allowed) {
          for (const earlier of counted) await service.undo(earlier.rule, earlier.subject, at);
          return { allowed: false, refusedBy: check.rule, retryAfterSeconds: decision.retryAfterSeconds };
        }
        counted.push(check);
      }
      return { allowed: true };
    },

    /**
     * Takes back one attempt counted by `hit` in the window of `at` (for example a sign-in that succeeded); pass the
     * `at` of the hit, so the count it went into is the one taken back even when a window has turned since.
     */
    async undo(rule: LimitRule, subject: string, at: Date = new Date()): Promise<void> {
      const { start } = windowOf(rule, at);
      await db.execute(sql`
        update rate_limit_counters set count = greatest(count - 1, 0)
        where scope = ${rule.scope} and subject = ${subject} and window_start = ${start}`);
    },

    /** Forgets every attempt of `subject` under `rule` (for example after a successful sign-in). */
    async reset(rule: LimitRule, subject: string): Promise<void> {
      await db.execute(sql`delete from rate_limit_counters where scope = ${rule.scope} and subject = ${subject}`);
    },
  };
  return service;
}

/**
 * When the next attempt would be allowed: the previous window's weight shrinks as time passes, and at the next window
 * the current count becomes the previous one. The estimate floors the weighted count, so an attempt is allowed only
 * strictly after the boundary below; hence the whole second past it. Never less than a second.
 */
function retryAfter(rule: LimitRule, at: Date, start: Date, current: number, before: number): number {
  const windowMs = rule.windowSeconds * 1000;
  const elapsed = at.getTime() - start.getTime();
  // Within this window: current + before × (1 − t/W) ≤ limit  ⇒  t ≥ W × (1 − (limit − current)/before).
  if (current <= rule.limit && before > 0) {
    const t = windowMs * (1 - (rule.limit - current) / before);
    if (t < windowMs) return Math.max(1, Math.floor((t - elapsed) / 1000) + 1);
  }
  // In the next window the current count weighs (1 − t/W): current × (1 − t/W) ≤ limit.
  const t = windowMs * (1 - rule.limit / current);
  return Math.max(1, Math.floor((windowMs - elapsed + Math.max(0, t)) / 1000) + 1);
}
