import { ActionIcon, Avatar, Tooltip } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { type TeamPlanDay, teamPlanTotals } from "@timetrap/domain";
import { type KeyboardEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cellFigures } from "../lib/team-plan-figures";
import classes from "./team-plan.module.css";
import { useFiguresFormat } from "./use-figures-format";

export interface GridPerson {
  userId: string;
  nominative: string;
  imageUrl: string | null;
  /** The person's figures by day; a day missing here (not loaded yet) is drawn empty. */
  days: ReadonlyMap<string, TeamPlanDay>;
}

export interface GridCell {
  userId: string;
  date: string;
}

const emptyDay = (date: string): TeamPlanDay => ({
  date,
  planned: 0,
  logged: 0,
  capacity: 0,
  percentage: null,
  over_capacity: false,
});

/**
 * Spec part 1 §2 "Team plan": a row per chosen person (initial, name, the week's hours, a remove button) and a 70 px
 * cell per shown day with its hours and a bar by percentage; the logged hours are a thin second bar. The cells are one
 * stop of the Tab key: the arrows move between them, Enter opens the day (a roving tab index).
 */
export function TeamPlanGrid({
  days,
  today,
  people,
  openCell,
  onOpen,
  onRemove,
}: {
  days: readonly string[];
  today: string;
  people: readonly GridPerson[];
  openCell: GridCell | null;
  onOpen: (cell: GridCell) => void;
  onRemove: (userId: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFiguresFormat();
  const [focus, setFocus] = useState({ row: 0, column: 0 });
  const tableRef = useRef<HTMLTableElement>(null);
  const row = Math.min(focus.row, people.length - 1);
  const column = Math.min(focus.column, days.length - 1);

  const moveTo = (nextRow: number, nextColumn: number) => {
    const r = Math.max(0, Math.min(people.length - 1, nextRow));
    const c = Math.max(0, Math.min(days.length - 1, nextColumn));
    setFocus({ row: r, column: c });
    tableRef.current?.querySelector<HTMLElement>(`[data-cell="${r}-${c}"]`)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, r: number, c: number) => {
    const moves: Record<string, [number, number]> = {
      ArrowUp: [r - 1, c],
      ArrowDown: [r + 1, c],
      ArrowLeft: [r, c - 1],
      ArrowRight: [r, c + 1],
      Home: [r, 0],
      End: [r, days.length - 1],
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    moveTo(...move);
  };

  return (
    <table ref={tableRef} className={classes.grid} aria-label={t("teamPlan.grid.label")}>
      <colgroup>
        <col className={classes.personColumn} />
        {days.map((date) => (
          <col key={date} className={classes.dayColumn} />
        ))}
      </colgroup>
      <thead>
        <tr>
          <th scope="col" className={classes.cornerHeader}>
            {t("teamPlan.grid.person")}
          </th>
          {days.map((date) => (
            <th key={date} scope="col" className={classes.columnHeader} abbr={format.longDay(date)}>
              <span className={classes.dayHead} data-today={date === today || undefined}>
                <span className={classes.dayNumber}>{Number(date.slice(8, 10))}</span>
                <span className={classes.dayWeekday}>{format.shortWeekday(date)}</span>
              </span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {people.map((person, r) => {
          const shown = days.map((date) => person.days.get(date) ?? emptyDay(date));
          const total = teamPlanTotals(shown).planned;
          const removeLabel = t("teamPlan.grid.remove", { name: person.nominative });
          return (
            <tr key={person.userId}>
              <th scope="row" className={classes.person}>
                <div className={classes.personInner}>
                  <Avatar src={person.imageUrl} name={person.nominative} size={32} color="initials" alt="">
                    {person.nominative.trim().charAt(0).toUpperCase()}
                  </Avatar>
                  <span className={classes.personText}>
                    <span className={classes.personName}>{person.nominative}</span>
                    <span className={classes.personTotal}>
                      {t("teamPlan.grid.weekTotal", { hours: format.hours(total) })}
                    </span>
                  </span>
                  <Tooltip label={removeLabel}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={removeLabel}
                      onClick={() => onRemove(person.userId)}
                    >
                      <IconX size={14} />
                    </ActionIcon>
                  </Tooltip>
                </div>
              </th>
              {shown.map((day, c) => {
                const figures = cellFigures(day);
                const isOpen = openCell?.userId === person.userId && openCell.date === day.date;
                const label = [
                  t("teamPlan.cell.label", {
                    name: person.nominative,
                    day: format.longDay(day.date),
                    planned: format.hours(day.planned),
                    capacity: format.hours(day.capacity),
                    logged: format.hours(day.logged),
                  }),
                  day.percentage !== null && t("teamPlan.cell.percentage", { value: format.percent(day.percentage) }),
                  day.over_capacity && t("teamPlan.cell.overCapacity"),
                ]
                  .filter(Boolean)
                  .join(", ");
                return (
                  <td key={day.date}>
                    <button
                      type="button"
                      className={classes.cell}
                      data-cell={`${r}-${c}`}
                      data-today={day.date === today || undefined}
                      data-open={isOpen || undefined}
                      data-over={day.over_capacity || undefined}
                      tabIndex={r === row && c === column ? 0 : -1}
                      aria-label={label}
                      aria-pressed={isOpen}
                      onFocus={() => setFocus({ row: r, column: c })}
                      onKeyDown={(e) => onKeyDown(e, r, c)}
                      onClick={() => onOpen({ userId: person.userId, date: day.date })}
                    >
                      <span className={classes.cellHours} aria-hidden>
                        <span className={classes.cellPlanned}>{format.hours(day.planned)}</span>
                        <span className={classes.cellCapacity}>
                          {t("teamPlan.cell.ofCapacity", { hours: format.hours(day.capacity) })}
                        </span>
                      </span>
                      <span className={classes.bars} aria-hidden>
                        <span className={classes.plannedBar}>
                          <span
                            className={classes.plannedFill}
                            data-full={figures.full || undefined}
                            style={{ width: `${figures.plannedFill}%` }}
                          />
                        </span>
                        <span className={classes.loggedBar}>
                          <span className={classes.loggedFill} style={{ width: `${figures.loggedFill}%` }} />
                        </span>
                      </span>
                    </button>
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
