import type { Database } from "../../db/database.js";

/**
 * A block as it is stored, as far as writing its time back reads it (the time-blocking repository's row has these
 * columns and more).
 */
export interface LoggedBlock {
  id: string;
  userId: string;
  organizationId: string;
  eventType: string;
  completed: boolean;
  /** Seconds. */
  elapsedTime: number;
  startTime: Date;
  source: string;
  sourceId: string | null;
  recurrenceId: string | null;
}

/**
 * What the modules that save blocks (the board, the timer's stop) know of the time written back (issue 15, decision
 * 032): an interface, so that their imports do not reach the write-back module.
 */
export interface WriteBackEvents {
  /**
   * In the save's transaction (or on the database when the save has none), with the block before (null for a new
   * one) and after the save: queues the write-back of a completed activity that came from a to-do, project-work,
   * issue-tracker or work-management tool when it became completed or its time, start or item changed.
   */
  blockSaved(tx: Database | undefined, change: { before: LoggedBlock | null; after: LoggedBlock }): Promise<void>;
}
