import {
  type BoardCommand,
  calendarDateIn,
  confirmTime,
  durationMsOf,
  moveByDays,
  moveBySlots,
  nextFreeSlot,
  resizeBySlots,
  switchEventType,
  type TimeBlockingEvent,
} from "@timetrap/domain";
import { copyDraft } from "../../../api/time-blocking";
import { i18n } from "../../../lib/i18n";
import { focusTile } from "../components/event-tile";
import { alertError } from "../lib/alert-error";
import { browserTimeZone } from "../lib/board-time";
import { boardEventOf, calendarEventId } from "../lib/calendar-events";
import { type BoardMenuItem, boardMenuItems, calendarServiceSource } from "../lib/tile";
import type { BoardKeyboardInput } from "./use-board-keyboard";

export { KeyboardDialogs } from "./keyboard-dialogs";

/** A dialog the keys open: the list of shortcuts, or the deletion of a block. */
export type KeyboardDialog =
  | { kind: "shortcuts" }
  /** `onDeleted` says so and puts the focus on the block beside it. */
  | { kind: "delete"; event: TimeBlockingEvent; onDeleted: () => void };

export interface KeyboardSession {
  run: (command: BoardCommand, tileId: string | null) => void;
}

/** A keyboard change, kept to be undone: the block before it and after it. */
interface KeptChange {
  before: TimeBlockingEvent;
  after: TimeBlockingEvent;
}

/** Ctrl+Z walks back this many keyboard changes at most. */
const undoDepth = 20;
/** Presses waiting for the change before them; more are dropped. */
const maxWaiting = 3;
/** How long the focus waits for a changed block to be drawn again. */
const refocusMs = 3000;

const fieldsUndone = ["start_time", "end_time", "all_day", "event_type", "completed", "elapsed_time"] as const;

/** "Tuesday 10:00–11:00", in the reader's language: what a screen reader hears after a change. */
export function blockWhen(event: Pick<TimeBlockingEvent, "start_time" | "end_time" | "all_day">, language: string) {
  const locale = language === "it" ? "it-IT" : "en-GB";
  const day = new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long" }).format(
    event.start_time,
  );
  if (event.all_day) return day;
  const time = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return `${day} ${time.format(event.start_time)}–${time.format(event.end_time)}`;
}

/**
 * The work of the board's keys (issue 21, decision 033), fetched on the first of them. Each change of a block is saved
 * as the same drag would be (`changes.change`), kept for Ctrl+Z, said in the live region, and the focus follows the
 * block once the board has drawn it again.
 */
