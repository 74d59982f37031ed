import {
  addDays,
  type CalendarDate,
  type TeamPlanDay,
  type TeamPlanWeek,
  teamPlanBar,
  teamPlanWeeks,
} from "@timetrap/domain";
import { forecastWeekCount } from "./team-plan-week";

export interface CellFigures {
  /** The planned bar's length, 0 to 100. */
  plannedFill: number;
  /** Exactly the capacity planned: the darker bar. */
  full: boolean;
  /** The logged bar's length, 0 to 100, by the same rule as the planned one. */
  loggedFill: number;
}

/** What a day's cell draws (spec part 1 §2 "Team plan"), by the domain's bar rule (decision 027). */
export function cellFigures(day: Pick<TeamPlanDay, "planned" | "logged" | "capacity">): CellFigures {
  const planned = teamPlanBar(day);
  return {
    plannedFill: planned.fill,
    full: planned.full,
    loggedFill: teamPlanBar({ planned: day.logged, capacity: day.capacity }).fill,
  };
}

/**
 * A person's forecast: the domain's weeks of their days, one for each of the `weeks` weeks from `monday`; a week the
 * answer has no day of (none should be missing) is drawn without figures.
 */
export function forecastWeeks(
  days: readonly TeamPlanDay[],
  monday: CalendarDate,
  weeks = forecastWeekCount,
): TeamPlanWeek[] {
  const byStart = new Map(teamPlanWeeks(days).map((week) => [week.week_start, week]));
  return Array.from({ length: weeks }, (_, i) => {
    const start = addDays(monday, i * 7);
    return (
      byStart.get(start) ?? {
        week_start: start,
        days: 0,
        planned: 0,
        logged: 0,
        capacity: 0,
        percentage: null,
        over_capacity: false,
        load: "none",
      }
    );
  });
}
