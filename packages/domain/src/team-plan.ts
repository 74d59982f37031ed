import { z } from "zod";
import { type CalendarDate, daysInPeriod } from "./calendar-date.js";
import { reportDate } from "./reports.js";
import { dayPercentage, mondayOf } from "./reports-figures.js";
import { userStatuses } from "./user.js";

/**
 * The team plan (spec part 1 §2 "Team plan (teamplan3)"; decision 027): per person and day, the seconds planned, the
 * seconds logged and the day's capacity, with the rules the grid's cells and the capacity forecast's weeks are drawn
 * by. The figures are the reports' own (`dailyFigures`): planned is planning blocks, series occurrences included;
 * logged is completed activities; capacity is the contract's hours of the day net of holidays and approved time off
 * (decision 026). Days are counted in each person's time zone.
 */

/** A team plan covers at most this many days, ends included: the forecast's twelve weeks with a week to spare. */
export const longestTeamPlanDays = 91;
/** The capacity forecast's range: twelve weeks. */
export const teamPlanForecastDays = 84;
/** A team plan names at most this many people. */
export const mostTeamPlanUsers = 200;

const userIdMessage = "user_id must be a user id; repeat the parameter for several";

/**
 * Fastify reads `?user_id=a&user_id=b` as a list and `?user_id=a` as a string: both become a list of distinct ids. The
 * limit counts distinct ids; the document states it as the list's `maxItems` (a bound on the array itself would turn
 * its message into the union's).
 */
const teamPlanUserIds = z
  .union(
    [
      z.uuid({ message: userIdMessage }),
      z.array(z.uuid({ message: userIdMessage })).meta({ maxItems: mostTeamPlanUsers }),
    ],
    {
      message: userIdMessage,
    },
  )
  .optional()
  .transform((v) => (v === undefined ? [] : [...new Set(Array.isArray(v) ? v : [v])]))
  .refine((ids) => ids.length <= mostTeamPlanUsers, {
    message: `user_id names at most ${mostTeamPlanUsers} users`,
  });

/**
 * `GET organization/{orgId}/team-plan?start_date&end_date&user_id=…`: both days included, end not before start, at
 * most 91 days; `user_id` repeated for each person (at most 200), or left out for every active member.
 */
export const teamPlanQuerySchema = z
  .object({
    start_date: reportDate("start_date"),
    end_date: reportDate("end_date"),
    user_id: teamPlanUserIds,
  })
  .superRefine((value, ctx) => {
    if (value.end_date < value.start_date) {
      ctx.addIssue({ code: "custom", path: ["end_date"], message: "end_date cannot be before start_date" });
    } else if (daysInPeriod(value.start_date, value.end_date) > longestTeamPlanDays) {
      ctx.addIssue({
        code: "custom",
        path: ["end_date"],
        message: `A team plan covers at most ${longestTeamPlanDays} days`,
      });
    }
  });
export type TeamPlanQuery = z.infer<typeof teamPlanQuerySchema>;

export const teamPlanDaySchema = z.object({
  /** `YYYY-MM-DD` in the person's time zone. */
  date: z.string(),
  /** Seconds of planning blocks that start that day, series occurrences included. */
  planned: z.number(),
  /** Seconds of completed activities that start that day. */
  logged: z.number(),
  /**
   * The day's capacity in seconds: the contract in force's hours of that weekday (8 h Monday to Friday without a
   * contract), net of the day's holiday and approved time off (decision 026).
   */
  capacity: z.number(),
  /** planned ÷ capacity × 100, two decimals; null on a day without capacity. */
  percentage: z.number().nullable(),
  /** More seconds planned than the day's capacity: any planned time on a day without capacity is over. */
  over_capacity: z.boolean(),
});
export type TeamPlanDay = z.infer<typeof teamPlanDaySchema>;

export const teamPlanUserSchema = z.object({
  user_id: z.string(),
  nominative: z.string(),
  image_url: z.string().nullable(),
  /** `inactive` for a member asked for by id who no longer works: answered like the others. */
  status: z.enum(userStatuses),
  /** Every day of the range, in order. */
  days: z.array(teamPlanDaySchema),
});
export type TeamPlanUser = z.infer<typeof teamPlanUserSchema>;

