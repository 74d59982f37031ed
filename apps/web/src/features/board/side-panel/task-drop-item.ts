import type { Task } from "@timetrap/domain";
import type { DropItem } from "../lib/drop-item";

/** What a task card carries onto the board: the task becomes the new block's title, link, project and category. */
export function taskDropItem(task: Task): DropItem {
  return {
    title: task.name,
    source: "timetrap",
    sourceId: task.uid,
    color: task.category?.color ?? null,
    projectId: task.project?.uid ?? null,
    categoryId: task.category?.uid ?? null,
    taskLinkedId: task.uid,
  };
}
