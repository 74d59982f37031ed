import { afterEach, describe, expect, it, vi } from "vitest";
import { buildEvent } from "../../board/lib/event-fixtures";
import { cellFigures, forecastWeeks } from "./team-plan-figures";
import { completeEvent, teamPlanMenuItems } from "./team-plan-menu";
import { forecastSpan, shownDays, spanTitle } from "./team-plan-week";
import { keepUserSelection, readUserSelection, userSelectionKey } from "./user-selection";

const day = (date: string, planned: number, capacity: number, logged = 0) => ({
  date,
  planned,
  logged,
  capacity,
  percentage: capacity > 0 ? Math.round((planned / capacity) * 10_000) / 100 : null,
  over_capacity: planned > capacity,
});

describe("the week's days", () => {
  const preferences = { businessDaysOfWeek: [1, 2, 3, 4, 5], weekends: false };

  it.each([
    [
      "business days Monday to Friday",
      preferences,
      ["2026-03-16", "2026-03-17", "2026-03-18", "2026-03-19", "2026-03-20"],
    ],
    [
      "a four-day week",
      { ...preferences, businessDaysOfWeek: [2, 1, 4, 3] },
      ["2026-03-16", "2026-03-17", "2026-03-18", "2026-03-19"],
    ],
    [
      "weekends shown",
      { ...preferences, weekends: true },
      ["2026-03-16", "2026-03-17", "2026-03-18", "2026-03-19", "2026-03-20", "2026-03-21", "2026-03-22"],
    ],
    [
      "no business day at all",
      { businessDaysOfWeek: [], weekends: false },
      ["2026-03-16", "2026-03-17", "2026-03-18", "2026-03-19", "2026-03-20"],
    ],
  ])("shows %s", (_label, prefs, expected) => {
    expect(shownDays("2026-03-16", prefs)).toEqual(expected);
  });

  it.each([
    ["2026-03-16", "2026-03-20", "March 2026"],
    ["2026-03-30", "2026-04-03", "March – April 2026"],
    ["2025-12-29", "2026-01-02", "December 2025 – January 2026"],
  ])("titles %s to %s as %s", (first, last, expected) => {
    const months = [
      "January",
      "February",
      "March",
      "April",
      "May",
      "June",
      "July",
      "August",
      "September",
      "October",
      "November",
      "December",
    ];
    expect(spanTitle(first, last, months)).toBe(expected);
  });

  it("looks twelve weeks ahead from this week's Monday, 84 days", () => {
    expect(forecastSpan("2026-03-19")).toEqual({ startDate: "2026-03-16", endDate: "2026-06-07" });
  });
});

describe("a cell's bars", () => {
  it.each([
    [
      "half a day planned",
      day("2026-03-16", 4 * 3600, 8 * 3600, 2 * 3600),
      { plannedFill: 50, full: false, loggedFill: 25 },
    ],
    [
      "exactly the capacity, darker",
      day("2026-03-16", 8 * 3600, 8 * 3600),
      { plannedFill: 100, full: true, loggedFill: 0 },
    ],
    [
      "over the capacity, clamped and not darker",
      day("2026-03-16", 10 * 3600, 8 * 3600),
      { plannedFill: 100, full: false, loggedFill: 0 },
    ],
    ["planned on a day without capacity", day("2026-03-21", 3600, 0), { plannedFill: 100, full: false, loggedFill: 0 }],
    ["nothing", day("2026-03-21", 0, 0), { plannedFill: 0, full: false, loggedFill: 0 }],
  ])("%s", (_label, input, expected) => {
    expect(cellFigures(input)).toEqual(expected);
  });
});

describe("the forecast's weeks", () => {
  const week = (monday: string, plannedHours: number, capacityHours: number) =>
    Array.from({ length: 7 }, (_, i) => {
      const date = `${monday.slice(0, 8)}${String(Number(monday.slice(8)) + i).padStart(2, "0")}`;
      return i < 5 ? day(date, (plannedHours / 5) * 3600, (capacityHours / 5) * 3600) : day(date, 0, 0);
    });

  it("reads 112.5 % in red for 45 h planned in a 40 h week, pale under half, and fills twelve weeks", () => {
    const weeks = forecastWeeks([...week("2026-03-16", 45, 40), ...week("2026-03-23", 10, 40)], "2026-03-16");
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toMatchObject({ week_start: "2026-03-16", percentage: 112.5, load: "over" });
    expect(weeks[1]).toMatchObject({ week_start: "2026-03-23", percentage: 25, load: "low" });
    expect(weeks[2]).toMatchObject({ week_start: "2026-03-30", percentage: null, load: "none" });
  });

  it("reads a week between half and whole as normal", () => {
    expect(forecastWeeks(week("2026-03-16", 30, 40), "2026-03-16", 1)[0]).toMatchObject({
      percentage: 75,
      load: "normal",
    });
  });
});

describe("the kept selection", () => {
  afterEach(() => {
    window.localStorage.clear();
    vi.restoreAllMocks();
  });

  it("keeps the chosen people under userteamview and gives them back for the same organization", () => {
    keepUserSelection("org-1", ["user-2", "user-3"]);
    expect(JSON.parse(window.localStorage.getItem(userSelectionKey) ?? "")).toEqual({
      organization_id: "org-1",
      user_ids: ["user-2", "user-3"],
    });
    expect(readUserSelection("org-1")).toEqual(["user-2", "user-3"]);
    expect(readUserSelection("org-2")).toBeNull();
  });

  it.each([
    ["broken JSON", "{not json"],
    ["another shape", JSON.stringify(["user-2"])],
    ["ids that are not strings", JSON.stringify({ organization_id: "org-1", user_ids: [1, 2] })],
    ["null", "null"],
  ])("ignores %s rather than failing", (_label, stored) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    window.localStorage.setItem(userSelectionKey, stored);
    expect(readUserSelection("org-1")).toBeNull();
  });
});

describe("a block's menu in the day's panel", () => {
  const ended = buildEvent({ start_time: Date.UTC(2026, 2, 9, 9), end_time: Date.UTC(2026, 2, 9, 10) });
  const now = Date.UTC(2026, 2, 9, 18);
  const open = { now, readOnly: false, fromCalendarService: false };
  it.each([
    ["an open activity without a project", { project_id: null }, open, ["complete", "edit", "copy"]],
    ["an ended open activity with a project", { project_id: "p" }, open, ["confirmTime", "complete", "edit", "copy"]],
    ["a completed activity (only open blocks are copied)", { completed: true, elapsed_time: 3600 }, open, ["edit"]],
    ["a planning block", { event_type: "planning" as const }, open, ["edit", "copy"]],
    ["a block the reader may not change", {}, { ...open, readOnly: true }, ["edit"]],
    ["a calendar service's event", {}, { ...open, fromCalendarService: true }, []],
  ])("%s", (_, overrides, options, items) => {
    expect(teamPlanMenuItems({ ...ended, ...overrides }, options)).toEqual(items);
  });

  it("completes a block keeping the time logged so far", () => {
    expect(completeEvent({ ...ended, elapsed_time: 1200 })).toEqual({ ...ended, elapsed_time: 1200, completed: true });
  });
});
