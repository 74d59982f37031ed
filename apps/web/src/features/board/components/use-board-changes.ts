import type { TimeBlockingEvent, TimeBlockingEventInputFields } from "@timetrap/domain";
import { useCreateTimeBlockingEvent, usePatchRecurrence, useUpdateTimeBlockingEvent } from "../../../api/time-blocking";
import { planEventChange } from "../lib/event-change";

export interface BoardChanges {
  /**
   * Saves `after` as the new state of `before`: a patch; for an occurrence a skip and a standalone copy; for a
   * calendar-service event a Timetrap copy.
   */
  change: (before: TimeBlockingEvent, after: TimeBlockingEvent) => Promise<void>;
  create: (input: TimeBlockingEventInputFields) => Promise<TimeBlockingEvent>;
}

/** The writes a board makes outside the event form: drags, resizes, drops and the context menu's actions. */
export function useBoardChanges(userId: string): BoardChanges {
  const update = useUpdateTimeBlockingEvent(userId);
  const create = useCreateTimeBlockingEvent(userId);
  const patchRecurrence = usePatchRecurrence(userId);

  const change = async (before: TimeBlockingEvent, after: TimeBlockingEvent) => {
    const plan = planEventChange(before, after);
    if (!plan) return;
    if (plan.kind === "update") {
      await update.mutateAsync({ eventId: plan.eventId, data: plan.patch });
      return;
    }
    if (plan.kind === "detach") {
      await patchRecurrence.mutateAsync({ recurrenceId: plan.recurrenceId, data: { skip: plan.skip } });
    }
    await create.mutateAsync(plan.input);
  };

  return { change, create: (input) => create.mutateAsync(input) };
}
