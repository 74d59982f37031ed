import type { CalendarController } from "@fullcalendar/react";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { defaultPreferences, type TimeBlockingEvent } from "@timetrap/domain";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../testing/render";
import type { BoardChanges } from "../components/use-board-changes";
import { calendarEventId, toCalendarEvent } from "../lib/calendar-events";
import { buildEvent } from "../lib/event-fixtures";
import { type BoardKeyboardInput, useBoardKeyboard } from "./use-board-keyboard";

const run = vi.fn();
vi.mock("./board-keyboard", () => ({
  keyboardSession: () => ({ run }),
  KeyboardDialogs: () => null,
}));
vi.mock("../../../lib/i18n", async (original) => ({
  ...(await original<typeof import("../../../lib/i18n")>()),
  loadTextArea: () => Promise.resolve(),
}));

const hour = 60 * 60 * 1000;
const today = Date.now();
/** An activity of today: its timer may run. */
const review = buildEvent({ id: "review", title: "Review", start_time: today - hour, end_time: today });
/** A planning block: no timer runs on it. */
const plan = buildEvent({
  id: "plan",
  title: "Plan",
  event_type: "planning",
  start_time: today - 3 * hour,
  end_time: today - 2 * hour,
});

function Board({ readOnly = false, events = [review, plan] }: { readOnly?: boolean; events?: TimeBlockingEvent[] }) {
  const input: BoardKeyboardInput = {
    userId: "user-1",
    readOnly,
    events: events.map((event) => toCalendarEvent(event, { editable: !readOnly })),
    loaded: true,
    preferences: defaultPreferences,
    controller: {} as CalendarController,
    changes: {} as BoardChanges,
    toggleTimer: vi.fn(),
    runningEventId: null,
    endOfToday: today + 24 * hour,
    openForm: vi.fn(),
  };
  const keyboard = useBoardKeyboard(input);
  return (
    <div ref={keyboard.rootRef}>
      {events.map((event) => (
        <div key={event.id} data-event-id={calendarEventId(event)}>
          <button type="button">{event.title}</button>
          <button type="button" data-tile-action="">
            Timer of {event.title}
          </button>
        </div>
      ))}
      <label>
        Note <input />
      </label>
      <textarea aria-label="Comment" />
      {/* biome-ignore lint/a11y/useSemanticElements: a rich-text editor is an editable element, not a text field */}
      <div contentEditable aria-label="Rich text" role="textbox" tabIndex={0} suppressContentEditableWarning>
        text
      </div>
      <div role="dialog" aria-label="Form">
        <button type="button">Inside a dialog</button>
      </div>
      <button type="button">Elsewhere</button>
      {keyboard.layer}
    </div>
  );
}

/** Presses a key on `target`; answers whether the board took it (the browser's own action was prevented). */
function press(target: Element, key: string, modifiers: Partial<KeyboardEventInit> = {}): boolean {
  return !fireEvent.keyDown(target, { key, bubbles: true, cancelable: true, ...modifiers });
}

const face = (title: string) => screen.getByRole("button", { name: title });

