import { defaultEventDurationMs, longestEventMs } from "./events.js";
import { addCalendarDays, instantAt, type WallClock, wallClockAt, weekdayNumber } from "./zoned-time.js";

/**
 * The board's keyboard (issue 21, decision 033): which key does what, and the time arithmetic of moving, resizing and
 * creating a block from the keyboard. Pure: the board reads the focused block and saves the result as a drag would.
 */

export type BoardCommand =
  /** Start or stop the focused block's timer (Space). */
  | "toggleTimer"
  | "moveUp"
  | "moveDown"
  | "shrink"
  | "grow"
  | "previousDay"
  | "nextDay"
  | "duplicate"
  | "confirmTime"
  | "toPlanning"
  | "toActivity"
  | "delete"
  | "undo"
  | "newBlock"
  | "shortcuts";

/** Commands that act on the focused block; the others act on the board. */
export const blockCommands: ReadonlySet<BoardCommand> = new Set<BoardCommand>([
  "toggleTimer",
  "moveUp",
  "moveDown",
  "shrink",
  "grow",
  "previousDay",
  "nextDay",
  "duplicate",
  "confirmTime",
  "toPlanning",
  "toActivity",
  "delete",
]);

export interface KeyPress {
  /** `KeyboardEvent.key`. */
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

const letters: Record<string, BoardCommand> = {
  d: "duplicate",
  c: "confirmTime",
  p: "toPlanning",
  a: "toActivity",
  n: "newBlock",
};

/**
 * The command a key press stands for, or null. Letters are read case-blind without Shift (Caps Lock on still
 * works); Alt, Ctrl and ⌘ leave them to the browser and the system (Ctrl+D bookmarks, ⌘C copies), except Ctrl+Z and
 * ⌘Z, undo. `?` is Shift+/ on most layouts and a key of its own on others: the character decides, not the key.
 */
export function commandOfKey(press: KeyPress): BoardCommand | null {
  const { key, shiftKey, ctrlKey, metaKey, altKey } = press;
  if (altKey) return null;
  if (ctrlKey || metaKey) {
    return ctrlKey !== metaKey && !shiftKey && key.toLowerCase() === "z" ? "undo" : null;
  }
  if (key === "?") return "shortcuts";
  switch (key) {
    case "ArrowUp":
      return shiftKey ? "shrink" : "moveUp";
    case "ArrowDown":
      return shiftKey ? "grow" : "moveDown";
    case "ArrowLeft":
      return shiftKey ? null : "previousDay";
    case "ArrowRight":
      return shiftKey ? null : "nextDay";
    case " ":
      return shiftKey ? null : "toggleTimer";
    case "Delete":
    case "Backspace":
      return shiftKey ? null : "delete";
  }
  if (shiftKey || key.length !== 1) return null;
  return letters[key.toLowerCase()] ?? null;
}

export interface BlockTimes {
  start_time: number;
  end_time: number;
}

/** `HH:mm[:ss]` as milliseconds: the person's slot duration. */
export function durationMsOf(value: string): number {
  const [h = "0", m = "0", s = "0"] = value.split(":");
  return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000;
}

/** The block moved by `slots` slots (negative: earlier), its length kept. */
export function moveBySlots<T extends BlockTimes>(block: T, slots: number, slotMs: number): T {
  const shift = slots * slotMs;
  return { ...block, start_time: block.start_time + shift, end_time: block.end_time + shift };
}

/**
 * The block with its end `slots` slots later (negative: earlier), or null when nothing would change: never shorter
 * than one slot (a longer block shrinks to one slot at least; one already that short stays), never longer than an
 * event may last.
 */
export function resizeBySlots<T extends BlockTimes>(block: T, slots: number, slotMs: number): T | null {
  if (slots < 0) {
    const end = Math.max(block.end_time + slots * slotMs, block.start_time + slotMs);
    return end < block.end_time ? { ...block, end_time: end } : null;
  }
  const end = block.end_time + slots * slotMs;
  return end > block.end_time && end - block.start_time <= longestEventMs ? { ...block, end_time: end } : null;
}

/**
 * The block moved by `days` days the board shows (negative: earlier), at the same wall-clock times in `timeZone`:
 * across a daylight-saving change a 09:00 block stays at 09:00, though the day between is 23 or 25 hours long. Days
 * in `hiddenWeekdays` (0 Sunday … 6 Saturday: the weekend a board hides) are stepped over, so that the block never
 * lands where it cannot be seen.
 */
export function moveByDays<T extends BlockTimes>(
  block: T,
  days: number,
  timeZone: string,
  hiddenWeekdays: readonly number[] = [],
): T {
  const start = wallClockAt(block.start_time, timeZone);
  const end = wallClockAt(block.end_time, timeZone);
  const step = Math.sign(days);
  let offset = 0;
  // Seven hidden days would never end: a board always shows at least one.
  for (let moved = 0, guard = 0; moved < Math.abs(days) && guard < 7 * Math.abs(days) + 7; guard += 1) {
    offset += step;
    if (!hiddenWeekdays.includes(weekdayNumber(addCalendarDays(start, offset)))) moved += 1;
  }
  return {
    ...block,
    start_time: instantAt(addCalendarDays(start, offset), timeZone),
    end_time: instantAt(addCalendarDays(end, offset), timeZone),
  };
}

export interface FreeSlotQuery {
  /** The day, `YYYY-MM-DD`, in `timeZone`. */
  day: string;
  timeZone: string;
  /**
   * The earliest start: now, on today. It is rounded up to the next slot. Null on another day: the search starts at
   * `businessStart`.
   */
  from: number | null;
  /** `HH:mm`: where a day other than today starts. */
  businessStart: string;
  slotMs: number;
  /** The new block's length; an hour unless told. */
  durationMs?: number;
  /**
   * The day's blocks. Every timed block is busy, planning blocks too: they are drawn opaque above the others (decision
   * 007), so a block made beneath one would be hidden. All-day blocks take no hours.
   */
  blocks: readonly (BlockTimes & { all_day?: boolean })[];
}

/**
 * The first start, on the slot grid of the day (slots counted from midnight, wall clock), from which a block of
 * `durationMs` touches no busy block before the day ends, or null when the day has no such room left. Touching ends
 * are free: a block may start when another ends.
 */
export function nextFreeSlot(query: FreeSlotQuery): BlockTimes | null {
  const { timeZone, slotMs } = query;
  const durationMs = query.durationMs ?? defaultEventDurationMs;
  const [year = 1970, month = 1, day = 1] = query.day.split("-").map(Number);
  const midnight: WallClock = { year, month, day, hour: 0, minute: 0, second: 0, millisecond: 0 };
  const slotMinutes = Math.max(1, Math.round(slotMs / 60_000));
  const durationMinutes = Math.max(1, Math.round(durationMs / 60_000));
  const at = (minutes: number) =>
    instantAt(
      addCalendarDays(
        { ...midnight, hour: Math.floor(minutes / 60) % 24, minute: minutes % 60 },
        Math.floor(minutes / 1440),
      ),
      timeZone,
    );
  let first: number;
  if (query.from === null) {
    first = durationMsOf(query.businessStart) / 60_000;
  } else {
    const clock = wallClockAt(query.from, timeZone);
    // A minute begun counts as gone: at 10:00:30 the next half-hour slot is 10:30.
    first = clock.hour * 60 + clock.minute + (clock.second > 0 || clock.millisecond > 0 ? 1 : 0);
  }
  first = Math.ceil(first / slotMinutes) * slotMinutes;
  const busy = query.blocks.filter((block) => !block.all_day);
  for (let minutes = first; minutes + durationMinutes <= 1440; minutes += slotMinutes) {
    const start = at(minutes);
    const end = at(minutes + durationMinutes);
    // A day whose clocks go forward has an hour less: a start in the skipped hour lands on the next, already tried.
    if (end <= start) continue;
    if (!busy.some((block) => block.start_time < end && block.end_time > start))
      return { start_time: start, end_time: end };
  }
  return null;
}
