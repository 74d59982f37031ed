import type { TimeBlockingEvent, TimeBlockingEventInputFields, TimeBlockingEventPatch } from "@timetrap/domain";
import { toEventInput } from "../../../api/time-blocking";

/**
 * How a change made on the board reaches the server (decision 007 "Board (web)"): a stored event is patched with the
 * fields that changed; an occurrence of a series is changed alone, by skipping it in the series and saving the
 * changed copy as a standalone event.
 */
export type EventChangePlan =
  | { kind: "update"; eventId: string; patch: TimeBlockingEventPatch }
  | {
      kind: "detach";
      recurrenceId: string;
      /** The occurrence's own start, as the series computed it. */
      skip: number;
      input: TimeBlockingEventInputFields;
    }
  /** A calendar-service event (not stored): saved as a Timetrap event at its new times, which then stands for it. */
  | { kind: "create"; input: TimeBlockingEventInputFields };

const patchedFields = ["start_time", "end_time", "all_day", "elapsed_time", "completed", "event_type"] as const;

export function planEventChange(before: TimeBlockingEvent, after: TimeBlockingEvent): EventChangePlan | null {
  if (before.is_occurrence) {
    // The skip already takes the old occurrence out; the copy must not name the series, or the server would also
    // skip whatever occurrence falls on the copy's new day.
    const input = { ...toEventInput(after), recurrence_id: null };
    return before.recurrence_id
      ? { kind: "detach", recurrenceId: before.recurrence_id, skip: before.start_time, input }
      : { kind: "create", input };
  }
  const patch: Record<string, unknown> = {};
  for (const field of patchedFields) {
    if (after[field] !== before[field]) patch[field] = after[field];
  }
  if (Object.keys(patch).length === 0) return null;
  return { kind: "update", eventId: before.id, patch: patch as TimeBlockingEventPatch };
}
