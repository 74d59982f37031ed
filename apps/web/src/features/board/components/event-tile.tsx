import type { EventDisplayInfo } from "@fullcalendar/react";
import { IconStopwatch } from "@tabler/icons-react";
import { formatDuration } from "@timetrap/domain";
import { useContext } from "react";
import { boardEventOf, calendarEventId } from "../lib/calendar-events";
import { tileName, tileState } from "../lib/tile";
import { WriteBackTileMark } from "../write-back/write-back-slots";
import classes from "./board.module.css";
import { BoardTilesContext } from "./board-context";

/** Marks the controls inside a tile, whose clicks are theirs and not the tile's (which opens the form). */
export const tileActionAttribute = "data-tile-action";

/**
 * Puts the keyboard's focus back on a tile's face, when it is drawn: a form opened from the tile's menu then returns
 * there when it closes, rather than to the menu item that opened it and is gone.
 */
export function focusTile(id: string): void {
  document.querySelector<HTMLElement>(`[data-event-id="${id}"] > button:not([${tileActionAttribute}])`)?.focus();
}

/**
 * The content of a board tile (spec part 1 §2 "Board"): title, start–end time, the timer button, a timer icon while
 * running and the elapsed time of a completed activity. Kept to plain elements, with the play and pause signs drawn
 * in CSS and the words from context: a busy week draws hundreds of tiles at once.
 *
 * The tile is two sibling buttons, one that opens the event (its whole face) and the timer's, rather than
 * FullCalendar's own focusable tile with the timer inside it: a button within a button is announced as one control and
 * its inner one may never be reached (decision 007). Enter and Space on the first one click it, and FullCalendar turns
 * a click anywhere on the tile into `eventClick`, as for the mouse.
 */
export function EventTile({ info }: { info: EventDisplayInfo }) {
  const board = useContext(BoardTilesContext);
  const { labels } = board;
  const event = boardEventOf(info.event.extendedProps);

  if (!event) {
    // A card being dropped from the side panel (its title only, until the board saves it), or a read-only day off.
    return <div className={classes.tile}>{info.event.title}</div>;
  }
  const state = tileState(event, board);
  // A planning block on a day of approved time off (days-off-events.ts) says so in its name.
  const warning = info.event.extendedProps.warning as string | undefined;
  const title = event.title || labels.untitled;
  // The copy a drag carries under the pointer is no control of its own.
  const Face = info.isMirror ? "div" : "button";
  const timerButton = info.isMirror ? null : state.timerButton;

  const time = <span className={classes.tileTime}>{info.timeText}</span>;
  return (
    <div
      className={classes.tile}
      data-condensed={info.isShort || undefined}
      data-with-timer={timerButton ? "" : undefined}
      data-event-id={info.isMirror ? undefined : calendarEventId(event)}
    >
      <Face
        {...(Face === "button" ? { type: "button" as const } : {})}
        className={classes.tileFace}
        aria-label={
          info.isMirror
            ? undefined
            : [tileName(event, { timeText: info.timeText, state, words: labels }), warning].filter(Boolean).join(", ")
        }
      >
        <span className={classes.tileHead}>
          {state.running && <IconStopwatch className={classes.runningIcon} size={14} aria-hidden />}
          <span className={classes.tileTitle}>{title}</span>
          {info.isShort && time}
        </span>
        {!info.isShort && time}
        {state.elapsedSeconds !== null && !info.isShort && (
          <span className={classes.tileElapsed} title={labels.elapsed}>
            {formatDuration(state.elapsedSeconds)}
          </span>
        )}
      </Face>
      {!info.isMirror && <WriteBackTileMark event={event} />}
      {timerButton && (
        <button
          type="button"
          className={classes.timerButton}
          {...{ [tileActionAttribute]: "" }}
          aria-label={timerButton === "pause" ? labels.stopTimer(title) : labels.startTimer(title)}
          disabled={board.timerPending}
          onClick={() => board.toggleTimer(event)}
        >
          <span className={timerButton === "pause" ? classes.pauseSign : classes.playSign} aria-hidden />
        </button>
      )}
    </div>
  );
}
