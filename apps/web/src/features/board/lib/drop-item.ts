/**
 * What a card dragged from the side panel carries onto the calendar (spec part 1 §4 "Events": a dropped item becomes
 * a one-hour activity with its source, source id, colour, project, category and task link). The side panel puts it
 * in the dragged event's `extendedProps.dropItem`; the board reads it back when the calendar receives the drop.
 */
export interface DropItem {
  title: string;
  /** `timetrap` for the organization's own tasks; the service code for integrations. */
  source: string;
  sourceId: string | null;
  color: string | null;
  projectId: string | null;
  categoryId: string | null;
  taskLinkedId: string | null;
}

export const dropItemKey = "dropItem";

export function readDropItem(extendedProps: Record<string, unknown>): DropItem | null {
  const value = extendedProps[dropItemKey];
  if (!value || typeof value !== "object") return null;
  const item = value as Partial<DropItem>;
  return typeof item.title === "string" && typeof item.source === "string" ? (item as DropItem) : null;
}
