import { type ItemService, isItemService, retryDelayMs } from "@timetrap/domain";
import { ConnectorError } from "../../connectors/http-client.js";
import { AppError } from "../../http/app-error.js";
import type { LoggedBlock } from "./write-back-trigger.js";

/** The job that writes one block's time back (payload `{ eventId }`, the block's organization). */
export const writeBackJob = "integration.write_back";

/**
 * The waits after each failed attempt: 1 min, 5 min, 15 min, 1 h, 3 h, 6 h, 12 h (each ±20 %), about 23 hours in all:
 * a service down for a night still gets the time in the morning.
 */
export const writeBackRetryDelaysSeconds = [60, 300, 900, 3_600, 10_800, 21_600, 43_200] as const;
/** The first attempt and one per wait. */
export const writeBackMaxAttempts = writeBackRetryDelaysSeconds.length + 1;

/** The wait after failed attempt `attempt` (1-based); `random` in [0, 1) spreads it. */
export function writeBackRetryDelayMs(attempt: number, random: number): number {
  return retryDelayMs(attempt, random, writeBackRetryDelaysSeconds) ?? writeBackRetryDelaysSeconds.at(-1)! * 1000;
}

/**
 * The tool's item whose time a block logs, or null when the block's time is not written back: only a completed
 * activity with time logged, dropped from a tool's side panel (`source` one of the tools, with the item's id), and
 * standing alone. A series' template is not one piece of work: an occurrence completed alone is saved as a block of
 * its own (spec part 1 §4), and that block is what gets written.
 */
export function writableItemOf(
  block: Pick<LoggedBlock, "eventType" | "completed" | "elapsedTime" | "source" | "sourceId" | "recurrenceId">,
): { service: ItemService; itemId: string } | null {
  if (block.eventType !== "activity" || !block.completed || block.elapsedTime <= 0) return null;
  if (block.recurrenceId !== null || !block.sourceId || !isItemService(block.source)) return null;
  return { service: block.source, itemId: block.sourceId };
}

/**
 * Whether a save asks for the block's time to be written: it is writable now, and it was not before the save, or its
 * logged seconds, its start or its item changed. A change of the title or the colour writes nothing.
 */
export function asksForWrite(before: LoggedBlock | null, after: LoggedBlock): boolean {
  const item = writableItemOf(after);
  if (!item) return false;
  if (!before) return true;
  const previous = writableItemOf(before);
  return (
    previous === null ||
    previous.service !== item.service ||
    previous.itemId !== item.itemId ||
    before.elapsedTime !== after.elapsedTime ||
    before.startTime.getTime() !== after.startTime.getTime()
  );
}

/** What ends an attempt that failed: tried again later, or failed at once with the reason shown on the block. */
export type FailureOutcome = { retry: boolean; message: string };

/** Said when a failure is not the service's (the database, a bug): the details go to the log, not to the person. */
export const unexpectedFailureMessage = "The time could not be written back";

/**
 * A service rate-limiting, failing (5xx) or silent is tried again later; anything the service refused (the item
 * closed or deleted, no right to log on it, a bad request) or a connection that is missing or must be made again fails
 * at once, in the service's words: retrying would get the same answer.
 */
export function failureOutcomeOf(error: unknown): FailureOutcome {
  if (error instanceof ConnectorError) {
    const retry = error.kind === "rate_limited" || error.kind === "timeout" || error.kind === "upstream";
    return { retry, message: error.message };
  }
  if (error instanceof AppError) {
    const retry =
      error.code === "UPSTREAM_RATE_LIMITED" || error.code === "UPSTREAM_TIMEOUT" || error.code === "UPSTREAM_ERROR";
    return { retry, message: error.message };
  }
  return { retry: true, message: unexpectedFailureMessage };
}
