import { describe, expect, it } from "vitest";
import {
  type BoardCommand,
  commandOfKey,
  durationMsOf,
  moveByDays,
  moveBySlots,
  nextFreeSlot,
  resizeBySlots,
} from "./board-keys.js";
import { instantAt } from "./zoned-time.js";

const rome = "Europe/Rome";
const minute = 60_000;
const halfHour = 30 * minute;
/** An instant from Rome's wall clock. */
const at = (day: string, time: string) => {
  const [year = 0, month = 0, date = 0] = day.split("-").map(Number);
  const [hour = 0, min = 0] = time.split(":").map(Number);
  return instantAt({ year, month, day: date, hour, minute: min, second: 0, millisecond: 0 }, rome);
};
const block = (day: string, from: string, to: string, extra: Record<string, unknown> = {}) => ({
  start_time: at(day, from),
  end_time: at(day, to),
  ...extra,
});

describe("commandOfKey", () => {
  const press = (
    key: string,
    modifiers: Partial<Record<"shiftKey" | "ctrlKey" | "metaKey" | "altKey", boolean>> = {},
  ) => commandOfKey({ key, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...modifiers });

  it.each<[string, string, Parameters<typeof press>[1], BoardCommand | null]>([
    ["Space starts or stops the timer", " ", {}, "toggleTimer"],
    ["ArrowUp moves a slot earlier", "ArrowUp", {}, "moveUp"],
    ["ArrowDown moves a slot later", "ArrowDown", {}, "moveDown"],
    ["Shift+ArrowUp ends a slot earlier", "ArrowUp", { shiftKey: true }, "shrink"],
    ["Shift+ArrowDown ends a slot later", "ArrowDown", { shiftKey: true }, "grow"],
    ["ArrowLeft moves to the day before", "ArrowLeft", {}, "previousDay"],
    ["ArrowRight moves to the day after", "ArrowRight", {}, "nextDay"],
    ["D duplicates", "d", {}, "duplicate"],
    ["D with Caps Lock duplicates too", "D", {}, "duplicate"],
    ["C confirms the time", "c", {}, "confirmTime"],
    ["P makes a planning block", "p", {}, "toPlanning"],
    ["A makes an activity", "a", {}, "toActivity"],
    ["N makes a new block", "n", {}, "newBlock"],
    ["Delete deletes", "Delete", {}, "delete"],
    ["Backspace deletes", "Backspace", {}, "delete"],
    ["Ctrl+Z undoes", "z", { ctrlKey: true }, "undo"],
    ["⌘Z undoes", "z", { metaKey: true }, "undo"],
    ["Ctrl+Z with Caps Lock undoes", "Z", { ctrlKey: true }, "undo"],
    ["? shows the shortcuts (Shift+/)", "?", { shiftKey: true }, "shortcuts"],
    ["? shows the shortcuts where it has a key of its own", "?", {}, "shortcuts"],
    ["Enter is left to the tile's button", "Enter", {}, null],
    ["Tab is left to the browser", "Tab", {}, null],
    ["Ctrl+Shift+Z is not undo", "z", { ctrlKey: true, shiftKey: true }, null],
    ["Ctrl+⌘+Z is nothing", "z", { ctrlKey: true, metaKey: true }, null],
    ["Ctrl+D is the browser's bookmark", "d", { ctrlKey: true }, null],
    ["⌘C is the system's copy", "c", { metaKey: true }, null],
    ["Alt+N is nothing", "n", { altKey: true }, null],
    ["Shift+N is nothing", "N", { shiftKey: true }, null],
    ["Shift+Space is nothing", " ", { shiftKey: true }, null],
    ["Shift+ArrowLeft is nothing", "ArrowLeft", { shiftKey: true }, null],
    ["another letter is nothing", "x", {}, null],
    ["a function key is nothing", "F2", {}, null],
  ])("%s", (_label, key, modifiers, command) => {
    expect(press(key, modifiers)).toBe(command);
  });
});

