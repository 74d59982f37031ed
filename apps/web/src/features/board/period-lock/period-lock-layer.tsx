import type { EventInput } from "@fullcalendar/react";
import { IconLock } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { calendarDateIn, type Period, timeZoneOfPreferences } from "@timetrap/domain";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { EventRange } from "../../../api/time-blocking";
import { getTimesheetPeriodQueryOptions } from "../../../api/timesheet-periods";
import { formatDate } from "../../../lib/format";
import { useCan } from "../../../lib/permissions";
import { useSignedInUser } from "../../../lib/session";
import { browserTimeZone } from "../lib/board-time";
import { type LockState, locksShown, periodsBetween, withLockedEvents } from "./locked-events";
import styles from "./period-lock.module.css";

/** How the board draws the locked activities of the days it shows. */
export interface PeriodLockDecoration {
  decorate: (events: EventInput[]) => EventInput[];
}

/**
 * The period lock on the board (decision 026): the approved periods of the person whose board it is and the
 * organization's lock date, for the days shown. It hands the board how to fix the locked activities in place and
 * writes a note above the grid naming what is locked. Fetched after the board, with its code: a board with nothing
 * locked draws as before.
 */
export function PeriodLockLayer({
  userId,
  range,
  onChange,
}: {
  userId: string;
  range: EventRange;
  onChange: (decoration: PeriodLockDecoration | null) => void;
}) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const can = useCan();
  const settings = me.organization?.settings;
  // An activity's day is the day it starts in its owner's zone; the zone of someone else's board is not known here,
  // and the board shows it in the browser's.
  const timeZone = userId === me.uid ? timeZoneOfPreferences(me.preferences) : browserTimeZone();
  const shown = useMemo(
    () => ({ start: calendarDateIn(range.start, timeZone), end: calendarDateIn(range.end - 1, timeZone) }),
    [range.start, range.end, timeZone],
  );
  const kind = settings?.approval_period ?? "week";
  const periods = useMemo(() => periodsBetween(shown.start, shown.end, kind), [shown, kind]);
  // The person's own periods, or anyone's with read on timesheet; without it only the lock date shows.
  const mayRead = !!settings && (userId === me.uid || can("read", "timesheet"));
  // The days a board shows (a week at most) reach two periods at most: a week across two months. Two queries, not
  // useQueries, which would add its observer to the query chunk every page loads first.
  const [first, second] = periods;
  const firstAnswer = useQuery({
    ...getTimesheetPeriodQueryOptions(userId, first?.start ?? ""),
    enabled: mayRead && first !== undefined,
  });
  const secondAnswer = useQuery({
    ...getTimesheetPeriodQueryOptions(userId, second?.start ?? ""),
    enabled: mayRead && second !== undefined,
  });
  const approvedKey = [first && firstAnswer.data, second && secondAnswer.data]
    .map((answer) => (answer && answer.status === "approved" ? `${answer.period_start}/${answer.period_end}` : ""))
    .join(",");
  const lockBefore = settings?.lock_before ?? null;

  const state: LockState = useMemo(() => {
    const approvedPeriods: Period[] = approvedKey
      .split(",")
      .filter(Boolean)
      .map((key) => {
        const [start = "", end = ""] = key.split("/");
        return { start, end };
      });
    return { approvedPeriods, lockBefore, timeZone };
  }, [approvedKey, lockBefore, timeZone]);
  const locks = locksShown(shown.start, shown.end, state);
  const anyLock = locks.length > 0;

  useEffect(() => {
    onChange(anyLock ? { decorate: (events) => withLockedEvents(events, state, styles.locked ?? "") } : null);
  }, [anyLock, state, onChange]);
  // Nothing is left behind when the board goes: its events are drawn without locks next time it comes.
  useEffect(() => () => onChange(null), [onChange]);

  if (!anyLock) return null;
  return (
    <p className={styles.note} data-testid="period-lock-note">
      {locks.map((lock) => (
        <span key={lock.kind === "approved" ? lock.start : `before-${lock.date}`} className={styles.lock}>
          <IconLock size={14} aria-hidden />
          {lock.kind === "approved"
            ? t("periodLock.board.approved", { from: formatDate(lock.start), to: formatDate(lock.end) })
            : t("periodLock.board.before", { date: formatDate(lock.date) })}
        </span>
      ))}
    </p>
  );
}
