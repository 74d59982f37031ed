import type { Integration, ItemService, TimeBlockingEvent, WriteBack } from "@timetrap/domain";
import type { EventRange } from "../../../api/time-blocking";

/** The tools' names, the same in both languages. */
export const itemServiceNames: Record<ItemService, string> = {
  todoist: "Todoist",
  asana: "Asana",
  paymo: "Paymo",
  jira: "Jira",
};

/**
 * The week (Monday 00:00 to the next Monday, in the browser's zone, as the board draws it) of an instant: every tile of
 * a week asks for its write-backs once, together, whatever the board's view. Built from calendar days, not from 7 × 24
 * hours, so that a week with a change of the clocks still ends at midnight.
 */
export function writeBackWeekOf(instant: number): EventRange {
  const day = new Date(instant);
  const monday = new Date(day.getFullYear(), day.getMonth(), day.getDate() - ((day.getDay() + 6) % 7));
  const next = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 7);
  return { start: monday.getTime(), end: next.getTime() };
}

/** A tile's mark: written, on its way, or failed; nothing for a block whose time is not written back. */
export type WriteBackMarkState = "pending" | "written" | "failed";

export function writeBackMarkOf(writeBack: WriteBack | undefined): WriteBackMarkState | null {
  if (!writeBack || writeBack.state === "off") return null;
  return writeBack.state;
}

/** What the event form says of a block's time written back. */
export type WriteBackSectionState =
  /** Being written: the block's time; the last attempt's error while it is being retried. */
  | { kind: "pending"; seconds: number; error: string | null }
  /** The tool has it: the time and day it has. */
  | { kind: "written"; seconds: number; day: string | null }
  /** The last attempt gave up, for this reason; a retry queues it again. */
  | { kind: "failed"; error: string | null }
  /**
   * Write-back was off for the tool: the way to turn it on, or, once it is on again (`later`), to write this block's
   * time now.
   */
  | { kind: "off"; later: boolean }
  /** Not completed yet: it will be written when it is. */
  | { kind: "not_yet" }
  /** The tool is not connected: nothing is written; the way to connect it. */
  | { kind: "not_connected" }
  /** Nothing to say: another person's block (their write-backs are theirs), or the answers are still to come. */
  | { kind: "none" };

/**
 * The write-back of the block, else what the person's integration says: `integration` is undefined while it is not
 * known, null when the tool is not connected.
 */
export function writeBackSectionStateOf({
  event,
  own,
  writeBack,
  integration,
}: {
  event: TimeBlockingEvent;
  own: boolean;
  writeBack: WriteBack | undefined;
  integration: Integration | null | undefined;
}): WriteBackSectionState {
  if (!own) return { kind: "none" };
  if (writeBack) {
    switch (writeBack.state) {
      case "pending":
        return { kind: "pending", seconds: event.elapsed_time, error: writeBack.error };
      case "written":
        return {
          kind: "written",
          seconds: writeBack.written_seconds ?? event.elapsed_time,
          day: writeBack.written_date,
        };
      case "failed":
        return { kind: "failed", error: writeBack.error };
      case "off":
        return { kind: "off", later: integration?.write_back === true };
    }
  }
  if (integration === undefined) return { kind: "none" };
  if (integration === null) return { kind: "not_connected" };
  if (!integration.write_back) return { kind: "off", later: false };
  // A completed block without a write-back was completed before the tool was connected, or is on its way to the queue.
  return event.completed ? { kind: "none" } : { kind: "not_yet" };
}
