import type { EventInput } from "@fullcalendar/react";
import {
  type ApprovalPeriod,
  addDays,
  type CalendarDate,
  calendarDateIn,
  isLocked,
  type Period,
  type PeriodLock,
  periodOf,
} from "@timetrap/domain";
import { boardEventOf } from "../lib/calendar-events";

/** The periods (of the organization's kind) that hold any of the days from `start` to `end`, both included. */
export function periodsBetween(start: CalendarDate, end: CalendarDate, kind: ApprovalPeriod): Period[] {
  const periods: Period[] = [];
  for (let day = start; day <= end; ) {
    const period = periodOf(day, kind);
    periods.push(period);
    day = addDays(period.end, 1);
  }
  return periods;
}

export interface LockState {
  approvedPeriods: readonly Period[];
  lockBefore: CalendarDate | null;
  /** The owner's zone: an activity's day is the day it starts there (decision 026). */
  timeZone: string;
}

/**
 * What locks the day an activity starts on, or null; planning blocks are never locked (decision 026). Anything that
 * is not one of the board's own events (a day off, a drop placeholder) is left to its own rules.
 */
export function lockOfEvent(input: EventInput, state: LockState): PeriodLock | null {
  const event = boardEventOf(input.extendedProps ?? {});
  if (event?.event_type !== "activity") return null;
  return isLocked(calendarDateIn(event.start_time, state.timeZone), state);
}

/**
 * The board's events with the locked activities made fixed: no drag, no resize, drawn as locked. A move into a
 * locked day is still possible to try; the server refuses it (423) and the board puts the block back.
 */
export function withLockedEvents(events: EventInput[], state: LockState, lockedClass: string): EventInput[] {
  return events.map((input) => {
    if (!lockOfEvent(input, state)) return input;
    const className = [input.className, lockedClass].flat().filter(Boolean).join(" ");
    return { ...input, editable: false, startEditable: false, durationEditable: false, className };
  });
}

/**
 * The locks the shown days fall under, for the note above the grid: each approved period that overlaps them, and the
 * organization's lock date when a shown day is before it.
 */
export function locksShown(start: CalendarDate, end: CalendarDate, state: Omit<LockState, "timeZone">): PeriodLock[] {
  const locks: PeriodLock[] = state.approvedPeriods
    .filter((period) => period.start <= end && start <= period.end)
    .map((period) => ({ kind: "approved", start: period.start, end: period.end }));
  if (state.lockBefore !== null && start < state.lockBefore) locks.push({ kind: "before", date: state.lockBefore });
  return locks;
}
