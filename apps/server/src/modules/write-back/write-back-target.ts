import type { ItemService } from "@timetrap/domain";

/**
 * Issue 15 (decision 032): what the write-back job asks of a service's connector to put a completed block's time in the
 * tool the block came from. Jira: a worklog on the issue; Paymo: a time entry on the task; Todoist: a comment on the
 * task; Asana: a comment (story) on the task. Each connector implements it in its own file
 * (`connectors/<service>.ts`) and `app.ts` hands them to the write-back module.
 *
 * Idempotency: every record carries the block's reference (`writeBackReference(eventId)`, in `note`). A job whose
 * answer was lost after the tool wrote (a timeout, a crash) calls `find` first on its next attempt and takes the
 * record it finds rather than writing a second one. A block whose time changed later updates the same record.
 */
export interface WriteBackEntry {
  /** The item in the tool: the block's `source_id` (Todoist task id, Asana task gid, Paymo task id, Jira issue key). */
  itemId: string;
  /** The block's logged seconds (its `elapsed_time`), more than 0. */
  seconds: number;
  /** When the work started (the block's start), for Jira's `started` and Paymo's `start_time`. */
  started: Date;
  /** The block's day in its owner's zone, `YYYY-MM-DD` (Paymo's `date`). */
  day: string;
  /** `writeBackNote(seconds, day, reference)`: the comment's text, or the worklog's / entry's description. */
  note: string;
  /** `writeBackReference(eventId)`, contained in `note`: how `find` recognises the record. */
  reference: string;
}

export interface WriteBackTarget {
  service: ItemService;
  /** The id of the record this block wrote before (its note contains `entry.reference`), or null. */
  find(credential: string, entry: WriteBackEntry): Promise<string | null>;
  /** Writes a new record; answers its id in the tool. */
  create(credential: string, entry: WriteBackEntry): Promise<string>;
  /**
   * Changes the record to the entry's time and note. A record deleted in the tool meanwhile throws the client's
   * `not_found` ConnectorError; the job then writes a new one.
   */
  update(credential: string, recordId: string, entry: WriteBackEntry): Promise<void>;
}
