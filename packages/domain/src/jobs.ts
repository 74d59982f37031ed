/**
 * The durable job queue's rules (issue 14, decision 030): a job is pending until a worker claims it (running, under a
 * lease), then done, or pending again for a retry after a failure, or dead after its last attempt.
 */
export const jobStates = ["pending", "running", "done", "dead"] as const;
export type JobState = (typeof jobStates)[number];

/**
 * The wait before the retry that follows failed attempt `attempt` (1-based): exponential from `baseMs`, capped at
 * `maxMs`, with full jitter over its upper half (`random` in [0, 1)), so that jobs failing together do not retry
 * together.
 */
export function exponentialBackoffMs(attempt: number, random: number, baseMs = 10_000, maxMs = 3_600_000): number {
  const step = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(step / 2 + (step / 2) * random);
}
