import { describe, expect, it } from "vitest";
import { dropEventInput } from "./drop";
import type { DropItem } from "./drop-item";

const task: DropItem = {
  title: "Fix the login",
  source: "timetrap",
  sourceId: "44444444-4444-4444-8444-444444444444",
  color: "#12b886",
  projectId: "33333333-3333-4333-8333-333333333333",
  categoryId: "55555555-5555-4555-8555-555555555555",
  taskLinkedId: "44444444-4444-4444-8444-444444444444",
};

describe("dropEventInput", () => {
  it("makes a one-hour activity at the drop time with the item's links and no time logged yet", () => {
    const start = new Date(2026, 2, 9, 14, 30);
    expect(dropEventInput(task, { start, allDay: false })).toEqual({
      title: "Fix the login",
      start_time: start.getTime(),
      end_time: start.getTime() + 3_600_000,
      all_day: false,
      elapsed_time: 0,
      event_type: "activity",
      source: "timetrap",
      source_id: task.sourceId,
      color: "#12b886",
      project_id: task.projectId,
      category_id: task.categoryId,
      task_linked_id: task.taskLinkedId,
    });
  });

  it("takes the whole day when dropped on the all-day row", () => {
    const start = new Date(2026, 2, 9);
    const input = dropEventInput(task, { start, allDay: true });
    expect(input).toMatchObject({
      all_day: true,
      start_time: start.getTime(),
      end_time: new Date(2026, 2, 10).getTime(),
    });
  });

  it.each([null, "", "teal", "#abc"])("leaves the default colour for %j", (color) => {
    expect(dropEventInput({ ...task, color }, { start: new Date(2026, 2, 9, 9), allDay: false })).not.toHaveProperty(
      "color",
    );
  });

  it("keeps an outside item's source and id", () => {
    const input = dropEventInput(
      { ...task, source: "todoist", sourceId: "8812", projectId: null, categoryId: null, taskLinkedId: null },
      { start: new Date(2026, 2, 9, 9), allDay: false },
    );
    expect(input).toMatchObject({ source: "todoist", source_id: "8812", project_id: null, task_linked_id: null });
  });
});
