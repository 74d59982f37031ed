import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canConfirmTime,
  canCopyEvent,
  canStartTimer,
  categoryFitsEventType,
  completedActivityByDay,
  confirmTime,
  correctDurationInput,
  defaultEventColor,
  duplicateEvent,
  type EventState,
  type EventTimes,
  elapsedAfterTimer,
  elapsedBetween,
  endTimeMessage,
  formatDuration,
  initialElapsed,
  longestEventMs,
  showsElapsedTime,
  switchEventType,
  timeBlockingEventInputSchema,
  timeBlockingEventPatchSchema,
  timeBlockingRangeQuerySchema,
  timerStartSchema,
  withElapsed,
  withEnd,
  withStart,
} from "./events.js";

const at = (hhmm: string) => Date.UTC(2026, 10, 20, Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5)));
const event = (overrides: Partial<EventState> = {}): EventState => ({
  start_time: at("09:00"),
  end_time: at("10:00"),
  elapsed_time: 3600,
  event_type: "activity",
  completed: false,
  project_id: "p1",
  ...overrides,
});

describe("elapsedBetween", () => {
  it.each([
    [at("09:00"), at("10:30"), 5400],
    [at("09:00"), at("09:00"), 0],
    [at("10:00"), at("09:00"), 0],
  ])("from %d to %d is %d s", (start, end, expected) => {
    expect(elapsedBetween(start, end)).toBe(expected);
  });
});

describe("withStart", () => {
  it.each([
    ["earlier start keeps the end", "08:30", at("10:00"), 5400],
    ["start inside keeps the end", "09:30", at("10:00"), 1800],
    ["start at the end moves the end 30 minutes on", "10:00", at("10:30"), 1800],
    ["start after the end moves the end 30 minutes on", "11:00", at("11:30"), 1800],
  ])("%s", (_label, start, end, elapsed) => {
    expect(withStart(event(), at(start))).toMatchObject({
      start_time: at(start),
      end_time: end,
      elapsed_time: elapsed,
    });
  });
});

describe("withEnd", () => {
  it.each([
    ["a later end", "11:00", at("11:00"), 7200],
    ["an end equal to the start", "09:00", at("09:30"), 1800],
    ["an end before the start", "08:00", at("09:30"), 1800],
  ])("%s", (_label, end, expectedEnd, elapsed) => {
    expect(withEnd(event(), at(end))).toMatchObject({ end_time: expectedEnd, elapsed_time: elapsed });
  });
});

describe("withElapsed", () => {
  it.each([
    [2700, at("09:45")],
    [0, at("09:00")],
    [-60, at("09:00")],
  ])("%d s moves the end to %d", (seconds, end) => {
    expect(withElapsed(event(), seconds).end_time).toBe(end);
  });
});

describe("canConfirmTime", () => {
  const now = at("12:00");
  it.each([
    ["an ended activity with a project and no time", {}, true],
    ["a completed one", { completed: true }, false],
    ["one still running past now", { end_time: at("13:00") }, false],
    ["a planning block", { event_type: "planning" }, false],
    ["one with elapsed time", { elapsed_time: 60 }, false],
    ["one without a project", { project_id: null }, false],
  ] as const)("%s: %s", (_label, patch, expected) => {
    expect(canConfirmTime(event({ elapsed_time: 0, ...patch }), now)).toBe(expected);
  });

  it("completes the event with its whole duration", () => {
    expect(confirmTime(event({ elapsed_time: 0 }))).toMatchObject({ completed: true, elapsed_time: 3600 });
  });
});

describe("switchEventType", () => {
  it("turns planning into activity with the block's duration as elapsed time", () => {
    expect(switchEventType(event({ event_type: "planning", elapsed_time: 0 }))).toMatchObject({
      event_type: "activity",
      elapsed_time: 3600,
    });
  });
  it("turns activity into planning", () => {
    expect(switchEventType(event()).event_type).toBe("planning");
  });
});

describe("duplicateEvent", () => {
  it("resets the elapsed time and the completion", () => {
    expect(duplicateEvent(event({ completed: true }))).toMatchObject({ elapsed_time: 0, completed: false });
  });
});

