import type { CalendarController } from "@fullcalendar/react";
import { defaultPreferences, type TimeBlockingEvent } from "@timetrap/domain";
import { describe, expect, it, vi } from "vitest";
import type { BoardChanges } from "../components/use-board-changes";
import { calendarEventId, toCalendarEvent } from "../lib/calendar-events";
import { buildEvent, buildRecurrence } from "../lib/event-fixtures";
import { blockWhen, type KeyboardDialog, keyboardSession } from "./board-keyboard";
import type { BoardKeyboardInput } from "./use-board-keyboard";

const minute = 60_000;
const hour = 60 * minute;
/** Wednesday 10 June 2026, 10:00 in the test's zone: a day long past the board's clock in no test. */
const ten = new Date(2026, 5, 10, 10, 0).getTime();

/**
 * A board whose saved changes come back as the server would answer them: the drawn events are replaced, as the board's
 * refetch does, before `change` resolves.
 */
function board(events: TimeBlockingEvent[], overrides: Partial<BoardKeyboardInput> = {}) {
  let drawn = events;
  const saved: [TimeBlockingEvent, TimeBlockingEvent][] = [];
  const changes: BoardChanges = {
    change: async (before, after) => {
      saved.push([before, after]);
      await new Promise((resolve) => setTimeout(resolve, 5));
      drawn = drawn.map((event) => (event === before ? { ...after, is_occurrence: false } : event));
    },
    create: vi.fn(),
  };
  const dialogs: KeyboardDialog[] = [];
  const spoken: string[] = [];
  const openForm = vi.fn();
  const input = (): BoardKeyboardInput => ({
    userId: "user-1",
    readOnly: false,
    events: drawn.map((event) => toCalendarEvent(event, { editable: true })),
    loaded: true,
    preferences: { ...defaultPreferences, weekends: false },
    controller: {} as CalendarController,
    changes,
    toggleTimer: vi.fn(),
    runningEventId: null,
    endOfToday: ten + 14 * hour,
    openForm,
    ...overrides,
  });
  const session = keyboardSession({
    input,
    showDialog: (dialog) => dialogs.push(dialog),
    announce: (text) => spoken.push(text),
  });
  // Long enough for three changes in a row on a busy machine.
  const settled = () => new Promise((resolve) => setTimeout(resolve, 250));
  return { session, saved, dialogs, spoken, openForm, settled, drawn: () => drawn };
}

const review = buildEvent({ id: "review", title: "Review", start_time: ten, end_time: ten + hour });

describe("the board's keys at work", () => {
  it("moves by the person's slot, and a press made while the first is saved acts where the block went", async () => {
    const { session, saved, settled } = board([review]);
    session.run("moveDown", calendarEventId(review));
    session.run("moveDown", calendarEventId(review));
    session.run("grow", calendarEventId(review));
    await settled();
    expect(saved.map(([, after]) => [after.start_time - ten, after.end_time - ten])).toEqual([
      [30 * minute, 90 * minute],
      [60 * minute, 120 * minute],
      [60 * minute, 150 * minute],
    ]);
  });

  it("undoes the last keyboard change by saving the block's times before it", async () => {
    const { session, saved, settled, drawn } = board([review]);
    session.run("nextDay", calendarEventId(review));
    await settled();
    session.run("undo", null);
    await settled();
    expect(saved).toHaveLength(2);
    expect(drawn()[0]).toMatchObject({ start_time: ten, end_time: ten + hour });
  });

  it("moves a Friday block to Monday over the weekend the board hides", async () => {
    const friday = buildEvent({ id: "friday", start_time: ten + 2 * 24 * hour, end_time: ten + 2 * 24 * hour + hour });
    const { session, saved, settled } = board([friday]);
    session.run("nextDay", calendarEventId(friday));
    await settled();
    expect(new Date(saved[0]?.[1].start_time ?? 0)).toEqual(new Date(2026, 5, 15, 10, 0));
  });

  it("never makes a block shorter than a slot: nothing is saved, and it is said", async () => {
    const short = buildEvent({ id: "short", start_time: ten, end_time: ten + 30 * minute });
    const { session, saved, spoken, settled } = board([short]);
    session.run("shrink", calendarEventId(short));
    await settled();
    expect(saved).toEqual([]);
    expect(spoken).toHaveLength(1);
  });

  it("switches planning and activity, and confirms time, only where the block's menu offers it", async () => {
    const done = buildEvent({ id: "done", start_time: ten, end_time: ten + hour, completed: true });
    const { session, saved, spoken, settled } = board([done]);
    session.run("toPlanning", calendarEventId(done));
    session.run("confirmTime", calendarEventId(done));
    await settled();
    expect(saved).toEqual([]);
    expect(spoken).toHaveLength(2);

    const other = board([review]);
    other.session.run("toPlanning", calendarEventId(review));
    await other.settled();
    expect(other.saved[0]?.[1].event_type).toBe("planning");
  });

  it("copies as the menu does: the form opens on the copy, nothing saved", async () => {
    // A timer ran on it for a quarter of an hour: the copy starts from nothing.
    const logged = buildEvent({ ...review, elapsed_time: 900 });
    const { session, saved, openForm, settled } = board([logged]);
    session.run("duplicate", calendarEventId(logged));
    await settled();
    expect(saved).toEqual([]);
    expect(openForm).toHaveBeenCalledWith({
      mode: "create",
      draft: expect.objectContaining({ title: "Review", elapsed_time: 0, completed: false, recurrence: null }),
    });
  });

  it("asks before deleting an occurrence, with the series' choice", async () => {
    const occurrence = buildEvent({
      id: "series",
      start_time: ten,
      end_time: ten + hour,
      is_occurrence: true,
      recurrence_id: "rule-1",
      recurrence: buildRecurrence({ id: "rule-1" }),
    });
    const { session, dialogs, settled } = board([occurrence]);
    session.run("delete", calendarEventId(occurrence));
    await settled();
    expect(dialogs).toEqual([expect.objectContaining({ kind: "delete", event: occurrence })]);
  });

  it("opens the form on the next free hour of the focused block's day", async () => {
    const { session, openForm, settled } = board([review]);
    const tile = document.createElement("div");
    tile.setAttribute("data-event-id", calendarEventId(review));
    const face = document.createElement("button");
    tile.append(face);
    document.body.append(tile);
    face.focus();
    session.run("newBlock", null);
    await settled();
    tile.remove();
    // Business hours start at 09:00; Review takes 10:00–11:00.
    expect(openForm).toHaveBeenCalledWith({
      mode: "create",
      draft: { start_time: ten - hour, end_time: ten, all_day: false },
    });
  });

  it("leaves a locked block where it is", async () => {
    const { session, saved, settled } = board([review], {
      events: [{ ...toCalendarEvent(review, { editable: true }), editable: false }],
    });
    session.run("moveDown", calendarEventId(review));
    await settled();
    expect(saved).toEqual([]);
  });
});

describe("blockWhen", () => {
  it.each([
    ["en", "Wednesday 10 June 10:00–11:00"],
    ["it", "mercoledì 10 giugno 10:00–11:00"],
  ])("says a block's day and times in %s", (language, text) => {
    expect(blockWhen(review, language)).toBe(text);
  });
});
