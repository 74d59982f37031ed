/**
 * The closed lists of "hours you can pay from" (decision 026): holidays, time off, timesheet approval. The database's
 * checks and the rules read the same lists. The approval periods are in organization.ts, with the settings that name
 * them (the organization's pages load those without the rest).
 */

/** A holiday group's convention: a holiday lowers the expected hours (the default), or counts as hours worked. */
export const holidayConventions = ["reduce", "worked"] as const;
export type HolidayConvention = (typeof holidayConventions)[number];

/** Where a holiday of a group comes from: the country's public holidays (date-holidays), or the organization's own. */
export const holidaySources = ["public", "own"] as const;
export type HolidaySource = (typeof holidaySources)[number];

/** The half of a day a half-day time off takes. */
export const halfDays = ["morning", "afternoon"] as const;
export type HalfDay = (typeof halfDays)[number];

/** A time off's states: requested → approved | rejected; requested or approved → cancelled. */
export const timeOffStatuses = ["requested", "approved", "rejected", "cancelled"] as const;
export type TimeOffStatus = (typeof timeOffStatuses)[number];

/**
 * A submitted period's states: open (never submitted, withdrawn or reopened) → submitted → approved | rejected;
 * submitted → open (withdrawn); rejected → submitted; approved → open (reopened, with a reason).
 */
export const timesheetPeriodStatuses = ["open", "submitted", "approved", "rejected"] as const;
export type TimesheetPeriodStatus = (typeof timesheetPeriodStatuses)[number];
