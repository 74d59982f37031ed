import { confirmTime, switchEventType } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { planEventChange } from "./event-change";
import { buildEvent, buildOccurrence } from "./event-fixtures";

describe("planEventChange", () => {
  it("patches a stored event with the times that moved", () => {
    const before = buildEvent();
    const after = { ...before, start_time: before.start_time + 1_800_000, end_time: before.end_time + 1_800_000 };
    expect(planEventChange(before, after)).toEqual({
      kind: "update",
      eventId: before.id,
      patch: { start_time: after.start_time, end_time: after.end_time },
    });
  });

  it("patches the all-day flag when a tile moves between the all-day row and the grid", () => {
    const before = buildEvent();
    expect(planEventChange(before, { ...before, all_day: true })).toEqual({
      kind: "update",
      eventId: before.id,
      patch: { all_day: true },
    });
  });

  it("patches what confirming time changes", () => {
    const before = buildEvent({ project_id: "33333333-3333-4333-8333-333333333333" });
    expect(planEventChange(before, confirmTime(before))).toEqual({
      kind: "update",
      eventId: before.id,
      patch: { completed: true, elapsed_time: 3600 },
    });
  });

  it("patches the type and the elapsed time when planning becomes activity", () => {
    const before = buildEvent({ event_type: "planning" });
    expect(planEventChange(before, switchEventType(before))).toEqual({
      kind: "update",
      eventId: before.id,
      patch: { event_type: "activity", elapsed_time: 3600 },
    });
  });

  it("sends nothing when nothing changed", () => {
    const event = buildEvent();
    expect(planEventChange(event, { ...event })).toBeNull();
  });

  it("takes an occurrence out of its series and saves the change as a standalone event", () => {
    const before = buildOccurrence();
    const after = { ...before, start_time: before.start_time + 86_400_000, end_time: before.end_time + 86_400_000 };
    const plan = planEventChange(before, after);
    expect(plan).toMatchObject({
      kind: "detach",
      recurrenceId: before.recurrence_id,
      skip: before.start_time,
      input: { start_time: after.start_time, end_time: after.end_time, title: before.title, recurrence_id: null },
    });
    expect(plan?.kind === "detach" && "recurrence" in plan.input).toBe(false);
  });
});
