import type { DayHeaderInfo } from "@fullcalendar/react";
import { useContext } from "react";
import { useTranslation } from "react-i18next";
import { formatDayTotal } from "../lib/board-time";
import classes from "./board.module.css";
import { BoardTilesContext } from "./board-context";

/** Spec part 1 §2 "Board": a day's header shows its date, its weekday and the completed activity time of the day. */
export function DayHeader({ info }: { info: DayHeaderInfo }) {
  const { t, i18n } = useTranslation();
  const { dayTotal } = useContext(BoardTilesContext);
  const total = formatDayTotal(dayTotal(info.date));
  const weekday = info.date.toLocaleDateString(i18n.language, { weekday: info.isNarrow ? "narrow" : "short" });
  return (
    <div className={classes.dayHeader} data-today={info.isToday || undefined}>
      <span className={classes.dayName}>
        <span className={classes.dayWeekday}>{weekday}</span>
        <span className={classes.dayNumber}>{info.date.getDate()}</span>
      </span>
      <span className={classes.dayTotal} title={t("board.dayTotal", { total })}>
        <span className={classes.visuallyHidden}>{t("board.dayTotalLabel")} </span>
        {total}
      </span>
    </div>
  );
}
