import { activityHours } from "@timetrap/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { localDate } from "../lib/team-plan-week";

export interface FiguresFormat {
  /** Seconds as hours with one decimal ("6.5 h"). */
  hours: (seconds: number) => string;
  /** Seconds as hours with one decimal, without the unit ("6.5"). */
  number: (seconds: number) => string;
  /** A percentage with at most one decimal ("112.5%"). */
  percent: (value: number) => string;
  /** "Monday 16 March". */
  longDay: (date: string) => string;
  /** "Mon". */
  shortWeekday: (date: string) => string;
  /** "16 Mar". */
  shortDate: (date: string) => string;
}

/** The screen's figures in the reader's language, formatters made once per language. */
export function useFiguresFormat(): FiguresFormat {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    const long = new Intl.DateTimeFormat(language, { weekday: "long", day: "numeric", month: "long" });
    const weekday = new Intl.DateTimeFormat(language, { weekday: "short" });
    const short = new Intl.DateTimeFormat(language, { day: "numeric", month: "short" });
    return {
      hours: (seconds) => t("teamPlan.figures.hours", { hours: number.format(activityHours(seconds)) }),
      number: (seconds) => number.format(activityHours(seconds)),
      percent: (value) => t("teamPlan.figures.percent", { value: number.format(value) }),
      longDay: (date) => long.format(localDate(date)),
      shortWeekday: (date) => weekday.format(localDate(date)),
      shortDate: (date) => short.format(localDate(date)),
    };
  }, [t, language]);
}