describe("initialElapsed", () => {
  it.each([
    ["a block saved completed logs its whole length", true, 3600],
    ["a block not yet done logs nothing", false, 0],
  ])("%s", (_label, completed, expected) => {
    expect(initialElapsed({ start_time: at("09:00"), end_time: at("10:00"), completed })).toBe(expected);
  });
});

describe("canStartTimer", () => {
  const endOfToday = at("23:59") + 59_999;
  it.each([
    ["an activity of today", {}, false, true],
    ["a planning block", { event_type: "planning" }, false, false],
    ["a running one", {}, true, false],
    ["a completed one", { completed: true }, false, false],
    ["one of tomorrow", { start_time: endOfToday + 1 }, false, false],
    ["one of yesterday", { start_time: at("09:00") - 86_400_000 }, false, true],
  ] as const)("%s: %s", (_label, patch, running, expected) => {
    expect(canStartTimer(event(patch), { running, endOfToday })).toBe(expected);
  });
});

describe("elapsedAfterTimer", () => {
  it("adds the seconds since the start", () => {
    expect(elapsedAfterTimer(600, at("09:00"), at("09:25"))).toBe(600 + 1500);
  });
});

/** Each issue of a failed parse as `path: message`, to compare with a table. */
const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join(".")}: ${issue.message}`);

const eventId = "0b8a3e5e-3b8e-4c56-9b7c-7f0d8a1e2c3d";
const hour = 3_600_000;

describe("timeBlockingEventInputSchema", () => {
  const valid = { start_time: at("09:00"), end_time: at("10:00") };

  it("fills the defaults of a new activity and reads empty ids as none", () => {
    expect(timeBlockingEventInputSchema.parse({ ...valid, project_id: "", category_id: null })).toEqual({
      ...valid,
      title: "",
      all_day: false,
      color: defaultEventColor,
      completed: false,
      event_type: "activity",
      project_id: null,
      category_id: null,
      task_linked_id: null,
      source: "timetrap",
      source_id: null,
      calendar_id: null,
      recurrence_id: null,
      recurrence: null,
    });
  });

  it("trims the title, writes the colour in lower case and keeps a rule with its defaults", () => {
    const parsed = timeBlockingEventInputSchema.parse({
      ...valid,
      title: "  Review ",
      color: "#FA5252",
      elapsed_time: 0,
      recurrence: { every: 2, frequency: "WEEKLY", day_of_weeks: [1, 3] },
    });
    expect(parsed).toMatchObject({
      title: "Review",
      color: "#fa5252",
      elapsed_time: 0,
      recurrence: { every: 2, frequency: "WEEKLY", day_of_weeks: [1, 3], until: null, repeat: null },
    });
  });

  it("takes an event of exactly 31 days", () => {
    expect(
      timeBlockingEventInputSchema.safeParse({ ...valid, end_time: valid.start_time + longestEventMs }).success,
    ).toBe(true);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ["an end before the start", { end_time: at("08:00") }, [`end_time: ${endTimeMessage}`]],
    ["an end equal to the start", { end_time: at("09:00") }, [`end_time: ${endTimeMessage}`]],
    [
      "an event longer than 31 days",
      { end_time: at("09:00") + longestEventMs + 1 },
      ["end_time: An event lasts at most 31 days"],
    ],
    ["an unknown event type", { event_type: "meeting" }, ["event_type: Event type must be planning or activity"]],
    ["a colour by name", { color: "red" }, ["color: Colour must be written as #rrggbb"]],
    ["a negative elapsed time", { elapsed_time: -1 }, ["elapsed_time: Elapsed time cannot be negative"]],
    ["a fraction of a second", { elapsed_time: 1.5 }, ["elapsed_time: Elapsed time must be a whole number of seconds"]],
    [
      "more than 31 days of elapsed time",
      { elapsed_time: longestEventMs / 1000 + 1 },
      ["elapsed_time: Elapsed time cannot exceed 31 days"],
    ],
    ["a start as text", { start_time: "2026-11-20" }, ["start_time: Start time must be a time in epoch milliseconds"]],
    [
      "a start before 1970",
      { start_time: -5, end_time: hour },
      ["start_time: Start time must be a time in epoch milliseconds"],
    ],
    ["a project that is not an id", { project_id: "website" }, ["project_id: Project must be a project id"]],
    ["a category that is not an id", { category_id: "design" }, ["category_id: Category must be a category id"]],
    ["a task that is not an id", { task_linked_id: "task" }, ["task_linked_id: Task must be a task id"]],
    ["a series that is not an id", { recurrence_id: "nope" }, ["recurrence_id: recurrence_id must be a recurrence id"]],
    ["a title of 501 characters", { title: "x".repeat(501) }, ["title: Title is at most 500 characters"]],
    ["a field it does not know", { user_id: eventId }, [': Unrecognized key: "user_id"']],
    [
      "every 0",
      { recurrence: { every: 0, frequency: "DAILY" } },
      ["recurrence.every: Repeat every must be a whole number from 1 to 99"],
    ],
    [
      "every 100",
      { recurrence: { every: 100, frequency: "DAILY" } },
      ["recurrence.every: Repeat every must be a whole number from 1 to 99"],
    ],
    [
      "every 1.5",
      { recurrence: { every: 1.5, frequency: "DAILY" } },
      ["recurrence.every: Repeat every must be a whole number from 1 to 99"],
    ],
    [
      "repeat 100",
      { recurrence: { every: 1, frequency: "DAILY", repeat: 100 } },
      ["recurrence.repeat: Occurrences must be a whole number from 0 to 99"],
    ],
    [
      "repeat -1",
      { recurrence: { every: 1, frequency: "DAILY", repeat: -1 } },
      ["recurrence.repeat: Occurrences must be a whole number from 0 to 99"],
    ],
    [
      "weekday 7",
      { recurrence: { every: 1, frequency: "WEEKLY", day_of_weeks: [1, 7] } },
      ["recurrence.day_of_weeks.1: Weekdays are numbers from 0 (Sunday) to 6 (Saturday)"],
    ],
    [
      "weekday -1",
      { recurrence: { every: 1, frequency: "WEEKLY", day_of_weeks: [-1] } },
      ["recurrence.day_of_weeks.0: Weekdays are numbers from 0 (Sunday) to 6 (Saturday)"],
    ],
    [
      "weekdays on a daily series",
      { recurrence: { every: 1, frequency: "DAILY", day_of_weeks: [1] } },
      ["recurrence.day_of_weeks: Weekdays apply to weekly series only"],
    ],
    [
      "an end date and a count",
      { recurrence: { every: 1, frequency: "DAILY", until: "2026-12-31", repeat: 3 } },
      ["recurrence.repeat: A series ends on a date or after a count, not both"],
    ],
    [
      "an hourly series",
      { recurrence: { every: 1, frequency: "HOURLY" } },
      ["recurrence.frequency: Frequency must be DAILY, WEEKLY, MONTHLY or YEARLY"],
    ],
  ])("refuses %s", (_label, patch, issues) => {
    expect(issuesOf(timeBlockingEventInputSchema.safeParse({ ...valid, ...patch }))).toEqual(issues);
  });
});

describe("timeBlockingEventPatchSchema", () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    [
      "an end alone, checked against the stored start by the server",
      { end_time: at("11:00") },
      { end_time: at("11:00") },
    ],
    ["a stop to a series", { recurrence: null }, { recurrence: null }],
    ["an emptied project", { project_id: "" }, { project_id: null }],
    [
      "times of one occurrence of a series",
      { occurrence_start: at("09:00"), start_time: at("10:00") },
      { occurrence_start: at("09:00"), start_time: at("10:00") },
    ],
  ])("takes %s", (_label, body, parsed) => {
    expect(timeBlockingEventPatchSchema.parse(body)).toEqual(parsed);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ["nothing", {}, [": Nothing to update"]],
    [
      "an end before the start sent with it",
      { start_time: at("10:00"), end_time: at("09:00") },
      [`end_time: ${endTimeMessage}`],
    ],
    ["an unknown event type", { event_type: "meeting" }, ["event_type: Event type must be planning or activity"]],
    [
      "an occurrence start as text",
      { occurrence_start: "monday" },
      ["occurrence_start: occurrence_start must be a time in epoch milliseconds"],
    ],
    [
      "every 100 in a new rule",
      { recurrence: { every: 100, frequency: "WEEKLY" } },
      ["recurrence.every: Repeat every must be a whole number from 1 to 99"],
    ],
    ["a field it does not know", { user_id: eventId }, [': Unrecognized key: "user_id"', ": Nothing to update"]],
  ])("refuses %s", (_label, body, issues) => {
    expect(issuesOf(timeBlockingEventPatchSchema.safeParse(body))).toEqual(issues);
  });
});

describe("timeBlockingRangeQuerySchema", () => {
  it.each<[string, Record<string, string>, { from: number; to: number }]>([
    [
      "ISO date-times with any offset",
      { startTime: "2026-03-23T00:00:00Z", endTime: "2026-03-30T00:00:00+02:00" },
      { from: Date.UTC(2026, 2, 23), to: Date.UTC(2026, 2, 29, 22) },
    ],
    [
      "epoch milliseconds",
      { startTime: "1774224000000", endTime: "1774828800000" },
      { from: 1774224000000, to: 1774828800000 },
    ],
    [
      "exactly 62 days",
      { startTime: "2026-01-01T00:00:00Z", endTime: "2026-03-04T00:00:00Z" },
      { from: Date.UTC(2026, 0, 1), to: Date.UTC(2026, 2, 4) },
    ],
  ])("reads %s as a range", (_label, query, range) => {
    expect(timeBlockingRangeQuerySchema.parse(query)).toEqual(range);
  });

  it.each<[string, Record<string, string>, string[]]>([
    [
      "a date-time without an offset",
      { startTime: "2026-03-23T00:00:00", endTime: "2026-03-30T00:00:00Z" },
      ["startTime: startTime must be an ISO date-time or epoch milliseconds"],
    ],
    [
      "a word",
      { startTime: "2026-03-23T00:00:00Z", endTime: "tomorrow" },
      ["endTime: endTime must be an ISO date-time or epoch milliseconds"],
    ],
    [
      "a missing end",
      { startTime: "2026-03-23T00:00:00Z" },
      ["endTime: endTime must be an ISO date-time or epoch milliseconds"],
    ],
    [
      "an end before the start",
      { startTime: "2026-03-30T00:00:00Z", endTime: "2026-03-23T00:00:00Z" },
      ["endTime: endTime must be after startTime"],
    ],
    [
      "an empty range",
      { startTime: "1774224000000", endTime: "1774224000000" },
      ["endTime: endTime must be after startTime"],
    ],
    [
      "63 days",
      { startTime: "2026-01-01T00:00:00Z", endTime: "2026-03-05T00:00:00Z" },
      ["endTime: A range covers at most 62 days"],
    ],
  ])("refuses %s", (_label, query, issues) => {
    expect(issuesOf(timeBlockingRangeQuerySchema.safeParse(query))).toEqual(issues);
  });
});

describe("timerStartSchema", () => {
  it("takes a start time and an event id", () => {
    expect(timerStartSchema.parse({ start_time: at("09:00"), time_blocking_event_id: eventId })).toEqual({
      start_time: at("09:00"),
      time_blocking_event_id: eventId,
    });
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    [
      "an event id that is not an id",
      { time_blocking_event_id: "block" },
      ["time_blocking_event_id: time_blocking_event_id must be an event id"],
    ],
    ["a start as text", { start_time: "09:00" }, ["start_time: start_time must be a time in epoch milliseconds"]],
    ["a missing start", { start_time: undefined }, ["start_time: start_time must be a time in epoch milliseconds"]],
    ["a field it does not know", { event: {} }, [': Unrecognized key: "event"']],
  ])("refuses %s", (_label, patch, issues) => {
    expect(
      issuesOf(timerStartSchema.safeParse({ start_time: at("09:00"), time_blocking_event_id: eventId, ...patch })),
    ).toEqual(issues);
  });
});

describe("categoryFitsEventType", () => {
  it.each([
    [true, true, "planning", true],
    [true, true, "activity", true],
    [true, false, "activity", true],
    [true, false, "planning", false],
    [false, true, "planning", true],
    [false, true, "activity", false],
    [false, false, "activity", false],
  ] as const)("a category for tasks %s and planning %s fits %s: %s", (tasks, planning, type, expected) => {
    expect(categoryFitsEventType({ is_used_for_tasks: tasks, is_used_for_planning: planning }, type)).toBe(expected);
  });
});

describe("completedActivityByDay", () => {
  const block = (start: number, elapsed: number, overrides: Partial<EventState> = {}) => ({
    start_time: start,
    elapsed_time: elapsed,
    completed: true,
    event_type: "activity" as const,
    ...overrides,
  });

  it("adds the completed activities of each day in the zone, leaving out planning and open blocks", () => {
    const totals = completedActivityByDay(
      [
        block(Date.UTC(2026, 2, 27, 8), 1800),
        block(Date.UTC(2026, 2, 27, 14), 600),
        block(Date.UTC(2026, 2, 27, 15), 900, { event_type: "planning" }),
        block(Date.UTC(2026, 2, 27, 16), 900, { completed: false }),
        // 23:30 UTC on the 28th is 00:30 on the 29th in Rome.
        block(Date.UTC(2026, 2, 28, 23, 30), 1200),
        block(Date.UTC(2026, 2, 29, 9), -60),
      ],
      "Europe/Rome",
    );
    expect(Object.fromEntries(totals)).toEqual({ "2026-03-27": 2400, "2026-03-29": 1200 });
  });

  it("groups the same instant on another day in another zone", () => {
    const totals = completedActivityByDay([block(Date.UTC(2026, 2, 28, 23, 30), 1200)], "America/New_York");
    expect(Object.fromEntries(totals)).toEqual({ "2026-03-28": 1200 });
  });

  it("answers no days for no events", () => {
    expect(completedActivityByDay([], "UTC").size).toBe(0);
  });
});

describe("showsElapsedTime", () => {
  it.each([
    ["a completed activity with time", {}, true],
    ["an open one", { completed: false }, false],
    ["a planning block", { event_type: "planning" }, false],
    ["one with no time", { elapsed_time: 0 }, false],
  ] as const)("%s: %s", (_label, patch, expected) => {
    expect(showsElapsedTime(event({ completed: true, ...patch }))).toBe(expected);
  });
});

describe("canCopyEvent", () => {
  it.each([
    [false, true],
    [true, false],
  ])("completed %s: %s", (completed, expected) => {
    expect(canCopyEvent({ completed })).toBe(expected);
  });
});

describe("formatDuration", () => {
  it.each([
    [0, "00:00:00"],
    [59, "00:00:59"],
    [3600, "01:00:00"],
    [90_061.9, "25:01:01"],
    [360_000, "100:00:00"],
    [-5, "00:00:00"],
  ])("%d s is %s", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe("correctDurationInput", () => {
  it.each([
    ["013045", "01:30:45", 5445],
    ["017085", "01:50:55", 6655],
    ["99:99:99", "99:59:59", 359_999],
    ["12", "12:00:00", 43_200],
    ["1a2:3", "12:30:00", 45_000],
    ["12345678", "12:34:56", 45_296],
    ["", "00:00:00", 0],
  ])("%j becomes %s (%d s)", (input, text, seconds) => {
    expect(correctDurationInput(input)).toEqual({ text, seconds });
  });
});

describe("the time rules, for any times", () => {
  const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) });
  const times = fc
    .tuple(instant, fc.integer({ min: 1, max: 12 * hour }))
    .map(([start, length]): EventTimes => ({ start_time: start, end_time: start + length, elapsed_time: 0 }));
  const followsTimes = (result: EventTimes) => {
    expect(result.end_time).toBeGreaterThan(result.start_time);
    expect(result.elapsed_time).toBe(Math.max(0, Math.round((result.end_time - result.start_time) / 1000)));
  };

  it("withStart keeps the end after the start and the elapsed time on end minus start", () => {
    fc.assert(
      fc.property(times, instant, (event, start) => {
        const result = withStart(event, start);
        expect(result.start_time).toBe(start);
        followsTimes(result);
      }),
    );
  });

  it("withEnd keeps the end after the start and the elapsed time on end minus start", () => {
    fc.assert(
      fc.property(times, instant, (event, end) => {
        const result = withEnd(event, end);
        expect(result.start_time).toBe(event.start_time);
        followsTimes(result);
      }),
    );
  });

  it("withElapsed puts the end that many whole seconds after the start, never before it", () => {
    fc.assert(
      fc.property(times, fc.double({ min: -1e6, max: 1e6, noNaN: true }), (event, seconds) => {
        const result = withElapsed(event, seconds);
        expect(result.elapsed_time).toBe(Math.max(0, Math.round(seconds)));
        expect(result.end_time - result.start_time).toBe(result.elapsed_time * 1000);
        expect(result.end_time).toBeGreaterThanOrEqual(result.start_time);
      }),
    );
  });
});
