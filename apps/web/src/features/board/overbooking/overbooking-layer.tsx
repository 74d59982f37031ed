import { IconAlertTriangle } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { activityHours, calendarDateIn, isOverCapacity, timeZoneOfPreferences } from "@timetrap/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { EventRange } from "../../../api/time-blocking";
import { useCan } from "../../../lib/permissions";
import { useSignedInUser } from "../../../lib/session";
import { dashboardKeys, getUserReport } from "../../dashboard/api/get-user-report";
import { browserTimeZone } from "../lib/board-time";
import styles from "./overbooking.module.css";

/**
 * A quiet note above the grid naming each day shown whose planned hours exceed its capacity (issue 12): the figures of
 * the person's report (the reports' one aggregate, net of holidays and time off) and the team plan's rule
 * (`isOverCapacity`). Fetched after the board, with its code, and again whenever the board's week is read again (a
 * block saved, moved or deleted: `version`).
 */
export function OverbookingLayer({ userId, range, version }: { userId: string; range: EventRange; version: number }) {
  const { t, i18n } = useTranslation();
  const me = useSignedInUser();
  const can = useCan();
  // A block's day is the day it starts in its owner's zone; someone else's board shows the browser's.
  const timeZone = userId === me.uid ? timeZoneOfPreferences(me.preferences) : browserTimeZone();
  const period = useMemo(
    () => ({ start_date: calendarDateIn(range.start, timeZone), end_date: calendarDateIn(range.end - 1, timeZone) }),
    [range.start, range.end, timeZone],
  );
  // A person's own figures, or anyone's with read on team, as the report answers them.
  const mayRead = userId === me.uid || can("read", "team");
  const report = useQuery({
    queryKey: [...dashboardKeys.user(userId, period), "board", version],
    queryFn: ({ signal }) => getUserReport({ userId, period, signal }),
    enabled: mayRead && version > 0,
    placeholderData: keepPreviousData,
  });
  const format = useMemo(() => {
    const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
    const day = new Intl.DateTimeFormat(i18n.language, {
      weekday: "long",
      day: "numeric",
      month: "long",
      timeZone: "UTC",
    });
    return {
      hours: (seconds: number) => t("board.overbookedHours", { hours: number.format(activityHours(seconds)) }),
      day: (date: string) => day.format(new Date(`${date}T12:00:00Z`)),
    };
  }, [t, i18n.language]);

  const over = (report.data?.report ?? []).filter(
    (day) => day.date >= period.start_date && day.date <= period.end_date && isOverCapacity(day),
  );
  if (over.length === 0) return null;
  return (
    <p className={styles.note} data-testid="overbooking-note">
      {over.map((day) => (
        <span key={day.date} className={styles.day}>
          <IconAlertTriangle size={14} aria-hidden />
          {t("board.overbooked", {
            day: format.day(day.date),
            planned: format.hours(day.planned),
            capacity: format.hours(day.capacity),
          })}
        </span>
      ))}
    </p>
  );
}
