import { defaultEventDurationMs, defaultEventType, type TimeBlockingEventInputFields } from "@timetrap/domain";
import type { DropItem } from "./drop-item";

/**
 * The event a side-panel item dropped at `start` becomes (spec part 1 §4 "Events"): a one-hour activity with the
 * item's source, source id, colour, project, category and task link. Dropped on the all-day row, it takes that day.
 * A colour the server would not take (empty, or not `#rrggbb`) leaves the default.
 *
 * No time is logged yet: the block is work to do. Its time comes from the timer, or from confirming it once it has
 * ended (which is offered only while the elapsed time is 0); the server would otherwise count the whole hour.
 */
export function dropEventInput(item: DropItem, drop: { start: Date; allDay: boolean }): TimeBlockingEventInputFields {
  const start = drop.start.getTime();
  let end = start + defaultEventDurationMs;
  if (drop.allDay) {
    const nextDay = new Date(drop.start);
    nextDay.setDate(nextDay.getDate() + 1);
    end = nextDay.getTime();
  }
  return {
    title: item.title,
    start_time: start,
    end_time: end,
    all_day: drop.allDay,
    elapsed_time: 0,
    event_type: defaultEventType,
    source: item.source,
    source_id: item.sourceId,
    ...(item.color && /^#[0-9a-fA-F]{6}$/.test(item.color) ? { color: item.color } : {}),
    project_id: item.projectId,
    category_id: item.categoryId,
    task_linked_id: item.taskLinkedId,
  };
}
