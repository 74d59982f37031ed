import {
  type EventDropInfo,
  type EventReceiveInfo,
  type EventResizeDoneInfo,
  useCalendarController,
} from "@fullcalendar/react";
import { Box, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconCopy } from "@tabler/icons-react";
import {
  confirmTime,
  endOfDayIn,
  switchEventType,
  type TimeBlockingEvent,
  withPreferenceDefaults,
} from "@timetrap/domain";
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { useActiveOrganizationUsers } from "../../../api/get-organization-users";
import { copyDraft, type EventRange, useTimeBlockingEvents } from "../../../api/time-blocking";
import { LoadErrorState, LoadingState } from "../../../components/query-states";
import { loadTextArea } from "../../../lib/i18n";
import { lazyComponent, useDrawnOnce } from "../../../lib/lazy-component";
import { useCan } from "../../../lib/permissions";
import { useSignedInUser } from "../../../lib/session";
import type { DaysOffDecoration } from "../days-off/days-off-layer";
import type { EventFormTarget } from "../event-form/event-form-modal";
import type { GoogleDecoration } from "../google/google-layer";
import { useBoardKeyboard } from "../keyboard/use-board-keyboard";
import { alertError } from "../lib/alert-error";
import { browserTimeZone, dayTotals } from "../lib/board-time";
import { boardDateParam, boardView, dateToRecord, startOfBoardDate } from "../lib/board-url";
import { boardEventOf, calendarEventId, timesFromCalendar, toCalendarEvent } from "../lib/calendar-events";
import { dropEventInput } from "../lib/drop";
import { readDropItem } from "../lib/drop-item";
import { monthTitle, showsToday } from "../lib/month-title";
import { type BoardMenuItem, calendarServiceSource } from "../lib/tile";
import type { PeriodLockDecoration } from "../period-lock/period-lock-layer";
import { useToggleTimer } from "../timer/use-toggle-timer";
import classes from "./board.module.css";
import { BoardCalendar, type BoardCalendarHandlers } from "./board-calendar";
import { type BoardTiles, BoardTilesContext, type TileLabels } from "./board-context";
import { BoardToolbar } from "./board-toolbar";
import { type ContextMenuTarget, EventContextMenu, PointerMenu } from "./event-context-menu";
import { focusTile } from "./event-tile";
import { useBoardChanges } from "./use-board-changes";

const noEvents: TimeBlockingEvent[] = [];

// The event form, the preferences and the side panel come when first opened, not with the board (decision 016); the
// form and the panel with their texts, an area of their own (src/lib/i18n-parts.ts).
const withDialogTexts = <T,>(code: Promise<T>): Promise<T> =>
  Promise.all([code, loadTextArea("boardDialogs")]).then(([module]) => module);
const EventFormModal = lazyComponent(() =>
  withDialogTexts(import("../event-form/event-form-modal")).then((module) => module.EventFormModal),
);
const BoardPreferencesModal = lazyComponent(() =>
  import("./board-preferences-modal").then((module) => module.BoardPreferencesModal),
);
const SidePanel = lazyComponent(() =>
  withDialogTexts(import("../side-panel/side-panel")).then((module) => module.SidePanel),
);
// The person's holidays and time off come after the board, as read-only all-day blocks (decision 026).
const DaysOffLayer = lazyComponent(() => import("../days-off/days-off-layer").then((module) => module.DaysOffLayer));
// The period lock too: the locked activities stay in place, with a note above the grid (decision 026).
const PeriodLockLayer = lazyComponent(() =>
  import("../period-lock/period-lock-layer").then((module) => module.PeriodLockLayer),
);
const OverbookingLayer = lazyComponent(() =>
  import("../overbooking/overbooking-layer").then((module) => module.OverbookingLayer),
);
// Google Calendar's events on one's own board, with their texts (decision 029).
const GoogleLayer = lazyComponent(() => import("../google/google-layer").then((module) => module.loadGoogleLayer()));

/**
 * The board's parts the team plan's day panel draws a day with. The panel fetches them with this page (its chunk is
 * loaded whole), so that they stay in the board's own chunk rather than in one split off from it that the board would
 * fetch as well.
 */
