import { describe, expect, it } from "vitest";
import { boardDateOf, boardDateParam, boardView, dateToRecord, startOfBoardDate } from "./board-url";

describe("boardDateParam", () => {
  it.each([
    ["2026-11-30", "2026-11-30"],
    ["2024-02-29", "2024-02-29"],
    ["2026-02-29", null],
    ["2026-13-01", null],
    ["2026-1-01", null],
    ["30/11/2026", null],
    ["", null],
    [null, null],
  ])("%s → %s", (value, expected) => {
    expect(boardDateParam(value)).toBe(expected);
  });
});

describe("boardDateOf and startOfBoardDate", () => {
  it("round-trip a local day", () => {
    expect(boardDateOf(startOfBoardDate("2026-03-29"))).toBe("2026-03-29");
    expect(boardDateOf(new Date(2026, 0, 5, 23, 59).getTime())).toBe("2026-01-05");
  });
});

describe("boardView", () => {
  it.each([
    [null, "timeGridWeek", false, "timeGridWeek"],
    [null, "timeGridDay", false, "timeGridDay"],
    ["day", "timeGridWeek", false, "timeGridDay"],
    ["week", "timeGridDay", false, "timeGridWeek"],
    ["month", "timeGridWeek", false, "timeGridWeek"],
    ["week", "timeGridWeek", true, "timeGridDay"],
  ] as const)("%s with %s (narrow %s) → %s", (param, preference, narrow, expected) => {
    expect(boardView(param, preference, narrow)).toBe(expected);
  });
});

describe("dateToRecord", () => {
  const week = { start: startOfBoardDate("2026-11-30"), end: startOfBoardDate("2026-12-07") };
  const now = new Date(2026, 10, 28, 10).getTime();
  it.each([
    ["a day inside the week is kept", "2026-12-02", null],
    ["the week's first day is kept", "2026-11-30", null],
    ["a day of another week is replaced by the week's start", "2026-11-23", "2026-11-30"],
    ["no day, with today outside the week, records the week's start", null, "2026-11-30"],
  ])("%s", (_, param, expected) => {
    expect(dateToRecord(week, param, now)).toBe(expected);
  });
  it("no day, with today inside the period, records nothing", () => {
    expect(dateToRecord(week, null, new Date(2026, 11, 1, 9).getTime())).toBeNull();
  });
});