describe("the board's key listener", () => {
  it.each([
    ["ArrowDown", {}, "moveDown"],
    ["ArrowUp", { shiftKey: true }, "shrink"],
    ["ArrowRight", {}, "nextDay"],
    ["d", {}, "duplicate"],
    ["Delete", {}, "delete"],
    [" ", {}, "toggleTimer"],
  ])("takes %s on a focused block and runs its command with the block", async (key, modifiers, command) => {
    run.mockClear();
    renderWithProviders(<Board />);
    expect(press(face("Review"), key, modifiers)).toBe(true);
    await waitFor(() => expect(run).toHaveBeenCalledWith(command, calendarEventId(review)));
  });

  it("takes a key pressed on the page's body just after a key on the board (the block redrawn, the focus on its way back)", async () => {
    run.mockClear();
    renderWithProviders(<Board />);
    // Nothing before: a key on the body is nobody's.
    expect(press(document.body, "ArrowDown")).toBe(false);
    expect(press(document.body, "z", { ctrlKey: true })).toBe(false);
    expect(press(face("Review"), "ArrowDown")).toBe(true);
    // A block's key is that block's; Ctrl+Z the board's.
    expect(press(document.body, "ArrowDown", { shiftKey: true })).toBe(true);
    expect(press(document.body, "z", { ctrlKey: true })).toBe(true);
    // Away from the board and the body, nothing changes.
    expect(press(screen.getByRole("button", { name: "Elsewhere" }), "ArrowDown")).toBe(false);
    await waitFor(() =>
      expect(run.mock.calls).toEqual([
        ["moveDown", calendarEventId(review)],
        ["grow", calendarEventId(review)],
        ["undo", null],
      ]),
    );
  });

  it("leaves Space to the button where no timer may run: it opens the block", () => {
    run.mockClear();
    renderWithProviders(<Board />);
    expect(press(face("Plan"), " ")).toBe(false);
    expect(run).not.toHaveBeenCalled();
  });

  it("leaves Enter to the button", () => {
    renderWithProviders(<Board />);
    expect(press(face("Review"), "Enter")).toBe(false);
  });

  it("leaves a block's keys alone on the timer's button and away from a block", () => {
    run.mockClear();
    renderWithProviders(<Board />);
    expect(press(screen.getByRole("button", { name: "Timer of Review" }), " ")).toBe(false);
    expect(press(screen.getByRole("button", { name: "Elsewhere" }), "ArrowDown")).toBe(false);
    expect(press(screen.getByRole("button", { name: "Elsewhere" }), "d")).toBe(false);
    expect(run).not.toHaveBeenCalled();
  });

  it("takes N and ? away from a block too", async () => {
    run.mockClear();
    renderWithProviders(<Board />);
    expect(press(screen.getByRole("button", { name: "Elsewhere" }), "n")).toBe(true);
    expect(press(screen.getByRole("button", { name: "Elsewhere" }), "?", { shiftKey: true })).toBe(true);
    await waitFor(() =>
      expect(run.mock.calls).toEqual([
        ["newBlock", null],
        ["shortcuts", null],
      ]),
    );
  });

  it.each([
    ["a text field", () => screen.getByRole("textbox", { name: "Note" })],
    ["a text area", () => screen.getByRole("textbox", { name: "Comment" })],
    ["an editable text", () => screen.getByRole("textbox", { name: "Rich text" })],
    ["a dialog", () => screen.getByRole("button", { name: "Inside a dialog" })],
  ])("never fires while typing in %s", async (_label, target) => {
    run.mockClear();
    renderWithProviders(<Board />);
    for (const key of ["n", "d", "?", "ArrowDown", " ", "Delete", "Backspace"]) {
      expect(press(target(), key)).toBe(false);
    }
    expect(press(target(), "z", { ctrlKey: true })).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(run).not.toHaveBeenCalled();
  });

  it("on a board the reader may not change, takes only ? (Enter stays the button's)", async () => {
    run.mockClear();
    renderWithProviders(<Board readOnly />);
    for (const key of ["ArrowDown", " ", "d", "Delete", "n"]) expect(press(face("Review"), key)).toBe(false);
    expect(press(face("Review"), "z", { ctrlKey: true })).toBe(false);
    expect(press(face("Review"), "?")).toBe(true);
    await waitFor(() => expect(run.mock.calls).toEqual([["shortcuts", null]]));
  });

  it("performs the palette's command in the address once and takes it out of the address", async () => {
    run.mockClear();
    renderWithProviders(<Board />, { route: "/user/user-1/board?date=2026-06-10&do=new-block" });
    await waitFor(() => expect(run.mock.calls).toEqual([["newBlock", null]]));
    expect(screen.getByTestId("location")).toHaveTextContent("/user/user-1/board?date=2026-06-10");
    expect(screen.getByTestId("location")).not.toHaveTextContent("do=");
  });

  it("announces politely what the keys did", () => {
    renderWithProviders(<Board />);
    const region = screen.getAllByRole("status").find((element) => element.getAttribute("aria-live") === "polite");
    expect(region).toBeDefined();
  });
});
