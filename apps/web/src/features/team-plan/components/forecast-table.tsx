import { Avatar } from "@mantine/core";
import type { TeamPlanWeek } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import classes from "./team-plan.module.css";
import { useFiguresFormat } from "./use-figures-format";

export interface ForecastPerson {
  userId: string;
  nominative: string;
  imageUrl: string | null;
  weeks: readonly TeamPlanWeek[];
}

/**
 * The capacity forecast: a row per chosen person and a cell per week, this week and the eleven after it, with the
 * planned hours against the week's capacity (contract hours less holidays and time off). Over 100 % is red, under 50 %
 * pale.
 */
export function ForecastTable({
  weekStarts,
  people,
}: {
  weekStarts: readonly string[];
  people: readonly ForecastPerson[];
}) {
  const { t } = useTranslation();
  const format = useFiguresFormat();
  return (
    <>
      <table className={classes.grid} aria-label={t("teamPlan.forecast.label")}>
        <colgroup>
          <col className={classes.forecastPersonColumn} />
          {weekStarts.map((start) => (
            <col key={start} className={classes.weekColumn} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className={classes.cornerHeader}>
              {t("teamPlan.grid.person")}
            </th>
            {weekStarts.map((start) => (
              <th
                key={start}
                scope="col"
                className={classes.columnHeader}
                abbr={t("teamPlan.forecast.weekOf", { date: format.shortDate(start) })}
              >
                <span className={classes.dayHead}>
                  <span className={classes.weekDate}>{format.shortDate(start)}</span>
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {people.map((person) => (
            <tr key={person.userId}>
              <th scope="row" className={classes.person}>
                <div className={classes.personInner}>
                  <Avatar src={person.imageUrl} name={person.nominative} size={28} color="initials" alt="">
                    {person.nominative.trim().charAt(0).toUpperCase()}
                  </Avatar>
                  <span className={classes.personText}>
                    <span className={classes.personName}>{person.nominative}</span>
                  </span>
                </div>
              </th>
              {person.weeks.map((week) => (
                <td key={week.week_start} className={classes.forecastCell} data-level={week.load}>
                  <span className={classes.forecastPercent}>
                    {week.percentage === null ? t("teamPlan.forecast.noCapacity") : format.percent(week.percentage)}
                  </span>
                  <span className={classes.forecastHours}>
                    {t("teamPlan.forecast.hours", {
                      planned: format.number(week.planned),
                      capacity: format.hours(week.capacity),
                    })}
                  </span>
                  {week.load === "over" && <span className={classes.srOnly}>{t("teamPlan.forecast.over")}</span>}
                  {week.load === "low" && <span className={classes.srOnly}>{t("teamPlan.forecast.low")}</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className={classes.legend}>
        <span className={classes.legendItem}>
          <span className={classes.swatch} style={{ background: "var(--mantine-color-red-6)" }} aria-hidden />
          {t("teamPlan.forecast.legendOver")}
        </span>
        <span className={classes.legendItem}>
          <span className={classes.swatch} style={{ background: "var(--mantine-color-gray-3)" }} aria-hidden />
          {t("teamPlan.forecast.legendLow")}
        </span>
      </div>
    </>
  );
}
