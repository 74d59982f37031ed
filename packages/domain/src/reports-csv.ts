import { toCsv } from "./csv.js";
import type { ProjectReportEntry, TimesheetRow, TimesheetType } from "./reports.js";
import { round2 } from "./reports-figures.js";

/**
 * The timesheet's CSV columns for each type (spec part 2 §2): user, date, weekday, worked hours, then the type's own;
 * byDay ends with the hours of holidays and time off (decision 026).
 */
export function timesheetCsvHeader(type: TimesheetType): string[] {
  const common = ["user", "date", "weekday", "workedHours", "hours"];
  switch (type) {
    case "byDay":
      return [...common, "contractualHours", "timeOff"];
    case "byProject":
      return [...common, "project", "customer"];
    case "byClient":
      return [...common, "customer"];
  }
}

function timesheetCsvRow(type: TimesheetType, row: TimesheetRow): (string | number | null)[] {
  const common = [row.nominative, row.work_log_date, row.weekday, row.worked_hours, round2(row.work_log / 3600)];
  switch (type) {
    case "byDay":
      return [...common, row.contractual_hours, round2(row.time_off / 3600)];
    case "byProject":
      return [...common, row.project_title, row.customer_nominative];
    case "byClient":
      return [...common, row.customer_nominative];
  }
}

/** The timesheet as the screen exports it: `;`, decimal comma, byte-order mark (spec part 2 §9). */
export function timesheetCsv(type: TimesheetType, rows: readonly TimesheetRow[]): string {
  return toCsv(
    timesheetCsvHeader(type),
    rows.map((row) => timesheetCsvRow(type, row)),
    { decimalComma: true },
  );
}

export const projectReportCsvHeader = [
  "user",
  "title",
  "task",
  "category",
  "project",
  "startTime",
  "endTime",
  "elapsedTime",
] as const;

/** The Activities tab's CSV: times as ISO 8601 instants, elapsed time in seconds, `;` and a byte-order mark. */
export function projectReportCsv(entries: readonly ProjectReportEntry[]): string {
  return toCsv(
    projectReportCsvHeader,
    entries.map((entry) => [
      entry.user.nominative,
      entry.title,
      entry.task?.name ?? null,
      entry.category?.name ?? null,
      entry.project.title,
      new Date(entry.start_time).toISOString(),
      new Date(entry.end_time).toISOString(),
      entry.elapsed_time,
    ]),
  );
}