describe("durationMsOf", () => {
  it.each([
    ["00:15:00", 15 * minute],
    ["00:30:00", halfHour],
    ["01:00", 60 * minute],
    ["23:45:00", (23 * 60 + 45) * minute],
  ])("%s", (value, ms) => {
    expect(durationMsOf(value)).toBe(ms);
  });
});

describe("moveBySlots", () => {
  it.each([
    ["a slot later", 1, "10:30", "11:30"],
    ["a slot earlier", -1, "09:30", "10:30"],
    ["three slots later", 3, "11:30", "12:30"],
  ])("moves %s, keeping its length", (_label, slots, from, to) => {
    const moved = moveBySlots({ ...block("2026-06-10", "10:00", "11:00"), title: "Review" }, slots, halfHour);
    expect(moved).toEqual({ ...block("2026-06-10", from, to), title: "Review" });
  });
});

describe("resizeBySlots", () => {
  it.each([
    ["ends a slot later", "10:00", "11:00", 1, halfHour, "11:30"],
    ["ends a slot earlier", "10:00", "11:00", -1, halfHour, "10:30"],
    ["never shorter than a slot: 45 minutes shrink to 30", "10:00", "10:45", -1, halfHour, "10:30"],
    ["a block one slot long stays", "10:00", "10:30", -1, halfHour, null],
    ["a block shorter than a slot stays", "10:00", "10:15", -1, halfHour, null],
    ["with 15-minute slots", "10:00", "11:00", -1, 15 * minute, "10:45"],
    ["past midnight", "23:00", "23:45", 1, halfHour, "00:15"],
  ])("%s", (_label, from, to, slots, slotMs, end) => {
    const resized = resizeBySlots(block("2026-06-10", from, to), slots, slotMs);
    if (end === null) expect(resized).toBeNull();
    else {
      const day = end < from ? "2026-06-11" : "2026-06-10";
      expect(resized).toEqual({ start_time: at("2026-06-10", from), end_time: at(day, end) });
    }
  });

  it("never makes a block longer than an event may last", () => {
    const month = { start_time: at("2026-06-01", "00:00"), end_time: at("2026-07-02", "00:00") };
    expect(resizeBySlots(month, 1, halfHour)).toBeNull();
  });
});

describe("moveByDays", () => {
  it.each([
    ["a day later", block("2026-06-10", "09:00", "10:00"), 1, block("2026-06-11", "09:00", "10:00")],
    ["a day earlier", block("2026-06-10", "09:00", "10:00"), -1, block("2026-06-09", "09:00", "10:00")],
    // Rome's clocks go forward on 29 March 2026 at 02:00 and back on 25 October 2026 at 03:00.
    [
      "into the spring change at the same wall-clock time",
      block("2026-03-28", "09:00", "10:00"),
      1,
      block("2026-03-29", "09:00", "10:00"),
    ],
    [
      "out of the spring change back to the same time",
      block("2026-03-29", "09:00", "10:00"),
      -1,
      block("2026-03-28", "09:00", "10:00"),
    ],
    [
      "into the autumn change at the same wall-clock time",
      block("2026-10-24", "09:00", "10:00"),
      1,
      block("2026-10-25", "09:00", "10:00"),
    ],
    [
      "over the autumn change, a day later",
      block("2026-10-25", "18:00", "19:30"),
      1,
      block("2026-10-26", "18:00", "19:30"),
    ],
  ])("%s", (_label, from, days, to) => {
    expect(moveByDays(from, days, rome)).toEqual(to);
  });

  it("keeps the length in hours of the wall clock, not of the instants, across the spring change", () => {
    const moved = moveByDays(block("2026-03-28", "09:00", "10:00"), 1, rome);
    expect(moved.start_time - at("2026-03-28", "09:00")).toBe(23 * 60 * minute);
  });

  it.each([
    ["Friday to Monday over a hidden weekend", "2026-06-12", 1, "2026-06-15"],
    ["Monday to Friday over a hidden weekend", "2026-06-15", -1, "2026-06-12"],
    ["Thursday to Friday", "2026-06-11", 1, "2026-06-12"],
  ])("%s", (_label, from, days, to) => {
    expect(moveByDays(block(from, "09:00", "10:00"), days, rome, [0, 6])).toEqual(block(to, "09:00", "10:00"));
  });

  it("reaches Saturday when the weekend is shown", () => {
    expect(moveByDays(block("2026-06-12", "09:00", "10:00"), 1, rome)).toEqual(block("2026-06-13", "09:00", "10:00"));
  });
});

