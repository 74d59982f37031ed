import { canConfirmTime, canCopyEvent, type TimeBlockingEvent } from "@timetrap/domain";

export type TeamPlanMenuItem = "confirmTime" | "complete" | "edit" | "copy";

/**
 * The right-click menu of a block in the team plan's day (spec part 1 §2 "Team plan"): confirm time and completed, both
 * hidden once the block is completed or when it is a plan; edit; copy. Confirm time follows the board's rule (§4
 * "Events": ended, with a project and no time logged yet). A calendar-service event has no menu; on a day the reader may
 * not change, only Edit is left and the form opens read-only.
 */
export function teamPlanMenuItems(
  event: TimeBlockingEvent,
  options: { now: number; readOnly: boolean; fromCalendarService: boolean },
): TeamPlanMenuItem[] {
  if (options.fromCalendarService) return [];
  if (options.readOnly) return ["edit"];
  const items: TeamPlanMenuItem[] = [];
  const open = !event.completed && event.event_type !== "planning";
  if (open && canConfirmTime(event, options.now)) items.push("confirmTime");
  if (open) items.push("complete");
  items.push("edit");
  if (canCopyEvent(event)) items.push("copy");
  return items;
}

/** Completing keeps the time logged so far: unlike confirm time, it does not take the block's whole duration. */
export function completeEvent<T extends Pick<TimeBlockingEvent, "completed">>(event: T): T {
  return { ...event, completed: true };
}
