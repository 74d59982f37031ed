import { z } from "zod";
import { daysInPeriod, isCalendarDate } from "./calendar-date.js";
import { contractTypes, hoursByDaySchema } from "./contracts.js";
import { userRefSchema } from "./projects.js";

/**
 * The wire of the reports (spec part 1 §2 "Dashboard", §3, part 2 §2 "Timesheet report", "Team report", §3
 * "Project statistics", "Timesheet row", §7 "Reports"; decision 012). Durations are seconds, money is euros with
 * at most 2 decimals, dates are `YYYY-MM-DD` days in the owner's time zone.
 */

export const timesheetTypes = ["byDay", "byProject", "byClient"] as const;
export type TimesheetType = (typeof timesheetTypes)[number];

/** A report covers at most this many days, ends included (a leap year). */
export const longestReportDays = 366;

/**
 * The last day a report may cover: the queries widen a period by a day and the widest zone offsets, and an instant in
 * the year 10000 is one neither PostgreSQL's input nor the zone arithmetic can take.
 */
export const lastReportDate = "9998-12-31";

export const reportDate = (field: string) =>
  z
    .string({ message: `${field} is required, written as YYYY-MM-DD` })
    .refine(isCalendarDate, { message: `${field} must be an existing date written as YYYY-MM-DD` })
    .refine((date) => date <= lastReportDate, { message: `${field} must be before the year 9999` })
    .meta({ format: "date" });

const idMessage = (field: string) => `${field} must be an id or a list of ids`;

/** Fastify reads `?a=1&a=2` as a list and `?a=1` as a string: both become a list of distinct ids. */
export const idList = (field: string) =>
  z
    .union([z.uuid({ message: idMessage(field) }), z.array(z.uuid({ message: idMessage(field) }))], {
      message: idMessage(field),
    })
    .optional()
    .transform((v) => (v === undefined ? [] : [...new Set(Array.isArray(v) ? v : [v])]))
    .refine((ids) => ids.length <= 500, { message: `${field} lists at most 500 ids` });

function checkPeriod(value: { start_date: string; end_date: string }, ctx: z.RefinementCtx) {
  if (value.end_date < value.start_date) {
    ctx.addIssue({ code: "custom", path: ["end_date"], message: "end_date cannot be before start_date" });
  } else if (daysInPeriod(value.start_date, value.end_date) > longestReportDays) {
    ctx.addIssue({
      code: "custom",
      path: ["end_date"],
      message: `A report covers at most ${longestReportDays} days`,
    });
  }
}

const periodFields = { start_date: reportDate("start_date"), end_date: reportDate("end_date") };

/** `?start_date&end_date`: both days included, end not before start, at most 366 days. */
export const reportPeriodQuerySchema = z.object(periodFields).superRefine(checkPeriod);
export type ReportPeriodQuery = z.infer<typeof reportPeriodQuerySchema>;

export const reportFormats = ["json", "csv"] as const;

/** `GET report/timesheet`. `format=csv` (or `Accept: text/csv`) answers the screen's CSV export. */
export const timesheetQuerySchema = z
  .object({
    ...periodFields,
    timesheet_type: z
      .enum(timesheetTypes, { message: "timesheet_type must be byDay, byProject or byClient" })
      .default("byDay"),
    user_id: idList("user_id"),
    project_id: idList("project_id"),
    customer_id: idList("customer_id"),
    format: z.enum(reportFormats, { message: "format must be json or csv" }).optional(),
  })
  .superRefine(checkPeriod);
export type TimesheetQuery = z.infer<typeof timesheetQuerySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Timesheet (spec part 2 §3 "Timesheet row")

/**
 * One row. byDay: one per user and day with logged time (`project_*` and `customer_*` null). byProject: one per user,
 * day and project. byClient: one per user, day and customer. Time logged on no project (or a project without a
 * customer) has null ids there.
 */
