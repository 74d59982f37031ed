/**
 * The event rules of spec part 1 §4 "Events" and "Timer", on times as epoch milliseconds. The form applies them as a
 * person edits; the server applies them again to what it is sent.
 */

export const eventTypes = ["planning", "activity"] as const;
export type EventType = (typeof eventTypes)[number];
export const defaultEventType: EventType = "activity";
export const defaultEventColor = "#3788d8";

/** Spec part 1 §9: an end that is not after the start becomes the start plus 30 minutes (1800 s of elapsed time). */
export const endAdjustmentMs = 30 * 60 * 1000;
/** A new or dropped event lasts one hour. */
export const defaultEventDurationMs = 60 * 60 * 1000;

export interface EventTimes {
  start_time: number;
  end_time: number;
  /** Seconds. */
  elapsed_time: number;
}

export interface EventState extends EventTimes {
  event_type: EventType;
  completed: boolean;
  project_id: string | null;
}

/** Elapsed time follows end minus start, in whole seconds, never below 0. */
export function elapsedBetween(start: number, end: number): number {
  return Math.max(0, Math.round((end - start) / 1000));
}

/** A new start at or after the end moves the end to the start plus 30 minutes. */
export function withStart<T extends EventTimes>(event: T, start: number): T {
  const end = start >= event.end_time ? start + endAdjustmentMs : event.end_time;
  return { ...event, start_time: start, end_time: end, elapsed_time: elapsedBetween(start, end) };
}

/** An end not after the start becomes the start plus 30 minutes, with 1800 s elapsed. */
export function withEnd<T extends EventTimes>(event: T, end: number): T {
  const adjusted = end <= event.start_time ? event.start_time + endAdjustmentMs : end;
  return { ...event, end_time: adjusted, elapsed_time: elapsedBetween(event.start_time, adjusted) };
}

/** Editing the elapsed time moves the end to the start plus that duration. */
export function withElapsed<T extends EventTimes>(event: T, seconds: number): T {
  const elapsed = Math.max(0, Math.round(seconds));
  return { ...event, elapsed_time: elapsed, end_time: event.start_time + elapsed * 1000 };
}

/**
 * Whether "confirm time" is offered: the event is not completed, has ended, is not a planning block, has no elapsed
 * time yet and has a project.
 */
export function canConfirmTime(event: EventState, now: number): boolean {
  return (
    !event.completed &&
    event.end_time <= now &&
    event.event_type !== "planning" &&
    !event.elapsed_time &&
    event.project_id !== null
  );
}

/** Confirming time completes the event with its whole duration as elapsed time. */
export function confirmTime<T extends EventState>(event: T): T {
  return { ...event, completed: true, elapsed_time: elapsedBetween(event.start_time, event.end_time) };
}

/** Planning and activity switch into each other only while the event is not completed. */
export function canSwitchEventType(event: Pick<EventState, "completed">): boolean {
  return !event.completed;
}

/** The other type; planning becoming activity takes the block's duration as its elapsed time. */
export function switchEventType<T extends EventState>(event: T): T {
  if (event.event_type === "planning") {
    return { ...event, event_type: "activity", elapsed_time: elapsedBetween(event.start_time, event.end_time) };
  }
  return { ...event, event_type: "planning" };
}

/** A copy starts with no elapsed time. */
export function duplicateEvent<T extends EventTimes>(event: T): T {
  return { ...event, elapsed_time: 0 };
}

/**
 * Whether the play button shows: not a planning block, not running, not completed, and starting today or earlier.
 * `endOfToday` is the last millisecond of today in the reader's time zone.
 */
export function canStartTimer(
  event: Pick<EventState, "event_type" | "completed" | "start_time">,
  options: { running: boolean; endOfToday: number },
): boolean {
  return (
    event.event_type !== "planning" && !options.running && !event.completed && event.start_time <= options.endOfToday
  );
}

/** Stopping a timer adds the seconds since it started to the event's elapsed time. */
export function elapsedAfterTimer(elapsed: number, timerStart: number, now: number): number {
  return Math.max(0, elapsed) + elapsedBetween(timerStart, now);
}
