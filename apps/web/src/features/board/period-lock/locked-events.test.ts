import { describe, expect, it } from "vitest";
import { toCalendarEvent } from "../lib/calendar-events";
import { buildEvent } from "../lib/event-fixtures";
import { type LockState, locksShown, periodsBetween, withLockedEvents } from "./locked-events";

const rome = (date: string, time: string) => Date.parse(`${date}T${time}:00+01:00`);
const week = { start: "2026-03-16", end: "2026-03-22" };

describe("periodsBetween", () => {
  it.each([
    ["a week of the board, weeks", "2026-03-16", "2026-03-22", "week", ["2026-03-16"]],
    ["a working week, weeks", "2026-03-16", "2026-03-20", "week", ["2026-03-16"]],
    ["a week across two months, months", "2026-03-30", "2026-04-05", "month", ["2026-03-01", "2026-04-01"]],
    ["one day", "2026-03-18", "2026-03-18", "month", ["2026-03-01"]],
    ["two weeks", "2026-03-16", "2026-03-29", "week", ["2026-03-16", "2026-03-23"]],
  ] as const)("%s", (_label, start, end, kind, starts) => {
    expect(periodsBetween(start, end, kind).map((period) => period.start)).toEqual(starts);
  });
});

describe("withLockedEvents", () => {
  const approvedWeek: LockState = { approvedPeriods: [week], lockBefore: null, timeZone: "Europe/Rome" };
  const calendar = (overrides: Parameters<typeof buildEvent>[0]) =>
    toCalendarEvent(buildEvent(overrides), { editable: true });

  it.each([
    ["an activity of an approved week", { start_time: rome("2026-03-18", "09:00") }, approvedWeek, true],
    [
      "a planning block of an approved week",
      { start_time: rome("2026-03-18", "09:00"), event_type: "planning" as const },
      approvedWeek,
      false,
    ],
    ["an activity of the week after", { start_time: rome("2026-03-23", "09:00") }, approvedWeek, false],
    // 23:30 on Sunday in Rome is Sunday there, though Monday has begun further east.
    [
      "an activity late on the approved Sunday, in the owner's zone",
      { start_time: rome("2026-03-22", "23:30") },
      approvedWeek,
      true,
    ],
    [
      "an activity just after midnight on the Monday after",
      { start_time: rome("2026-03-23", "00:15") },
      approvedWeek,
      false,
    ],
    [
      "an activity before the lock date",
      { start_time: rome("2026-02-27", "09:00") },
      { approvedPeriods: [], lockBefore: "2026-03-01", timeZone: "Europe/Rome" },
      true,
    ],
    [
      "an activity on the lock date itself",
      { start_time: rome("2026-03-01", "09:00") },
      { approvedPeriods: [], lockBefore: "2026-03-01", timeZone: "Europe/Rome" },
      false,
    ],
  ] as const)("%s: locked %s", (_label, overrides, state, locked) => {
    const [result] = withLockedEvents([calendar(overrides)], state, "locked");
    expect(result?.editable).toBe(!locked);
    expect(result?.className ?? "").toBe(locked ? "locked" : "");
  });

  it("keeps the classes an event already had, and leaves what is not a board event alone", () => {
    const running = { ...calendar({ start_time: rome("2026-03-18", "09:00") }), className: "running" };
    const dayOff = {
      id: "day-off",
      start: "2026-03-18",
      allDay: true,
      editable: false,
      extendedProps: { dayOff: true },
    };
    const [first, second] = withLockedEvents([running, dayOff], approvedWeek, "locked");
    expect(first?.className).toBe("running locked");
    expect(second).toBe(dayOff);
  });
});

describe("locksShown", () => {
  it.each([
    ["nothing locked", { approvedPeriods: [], lockBefore: null }, []],
    ["the approved week shown", { approvedPeriods: [week], lockBefore: null }, [{ kind: "approved", ...week }]],
    [
      "an approved week not shown",
      { approvedPeriods: [{ start: "2026-03-09", end: "2026-03-15" }], lockBefore: null },
      [],
    ],
    [
      "a lock date after the first day shown",
      { approvedPeriods: [], lockBefore: "2026-03-18" },
      [{ kind: "before", date: "2026-03-18" }],
    ],
    ["a lock date on the first day shown", { approvedPeriods: [], lockBefore: "2026-03-16" }, []],
  ] as const)("%s", (_label, state, expected) => {
    expect(locksShown(week.start, week.end, state)).toEqual(expected);
  });
});
