import { canStartTimer, endOfDayIn, type TimeBlockingEvent, type Timer, type TimerStart } from "@timetrap/domain";
import { isForeignKeyViolation } from "../../db/database.js";
import { AppError, notFound } from "../../http/app-error.js";
import type { TimeBlockingService } from "../time-blocking/time-blocking.service.js";
import { isSecondTimer, type TimerRow, type TimersRepository } from "./timers.repository.js";

export type TimersService = ReturnType<typeof createTimersService>;

/** How far ahead of the server's clock a browser's start may be. */
const clockSkewMs = 60_000;

const noTimerRunning = () => new AppError("NOT_FOUND", "No timer is running");
const secondTimer = () => new AppError("CONFLICT", "A timer is already running; stop it first");

/** Why `canStartTimer` refused the event (a running timer is the primary key's to refuse). */
function whyTimerCannotStart(event: Pick<TimeBlockingEvent, "event_type" | "completed">): string {
  if (event.event_type === "planning") return "A timer runs only on an activity, not on a planning block";
  if (event.completed) return "This event is completed: its time is already logged";
  return "A timer cannot start on an event of a later day";
}

function toTimer(row: TimerRow, event: TimeBlockingEvent): Timer {
  return { user_id: row.userId, start_time: row.startTime.getTime(), event };
}

export function createTimersService({
  repository,
  timeBlocking,
}: {
  repository: TimersRepository;
  timeBlocking: Pick<
    TimeBlockingService,
    "findBoard" | "requireBoard" | "findEvent" | "logTimedWork" | "assertTimedActivityWritable"
  >;
}) {
  return {
    /** The owner's running timer with its event, or null. */
    async getTimer({ actorId, userId }: { actorId: string; userId: string }): Promise<Timer | null> {
      const board = await timeBlocking.findBoard({ actorId, userId, access: "read" });
      if (!board) return null;
      const row = await repository.find(board.organizationId, userId);
      if (!row) return null;
      const event = await timeBlocking.findEvent({ board, eventId: row.eventId });
      return event ? toTimer(row, event) : null;
    },

    /**
     * Starts timing one of the owner's activities that is not completed and starts today or earlier in the owner's
     * zone. One timer per person: the primary key refuses a second one, also when two starts race.
     */
    async startTimer({
      actorId,
      userId,
      input,
    }: {
      actorId: string;
      userId: string;
      input: TimerStart;
    }): Promise<Timer> {
      const board = await timeBlocking.requireBoard({ actorId, userId, access: "write" });
      const now = Date.now();
      if (input.start_time > now + clockSkewMs) {
        const message = "A timer cannot start in the future";
        throw new AppError("VALIDATION_FAILED", message, [{ field: "body.start_time", message }]);
      }
      try {
        return await repository.transaction(async (queries, tx) => {
          const event = await timeBlocking.findEvent({ board, eventId: input.time_blocking_event_id, tx });
          if (!event) throw notFound("Event");
          // `running` is left to the primary key: a check here could not see a start racing this one.
          if (!canStartTimer(event, { running: false, endOfToday: endOfDayIn(now, board.timeZone) })) {
            throw new AppError("CONFLICT", whyTimerCannotStart(event));
          }
          // Timing an activity of an approved period would log time into it.
          await timeBlocking.assertTimedActivityWritable({ board, event, tx });
          const row = await queries.insert({
            organizationId: board.organizationId,
            userId,
            eventId: event.id,
            startTime: new Date(input.start_time),
          });
          return toTimer(row, event);
        });
      } catch (error) {
        if (isSecondTimer(error)) throw secondTimer();
        // The event was deleted between the check and the insert.
        if (isForeignKeyViolation(error, "timers_event_id_time_blocking_events_id_fk")) throw notFound("Event");
        throw error;
      }
    },

    /**
     * Stops the owner's timer: its seconds are added to the event's elapsed time, the event is completed and the
     * timer deleted, in one transaction. Answers the saved event.
     */
    async stopTimer({ actorId, userId }: { actorId: string; userId: string }): Promise<TimeBlockingEvent> {
      const board = await timeBlocking.requireBoard({ actorId, userId, access: "write" });
      const now = Date.now();
      const eventId = await repository.transaction(async (queries, tx) => {
        const timer = await queries.find(board.organizationId, userId);
        if (!timer) throw noTimerRunning();
        // The event is held before the timer row is taken, the order an event's deletion takes them in (the timer
        // goes with it by cascade), so a stop and a deletion cannot wait on each other.
        const logged = await timeBlocking.logTimedWork({
          board,
          eventId: timer.eventId,
          timerStart: timer.startTime.getTime(),
          now,
          tx,
        });
        // A stop that lost a race with another stop: the rollback takes the time back out.
        if (!logged || !(await queries.remove(timer))) throw noTimerRunning();
        return timer.eventId;
      });
      const event = await timeBlocking.findEvent({ board, eventId });
      if (!event) throw noTimerRunning();
      return event;
    },
  };
}
