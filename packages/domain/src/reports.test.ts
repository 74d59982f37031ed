import { describe, expect, it } from "vitest";
import { daysInPeriod } from "./calendar-date.js";
import {
  projectReportOrder,
  projectReportQuerySchema,
  reportPeriodQuerySchema,
  type TimesheetRow,
  timesheetQuerySchema,
} from "./reports.js";
import { projectReportCsv, timesheetCsv } from "./reports-csv.js";

const id = "2b1f6a52-8a4e-4c39-9d0e-2f6f7f1d7c11";
const other = "7d0f6a52-8a4e-4c39-9d0e-2f6f7f1d7c22";

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return result.success ? [] : result.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

describe("report periods", () => {
  it.each([
    ["one day", { start_date: "2026-03-02", end_date: "2026-03-02" }, []],
    ["a leap year whole", { start_date: "2028-01-01", end_date: "2028-12-31" }, []],
    ["367 days", { start_date: "2026-01-01", end_date: "2027-01-02" }, ["end_date: A report covers at most 366 days"]],
    [
      "reversed",
      { start_date: "2026-03-02", end_date: "2026-03-01" },
      ["end_date: end_date cannot be before start_date"],
    ],
    [
      "an impossible day",
      { start_date: "2026-02-30", end_date: "2026-03-01" },
      ["start_date: start_date must be an existing date written as YYYY-MM-DD"],
    ],
    [
      "another format",
      { start_date: "02/03/2026", end_date: "2026-03-01" },
      ["start_date: start_date must be an existing date written as YYYY-MM-DD"],
    ],
    ["missing", { start_date: "2026-03-02" }, ["end_date: end_date is required, written as YYYY-MM-DD"]],
    ["the last day a report may cover", { start_date: "9998-12-31", end_date: "9998-12-31" }, []],
    [
      "into the year 9999",
      { start_date: "9998-12-31", end_date: "9999-01-01" },
      ["end_date: end_date must be before the year 9999"],
    ],
  ])("%s", (_label, query, expected) => {
    expect(issues(reportPeriodQuerySchema.safeParse(query))).toEqual(expected);
  });

  it.each([
    ["2026-03-02", "2026-03-02", 1],
    ["2026-03-28", "2026-03-30", 3],
    ["2026-01-01", "2026-12-31", 365],
  ])("from %s to %s is %d days", (from, to, days) => {
    expect(daysInPeriod(from, to)).toBe(days);
  });
});

describe("timesheetQuerySchema", () => {
  const period = { start_date: "2026-03-01", end_date: "2026-03-31" };

  it("takes byDay by default and one id or repeated ids as lists", () => {
    expect(timesheetQuerySchema.parse({ ...period, user_id: id, project_id: [id, other, id] })).toEqual({
      ...period,
      timesheet_type: "byDay",
      user_id: [id],
      project_id: [id, other],
      customer_id: [],
    });
  });

  it.each([
    [{ timesheet_type: "byWeek" }, "timesheet_type: timesheet_type must be byDay, byProject or byClient"],
    [{ user_id: "me" }, "user_id: user_id must be an id or a list of ids"],
    [{ customer_id: [id, "x"] }, "customer_id.1: customer_id must be an id or a list of ids"],
    [{ format: "pdf" }, "format: format must be json or csv"],
  ])("refuses %j", (extra, message) => {
    expect(issues(timesheetQuerySchema.safeParse({ ...period, ...extra }))).toEqual([message]);
  });
});

describe("projectReportQuerySchema", () => {
  it.each([
    [{}, { page: 1, page_size: 50 }],
    [
      { page: "3", page_size: "500" },
      { page: 3, page_size: 500 },
    ],
  ])("reads %j", (query, expected) => {
    expect(projectReportQuerySchema.parse(query)).toEqual(expected);
  });

  it.each([[{ page: "0" }], [{ page: "1.5" }], [{ page_size: "501" }], [{ page: "x" }]])("refuses %j", (query) => {
    expect(projectReportQuerySchema.safeParse(query).success).toBe(false);
  });

  it.each([
    [{ sort: "project" }, "sort: sort must be one of user, title, task, category, start, end, elapsed"],
    [{ sort: "START" }, "sort: sort must be one of user, title, task, category, start, end, elapsed"],
    [{ sort: "user", direction: "up" }, "direction: direction must be asc or desc"],
  ])("refuses the order %j naming the field", (query, message) => {
    expect(issues(projectReportQuerySchema.safeParse(query))).toEqual([message]);
  });

  it.each([
    [{}, { column: "start", direction: "desc" }],
    [{ direction: "asc" }, { column: "start", direction: "asc" }],
    [{ sort: "user" }, { column: "user", direction: "asc" }],
    [
      { sort: "elapsed", direction: "desc" },
      { column: "elapsed", direction: "desc" },
    ],
    [
      { sort: "start", direction: "asc" },
      { column: "start", direction: "asc" },
    ],
    [{ sort: "start" }, { column: "start", direction: "asc" }],
  ] as const)("orders %j as %j", (query, expected) => {
    expect(projectReportOrder(projectReportQuerySchema.parse(query))).toEqual(expected);
  });
});

describe("CSV", () => {
  const row: TimesheetRow = {
    user_id: "u",
    nominative: "Anna; Rossi",
    work_log_date: "2026-03-02",
    weekday: "monday",
    work_log: 5400,
    worked_hours: "01:30",
    contract_type: "full-time",
    contractual_hours: 4,
    contractual_hours_by_day: null,
    time_off: 14_400,
    project_id: "p",
    project_title: "Sito",
    customer_id: "c",
    customer_nominative: "Acme",
  };

  it.each([
    [
      "byDay",
      "\uFEFFuser;date;weekday;workedHours;hours;contractualHours;timeOff\r\n" +
        '"Anna; Rossi";2026-03-02;monday;01:30;1,5;4;4\r\n',
    ],
    [
      "byProject",
      "\uFEFFuser;date;weekday;workedHours;hours;project;customer\r\n" +
        '"Anna; Rossi";2026-03-02;monday;01:30;1,5;Sito;Acme\r\n',
    ],
    [
      "byClient",
      "\uFEFFuser;date;weekday;workedHours;hours;customer\r\n" + '"Anna; Rossi";2026-03-02;monday;01:30;1,5;Acme\r\n',
    ],
  ] as const)("%s: separator ;, decimal comma and byte-order mark", (type, expected) => {
    expect(timesheetCsv(type, [row])).toBe(expected);
  });

  it("the project's entries with ISO times", () => {
    expect(
      projectReportCsv([
        {
          id: "e",
          user: { uid: "u", nominative: "Anna", image_url: null },
          title: "Call",
          task: null,
          category: { uid: "c", name: "Meeting", color: "#ff0000" },
          project: { uid: "p", title: "Sito" },
          start_time: Date.parse("2026-03-02T09:00:00Z"),
          end_time: Date.parse("2026-03-02T10:00:00Z"),
          elapsed_time: 3600,
        },
      ]),
    ).toBe(
      "\uFEFFuser;title;task;category;project;startTime;endTime;elapsedTime\r\n" +
        "Anna;Call;;Meeting;Sito;2026-03-02T09:00:00.000Z;2026-03-02T10:00:00.000Z;3600\r\n",
    );
  });
});