export const teamPlanSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  /** By name. */
  users: z.array(teamPlanUserSchema),
});
export type TeamPlan = z.infer<typeof teamPlanSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The rules

/** What the figures of a day, a week or a row rest on. */
export interface TeamPlanSeconds {
  planned: number;
  logged: number;
  capacity: number;
}

/** Planned over capacity: true for any planned time on a day (or week) without capacity. */
export function isOverCapacity({ planned, capacity }: Pick<TeamPlanSeconds, "planned" | "capacity">): boolean {
  return planned > capacity;
}

/** The percentage and over-capacity flag of some seconds (a day's, a week's or a row's): the answer's day figures. */
export function teamPlanFigures(seconds: TeamPlanSeconds): TeamPlanSeconds & {
  percentage: number | null;
  over_capacity: boolean;
} {
  return {
    planned: seconds.planned,
    logged: seconds.logged,
    capacity: seconds.capacity,
    percentage: dayPercentage(seconds.planned, seconds.capacity),
    over_capacity: isOverCapacity(seconds),
  };
}

/** How a cell's bar is drawn. */
export interface TeamPlanBar {
  /** The fill, 0 to 100: the percentage clamped; full when time is planned on a day without capacity. */
  fill: number;
  /** Exactly the capacity planned (never on a day without capacity): the darker bar. */
  full: boolean;
}

/** The bar of a cell (spec: clamped 0 to 100, darker at exactly 100). */
export function teamPlanBar({ planned, capacity }: Pick<TeamPlanSeconds, "planned" | "capacity">): TeamPlanBar {
  const percentage = dayPercentage(planned, capacity);
  const fill = percentage === null ? (planned > 0 ? 100 : 0) : Math.min(100, Math.max(0, percentage));
  return { fill, full: capacity > 0 && planned === capacity };
}

/** The seconds of some days added up: a row's total of the week shown. */
export function teamPlanTotals(days: readonly TeamPlanSeconds[]): ReturnType<typeof teamPlanFigures> {
  let planned = 0;
  let logged = 0;
  let capacity = 0;
  for (const day of days) {
    planned += day.planned;
    logged += day.logged;
    capacity += day.capacity;
  }
  return teamPlanFigures({ planned, logged, capacity });
}

/**
 * A week's load as the forecast colours it: `over` above its capacity (red; any planned time in a week without
 * capacity), `low` under half of it (pale), `none` when the week has neither capacity nor planned time, else `normal`.
 * Decided on the seconds, not on the rounded percentage, so 100.001 % is over even when shown as 100.
 */
export type TeamPlanLoad = "over" | "low" | "normal" | "none";

export function teamPlanLoad({ planned, capacity }: Pick<TeamPlanSeconds, "planned" | "capacity">): TeamPlanLoad {
  if (planned > capacity) return "over";
  if (capacity === 0) return "none";
  return planned * 2 < capacity ? "low" : "normal";
}

export interface TeamPlanWeek extends ReturnType<typeof teamPlanFigures> {
  /** The week's Monday (weeks start on Monday), even when the range starts later in the week. */
  week_start: CalendarDate;
  /** How many of the week's days the figures hold (7 but at the range's ends). */
  days: number;
  load: TeamPlanLoad;
}

/**
 * The capacity forecast's weeks: the days' seconds added up per week starting on Monday, in date order. Given one
 * person's days, that person's weeks; given every person's days, the team's.
 */
export function teamPlanWeeks(days: ReadonlyArray<TeamPlanSeconds & { date: CalendarDate }>): TeamPlanWeek[] {
  const byWeek = new Map<CalendarDate, { planned: number; logged: number; capacity: number; days: Set<string> }>();
  for (const day of days) {
    const monday = mondayOf(day.date);
    let week = byWeek.get(monday);
    if (!week) {
      week = { planned: 0, logged: 0, capacity: 0, days: new Set() };
      byWeek.set(monday, week);
    }
    week.planned += day.planned;
    week.logged += day.logged;
    week.capacity += day.capacity;
    week.days.add(day.date);
  }
  return [...byWeek]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([monday, week]) => ({
      week_start: monday,
      days: week.days.size,
      ...teamPlanFigures(week),
      load: teamPlanLoad(week),
    }));
}
