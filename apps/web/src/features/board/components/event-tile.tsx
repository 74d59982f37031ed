import type { EventDisplayInfo } from "@fullcalendar/react";
import { IconStopwatch } from "@tabler/icons-react";
import { formatDuration } from "@timetrap/domain";
import { type KeyboardEvent, useContext, useLayoutEffect, useRef } from "react";
import { boardEventOf, calendarEventId } from "../lib/calendar-events";
import { tileState } from "../lib/tile";
import classes from "./board.module.css";
import { BoardTilesContext } from "./board-context";

/** Marks the controls inside a tile, whose clicks are theirs and not the tile's (which opens the form). */
export const tileActionAttribute = "data-tile-action";

/**
 * The content of a board tile (spec part 1 §2 "Board"): title, start–end time, the timer button, a timer icon while
 * running and the elapsed time of a completed activity. Kept to plain elements, with the play and pause signs drawn
 * in CSS and the words from context: a busy week draws hundreds of tiles at once.
 */
export function EventTile({ info }: { info: EventDisplayInfo }) {
  const board = useContext(BoardTilesContext);
  const { labels } = board;
  const ref = useRef<HTMLDivElement>(null);
  const event = boardEventOf(info.event.extendedProps);
  const title = event ? event.title || labels.untitled : info.event.title;
  const label = `${title}, ${info.timeText}`;

  // The tile's element is FullCalendar's (the focusable button); it is named here, where the words are current.
  useLayoutEffect(() => {
    if (!info.isMirror) ref.current?.closest(`.${classes.boardEvent}`)?.setAttribute("aria-label", label);
  }, [label, info.isMirror]);

  if (!event) {
    // A card being dropped from the side panel: its title only, until the board saves it.
    return (
      <div ref={ref} className={classes.tile}>
        {title}
      </div>
    );
  }
  const state = tileState(event, board);

  const stop = (e: KeyboardEvent) => {
    // The tile opens the form on Enter and Space; the button's own keys must not reach it.
    if (e.key === "Enter" || e.key === " ") e.stopPropagation();
  };

  const time = <span className={classes.tileTime}>{info.timeText}</span>;
  return (
    <div
      ref={ref}
      className={classes.tile}
      data-condensed={info.isShort || undefined}
      data-event-id={info.isMirror ? undefined : calendarEventId(event)}
    >
      <div className={classes.tileHead}>
        {state.running && <IconStopwatch className={classes.runningIcon} size={14} aria-hidden />}
        <span className={classes.tileTitle}>{title}</span>
        {info.isShort && time}
        {state.timerButton && !info.isMirror && (
          <button
            type="button"
            className={classes.timerButton}
            {...{ [tileActionAttribute]: "" }}
            aria-label={state.timerButton === "pause" ? labels.stopTimer(title) : labels.startTimer(title)}
            disabled={board.timerPending}
            onClick={() => board.toggleTimer(event)}
            onKeyDown={stop}
          >
            <span className={state.timerButton === "pause" ? classes.pauseSign : classes.playSign} aria-hidden />
          </button>
        )}
      </div>
      {!info.isShort && time}
      {state.elapsedSeconds !== null && !info.isShort && (
        <span className={classes.tileElapsed} title={labels.elapsed}>
          {formatDuration(state.elapsedSeconds)}
        </span>
      )}
    </div>
  );
}
