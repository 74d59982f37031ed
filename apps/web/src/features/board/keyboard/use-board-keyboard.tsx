import type { CalendarController, EventInput } from "@fullcalendar/react";
import { VisuallyHidden } from "@mantine/core";
import {
  type BoardCommand,
  blockCommands,
  commandOfKey,
  type Preferences,
  type TimeBlockingEvent,
} from "@timetrap/domain";
import { type ReactNode, type RefObject, Suspense, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { loadTextArea } from "../../../lib/i18n";
import { lazyComponent, useDrawnOnce } from "../../../lib/lazy-component";
import type { BoardChanges } from "../components/use-board-changes";
import type { EventFormTarget } from "../event-form/event-form-modal";
import { boardEventOf } from "../lib/calendar-events";
import { tileState } from "../lib/tile";
import type { KeyboardDialog, KeyboardSession } from "./board-keyboard";

/** What the board's keys act on: the board page's own state, read when a key is pressed. */
export interface BoardKeyboardInput {
  userId: string;
  readOnly: boolean;
  /** The blocks as drawn (with the period lock's and the layers' changes), so that a locked block stays put. */
  events: EventInput[];
  /** Whether the shown days' blocks have come: the next free hour is looked for among them. */
  loaded: boolean;
  preferences: Preferences;
  controller: CalendarController;
  changes: BoardChanges;
  toggleTimer: (event: TimeBlockingEvent) => void;
  runningEventId: string | null;
  endOfToday: number;
  openForm: (target: EventFormTarget) => void;
}

// The keys' work and their dialogs come on the first key that is a shortcut, not with the board (decision 016, 033).
// Their texts are the board's dialogs' (the delete dialog is the event form's).
const loadKeyboard = () =>
  Promise.all([import("./board-keyboard"), loadTextArea("boardDialogs")]).then(([module]) => module);
const KeyboardDialogs = lazyComponent(() => loadKeyboard().then((module) => module.KeyboardDialogs));

/** Where typing goes: there a letter or an arrow is the person's text, never a shortcut. */
const typingTargets =
  "input, textarea, select, [contenteditable]:not([contenteditable='false']), [role='dialog'], [role='combobox'], [role='listbox'], [role='menu'], [role='textbox']";

export function isTypingTarget(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(typingTargets) !== null;
}

/** The board id of the block whose face has the focus (its timer's button is a control of its own), or null. */
export function focusedTileId(target: EventTarget | null): string | null {
  if (!(target instanceof HTMLButtonElement) || target.hasAttribute("data-tile-action")) return null;
  return target.parentElement?.getAttribute("data-event-id") ?? null;
}

/** How long after a block's key a key pressed on the page's body is still that block's (`useBoardKeyboard`). */
const refocusWindowMs = 3000;

/** The commands the palette may ask for in the address (`?do=`), performed once. */
const addressCommands: Record<string, BoardCommand> = { "new-block": "newBlock", shortcuts: "shortcuts" };

/**
 * The board from the keyboard (issue 21, decision 033): one small listener on the calendar, which decides at once
 * whether a key is the board's (so that an arrow does not also scroll, nor Space also open) and fetches the rest on
 * the first such key. Answers the ref for the calendar's root and what the board draws for the keys: a polite live
 * region that says what each change did, and the keys' dialogs once opened.
 */
export function useBoardKeyboard(input: BoardKeyboardInput): {
  rootRef: RefObject<HTMLDivElement | null>;
  layer: ReactNode;
} {
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef(input);
  inputRef.current = input;
  const [dialog, setDialog] = useState<KeyboardDialog | null>(null);
  const [announcement, setAnnouncement] = useState({ text: "", count: 0 });
  const session = useRef<KeyboardSession | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();

  const run = useRef((command: BoardCommand, tileId: string | null) => {
    loadKeyboard().then(
      (module) => {
        session.current ??= module.keyboardSession({
          input: () => inputRef.current,
          showDialog: setDialog,
          announce: (text) => setAnnouncement((current) => ({ text, count: current.count + 1 })),
        });
        session.current.run(command, tileId);
      },
      (error: unknown) => console.error(error),
    );
  }).current;

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const page = root.ownerDocument;
    // The block of the last key on the board, and when: the board draws a changed block anew, which takes the focus off
    // it to the page's body for a moment before the keys give it back (`focusWhenDrawn`); a key pressed in that moment
    // is still the board's, and a block's key that block's.
    let last = { tileId: "", at: Number.NEGATIVE_INFINITY };
    const onKeyDown = (event: KeyboardEvent) => {
      const inside = event.target instanceof Node && root.contains(event.target);
      const returning = event.target === page.body && Date.now() - last.at < refocusWindowMs;
      if ((!inside && !returning) || event.defaultPrevented || event.isComposing) return;
      const command = commandOfKey(event);
      if (!command || isTypingTarget(event.target)) return;
      const current = inputRef.current;
      // Someone else's board without the right to change it: only Enter (the button's own) and the list of keys.
      if (current.readOnly && command !== "shortcuts") return;
      let tileId: string | null = null;
      if (blockCommands.has(command)) {
        tileId = focusedTileId(event.target) ?? (returning ? last.tileId : null);
        const block = tileId ? current.events.find((candidate) => candidate.id === tileId) : undefined;
        if (!tileId || !block) return;
        // Space where no timer may run is the button's own: it opens the block, as Enter does.
        if (command === "toggleTimer" && !timerAllowed(block, current)) return;
      }
      if (command !== "shortcuts") last = { tileId: tileId ?? last.tileId, at: Date.now() };
      event.preventDefault();
      run(command, tileId);
    };
    page.addEventListener("keydown", onKeyDown);
    return () => page.removeEventListener("keydown", onKeyDown);
  }, [run]);

  // The command palette's one-shot commands: performed once the days' blocks have come, then taken out of the address.
  const addressCommand = searchParams.get("do");
  useEffect(() => {
    if (!addressCommand || !input.loaded) return;
    const command = addressCommands[addressCommand];
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.delete("do");
        return params;
      },
      { replace: true },
    );
    if (command && (command === "shortcuts" || !input.readOnly)) run(command, null);
  }, [addressCommand, input.loaded, input.readOnly, setSearchParams, run]);

  const drawDialogs = useDrawnOnce(dialog !== null);
  return {
    rootRef,
    layer: (
      <>
        <VisuallyHidden role="status" aria-live="polite">
          <span key={announcement.count}>{announcement.text}</span>
        </VisuallyHidden>
        {drawDialogs && (
          <Suspense fallback={null}>
            <KeyboardDialogs userId={input.userId} dialog={dialog} onClose={() => setDialog(null)} />
          </Suspense>
        )}
      </>
    ),
  };
}

function timerAllowed(block: EventInput, input: BoardKeyboardInput): boolean {
  const event = boardEventOf(block.extendedProps ?? {});
  if (!event) return false;
  const state = tileState(event, {
    runningEventId: input.runningEventId,
    endOfToday: input.endOfToday,
    readOnly: input.readOnly,
  });
  return state.timerButton !== null;
}