export const boardParts = {
  EventFormModal,
  useCalendarController,
  CopyIcon: IconCopy,
  calendarServiceSource,
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
  calendarClasses: classes,
  PointerMenu,
};

/** Spec part 1 §2 "Board" (/user/{userId}/board): the week or day of one person's time blocks. */
export function BoardPage() {
  const { t } = useTranslation();
  const { userId = "" } = useParams();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const me = useSignedInUser();
  const can = useCan();
  // A phone has no room for five readable days side by side: it shows one day, whatever the preference says.
  const narrow = useMediaQuery("(max-width: 767px)", undefined, { getInitialValueInEffect: false }) ?? false;
  const preferences = useMemo(() => withPreferenceDefaults(me.preferences), [me.preferences]);
  const readOnly = userId !== me.uid && !can("edit", "team");
  // The week and view in the address (board-url.ts): a reload, a shared link, Back and Forward show the same days.
  const dateParam = boardDateParam(searchParams.get("date"));
  const view = boardView(searchParams.get("view"), preferences.calendarView, narrow);
  const mayPickUser = can("read", "team");
  const panel = searchParams.get("panel");

  const controller = useCalendarController();
  const [range, setRange] = useState<EventRange | null>(null);
  const [period, setPeriod] = useState<EventRange | null>(null);
  const query = useTimeBlockingEvents(userId, range);
  const events = query.data ?? noEvents;
  const users = useActiveOrganizationUsers(me.organization?.uid ?? "", {
    enabled: mayPickUser && !!me.organization,
  });
  const timer = useToggleTimer(userId);
  const changes = useBoardChanges(userId);

  const [formTarget, setFormTarget] = useState<EventFormTarget | null>(null);
  const [menuTarget, setMenuTarget] = useState<ContextMenuTarget | null>(null);
  const [preferencesOpened, setPreferencesOpened] = useState(false);
  const [daysOff, setDaysOff] = useState<DaysOffDecoration | null>(null);
  const [lock, setLock] = useState<PeriodLockDecoration | null>(null);
  const [google, setGoogle] = useState<GoogleDecoration | null>(null);
  const drawForm = useDrawnOnce(formTarget !== null);
  const drawPreferences = useDrawnOnce(preferencesOpened);

  const runningEventId = timer.runningEventId;
  const calendarEvents = useMemo(() => {
    const own = events.map((event) => {
      const input = toCalendarEvent(event, { editable: !readOnly });
      const running = runningEventId === event.id && !event.is_occurrence ? { className: classes.running } : {};
      return { ...input, ...running };
    });
    return [daysOff, google, lock].reduce((shown, layer) => (layer ? layer.decorate(shown) : shown), own);
  }, [events, readOnly, runningEventId, daysOff, google, lock]);
  // Days off and Google's all-day events: the row shows while there are any, whatever the preference.
  const shownPreferences = useMemo(
    () => (daysOff?.any || google?.any ? { ...preferences, allDaySlot: true } : preferences),
    [preferences, daysOff, google],
  );
  // The context menu is opened from a listener FullCalendar attached at mount: it finds the tile's current data here.
  const eventsById = useRef(new Map<string, TimeBlockingEvent>());
  eventsById.current = useMemo(() => new Map(events.map((event) => [calendarEventId(event), event])), [events]);

  const timeZone = browserTimeZone();
  const now = Date.now();
  const endOfToday = endOfDayIn(now, timeZone);
  // The timer hook answers a new function each render; the tiles keep one, so that they redraw only when needed.
  const toggleRef = useRef(timer.toggle);
  toggleRef.current = timer.toggle;
  const toggleTimer = useCallback((event: TimeBlockingEvent) => toggleRef.current(event), []);
  const labels: TileLabels = useMemo(() => {
    // Translated once with a marker where the title goes, then filled per tile: hundreds of interpolations through
    // i18next would cost a busy week tens of milliseconds.
    const marker = "\u0000";
    const template = (text: string) => {
      const [before = "", after = ""] = text.split(marker);
      return (title: string) => `${before}${title}${after}`;
    };
    return {
      untitled: t("board.tile.untitled"),
      elapsed: t("board.tile.elapsed"),
      planning: t("board.tile.planning"),
      running: t("board.tile.running"),
      startTimer: template(t("board.tile.startTimer", { title: marker })),
      stopTimer: template(t("board.tile.stopTimer", { title: marker })),
    };
  }, [t]);
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
    [labels, runningEventId, toggleTimer, timer.pending, endOfToday, readOnly, events, timeZone],
  );

  // The grid went to other days (the toolbar, Today, a change of view): the address follows, as a new history entry.
  const dateParamRef = useRef(dateParam);
  dateParamRef.current = dateParam;
  const periodRef = useRef<EventRange | null>(null);
  const onRangeChange = useCallback(
    ({ visible, period }: { visible: EventRange; period: EventRange }) => {
      const keep = (next: EventRange) => (current: EventRange | null) =>
        current && current.start === next.start && current.end === next.end ? current : next;
      periodRef.current = period;
      setRange(keep(visible));
      setPeriod(keep(period));
      const date = dateToRecord(period, dateParamRef.current, Date.now());
      if (date) {
        dateParamRef.current = date;
        setSearchParams((current) => {
          const params = new URLSearchParams(current);
          params.set("date", date);
          return params;
        });
      }
    },
    [setSearchParams],
  );
  // The address went to other days (Back, Forward, a link): the grid follows.
  useEffect(() => {
    const shown = periodRef.current;
    if (!shown) return;
    const target = dateParam ? startOfBoardDate(dateParam) : Date.now();
    if (target < shown.start || target >= shown.end) controller.gotoDate(new Date(target));
  }, [dateParam, controller]);

  // The board from the keyboard (issue 21, decision 033).
  const keyboard = useBoardKeyboard({
    userId,
    readOnly,
    events: calendarEvents,
    loaded: query.isSuccess,
    preferences,
    controller,
    changes,
    toggleTimer,
    runningEventId,
    endOfToday,
    openForm: setFormTarget,
  });

  const handlers: BoardCalendarHandlers = {
    onRangeChange,
    onSelect: (draft) => setFormTarget({ mode: "create", draft }),
    // A Google event opens in the side panel.
    onEventClick: (event) => google?.open(event) || setFormTarget({ mode: "edit", event }),
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
    onReceive: (info: EventReceiveInfo) => {
      const item = readDropItem(info.event.extendedProps);
      const start = info.event.start;
      if (!item || !start || readOnly) {
        info.revert();
        return;
      }
      changes
        .create(dropEventInput(item, { start, allDay: info.event.allDay }))
        // The placeholder stays until the saved event has come back, so the block does not blink.
        .then(() => info.event.remove())
        .catch((error: unknown) => {
          info.revert();
          alertError(error);
        });
    },
    onContextMenu: (id, x, y) => {
      const event = eventsById.current.get(id);
      if (event) setMenuTarget({ event, x, y });
    },
  };

  const onMenuSelect = (item: BoardMenuItem, event: TimeBlockingEvent) => {
    setMenuTarget(null);
    // Before the form opens, so that it gives the focus back to the tile when it closes.
    focusTile(calendarEventId(event));
    if (item === "edit") {
      setFormTarget({ mode: "edit", event });
    } else if (item === "copy") {
      setFormTarget({ mode: "create", draft: copyDraft(event) });
    } else {
      const after = item === "confirmTime" ? confirmTime(event) : switchEventType(event);
      changes.change(event, after).catch(alertError);
    }
  };

  const setPanel = (next: string | null) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next) params.set("panel", next);
        else params.delete("panel");
        // A Google event's details belong to the panel they were opened in.
        if (next !== "gcalendar") params.delete("gevent");
        return params;
      },
      { replace: true },
    );

  const buttons = controller.getButtonState();
  const title = range ? monthTitle({ start: new Date(range.start), end: new Date(range.end) }, monthNames(t)) : "";

  return (
    <Box className={classes.page}>
      <VisuallyHidden>
        <h1>{t("menu.board")}</h1>
      </VisuallyHidden>
      <BoardToolbar
        title={title}
        todayDisabled={
          !period ||
          showsToday(period, new Date(now), {
            singleDay: view === "timeGridDay",
            weekendsHidden: !preferences.weekends,
          })
        }
        prevDisabled={buttons.prev.isDisabled}
        nextDisabled={buttons.next.isDisabled}
        onToday={() => controller.today()}
        onPrev={() => controller.prev()}
        onNext={() => controller.next()}
        users={mayPickUser ? (users.data ?? []) : null}
        userId={userId}
        onUserChange={(id) => navigate(`/user/${encodeURIComponent(id)}/board${boardSearch(searchParams)}`)}
        onOpenPreferences={() => setPreferencesOpened(true)}
        panelOpen={panel !== null}
        onTogglePanel={() => setPanel(panel ? null : "tasks")}
        dayView={view === "timeGridDay"}
      />
      {range && (
        <Suspense fallback={null}>
          <PeriodLockLayer userId={userId} range={range} onChange={setLock} />
          <OverbookingLayer userId={userId} range={range} version={query.dataUpdatedAt} />
          <GoogleLayer userId={userId} range={range} onChange={setGoogle} />
        </Suspense>
      )}
      {query.isError && (
        <LoadErrorState title={t("board.loadError")} error={query.error} onRetry={() => void query.refetch()} />
      )}
      <div className={classes.body}>
        <div
          ref={keyboard.rootRef}
          className={classes.calendar}
          aria-busy={query.isFetching}
          // Without its events the grid would read as an empty week: it stays for its dates, greyed and inert.
          data-unavailable={(query.isError && !query.data) || undefined}
        >
          <BoardTilesContext.Provider value={tiles}>
            <BoardCalendar
              controller={controller}
              preferences={shownPreferences}
              events={calendarEvents}
              readOnly={readOnly}
              view={view}
              handlers={handlers}
              initialDate={dateParam ?? undefined}
            />
          </BoardTilesContext.Provider>
          {/* A week with nothing in it says how to start (issue 21); the grid under it still takes the drag. */}
          {!readOnly && query.isSuccess && events.length === 0 && (
            <p className={classes.emptyHint}>{t("board.empty")}</p>
          )}
          {query.isPending && range && (
            <div className={classes.loading}>
              <LoadingState />
            </div>
          )}
        </div>
        {range && (
          <Suspense fallback={null}>
            <DaysOffLayer userId={userId} range={range} onChange={setDaysOff} />
          </Suspense>
        )}
        {panel && (
          <Suspense fallback={null}>
            <SidePanel userId={userId} source={panel} onClose={() => setPanel(null)} />
          </Suspense>
        )}
      </div>
      {keyboard.layer}
      <EventContextMenu
        target={menuTarget}
        readOnly={readOnly}
        onClose={() => setMenuTarget(null)}
        onSelect={onMenuSelect}
      />
      {drawForm && (
        <Suspense fallback={null}>
          <EventFormModal userId={userId} target={formTarget} onClose={() => setFormTarget(null)} />
        </Suspense>
      )}
      {drawPreferences && (
        <Suspense fallback={null}>
          <BoardPreferencesModal user={me} opened={preferencesOpened} onClose={() => setPreferencesOpened(false)} />
        </Suspense>
      )}
    </Box>
  );
}

/** Another person's board shows the same days, view and panel. */
function boardSearch(current: URLSearchParams): string {
  const params = new URLSearchParams();
  for (const key of ["date", "view", "panel"]) {
    const value = current.get(key);
    if (value) params.set(key, value);
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

const monthKeys = [
  "months.0",
  "months.1",
  "months.2",
  "months.3",
  "months.4",
  "months.5",
  "months.6",
  "months.7",
  "months.8",
  "months.9",
  "months.10",
  "months.11",
] as const;

function monthNames(t: (key: (typeof monthKeys)[number]) => string): string[] {
  return monthKeys.map((key) => t(key));
}
