import FullCalendar, {
  type CalendarController,
  type DateSelectInfo,
  type DatesSetInfo,
  type DayHeaderInfo,
  type EventClickInfo,
  type EventDisplayInfo,
  type EventDropInfo,
  type EventInput,
  type EventReceiveInfo,
  type EventResizeDoneInfo,
} from "@fullcalendar/react";
import interactionPlugin from "@fullcalendar/react/interaction";
import italianLocale from "@fullcalendar/react/locales/it";
import classicTheme from "@fullcalendar/react/themes/classic";
import timeGridPlugin from "@fullcalendar/react/timegrid";
import "@fullcalendar/react/skeleton.css";
import "@fullcalendar/react/themes/classic/theme.css";
import "@fullcalendar/react/themes/classic/palette.css";
import type { Preferences, TimeBlockingEvent } from "@timetrap/domain";
import { type MouseEvent, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { EventRange } from "../../../api/time-blocking";
import { boardEventOf, boardEventOrder } from "../lib/calendar-events";
import { eventShortHeightPx, overlapOffsetPx, tileLayout } from "../lib/tile";
import classes from "./board.module.css";
import { DayHeader } from "./day-header";
import { EventTile, tileActionAttribute } from "./event-tile";

const plugins = [classicTheme, timeGridPlugin, interactionPlugin];
const locales = [italianLocale];
/** Spec part 1 §9: 24-hour labels. */
const timeFormat = { hour: "2-digit", minute: "2-digit", hour12: false } as const;

const renderTile = (info: EventDisplayInfo) => <EventTile info={info} />;
const renderDayHeader = (info: DayHeaderInfo) => <DayHeader info={info} />;

/** The tile's place in its column (spec §2 "Board"), as classes the stylesheet turns into insets and layers. */
function columnTileClass(info: EventDisplayInfo): string {
  const layout = tileLayout({
    eventType: info.event.extendedProps.eventType === "planning" ? "planning" : "activity",
    level: info.level,
    short: info.isShort,
  });
  if (layout.layer === "planning") return `${classes.planningLayer} ${classes.planningTint}`;
  const level = Math.round(layout.insetStartPx / overlapOffsetPx);
  return `${classes.eventLayer} ${classes[`overlap${level}`] ?? ""}`;
}

/** An all-day planning block is drawn as a plan too, in the all-day row, where the time grid's layers do not apply. */
function rowTileClass(info: EventDisplayInfo): string {
  return info.event.extendedProps.eventType === "planning" ? (classes.planningTint ?? "") : "";
}

/**
 * The hours' column of the time grid takes the keyboard's focus, so that the arrows scroll the grid's hours even in a
 * week with no block to Tab to (axe `scrollable-region-focusable`). Not the scrolling area itself: it sits between
 * the grid's row group and its rows, where a focusable element breaks the grid (axe `aria-required-children`); the
 * hours' column is a row header inside it. FullCalendar offers no attributes for either: the area is found by the
 * inline overflow it sets.
 */
function makeHoursFocusable(root: HTMLElement | null) {
  for (const scroller of root?.querySelectorAll<HTMLElement>('[style*="overflow"]') ?? []) {
    if (scroller.style.overflowY !== "auto") continue;
    const hours = scroller.querySelector<HTMLElement>('[role="rowheader"]');
    if (!hours || hours.tabIndex === 0) continue;
    hours.tabIndex = 0;
    hours.setAttribute(hoursAttribute, "");
  }
}

/** Marks the hours' column, for its focus ring. */
const hoursAttribute = "data-board-hours";

export interface BoardCalendarHandlers {
  /**
   * `visible`: the days drawn (a working week without its weekend); `period`: the whole week or day they belong to,
   * which Today and the arrows move between.
   */
  onRangeChange: (ranges: { visible: EventRange; period: EventRange }) => void;
  onSelect: (draft: { start_time: number; end_time: number; all_day: boolean }) => void;
  onEventClick: (event: TimeBlockingEvent) => void;
  onEventMove: (info: EventDropInfo | EventResizeDoneInfo) => void;
  onReceive: (info: EventReceiveInfo) => void;
  onContextMenu: (calendarEventId: string, x: number, y: number) => void;
}

/**
 * The time grid itself (spec part 1 §2 "Board", §9): the week or the day, hours and business hours, Monday first, 24-hour
 * labels, and every interaction wired to the board. The toolbar is the board's own, driven through `controller`.
 */
export function BoardCalendar({
  controller,
  preferences,
  events,
  readOnly,
  view,
  handlers,
  initialDate,
}: {
  controller: CalendarController;
  preferences: Preferences;
  events: EventInput[];
  readOnly: boolean;
  view: Preferences["calendarView"];
  handlers: BoardCalendarHandlers;
  /** The day first shown (`YYYY-MM-DD`); today without it. */
  initialDate?: string;
}) {
  const { t, i18n } = useTranslation();
  // The calendar's listeners stay the same across renders; they reach the current handlers through this ref.
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const rootRef = useRef<HTMLDivElement>(null);
  // After every render: a change of view, dates or hours may have drawn the hours' column anew.
  useEffect(() => makeHoursFocusable(rootRef.current));

  useEffect(() => {
    if (controller.view && controller.view.type !== view) controller.changeView(view);
  }, [controller, view]);

  /**
   * One listener for every tile's right-click, so that it always reads the tile as drawn now: FullCalendar keeps a
   * tile's element across changes of its event. From the keyboard (the menu key, Shift+F10) there is no pointer: the
   * menu opens at the tile.
   */
  const onContextMenu = (e: MouseEvent<HTMLDivElement>) => {
    const tile = (e.target as Element).closest(`.${classes.boardEvent}`);
    const id = tile?.querySelector("[data-event-id]")?.getAttribute("data-event-id");
    if (!tile || !id) return;
    e.preventDefault();
    const rect = tile.getBoundingClientRect();
    const fromKeyboard = e.clientX === 0 && e.clientY === 0;
    handlersRef.current.onContextMenu(
      id,
      fromKeyboard ? rect.left + 8 : e.clientX,
      fromKeyboard ? rect.top + 8 : e.clientY,
    );
  };

  const businessHours = useMemo(
    () => ({
      daysOfWeek: preferences.businessDaysOfWeek,
      startTime: preferences.businessStartTime,
      endTime: preferences.businessEndTime,
    }),
    [preferences.businessDaysOfWeek, preferences.businessStartTime, preferences.businessEndTime],
  );

  const listeners = useMemo(
    () => ({
      onDatesSet: (info: DatesSetInfo) =>
        handlersRef.current.onRangeChange({
          visible: { start: info.start.getTime(), end: info.end.getTime() },
          period: { start: info.view.currentStart.getTime(), end: info.view.currentEnd.getTime() },
        }),
      onSelect: (info: DateSelectInfo) => {
        info.view.calendar.unselect();
        handlersRef.current.onSelect({
          start_time: info.start.getTime(),
          end_time: info.end.getTime(),
          all_day: info.allDay,
        });
      },
      onEventClick: (info: EventClickInfo) => {
        if ((info.jsEvent.target as Element | null)?.closest?.(`[${tileActionAttribute}]`)) return;
        const event = boardEventOf(info.event.extendedProps);
        if (event) handlersRef.current.onEventClick(event);
      },
      onEventMove: (info: EventDropInfo | EventResizeDoneInfo) => handlersRef.current.onEventMove(info),
      onReceive: (info: EventReceiveInfo) => handlersRef.current.onReceive(info),
    }),
    [],
  );
  const { onDatesSet, onSelect, onEventClick, onEventMove, onReceive } = listeners;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the tiles inside are the buttons; this only routes their menu
    <div ref={rootRef} className={classes.calendarRoot} onContextMenu={onContextMenu}>
      <FullCalendar
        controller={controller}
        plugins={plugins}
        locales={locales}
        locale={i18n.language === "it" ? "it" : "en"}
        initialView={view}
        initialDate={initialDate}
        headerToolbar={false}
        height="100%"
        firstDay={1}
        weekends={preferences.weekends}
        allDaySlot={preferences.allDaySlot}
        allDayText={t("board.allDay")}
        slotDuration={preferences.slotDuration}
        slotMinTime={preferences.slotMinTime}
        slotMaxTime={preferences.slotMaxTime}
        businessHours={businessHours}
        slotHeaderFormat={timeFormat}
        eventTimeFormat={timeFormat}
        displayEventEnd
        nowIndicator
        dayHeaderContent={renderDayHeader}
        events={events}
        eventOrder={boardEventOrder}
        eventShortHeight={eventShortHeightPx}
        eventContent={renderTile}
        columnEventClass={columnTileClass}
        rowEventClass={rowTileClass}
        eventClass={classes.boardEvent}
        // The tile's face is its own button (event-tile.tsx): FullCalendar's focusable tile would hold the timer's
        // button inside another button.
        eventInteractive={false}
        // Spec part 1 §4: new and dropped blocks last an hour; a timed block dragged out of the all-day row too.
        defaultTimedEventDuration="01:00"
        forceEventDuration
        editable={!readOnly}
        eventResizableFromStart={!readOnly}
        selectable={!readOnly}
        selectMirror
        droppable={!readOnly}
        // The library's drag auto-scroll (50 px from the edge, at most 300 px/s) is the spec's (§9).
        dragScroll
        datesSet={onDatesSet}
        select={onSelect}
        eventClick={onEventClick}
        eventDrop={onEventMove}
        eventResize={onEventMove}
        eventReceive={onReceive}
      />
    </div>
  );
}