export const timesheetRowSchema = z.object({
  user_id: z.string(),
  nominative: z.string(),
  /** `YYYY-MM-DD` in the user's time zone. */
  work_log_date: z.string(),
  /** monday … sunday. */
  weekday: z.string(),
  /** Seconds of completed activity that started on that day. */
  work_log: z.number(),
  /** `HH:MM` of `work_log` (hours may pass 24). */
  worked_hours: z.string(),
  /** The contract in force on that day; null without one. */
  contract_type: z.enum(contractTypes).nullable(),
  /**
   * The day's contractual hours under that contract (0 on a day off), net of the day's holiday and approved time off
   * (decision 026; a holiday of a group with the `worked` convention keeps them); null without a contract.
   */
  contractual_hours: z.number().nullable(),
  contractual_hours_by_day: hoursByDaySchema.nullable(),
  /**
   * Seconds of the day taken by the holiday of the person's group and their approved time off (the rings' capacity
   * rule): 0 on most days. byDay has a row for a day with time off even without logged time.
   */
  time_off: z.number(),
  project_id: z.string().nullable(),
  project_title: z.string().nullable(),
  customer_id: z.string().nullable(),
  customer_nominative: z.string().nullable(),
});
export type TimesheetRow = z.infer<typeof timesheetRowSchema>;

/** A user's totals over the period. */
export const timesheetUserTotalSchema = z.object({
  user_id: z.string(),
  nominative: z.string(),
  work_log: z.number(),
  worked_hours: z.string(),
  /**
   * Contractual seconds over the period under the contracts in force (no default for days without one), net of
   * holidays and approved time off.
   */
  contractual_seconds: z.number(),
  /** Seconds of the period taken by holidays and approved time off (the rows' `time_off` of every day added). */
  time_off: z.number(),
  /** Seconds logged on days without a contract in force (they cost 0). */
  without_contract: z.number(),
});
export type TimesheetUserTotal = z.infer<typeof timesheetUserTotalSchema>;

export const timesheetSchema = z.object({
  timesheet_type: z.enum(timesheetTypes),
  start_date: z.string(),
  end_date: z.string(),
  /** By user name, then day, then project title or customer name. */
  rows: z.array(timesheetRowSchema),
  /** One per user of the answer: users with logged time, a contract or time off in the period. */
  totals: z.array(timesheetUserTotalSchema),
  work_log: z.number(),
  worked_hours: z.string(),
});
export type Timesheet = z.infer<typeof timesheetSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Plan versus actual (beyond the spec; decision 012)

export const planVersusActualSchema = z.object({
  /** Seconds of planning blocks (series occurrences included). */
  planned: z.number(),
  /** Seconds logged. */
  logged: z.number(),
  /** logged − planned: positive means more time went in than was planned. */
  difference: z.number(),
  planned_cost: z.number(),
  logged_cost: z.number(),
  /** logged_cost − planned_cost. */
  difference_cost: z.number(),
});
export type PlanVersusActual = z.infer<typeof planVersusActualSchema>;

// ---------------------------------------------------------------------------------------------------------------
// User report and dashboard (spec part 1 §2 "Dashboard", §3 "Per-user weekly report")

export const userReportDaySchema = z.object({
  date: z.string(),
  /** Logged hours, one decimal (activity hours, spec part 1 §9). */
  hours: z.number(),
  /** Logged over the day's capacity × 100, two decimals; null on a day with no capacity (a weekend). */
  percetange: z.number().nullable(),
  /** Seconds logged (completed activities). */
  work_log: z.number(),
  /** Seconds logged on billable projects. */
  billable_work_log: z.number(),
  /** Seconds of planning blocks. */
  planned: z.number(),
  /**
   * The day's capacity in seconds: the contract's hours, else 8 h on Monday to Friday, net of the day's holiday and
   * approved time off (decision 026).
   */
  capacity: z.number(),
  /** Seconds of the day taken by the holiday of the person's group and their approved time off. */
  time_off: z.number(),
  /**
   * Of `time_off`, the seconds counted as worked (a holiday of a group with the `worked` convention, which keeps the
   * capacity): `percetange` is (work_log + credited) over capacity.
   */
  credited: z.number(),
});
export type UserReportDay = z.infer<typeof userReportDaySchema>;

