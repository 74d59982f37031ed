import type { EventDropInfo, EventReceiveInfo, EventResizeDoneInfo } from "@fullcalendar/react";
import { CloseButton, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { confirmTime, endOfDayIn, type Preferences, type TeamPlanDay, type TimeBlockingEvent } from "@timetrap/domain";
import { Suspense, useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { copyDraft, type EventRange, useTimeBlockingEvents } from "../../../api/time-blocking";
import { LoadErrorState, LoadingState } from "../../../components/query-states";
import { useDrawnOnce } from "../../../lib/lazy-component";
import type { BoardCalendarHandlers } from "../../board/components/board-calendar";
import type { BoardTiles, TileLabels } from "../../board/components/board-context";
import type { boardParts } from "../../board/components/board-page";
import type { EventFormTarget } from "../../board/event-form/event-form-modal";
import { completeEvent, type TeamPlanMenuItem } from "../lib/team-plan-menu";
import classes from "./team-plan.module.css";
import { type MenuTarget, TeamPlanEventMenu } from "./team-plan-event-menu";
import { useFiguresFormat } from "./use-figures-format";

const noEvents: TimeBlockingEvent[] = [];

/** The board's parts, fetched with the board's page (team-plan-page.tsx). */
export type BoardParts = typeof boardParts;

/**
 * The right panel of the team plan (spec part 1 §2 "Team plan"): one person's day as the board draws it, with the
 * board's tiles, its event form (and the form's delete with the recurrence choice), and the team plan's own menu. It is
 * read-only where the board would be: another person's day without edit team.
 */
export function DayPanel({
  parts,
  userId,
  nominative,
  date,
  day,
  preferences,
  readOnly,
  onClose,
}: {
  parts: BoardParts;
  userId: string;
  nominative: string;
  date: string;
  /** The day's figures in the grid; an overbooked day says so above the calendar. */
  day: TeamPlanDay | null;
  preferences: Preferences;
  readOnly: boolean;
  onClose: () => void;
}) {
  const {
    EventFormModal,
    useCalendarController,
    BoardCalendar,
    BoardTilesContext,
    focusTile,
    useBoardChanges,
    useToggleTimer,
    alertError,
    browserTimeZone,
    dayTotals,
    boardEventOf,
    calendarEventId,
    timesFromCalendar,
    toCalendarEvent,
    calendarClasses: boardClasses,
  } = parts;
  const { t } = useTranslation();
  const format = useFiguresFormat();
  const controller = useCalendarController();
  const [range, setRange] = useState<EventRange | null>(null);
  const query = useTimeBlockingEvents(userId, range);
  const events = query.data ?? noEvents;
  const changes = useBoardChanges(userId);
  const timer = useToggleTimer(userId);
  const [formTarget, setFormTarget] = useState<EventFormTarget | null>(null);
  const [menuTarget, setMenuTarget] = useState<MenuTarget | null>(null);
  const drawForm = useDrawnOnce(formTarget !== null);

  // The panel shows the one day it was opened on, whatever days the board's preferences hide.
  const dayPreferences = useMemo(() => ({ ...preferences, weekends: true }), [preferences]);
  const runningEventId = timer.runningEventId;
  const calendarEvents = useMemo(
    () =>
      events.map((event) => {
        const input = toCalendarEvent(event, { editable: !readOnly });
        return runningEventId === event.id && !event.is_occurrence
          ? { ...input, className: boardClasses.running }
          : input;
      }),
    [events, readOnly, runningEventId, toCalendarEvent, boardClasses.running],
  );
  const eventsById = useRef(new Map<string, TimeBlockingEvent>());
  eventsById.current = useMemo(
    () => new Map(events.map((event) => [calendarEventId(event), event])),
    [events, calendarEventId],
  );

  const timeZone = browserTimeZone();
  const endOfToday = endOfDayIn(Date.now(), timeZone);
  const toggleRef = useRef(timer.toggle);
  toggleRef.current = timer.toggle;
  const toggleTimer = useCallback((event: TimeBlockingEvent) => toggleRef.current(event), []);
  const labels: TileLabels = useMemo(
    () => ({
      untitled: t("board.tile.untitled"),
      elapsed: t("board.tile.elapsed"),
      planning: t("board.tile.planning"),
      running: t("board.tile.running"),
      startTimer: (title) => t("board.tile.startTimer", { title }),
      stopTimer: (title) => t("board.tile.stopTimer", { title }),
    }),
    [t],
  );
  const tiles: BoardTiles = useMemo(
    () => ({
      labels,
      runningEventId,
      toggleTimer,
      timerPending: timer.pending,
      endOfToday,
      readOnly,
      dayTotal: dayTotals(events, timeZone),
    }),
    [labels, runningEventId, toggleTimer, timer.pending, endOfToday, readOnly, events, timeZone, dayTotals],
  );

  const onRangeChange = useCallback(({ visible }: { visible: EventRange; period: EventRange }) => {
    setRange((current) =>
      current && current.start === visible.start && current.end === visible.end ? current : visible,
    );
  }, []);

  const handlers: BoardCalendarHandlers = {
    onRangeChange,
    onSelect: (draft) => setFormTarget({ mode: "create", draft }),
    onEventClick: (event) => setFormTarget({ mode: "edit", event }),
    onEventMove: (info: EventDropInfo | EventResizeDoneInfo) => {
      const before = boardEventOf(info.oldEvent.extendedProps);
      const times = timesFromCalendar(info.event);
      if (!before || !times || readOnly) {
        info.revert();
        return;
      }
      changes.change(before, { ...before, ...times }).catch((error: unknown) => {
        info.revert();
        alertError(error);
      });
    },
    // Nothing is dragged in from outside the panel.
    onReceive: (info: EventReceiveInfo) => info.revert(),
    onContextMenu: (id, x, y) => {
      const event = eventsById.current.get(id);
      if (event) setMenuTarget({ event, x, y });
    },
  };

  const onMenuSelect = (item: TeamPlanMenuItem, event: TimeBlockingEvent) => {
    setMenuTarget(null);
    focusTile(calendarEventId(event));
    if (item === "edit") {
      setFormTarget({ mode: "edit", event });
    } else if (item === "copy") {
      setFormTarget({ mode: "create", draft: copyDraft(event) });
    } else {
      const after = item === "confirmTime" ? confirmTime(event) : completeEvent(event);
      changes.change(event, after).catch(alertError);
    }
  };

  const dayName = format.longDay(date);
  return (
    <aside className={classes.panel} aria-label={t("teamPlan.panel.label", { name: nominative, day: dayName })}>
      <div className={classes.panelHeader}>
        <div className={classes.panelTitle}>
          <Text component="h2" fw={700} fz="md" truncate>
            {nominative}
          </Text>
          <Text size="sm" c="dimmed">
            {dayName}
          </Text>
          {day && (
            <Text size="xs" c="dimmed">
              {t("teamPlan.panel.figures", {
                planned: format.hours(day.planned),
                capacity: format.hours(day.capacity),
                logged: format.hours(day.logged),
              })}
            </Text>
          )}
        </div>
        <CloseButton aria-label={t("teamPlan.panel.close")} onClick={onClose} />
      </div>
      {day?.over_capacity && (
        <div className={classes.overbooked} role="note">
          <IconAlertTriangle size={16} aria-hidden />
          <span>
            {t("teamPlan.panel.overbooked", {
              planned: format.hours(day.planned),
              capacity: format.hours(day.capacity),
            })}
          </span>
        </div>
      )}
      {query.isError && (
        <LoadErrorState title={t("board.loadError")} error={query.error} onRetry={() => void query.refetch()} />
      )}
      <div className={`${boardClasses.calendar} ${classes.panelCalendar}`} aria-busy={query.isFetching}>
        <BoardTilesContext.Provider value={tiles}>
          <BoardCalendar
            controller={controller}
            preferences={dayPreferences}
            events={calendarEvents}
            readOnly={readOnly}
            view="timeGridDay"
            handlers={handlers}
            initialDate={date}
          />
        </BoardTilesContext.Provider>
        {query.isPending && range && (
          <div className={boardClasses.loading}>
            <LoadingState />
          </div>
        )}
      </div>
      <TeamPlanEventMenu
        target={menuTarget}
        readOnly={readOnly}
        calendarServiceSource={parts.calendarServiceSource}
        copyIcon={<parts.CopyIcon size={16} />}
        menu={parts.PointerMenu}
        onClose={() => setMenuTarget(null)}
        onSelect={onMenuSelect}
      />
      {drawForm && (
        <Suspense fallback={null}>
          <EventFormModal userId={userId} target={formTarget} onClose={() => setFormTarget(null)} />
        </Suspense>
      )}
    </aside>
  );
}