export function keyboardSession(deps: {
  input: () => BoardKeyboardInput;
  showDialog: (dialog: KeyboardDialog) => void;
  announce: (text: string) => void;
}): KeyboardSession {
  const { input, showDialog, announce } = deps;
  const undo: KeptChange[] = [];
  // One change at a time, in the order pressed: each reads the block as the previous one left it. A held arrow repeats
  // faster than the server answers: beyond a few presses waiting, the next are dropped.
  let queue: Promise<void> = Promise.resolve();
  let waiting = 0;
  /** Where a block changed by the keys is now: its board id before the change, and a rule that finds it after. */
  const movedTo = new Map<string, (event: TimeBlockingEvent) => boolean>();
  let refocus = 0;
  const t = i18n.t.bind(i18n);
  const when = (event: TimeBlockingEvent) => blockWhen(event, i18n.language);

  /** The block drawn with this board id, or where a keyboard change took it since; with its id as drawn now. */
  const blockOf = (tileId: string | null) => {
    const drawn = input().events;
    const moved = tileId ? movedTo.get(tileId) : undefined;
    const found =
      drawn.find((candidate) => candidate.id === tileId) ??
      (moved
        ? drawn.find((candidate) => {
            const event = boardEventOf(candidate.extendedProps ?? {});
            return event !== null && moved(event);
          })
        : undefined);
    const event = found && found.editable !== false ? boardEventOf(found.extendedProps ?? {}) : null;
    return event && found?.id ? { event, tileId: found.id } : null;
  };

  /** Puts the focus on the first drawn block `match` accepts, as soon as it is drawn and as long as it is redrawn. */
  const focusWhenDrawn = (match: (event: TimeBlockingEvent) => boolean) => {
    const until = Date.now() + refocusMs;
    const own = ++refocus;
    let placed = false;
    const step = () => {
      if (own !== refocus || Date.now() > until) return;
      const active = document.activeElement;
      // A dialog still closing (the deletion's) gives the focus back first.
      if (active?.closest("[role='dialog']")) {
        requestAnimationFrame(step);
        return;
      }
      // The person went on elsewhere (a dialog, the toolbar): the focus is theirs.
      if (active && active !== document.body && !active.closest("[data-event-id]")) return;
      const found = input().events.find((candidate) => {
        const event = boardEventOf(candidate.extendedProps ?? {});
        return event !== null && match(event);
      });
      const face = found?.id ? faceOf(found.id) : null;
      if (face && active === face) placed = true;
      // Once on the block, the focus leaves it only for the page's body when the board draws the block again; anywhere
      // else (Tab to another block) the person moved it.
      else if (placed && active !== document.body) return;
      else if (face) {
        focusTile(found?.id as string);
        placed = true;
      }
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  };

  /**
   * Resolves once the board draws a block `match` accepts, or after `refocusMs`: the saved change has come back, so the
   * next key (waiting its turn) reads the block as the server has it, not as it was drawn before the change.
   */
  const drawn = (match: (event: TimeBlockingEvent) => boolean) =>
    new Promise<void>((resolve) => {
      const until = Date.now() + refocusMs;
      const step = () => {
        const found = input().events.some((candidate) => {
          const event = boardEventOf(candidate.extendedProps ?? {});
          return event !== null && match(event);
        });
        if (found || Date.now() > until) resolve();
        else setTimeout(step, 20);
      };
      step();
    });

  const save = async (before: TimeBlockingEvent, after: TimeBlockingEvent, message: string, keep = true) => {
    try {
      await input().changes.change(before, after);
      const now = matching(before, after);
      for (const [id, match] of movedTo) if (match(before)) movedTo.set(id, now);
      movedTo.set(calendarEventId(before), now);
      if (keep) {
        undo.push({ before, after });
        if (undo.length > undoDepth) undo.shift();
      }
      announce(message);
      followTo(after);
      focusWhenDrawn(matching(before, after));
      await drawn(matching(before, after));
    } catch (error) {
      alertError(error);
    }
  };

  /** A block moved to a day the board does not show: the board goes to that day's week. */
  const followTo = (event: TimeBlockingEvent) => {
    const view = input().controller.view;
    if (view && (event.start_time < view.activeStart.getTime() || event.start_time >= view.activeEnd.getTime())) {
      input().controller.gotoDate(new Date(event.start_time));
    }
  };

  const offered = (event: TimeBlockingEvent, item: BoardMenuItem) =>
    boardMenuItems(event, { now: Date.now(), readOnly: input().readOnly }).includes(item);

  const onBlock = (command: BoardCommand, event: TimeBlockingEvent, tileId: string): Promise<void> | void => {
    const { preferences } = input();
    const slotMs = durationMsOf(preferences.slotDuration);
    const hidden = preferences.weekends ? [] : [0, 6];
    const timed = !event.all_day;
    switch (command) {
      case "toggleTimer": {
        const running = input().runningEventId;
        input().toggleTimer(event);
        // The tile is drawn again with its timer's state (an occurrence as the standalone block the timer runs on).
        focusWhenDrawn(matching(event, event));
        // Another block's timer running: the confirmation that asks to stop it speaks first.
        if (running && running !== event.id) return;
        const key = running ? "boardKeyboard.announce.timerStopped" : "boardKeyboard.announce.timerStarted";
        announce(t(key, { title: event.title || t("board.tile.untitled") }));
        return;
      }
      case "moveUp":
      case "moveDown":
        if (!timed) return announce(t("boardKeyboard.announce.notOffered"));
        return moved(event, moveBySlots(event, command === "moveUp" ? -1 : 1, slotMs));
      case "previousDay":
      case "nextDay":
        return moved(event, moveByDays(event, command === "previousDay" ? -1 : 1, browserTimeZone(), hidden));
      case "shrink":
      case "grow": {
        const resized = timed ? resizeBySlots(event, command === "shrink" ? -1 : 1, slotMs) : null;
        if (!resized) return announce(t("boardKeyboard.announce.shortest"));
        return save(event, resized, t("boardKeyboard.announce.resized", { when: when(resized) }));
      }
      case "duplicate":
        if (!offered(event, "copy")) return announce(t("boardKeyboard.announce.notOffered"));
        // As the menu's Copy: the form opens on the copy, and gives the focus back to the block when it closes.
        focusTile(tileId);
        input().openForm({ mode: "create", draft: copyDraft(event) });
        return;
      case "confirmTime":
        if (!offered(event, "confirmTime")) return announce(t("boardKeyboard.announce.notOffered"));
        return save(event, confirmTime(event), t("boardKeyboard.announce.timeConfirmed", { when: when(event) }));
      case "toPlanning":
      case "toActivity": {
        const item = command === "toPlanning" ? "toPlanning" : "toActivity";
        if (!offered(event, item)) return announce(t("boardKeyboard.announce.notOffered"));
        return save(event, switchEventType(event), t(`boardKeyboard.announce.${item}`));
      }
      case "delete":
        if (event.source === calendarServiceSource) return announce(t("boardKeyboard.announce.notOffered"));
        showDialog({ kind: "delete", event, onDeleted: deleted(event, neighbourOf(tileId)) });
        return;
    }
  };

  const deleted = (event: TimeBlockingEvent, neighbourId: string | null) => () => {
    announce(t("boardKeyboard.announce.deleted", { title: event.title || t("board.tile.untitled") }));
    if (neighbourId) focusWhenDrawn((candidate) => calendarEventId(candidate) === neighbourId);
  };

  const moved = (before: TimeBlockingEvent, after: TimeBlockingEvent) =>
    save(before, after, t("boardKeyboard.announce.moved", { when: when(after) }));

  const undoLast = () => {
    const last = undo.pop();
    if (!last) return announce(t("boardKeyboard.announce.nothingToUndo"));
    const current = input()
      .events.map((candidate) => boardEventOf(candidate.extendedProps ?? {}))
      .find((event): event is TimeBlockingEvent => event !== null && matching(last.before, last.after)(event));
    if (!current) return announce(t("boardKeyboard.announce.nothingToUndo"));
    const restored = { ...current };
    for (const field of fieldsUndone) Object.assign(restored, { [field]: last.before[field] });
    return save(current, restored, t("boardKeyboard.announce.undone", { when: when(restored) }), false);
  };

  const newBlock = (tileId: string | null) => {
    const { events, preferences, controller } = input();
    const timeZone = browserTimeZone();
    const now = Date.now();
    const focused = tileId ? blockOf(tileId)?.event : null;
    const view = controller.view;
    const shown = (instant: number) =>
      !view || (instant >= view.activeStart.getTime() && instant < view.activeEnd.getTime());
    // The focused block's day, else today when it is shown, else the first day shown.
    const dayOf = focused?.start_time ?? (shown(now) || !view ? now : view.activeStart.getTime());
    const day = calendarDateIn(dayOf, timeZone);
    const today = day === calendarDateIn(now, timeZone);
    const blocks = events
      .map((candidate) => boardEventOf(candidate.extendedProps ?? {}))
      .filter((event): event is TimeBlockingEvent => event !== null);
    const slot = nextFreeSlot({
      day,
      timeZone,
      from: today ? now : null,
      businessStart: preferences.businessStartTime,
      slotMs: durationMsOf(preferences.slotDuration),
      blocks,
    });
    if (!slot) return announce(t("boardKeyboard.announce.noFreeHour"));
    input().openForm({ mode: "create", draft: { ...slot, all_day: false } });
  };

  return {
    run: (command, tileId) => {
      if (command === "shortcuts") return showDialog({ kind: "shortcuts" });
      if (waiting >= maxWaiting) return;
      waiting += 1;
      queue = queue
        .then(() => {
          if (command === "newBlock") return newBlock(tileId ?? focusedTile());
          if (command === "undo") return undoLast();
          const block = blockOf(tileId);
          return block ? onBlock(command, block.event, block.tileId) : undefined;
        })
        .finally(() => {
          waiting -= 1;
        });
    },
  };
}

/** The block a changed block is now: the same stored event at its new times, or the standalone copy of an occurrence. */
function matching(before: TimeBlockingEvent, after: TimeBlockingEvent) {
  return (event: TimeBlockingEvent) =>
    event.start_time === after.start_time &&
    event.end_time === after.end_time &&
    (before.is_occurrence ? !event.is_occurrence && event.title === after.title : event.id === after.id);
}

function faceOf(tileId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-event-id="${tileId}"] > button:not([data-tile-action])`);
}

/** The block whose face has the focus now, for N pressed from a block. */
function focusedTile(): string | null {
  const active = document.activeElement;
  return active instanceof HTMLButtonElement && !active.hasAttribute("data-tile-action")
    ? (active.parentElement?.getAttribute("data-event-id") ?? null)
    : null;
}

/** The block after this one in the board's order (else the one before): where the focus goes once it is deleted. */
function neighbourOf(tileId: string): string | null {
  const ids = [...document.querySelectorAll("[data-event-id]")].map((tile) => tile.getAttribute("data-event-id"));
  const index = ids.indexOf(tileId);
  return ids[index + 1] ?? ids[index - 1] ?? null;
}