/** The period's figures of one person or of a team: the dashboard's rings and plan versus actual. */
export const reportTotalsSchema = z.object({
  work_log: z.number(),
  billable_work_log: z.number(),
  planned: z.number(),
  /**
   * Ring capacity: the sum of the days' capacities (contractual hours per day × 5 × 3600 for a full week), net of
   * holidays and approved time off.
   */
  capacity: z.number(),
  /** Seconds of the period taken by holidays and approved time off. */
  time_off: z.number(),
  /** Of `time_off`, the seconds counted as worked (holidays of a group with the `worked` convention). */
  credited: z.number(),
  /** (work_log + credited) over capacity × 100, one decimal; null without capacity. */
  work_log_percentage: z.number().nullable(),
  billable_percentage: z.number().nullable(),
  work_log_cost: z.number(),
  /** Seconds logged on days without a contract in force: they cost 0 and are shown apart. */
  without_contract: z.number(),
  plan_versus_actual: planVersusActualSchema,
});
export type ReportTotals = z.infer<typeof reportTotalsSchema>;

/** `GET report/user/{id}`: the spec's `{user_id, report}` plus the period's totals. */
export const userReportSchema = z.object({
  user_id: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  report: z.array(userReportDaySchema),
  totals: reportTotalsSchema,
});
export type UserReport = z.infer<typeof userReportSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Team report (spec part 1 §3 "Team report per user", part 2 §2 "Team report")

export const taskCategoryReportSchema = z.object({
  /** null for time logged without a category. */
  category_id: z.string().nullable(),
  category_name: z.string().nullable(),
  elapsed_time: z.number(),
  color: z.string().nullable(),
});
export type TaskCategoryReport = z.infer<typeof taskCategoryReportSchema>;

export const teamReportUserSchema = z.object({
  user_id: z.string(),
  nominative: z.string(),
  image_url: z.string().nullable(),
  /** Hours per working day of the contract in force on the period's first day (the ring's hours); 8 without one. */
  contractual_hours: z.number(),
  work_log: z.number(),
  billable_work_log: z.number(),
  task_categories_report: z.array(taskCategoryReportSchema),
  totals: reportTotalsSchema,
});
export type TeamReportUser = z.infer<typeof teamReportUserSchema>;

/** `GET report/team`: one row per active user, by name, and the team's totals. */
export const teamReportSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  users: z.array(teamReportUserSchema),
  totals: reportTotalsSchema,
});
export type TeamReport = z.infer<typeof teamReportSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Project report: the Activities tab (spec part 2 §2 "Project detail")

/** The columns the project's entries can be ordered by (the Activities tab's sortable headers). */
export const projectReportSortColumns = ["user", "title", "task", "category", "start", "end", "elapsed"] as const;
export type ProjectReportSortColumn = (typeof projectReportSortColumns)[number];
export const sortDirections = ["asc", "desc"] as const;
export type SortDirection = (typeof sortDirections)[number];

export const projectReportQuerySchema = z.object({
  page: z.coerce
    .number({ message: "page must be a whole number from 1" })
    .int("page must be a whole number from 1")
    .min(1, "page must be a whole number from 1")
    .max(1_000_000, "page is too large")
    .default(1),
  page_size: z.coerce
    .number({ message: "page_size must be a whole number from 1 to 500" })
    .int("page_size must be a whole number from 1 to 500")
    .min(1, "page_size must be a whole number from 1 to 500")
    .max(500, "page_size must be a whole number from 1 to 500")
    .default(50),
  format: z.enum(reportFormats, { message: "format must be json or csv" }).optional(),
  sort: z
    .enum(projectReportSortColumns, {
      message: `sort must be one of ${projectReportSortColumns.join(", ")}`,
    })
    .optional()
    .describe(
      "The column the entries are ordered by (the CSV too); without it, newest first (start, descending). Entries equal on it keep the order of their ids.",
    ),
  direction: z
    .enum(sortDirections, { message: "direction must be asc or desc" })
    .optional()
    .describe("asc or desc; without it, asc when sort is given, else desc (newest first)"),
});
export type ProjectReportQuery = z.infer<typeof projectReportQuerySchema>;

