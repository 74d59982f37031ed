import type { TimeBlockingEvent } from "@timetrap/domain";
import { toEventInput, useCreateTimeBlockingEvent } from "../../../api/time-blocking";
import { useStartTimer, useStopTimer, useTimer } from "../../../api/timer";
import { useIntent } from "../../../lib/idempotency";
import { alertError } from "../lib/alert-error";
import { confirmSwitchTimer } from "./confirm-switch-timer";

export interface ToggleTimer {
  /** Stops the timer when it runs on `event`, else starts it there (after confirming when another one runs). */
  toggle: (event: TimeBlockingEvent) => void;
  runningEventId: string | null;
  /** Epoch ms the running timer started at. */
  runningStart: number | null;
  pending: boolean;
}

/**
 * Whether a tile is the one the timer runs on. An occurrence shares its series' id, so it matches only at the same
 * start; a standalone event matches by id alone, since its cached start may lag a move that was just saved.
 */
function runsOn(running: TimeBlockingEvent, event: TimeBlockingEvent): boolean {
  if (running.id !== event.id) return false;
  return !event.is_occurrence || running.start_time === event.start_time;
}

/** Spec part 1 §4 "Timer": the play and pause of a board tile, for the person whose board it is. */
export function useToggleTimer(userId: string): ToggleTimer {
  const timer = useTimer(userId);
  const startTimer = useStartTimer(userId);
  const stopTimer = useStopTimer(userId);
  // Starting on an occurrence stores it first: the copy is a step of the start, and the start clicked again after a
  // failure sends it with the same key, so that a copy made before the failure is not made twice.
  const intent = useIntent();
  const createEvent = useCreateTimeBlockingEvent(userId, intent);
  const running = timer.data ?? null;

  const start = async (event: TimeBlockingEvent, stopFirst: boolean) => {
    // The server keeps one timer per person: the running one is stopped (and its time saved) before the next starts.
    if (stopFirst) await stopTimer.mutateAsync();
    // A timer runs on a stored event: an occurrence becomes a standalone event first, and the server skips the
    // series' occurrence of that day (decision 007).
    const target = event.is_occurrence ? await createEvent.mutateAsync(toEventInput(event)) : event;
    await startTimer.mutateAsync(target.id);
    intent.done();
  };

  const toggle = (event: TimeBlockingEvent) => {
    if (running && runsOn(running.event, event)) {
      stopTimer.mutateAsync().catch(alertError);
      return;
    }
    if (!running) {
      start(event, false).catch(alertError);
      return;
    }
    confirmSwitchTimer(() => {
      start(event, true).catch(alertError);
    });
  };

  return {
    toggle,
    runningEventId: running?.event.id ?? null,
    runningStart: running?.start_time ?? null,
    pending: startTimer.isPending || stopTimer.isPending || createEvent.isPending,
  };
}
