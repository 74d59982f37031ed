import type { TaskCategory } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { buildEvent } from "../lib/event-fixtures";
import {
  changedFields,
  type EventFormValues,
  formErrors,
  parseTypedTime,
  quarterHours,
  timeOfDay,
  valuesOfDraft,
  valuesOfEvent,
  withCategory,
  withDay,
  withEndTime,
  withEventType,
  withProject,
  withStartTime,
  withTask,
} from "./event-form-values";

const rome = "Europe/Rome";
/** 2026-03-10 is a Tuesday; Rome is UTC+1 until 29 March. */
const at = (time: string, day = "2026-03-10") => Date.parse(`${day}T${time}:00+01:00`);

function values(overrides: Partial<EventFormValues> = {}): EventFormValues {
  return { ...valuesOfDraft({ start_time: at("09:00"), end_time: at("10:00") }), ...overrides };
}

const categories: TaskCategory[] = [
  { uid: "both", name: "Meetings", color: "#fab005", is_used_for_tasks: true, is_used_for_planning: true },
  { uid: "planning", name: "Roadmap", color: "#228be6", is_used_for_tasks: false, is_used_for_planning: true },
  { uid: "tasks", name: "Support", color: "#12b886", is_used_for_tasks: true, is_used_for_planning: false },
];

describe("a new event's values", () => {
  it("take the default colour and type, and the range's length as elapsed time", () => {
    expect(valuesOfDraft({ start_time: at("09:00"), end_time: at("10:30") })).toMatchObject({
      color: "#3788d8",
      event_type: "activity",
      elapsed_time: 5400,
      all_day: false,
      recurrence: null,
    });
  });

  it("keep the elapsed time of a copy, which starts at 0", () => {
    expect(valuesOfDraft({ start_time: at("09:00"), end_time: at("10:00"), elapsed_time: 0 }).elapsed_time).toBe(0);
  });
});

describe("times picked in the form", () => {
  it("offers every quarter of an hour, 24-hour", () => {
    expect(quarterHours).toHaveLength(96);
    expect(quarterHours.slice(0, 3)).toEqual(["00:00", "00:15", "00:30"]);
    expect(quarterHours.at(-1)).toBe("23:45");
  });

  it.each([
    ["9", "09:00"],
    ["930", "09:30"],
    ["0930", "09:30"],
    ["9:30", "09:30"],
    ["21.05", "21:05"],
    [" 7:5 ", null],
    ["24:00", null],
    ["12:60", null],
    ["nine", null],
  ])("reads %j typed as %j", (typed, time) => {
    expect(parseTypedTime(typed)).toBe(time);
  });

  it("moves a start at or after the end, and the end to half an hour later", () => {
    const moved = withStartTime(values(), "10:00", rome);
    expect(timeOfDay(moved.start_time, rome)).toBe("10:00");
    expect(timeOfDay(moved.end_time, rome)).toBe("10:30");
    expect(moved.elapsed_time).toBe(1800);
  });

  it("keeps the end when the start moves earlier, and the elapsed time follows", () => {
    const moved = withStartTime(values(), "08:15", rome);
    expect(moved.end_time).toBe(at("10:00"));
    expect(moved.elapsed_time).toBe(6300);
  });

  it("makes an end not after the start the start plus 30 minutes with 1800 s elapsed", () => {
    const moved = withEndTime(values(), "08:00", rome);
    expect(moved.end_time).toBe(at("09:30"));
    expect(moved.elapsed_time).toBe(1800);
  });

  it("keeps a block across midnight ending the next morning", () => {
    const late = values({ start_time: at("23:00"), end_time: at("01:00", "2026-03-11") });
    expect(withEndTime(late, "02:00", rome).end_time).toBe(at("02:00", "2026-03-11"));
    expect(withEndTime(late, "23:45", rome).end_time).toBe(at("23:45"));
  });

  it("moves to another day keeping the times of day, across a clock change", () => {
    const moved = withDay(values(), "2026-03-31", rome);
    // Summer time from 29 March: the same 09:00 is an hour earlier in UTC.
    expect(moved.start_time).toBe(Date.parse("2026-03-31T09:00:00+02:00"));
    expect(moved.end_time).toBe(Date.parse("2026-03-31T10:00:00+02:00"));
    expect(moved.elapsed_time).toBe(3600);
  });
});

describe("type, category, task and project", () => {
  it("drops a category that does not serve the other type, and planning becoming activity takes the duration", () => {
    const planning = values({ event_type: "planning", elapsed_time: 0, category_id: "planning" });
    const activity = withEventType(planning, "activity", categories);
    expect(activity).toMatchObject({ event_type: "activity", elapsed_time: 3600, category_id: null });
    expect(withEventType(values({ category_id: "both" }), "planning", categories).category_id).toBe("both");
  });

  it("fills an empty title with the category's name, and leaves a written one", () => {
    expect(withCategory(values(), categories[0] ?? null)).toMatchObject({ category_id: "both", title: "Meetings" });
    expect(withCategory(values({ title: "Standup" }), categories[0] ?? null).title).toBe("Standup");
  });

  it("fills project and category from a task, the category only when it serves the type", () => {
    const task = { uid: "t1", name: "Wireframes", project: { uid: "p1" }, category: { uid: "tasks" } };
    expect(withTask(values(), task, categories)).toMatchObject({
      task_linked_id: "t1",
      project_id: "p1",
      category_id: "tasks",
      title: "Wireframes",
    });
    expect(withTask(values({ event_type: "planning" }), task, categories).category_id).toBeNull();
  });

  it("clears a task that is not of the new project", () => {
    const linked = values({ project_id: "p1", task_linked_id: "t1" });
    const task = { uid: "t1", name: "Wireframes", project: { uid: "p1" }, category: null };
    expect(withProject(linked, "p2", task)).toMatchObject({ project_id: "p2", task_linked_id: null });
    expect(withProject(linked, null, task).task_linked_id).toBeNull();
    expect(withProject(linked, "p1", task).task_linked_id).toBe("t1");
  });
});

describe("checks and changes", () => {
  it("names an end equal to the start with the spec's message key", () => {
    expect(formErrors(values({ end_time: at("09:00") }))).toEqual({ end_time: "endTime" });
    expect(formErrors(values())).toEqual({});
  });

  it("refuses a block of more than 31 days and a colour that is not #rrggbb", () => {
    expect(formErrors(values({ end_time: at("09:00") + 32 * 86_400_000 })).end_time).toBe("tooLong");
    expect(formErrors(values({ color: "blue" })).color).toBe("color");
  });

  it("sends only what changed", () => {
    const event = buildEvent({ start_time: at("09:00"), end_time: at("10:00"), color: "#3788D8", elapsed_time: 3600 });
    const start = valuesOfEvent(event);
    expect(changedFields(event, start)).toEqual({});
    // A block not completed logs nothing: its duration follows the times and is not sent.
    expect(changedFields(event, withStartTime(start, "09:30", rome))).toEqual({ start_time: at("09:30") });
    expect(
      changedFields({ ...event, completed: true }, { ...withStartTime(start, "09:30", rome), completed: true }),
    ).toEqual({
      start_time: at("09:30"),
      elapsed_time: 1800,
    });
    const rule = { every: 1, frequency: "DAILY" as const, day_of_weeks: [], until: null, repeat: null };
    expect(changedFields(event, { ...start, recurrence: rule })).toEqual({ recurrence: rule });
  });
});