describe("nextFreeSlot", () => {
  const day = "2026-06-10";
  const query = (overrides: Partial<Parameters<typeof nextFreeSlot>[0]>) =>
    nextFreeSlot({
      day,
      timeZone: rome,
      from: null,
      businessStart: "09:00",
      slotMs: halfHour,
      blocks: [],
      ...overrides,
    });

  it.each([
    ["an empty day starts at the business start", {}, "09:00", "10:00"],
    ["today starts now, rounded up to the slot", { from: at(day, "10:10") }, "10:30", "11:30"],
    ["now on a slot starts there", { from: at(day, "10:30") }, "10:30", "11:30"],
    ["a second past a slot waits for the next", { from: at(day, "10:30") + 1000 }, "11:00", "12:00"],
    ["with 15-minute slots", { from: at(day, "10:10"), slotMs: 15 * minute }, "10:15", "11:15"],
    [
      "after a block at the business start, touching its end",
      { blocks: [block(day, "09:00", "10:00")] },
      "10:00",
      "11:00",
    ],
    ["before a block an hour away, touching its start", { blocks: [block(day, "10:00", "11:00")] }, "09:00", "10:00"],
    [
      "past a gap too short for an hour",
      { blocks: [block(day, "09:30", "10:00"), block(day, "10:30", "12:00")] },
      "12:00",
      "13:00",
    ],
    [
      "past a block ending off the slots, at the next slot",
      { blocks: [block(day, "09:00", "10:10")] },
      "10:30",
      "11:30",
    ],
    [
      "planning blocks are busy: a block beneath one would be hidden",
      { blocks: [block(day, "09:00", "12:00", { event_type: "planning" })] },
      "12:00",
      "13:00",
    ],
    [
      "all-day blocks take no hours",
      { blocks: [{ ...block(day, "00:00", "00:00"), end_time: at("2026-06-11", "00:00"), all_day: true }] },
      "09:00",
      "10:00",
    ],
    [
      "a block of another day reaching into this one is busy",
      { blocks: [{ start_time: at("2026-06-09", "20:00"), end_time: at(day, "09:30") }] },
      "09:30",
      "10:30",
    ],
  ])("%s", (_label, overrides, from, to) => {
    expect(query(overrides)).toEqual(block(day, from, to));
  });

  it("fits the last hour of the day, up to midnight", () => {
    expect(query({ from: at(day, "22:40") })).toEqual({
      start_time: at(day, "23:00"),
      end_time: at("2026-06-11", "00:00"),
    });
  });

  it("answers null when no hour is left", () => {
    expect(query({ from: at(day, "23:10") })).toBeNull();
    expect(query({ blocks: [block(day, "09:00", "23:59")] })).toBeNull();
  });

  it("finds the business start on the day Rome's clocks go forward, after the skipped hour", () => {
    expect(query({ day: "2026-03-29" })).toEqual(block("2026-03-29", "09:00", "10:00"));
    expect(query({ day: "2026-03-29", businessStart: "01:30" })).toEqual({
      start_time: at("2026-03-29", "01:30"),
      end_time: at("2026-03-29", "03:30"),
    });
  });

  it("keeps the wall-clock slots on the day Rome's clocks go back", () => {
    expect(query({ day: "2026-10-25", blocks: [block("2026-10-25", "09:00", "10:00")] })).toEqual(
      block("2026-10-25", "10:00", "11:00"),
    );
  });
});
