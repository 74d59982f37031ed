import {
  type ApprovalPeriod,
  addDays,
  type CalendarDate,
  isCalendarDate,
  type Period,
  periodOf,
} from "@timetrap/domain";

/**
 * The period a page shows: the one holding the date in its address (any day of it, so that a link to a day opens
 * its period), else the one holding today.
 */
export function shownPeriod(requested: string | null, kind: ApprovalPeriod, today: CalendarDate): Period {
  return periodOf(requested && isCalendarDate(requested) ? requested : today, kind);
}

/** The period before `period`, of the same kind. */
export function previousPeriod(period: Period, kind: ApprovalPeriod): Period {
  return periodOf(addDays(period.start, -1), kind);
}

/** The period after `period`, of the same kind. */
export function nextPeriod(period: Period, kind: ApprovalPeriod): Period {
  return periodOf(addDays(period.end, 1), kind);
}
