import {
  canConfirmTime,
  canCopyEvent,
  canStartTimer,
  canSwitchEventType,
  type EventType,
  formatDuration,
  showsElapsedTime,
  type TimeBlockingEvent,
} from "@timetrap/domain";

/** Spec part 1 §2 "Board": planning blocks span the day with this margin on each side. */
export const planningSideMarginPx = 20;
/** Spec part 1 §2 "Board": each overlapping activity starts this much further right than the one beneath it. */
export const overlapOffsetPx = 30;
/** Spec part 1 §2 "Board": a tile less tall than this is drawn condensed. */
export const condensedBelowPx = 30;
/**
 * FullCalendar's `eventShortHeight`: it calls a tile short when its height is at most this, the spec when it is
 * under 30 px; tile heights are fractional, so the bound sits just below 30.
 */
export const eventShortHeightPx = condensedBelowPx - 0.01;
/** Deeper stacks share the last offset, so that a crowded hour still leaves each tile most of the column. */
export const deepestOffsetLevel = 6;

/** The source code of events that come from the calendar service: they get no context menu (spec §2). */
export const calendarServiceSource = "gcalendar";

export interface TileLayout {
  /** Planning blocks are drawn in a layer above the other events. */
  layer: "planning" | "event";
  /** Distance from the day column's left edge, px. */
  insetStartPx: number;
  /** Distance from the day column's right edge, px. */
  insetEndPx: number;
  condensed: boolean;
}

/**
 * Where a tile sits in its day column. `level` is how many overlapping events lie beneath it in the time grid;
 * `short` whether the grid found it under `condensedBelowPx` tall.
 */
export function tileLayout(input: { eventType: EventType; level: number; short: boolean }): TileLayout {
  const condensed = input.short;
  if (input.eventType === "planning") {
    return { layer: "planning", insetStartPx: planningSideMarginPx, insetEndPx: planningSideMarginPx, condensed };
  }
  const level = Math.min(Math.max(0, Math.floor(input.level)), deepestOffsetLevel);
  return { layer: "event", insetStartPx: level * overlapOffsetPx, insetEndPx: 0, condensed };
}

export type TimerButton = "play" | "pause" | null;

export interface TileState {
  running: boolean;
  timerButton: TimerButton;
  /** The elapsed time to show, in seconds, or null. */
  elapsedSeconds: number | null;
}

/**
 * What a tile shows besides its title and times. `runningEventId` is the event the owner's timer runs on: an
 * occurrence never runs (a timer starts on the standalone copy the server saves of it). `endOfToday` is the last
 * millisecond of today in the browser's zone. A read-only board has no timer button.
 */
export function tileState(
  event: TimeBlockingEvent,
  options: { runningEventId: string | null; endOfToday: number; readOnly: boolean },
): TileState {
  const running = options.runningEventId === event.id && !event.is_occurrence;
  let timerButton: TimerButton = null;
  if (!options.readOnly) {
    if (running) timerButton = "pause";
    else if (canStartTimer(event, { running, endOfToday: options.endOfToday })) timerButton = "play";
  }
  return { running, timerButton, elapsedSeconds: showsElapsedTime(event) ? event.elapsed_time : null };
}

export interface TileNameWords {
  untitled: string;
  planning: string;
  running: string;
  elapsed: string;
}

/**
 * What a tile is called to a screen reader and in the keyboard's focus: its title, its time range, its project, and
 * in words what the eye reads from its look (a planning block's wash, a running timer's ring, the logged time of a
 * completed activity). The title and times come first, as on the tile.
 */
export function tileName(
  event: Pick<TimeBlockingEvent, "title" | "event_type" | "project">,
  options: { timeText: string; state: TileState; words: TileNameWords },
): string {
  const { state, words } = options;
  const parts = [event.title || words.untitled, options.timeText];
  if (event.project) parts.push(event.project.title);
  if (event.event_type === "planning") parts.push(words.planning);
  if (state.running) parts.push(words.running);
  if (state.elapsedSeconds !== null) parts.push(`${words.elapsed} ${formatDuration(state.elapsedSeconds)}`);
  return parts.filter((part) => part !== "").join(", ");
}

export type BoardMenuItem = "confirmTime" | "edit" | "toActivity" | "toPlanning" | "copy";

/**
 * The right-click menu of a tile (spec §2 "Board", §4 "Events"). A calendar-service event has none. On a board the
 * reader may not change, only Edit is left: the form then opens read-only.
 */
export function boardMenuItems(event: TimeBlockingEvent, options: { now: number; readOnly: boolean }): BoardMenuItem[] {
  if (event.source === calendarServiceSource) return [];
  if (options.readOnly) return ["edit"];
  const items: BoardMenuItem[] = [];
  if (canConfirmTime(event, options.now)) items.push("confirmTime");
  items.push("edit");
  if (canSwitchEventType(event)) items.push(event.event_type === "planning" ? "toActivity" : "toPlanning");
  if (canCopyEvent(event)) items.push("copy");
  return items;
}