/**
 * The order of a project's entries: the column asked for, ascending unless told otherwise; without a column, newest
 * first. Text columns compare without case and put entries without a task or category last in both directions.
 */
export function projectReportOrder(query: Pick<ProjectReportQuery, "sort" | "direction">): {
  column: ProjectReportSortColumn;
  direction: SortDirection;
} {
  if (!query.sort) return { column: "start", direction: query.direction ?? "desc" };
  return { column: query.sort, direction: query.direction ?? "asc" };
}

/** One time entry: a completed activity of the project. */
export const projectReportEntrySchema = z.object({
  id: z.string(),
  user: userRefSchema,
  title: z.string(),
  task: z.object({ uid: z.string(), name: z.string() }).nullable(),
  category: z.object({ uid: z.string(), name: z.string(), color: z.string() }).nullable(),
  project: z.object({ uid: z.string(), title: z.string() }),
  start_time: z.number(),
  end_time: z.number(),
  /** Seconds. */
  elapsed_time: z.number(),
});
export type ProjectReportEntry = z.infer<typeof projectReportEntrySchema>;

export const projectReportSchema = z.object({
  /** Newest first. */
  entries: z.array(projectReportEntrySchema),
  page: z.number(),
  page_size: z.number(),
  /** Entries of the whole project. */
  total: z.number(),
  /** Their elapsed time, seconds. */
  total_elapsed_time: z.number(),
});
export type ProjectReport = z.infer<typeof projectReportSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Project statistics (spec part 2 §3 "Project statistics"; the Insights tab)

export const costsForecastPointSchema = z.object({ date: z.string(), total_cost: z.number() });
export type CostsForecastPoint = z.infer<typeof costsForecastPointSchema>;

export const budgetRunwaySchema = z.object({
  /** The last four weeks' logged cost, averaged per week. */
  weekly_cost: z.number(),
  /** The day the budget is used up at this pace and with the blocks planned; null when it never is, or no budget. */
  runs_out_on: z.string().nullable(),
});
export type BudgetRunway = z.infer<typeof budgetRunwaySchema>;

export const overheadShareSchema = z.object({
  /** Overheads allocated to the project by its logged hours (each month's overheads ÷ the organization's hours). */
  amount: z.number(),
  /** The spec's margin with the overheads added to the costs; null without a budget. */
  marginability_with_overheads: z.number().nullable(),
  /** Seconds logged in months without contractual hours in the organization: no overhead could be allocated. */
  unallocated_seconds: z.number(),
});
export type OverheadShare = z.infer<typeof overheadShareSchema>;

export const projectStatisticsSchema = z.object({
  project_id: z.string(),
  budget: z.number(),
  /** The cost that keeps the target margin: budget × (1 − target margin / 100). */
  target_budget: z.number(),
  /** Logged cost plus final-balance expenses. */
  current_budget_used: z.number(),
  /** budget − current_budget_used (negative when over budget). */
  available_budget: z.number(),
  target_marginability_percentage: z.number(),
  /** The spec's current marginability; null without a budget. */
  current_marginality_percentage: z.number().nullable(),
  total_confirmed_hours: z.number(),
  total_confirmed_hours_cost: z.number(),
  total_unconfirmed_hours: z.number(),
  total_unconfirmed_hours_cost: z.number(),
  total_planned_hours: z.number(),
  total_planned_hours_cost: z.number(),
  /** Everything the project has cost and is set to cost: used + unconfirmed + planned. */
  cumulative_total_costs: z.number(),
  /** Cumulative cost by day: actual up to today, then plus future planned and unconfirmed blocks. */
  costs_forecast: z.array(costsForecastPointSchema),
  total_work_log: z.number(),
  total_work_log_cost: z.number(),
  total_final_balance_expenses: z.number(),
  /** Seconds logged on days without a contract in force (cost 0). */
  without_contract: z.number(),
  plan_versus_actual: planVersusActualSchema,
  budget_runway: budgetRunwaySchema,
  overhead_share: overheadShareSchema,
  /** The day "today" was taken as, in the reader's zone. */
  today: z.string(),
});
export type ProjectStatistics = z.infer<typeof projectStatisticsSchema>;
