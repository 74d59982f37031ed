import type { TimeBlockingEvent } from "@timetrap/domain";
import { createContext } from "react";

/**
 * What every tile and day header needs from the board. FullCalendar renders them through React, so they read it
 * from context: the calendar's render functions stay the same and a running timer or a new total redraws only them.
 */
export interface BoardTiles {
  runningEventId: string | null;
  toggleTimer: (event: TimeBlockingEvent) => void;
  timerPending: boolean;
  /** The last millisecond of today in the browser's zone. */
  endOfToday: number;
  readOnly: boolean;
  /** Seconds of completed activity of the day containing `date`. */
  dayTotal: (date: Date) => number;
  /** The tiles' words, translated once for all of them: a busy week has hundreds of tiles. */
  labels: TileLabels;
}

export interface TileLabels {
  untitled: string;
  elapsed: string;
  /** Said in a tile's name, for what its look shows: a planning block, a running timer. */
  planning: string;
  running: string;
  startTimer: (title: string) => string;
  stopTimer: (title: string) => string;
}

export const BoardTilesContext = createContext<BoardTiles>({
  runningEventId: null,
  toggleTimer: () => {},
  timerPending: false,
  endOfToday: 0,
  readOnly: true,
  dayTotal: () => 0,
  labels: {
    untitled: "",
    elapsed: "",
    planning: "",
    running: "",
    startTimer: (title) => title,
    stopTimer: (title) => title,
  },
});
