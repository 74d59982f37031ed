import type { EventInput } from "@fullcalendar/react";
import { calendarDateIn } from "@timetrap/domain";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useDaysOff } from "../../../api/days-off";
import type { EventRange } from "../../../api/time-blocking";
import { browserTimeZone } from "../lib/board-time";
import styles from "./days-off.module.css";
import { type DayOffClasses, type DayOffWords, withDaysOff } from "./days-off-events";

/** What the board draws on top of its own events: the person's days off, and warnings on its planning blocks. */
export interface DaysOffDecoration {
  /** Whether there is any day off to draw: the all-day row is shown for it, whatever the preference. */
  any: boolean;
  decorate: (events: EventInput[]) => EventInput[];
}

const classes: DayOffClasses = {
  dayOff: styles.dayOff ?? "",
  holiday: styles.holiday ?? "",
  pending: styles.pending ?? "",
  half: styles.half ?? "",
  overbooked: styles.overbooked ?? "",
};

/**
 * Fetches a person's holidays and time off for the days the board shows (decision 026) and hands the board how to draw
 * them. Fetched apart from the board's first load, with its code: a board without days off draws as before.
 */
export function DaysOffLayer({
  userId,
  range,
  onChange,
}: {
  userId: string;
  range: EventRange;
  onChange: (decoration: DaysOffDecoration | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const timeZone = browserTimeZone();
  const dates = useMemo(
    () => ({ start: calendarDateIn(range.start, timeZone), end: calendarDateIn(range.end - 1, timeZone) }),
    [range.start, range.end, timeZone],
  );
  const daysOff = useDaysOff(userId, dates);
  const days = daysOff.data;

  const words: DayOffWords = useMemo(() => {
    const hours = new Intl.NumberFormat(i18n.language === "it" ? "it-IT" : "en-GB", { maximumFractionDigits: 2 });
    return {
      requested: (name) => t("timeOff.board.requested", { name }),
      half: (name) => t("timeOff.board.half", { name }),
      hours: (name, value) => t("timeOff.board.hours", { name, hours: hours.format(value) }),
      onTimeOff: t("timeOff.board.onTimeOff"),
    };
  }, [t, i18n.language]);

  useEffect(() => {
    if (!days || days.length === 0) {
      onChange(null);
      return;
    }
    onChange({ any: true, decorate: (events) => withDaysOff(events, days, { words, classes, timeZone }) });
  }, [days, words, timeZone, onChange]);

  // Nothing is withdrawn when the board goes: its events are drawn without days off next time it comes.
  useEffect(() => () => onChange(null), [onChange]);

  return null;
}
