import {
  type CalendarDate,
  calendarDateIn,
  can,
  canSwitchEventType,
  categoryFitsEventType,
  type DayRange,
  type EventType,
  elapsedAfterTimer,
  endTimeMessage,
  expandRecurrence,
  initialElapsed,
  isTimeZone,
  longestEventMs,
  type Occurrence,
  occurrenceOnDayOf,
  overlapMessage,
  type Recurrence,
  type RecurrenceFrequency,
  type RecurrencePatch,
  type RecurrenceRuleInput,
  shiftSeriesTemplate,
  switchEventType,
  type TimeBlockingEvent,
  type TimeBlockingEventInput,
  type TimeBlockingEventPatch,
  type TimeRange,
  withPreferenceDefaults,
} from "@timetrap/domain";
import { lockActivitiesOf } from "../../db/activity-lock.js";
import type { Database } from "../../db/database.js";
import { AppError, forbidden, notFound } from "../../http/app-error.js";
import type { RequestAccount } from "../../http/authenticate.js";
import type { OrganizationsService } from "../organizations/organizations.service.js";
import type { TimesheetApprovalsService } from "../timesheet-approvals/timesheet-approvals.service.js";
import type { UsersService } from "../users/users.service.js";
import type { ProjectFiguresEvents } from "../webhooks/project-alerts-trigger.js";
import type { WriteBackEvents } from "../write-back/write-back-trigger.js";
import {
  type BoardScope,
  type EventRow,
  type EventValues,
  missingReferenceOf,
  type RecurrenceRow,
  type RecurrenceValues,
  type TimeBlockingQueries,
  type TimeBlockingRepository,
} from "./time-blocking.repository.js";

export type TimeBlockingService = ReturnType<typeof createTimeBlockingService>;

/** Whose board a call is about, once the actor may act on it, with the zone the owner's days are counted in. */
export interface Board extends BoardScope {
  timeZone: string;
}

/** What the board may do: read needs `read team` on another user's board, write needs `edit team`. */
export type BoardAccess = "read" | "write";

/** The dashboard lists at most this many unassigned entries. */
const notAssignedLimit = 200;

/** Spec part 1 §8: the message of an update whose event cannot be found. */
const eventToUpdateNotFoundMessage = "Impossibile aggiornare l'evento: task non trovato";

function badField(field: string, message: string): AppError {
  return new AppError("VALIDATION_FAILED", message, [{ field, message }]);
}

const endNotAfterStart = () => badField("body.end_time", endTimeMessage);
const tooLong = () => badField("body.end_time", "An event lasts at most 31 days");

/** A write that lost a race with the deletion of what it points at answers what it would have answered a moment later. */
function asNotFound(error: unknown): unknown {
  switch (missingReferenceOf(error)) {
    case "project":
      return notFound("Project");
    case "category":
      return notFound("Category");
    case "task":
      return notFound("Task");
    case "recurrence":
      return notFound("Recurrence");
    default:
      return error;
  }
}

/** The owner's zone; one they never set, or one this runtime does not know, counts as UTC. */
function timeZoneOf(preferences: unknown): string {
  const zone = withPreferenceDefaults(preferences).timeZone;
  return zone && isTimeZone(zone) ? zone : "UTC";
}

function toRecurrence(row: RecurrenceRow): Recurrence {
  return {
    id: row.id,
    every: row.every,
    // The table's check constraint admits only the domain's frequencies.
    frequency: row.frequency as RecurrenceFrequency,
    day_of_weeks: row.dayOfWeeks,
    until: row.until,
    repeat: row.repeat,
    skip: row.skip,
    end_date: row.endDate ? row.endDate.getTime() : null,
  };
}

function toRecurrenceValues(rule: RecurrenceRuleInput): RecurrenceValues {
  return {
    every: rule.every,
    frequency: rule.frequency,
    dayOfWeeks: rule.day_of_weeks,
    until: rule.until,
    repeat: rule.repeat,
  };
}

const timesOf = (row: EventRow): Occurrence => ({
  start_time: row.startTime.getTime(),
  end_time: row.endTime.getTime(),
});

function assertTimes(start: number, end: number): void {
  if (end <= start) throw endNotAfterStart();
  if (end - start > longestEventMs) throw tooLong();
}

/** The last instant a JavaScript date holds (ECMA-262 §21.4.1.1). */
const latestDateMs = 8.64e15;

/** The last day a series may have an occurrence on, in the owner's zone; null when it runs on (or ends after a count). */
function lastDayOf(rule: { until: CalendarDate | null; endDate?: Date | null }, timeZone: string): CalendarDate | null {
  const ends = [rule.until, rule.endDate ? calendarDateIn(rule.endDate.getTime(), timeZone) : null].filter(
    (day): day is CalendarDate => day !== null,
  );
  return ends.length === 0 ? null : ends.reduce((a, b) => (a < b ? a : b));
}

export function createTimeBlockingService({
  repository,
  organizations,
  users,
  periodLock,
  projectFiguresEvents,
  writeBackEvents,
}: {
  repository: TimeBlockingRepository;
  organizations: Pick<OrganizationsService, "findRoleOfUser">;
  users: Pick<UsersService, "findAccountWithOrganization">;
  /** The period lock of approved timesheets and the organization's settings (decision 026). */
  periodLock: Pick<TimesheetApprovalsService, "assertActivitiesUnlocked">;
  /** Told in the transaction of a change of an activity, the projects' logged time (the project alerts' check). */
  projectFiguresEvents?: ProjectFiguresEvents;
  /** Told in the transaction of a save of a block, with the block before and after (the time written back). */
  writeBackEvents?: WriteBackEvents;
}) {
  const on = (tx: Database | undefined): TimeBlockingQueries => (tx ? repository.within(tx) : repository);

  /** The activities' projects whose logged time may have changed; planning blocks log nothing. */
  const loggedTimeChanged = async (tx: Database | undefined, board: Board, projectIds: (string | null)[]) => {
    await projectFiguresEvents?.projectFiguresChanged(tx, { organizationId: board.organizationId, projectIds });
  };

  /** The day an instant falls on in the owner's zone, as a range of one day. */
  const dayOf = (board: Board, instant: number): DayRange => {
    const day = calendarDateIn(instant, board.timeZone);
    return { from: day, to: day };
  };

  /** The days a series runs over, from its template's day: a change of the whole series touches each of them. */
  const seriesDays = (
    board: Board,
    start: number,
    rule: { until: CalendarDate | null; endDate?: Date | null },
  ): DayRange => ({ from: calendarDateIn(start, board.timeZone), to: lastDayOf(rule, board.timeZone) });

  /**
   * The guard of every write of the owner's activities (decision 026), on the write's transaction, after the owner's
   * lock: 423 when one of `days` is in an approved period or before the organization's lock date; with the
   * organization's overlap guard on, 409 when `overlap` (the activity's new times) overlaps another activity of theirs.
   */
  async function guardActivities(
    tx: Database,
    board: Board,
    { days, overlap }: { days: DayRange[]; overlap?: { start: number; end: number; excludeId: string | null } | null },
  ): Promise<void> {
    if (days.length === 0 && !overlap) return;
    const settings = await periodLock.assertActivitiesUnlocked({
      tx,
      organizationId: board.organizationId,
      userId: board.userId,
      ranges: days,
    });
    if (!overlap || !settings.preventOverlappingActivities) return;
    const other = await repository.within(tx).findOverlappingActivity(board, overlap);
    if (other) throw new AppError("OVERLAPPING_ACTIVITY", overlapMessage(other, board.timeZone));
  }

  /**
   * The days whose occurrences a skip or a new end takes out or brings back: the skipped occurrence's day; the days
   * between the old end and the new one (all of the series when the new end comes before it begins).
   */
  function changedSeriesDays(
    board: Board,
    series: { recurrence: RecurrenceRow; template: EventRow },
    input: RecurrencePatch,
  ): DayRange[] {
    const days: DayRange[] = [];
    const start = series.template.startTime.getTime();
    // No occurrence starts before the template, nor after the last instant a date can hold: such a skip takes none out.
    if (input.skip !== undefined && input.skip >= start && input.skip <= latestDateMs) {
      days.push(dayOf(board, input.skip));
    }
    if (input.end_date === undefined) return days;
    const before = series.recurrence.endDate ? series.recurrence.endDate.getTime() : null;
    const after = input.end_date;
    if (before === after) return days;
    const { until } = series.recurrence;
    if (after !== null && after < start) return [...days, seriesDays(board, start, series.recurrence)];
    // Null is no end: later than any instant.
    const earlier = before === null ? after! : after === null ? before : Math.min(before, after);
    const later = before === null || after === null ? null : Math.max(before, after);
    const from = calendarDateIn(Math.max(earlier, start), board.timeZone);
    const to = later === null ? until : lastDayOf({ until, endDate: new Date(later) }, board.timeZone);
    if (to !== null && to < from) return days;
    return [...days, { from, to }];
  }

  /**
   * The board of `userId` as `actorId` may use it, or null for one's own board before joining an organization
   * (nothing can be on it). Another user's board: 404 "User not found" unless both are in the same organization
   * (so other organizations reveal nothing), then 403 without `read team` or `edit team`. `actorAccount`, what the
   * session check already read of the actor, spares one's own board a read of the owner.
   */
  async function findBoard(
    actorId: string,
    userId: string,
    access: BoardAccess,
    actorAccount?: RequestAccount | null,
  ): Promise<Board | null> {
    const [owner, actor] = await Promise.all([
      actorId === userId && actorAccount ? actorAccount : users.findAccountWithOrganization({ userId }),
      actorId === userId ? null : organizations.findRoleOfUser({ userId: actorId }),
    ]);
    const organizationId = owner?.organizationId ?? null;
    if (actorId !== userId) {
      if (!actor || !organizationId || actor.organizationId !== organizationId) throw notFound("User");
      const action = access === "read" ? "read" : "edit";
      if (!can(actor.role, action, "team")) throw forbidden(`You need the right to ${action} team`);
    }
    if (!owner || !organizationId) return null;
    return { userId, organizationId, timeZone: timeZoneOf(owner.preferences) };
  }

  /** The board, for a call that writes: one's own board needs an organization first. */
  async function requireBoard(actorId: string, userId: string, access: BoardAccess): Promise<Board> {
    const board = await findBoard(actorId, userId, access);
    if (!board) throw notFound("Organization");
    return board;
  }

  async function requireAnswer(board: Board, eventId: string): Promise<TimeBlockingEvent> {
    const event = await repository.findAnswer(board, eventId);
    if (!event) throw notFound("Event");
    return event;
  }

  /**
   * The project, category and task an event will have, checked against the owner's organization (404 otherwise). A
   * task fills an empty project, and an empty category with its own when that one fits the event's type; a task of
   * another project than the event's is refused, as is a category not flagged for the event's type.
   */
  async function checkedReferences(
    queries: TimeBlockingQueries,
    board: Board,
    wanted: { projectId: string | null; categoryId: string | null; taskId: string | null; eventType: EventType },
  ): Promise<Pick<EventValues, "projectId" | "categoryId" | "taskLinkedId">> {
    const found = await queries.findReferences(board.organizationId, wanted);
    if (wanted.projectId && !found.project) throw notFound("Project");
    if (wanted.categoryId && !found.category) throw notFound("Category");
    if (wanted.taskId && !found.task) throw notFound("Task");
    let { projectId, categoryId } = wanted;
    let category = found.category;
    if (found.task) {
      if (projectId === null) projectId = found.task.projectId;
      else if (projectId !== found.task.projectId) {
        throw badField("body.task_linked_id", "The task belongs to another project than the event's");
      }
      if (categoryId === null && found.task.categoryId) {
        const ofTask = await queries.findReferences(board.organizationId, {
          projectId: null,
          categoryId: found.task.categoryId,
          taskId: null,
        });
        if (ofTask.category && fits(ofTask.category, wanted.eventType)) {
          categoryId = ofTask.category.id;
          category = ofTask.category;
        }
      }
    }
    if (category && !fits(category, wanted.eventType)) {
      throw badField(
        "body.category_id",
        wanted.eventType === "planning"
          ? "This category is not used for planning"
          : "This category is not used for activities",
      );
    }
    return { projectId, categoryId, taskLinkedId: wanted.taskId };
  }

  function fits(category: { isUsedForTasks: boolean; isUsedForPlanning: boolean }, eventType: EventType): boolean {
    return categoryFitsEventType(
      { is_used_for_tasks: category.isUsedForTasks, is_used_for_planning: category.isUsedForPlanning },
      eventType,
    );
  }

  /**
   * A standalone change of one occurrence replaces it: the series' occurrence starting on the same day in the
   * owner's zone is skipped (spec part 1 §4).
   */
  async function skipSameDayOccurrence(
    queries: TimeBlockingQueries,
    board: Board,
    recurrenceId: string,
    start: number,
  ): Promise<EventType> {
    const series = await queries.lockSeries(board, recurrenceId);
    if (!series) throw notFound("Recurrence");
    const rule = toRecurrence(series.recurrence);
    const occurrence = occurrenceOnDayOf(timesOf(series.template), rule, board.timeZone, start);
    if (occurrence) {
      await queries.updateRecurrence(board, recurrenceId, { skip: [...rule.skip, occurrence.start_time] });
    }
    // The table's check constraint admits only planning and activity.
    return series.template.eventType as EventType;
  }

  /**
   * The template's new times when the person moved one occurrence of the series and chose "all occurrences": the
   * named occurrence must be one of the series (skipped ones included), and the template moves the same way.
   */
  function shiftedTemplate(
    template: EventRow,
    recurrence: RecurrenceRow,
    timeZone: string,
    occurrenceStart: number,
    changed: Partial<Occurrence>,
  ): Occurrence {
    const rule = { ...toRecurrence(recurrence), skip: [] };
    const occurrence = expandRecurrence(timesOf(template), rule, timeZone, {
      from: occurrenceStart,
      to: occurrenceStart + 1,
    }).find((candidate) => candidate.start_time === occurrenceStart);
    if (!occurrence) throw badField("body.occurrence_start", "No occurrence of the series starts at occurrence_start");
    const moved = {
      start_time: changed.start_time ?? occurrence.start_time,
      end_time: changed.end_time ?? occurrence.end_time,
    };
    assertTimes(moved.start_time, moved.end_time);
    return shiftSeriesTemplate(timesOf(template), occurrenceStart, moved, timeZone);
  }

  return {
    /** For the timer: the board as `actorId` may use it (see `findBoard`). */
    findBoard({ actorId, userId, access }: { actorId: string; userId: string; access: BoardAccess }) {
      return findBoard(actorId, userId, access);
    },

    requireBoard({ actorId, userId, access }: { actorId: string; userId: string; access: BoardAccess }) {
      return requireBoard(actorId, userId, access);
    },

    /** For the timer: one of the owner's events as stored (a series' template, not an occurrence), or null. */
    async findEvent({
      board,
      eventId,
      tx,
    }: {
      board: Board;
      eventId: string;
      tx?: Database;
    }): Promise<TimeBlockingEvent | null> {
      return (await on(tx).findAnswer(board, eventId)) ?? null;
    },

    /** For the timer's start, on its transaction: 423 when the activity's day is locked (decision 026). */
    async assertTimedActivityWritable({
      board,
      event,
      tx,
    }: {
      board: Board;
      event: Pick<TimeBlockingEvent, "start_time" | "event_type">;
      tx: Database;
    }): Promise<void> {
      if (event.event_type !== "activity") return;
      await guardActivities(tx, board, { days: [dayOf(board, event.start_time)] });
    },

    /**
     * For the timer's stop: adds the seconds from `timerStart` to `now` to the event's elapsed time and marks it
     * completed, so the time counts in the day's total and the block cannot be timed again. False when the event is
     * gone.
     */
    async logTimedWork({
      board,
      eventId,
      timerStart,
      now,
      tx,
    }: {
      board: Board;
      eventId: string;
      timerStart: number;
      now: number;
      tx?: Database;
    }): Promise<boolean> {
      const queries = on(tx);
      if (tx) await lockActivitiesOf(tx, board.userId);
      const row = await queries.lockEvent(board, eventId);
      if (!row) return false;
      if (tx && row.eventType === "activity") {
        const start = row.startTime.getTime();
        await guardActivities(tx, board, {
          days: [dayOf(board, start)],
          overlap: { start, end: row.endTime.getTime(), excludeId: row.id },
        });
      }
      const elapsedTime = elapsedAfterTimer(row.elapsedTime, timerStart, now);
      const saved = await queries.updateEvent(board, eventId, { elapsedTime, completed: true });
      if (row.eventType === "activity") await loggedTimeChanged(tx, board, [row.projectId]);
      if (saved) await writeBackEvents?.blockSaved(tx, { before: row, after: saved });
      return true;
    },

    /**
     * Standalone events overlapping the range and every occurrence of the owner's series in it, computed in the
     * owner's zone, by start. An occurrence is its template's answer with its own times and `is_occurrence`.
     */
    async listEvents({
      actorId,
      actorAccount,
      userId,
      range,
    }: {
      actorId: string;
      /** What the session check read of the actor, when the caller has it. */
      actorAccount?: RequestAccount | null;
      userId: string;
      range: TimeRange;
    }): Promise<TimeBlockingEvent[]> {
      const board = await findBoard(actorId, userId, "read", actorAccount);
      if (!board) return [];
      const found = await repository.listRange(board, range);
      const events: TimeBlockingEvent[] = [];
      for (const event of found) {
        if (!event.recurrence) {
          events.push(event);
          continue;
        }
        for (const occurrence of expandRecurrence(event, event.recurrence, board.timeZone, range)) {
          events.push({ ...event, ...occurrence, is_occurrence: true });
        }
      }
      return events.sort((a, b) => a.start_time - b.start_time || a.id.localeCompare(b.id));
    },

    /**
     * The owner's blocks in `range` as stored, for their calendar feed (whose secret stands for the owner, so no actor
     * is checked): standalone events overlapping the range and the templates of the series with an occurrence in it,
     * each with its rule, not expanded, by start; with the zone the series repeat in. Null before the owner joins an
     * organization (nothing can be on their board).
     */
    async listStoredEvents({
      userId,
      range,
    }: {
      userId: string;
      range: TimeRange;
    }): Promise<{ timeZone: string; events: TimeBlockingEvent[] } | null> {
      const board = await findBoard(userId, userId, "read");
      if (!board) return null;
      const found = await repository.listRange(board, range);
      const events = found.filter(
        (event) => !event.recurrence || expandRecurrence(event, event.recurrence, board.timeZone, range).length > 0,
      );
      return {
        timeZone: board.timeZone,
        events: events.sort((a, b) => a.start_time - b.start_time || a.id.localeCompare(b.id)),
      };
    },

    /** The dashboard's unassigned entries: activities with time and no project, newest first, at most 200. */
    async listNotAssigned({
      actorId,
      actorAccount,
      userId,
      range,
    }: {
      actorId: string;
      actorAccount?: RequestAccount | null;
      userId: string;
      range: TimeRange | null;
    }): Promise<TimeBlockingEvent[]> {
      const board = await findBoard(actorId, userId, "read", actorAccount);
      if (!board) return [];
      return repository.listNotAssigned(board, range, notAssignedLimit);
    },

    /**
     * A new event; with `recurrence`, the template of a new series. With `recurrence_id`, the same-day occurrence of
     * that series is skipped in the same transaction and the event is saved standalone.
     */
    async createEvent({
      actorId,
      userId,
      input,
    }: {
      actorId: string;
      userId: string;
      input: TimeBlockingEventInput;
    }): Promise<TimeBlockingEvent> {
      const board = await requireBoard(actorId, userId, "write");
      try {
        const eventId = await repository.transaction(async (queries, tx) => {
          await lockActivitiesOf(tx, board.userId);
          const references = await checkedReferences(queries, board, {
            projectId: input.project_id,
            categoryId: input.category_id,
            taskId: input.task_linked_id,
            eventType: input.event_type,
          });
          const days: DayRange[] = [];
          if (input.recurrence_id) {
            const seriesType = await skipSameDayOccurrence(queries, board, input.recurrence_id, input.start_time);
            // The occurrence it replaces is on the same day.
            if (seriesType === "activity") days.push(dayOf(board, input.start_time));
          }
          const isActivity = input.event_type === "activity";
          if (isActivity) {
            days.push(
              input.recurrence
                ? seriesDays(board, input.start_time, { until: input.recurrence.until })
                : dayOf(board, input.start_time),
            );
          }
          await guardActivities(tx, board, {
            days,
            overlap: isActivity ? { start: input.start_time, end: input.end_time, excludeId: null } : null,
          });
          const recurrence = input.recurrence
            ? await queries.insertRecurrence(board, toRecurrenceValues(input.recurrence))
            : null;
          const row = await queries.insertEvent(board, {
            title: input.title,
            startTime: new Date(input.start_time),
            endTime: new Date(input.end_time),
            allDay: input.all_day,
            color: input.color,
            elapsedTime: input.elapsed_time ?? initialElapsed(input),
            completed: input.completed,
            eventType: input.event_type,
            source: input.source,
            sourceId: input.source_id,
            calendarId: input.calendar_id,
            ...references,
            recurrenceId: recurrence?.id ?? null,
          });
          if (isActivity) await loggedTimeChanged(tx, board, [row.projectId]);
          await writeBackEvents?.blockSaved(tx, { before: null, after: row });
          return row.id;
        });
        projectFiguresEvents?.figuresCommitted();
        return await requireAnswer(board, eventId);
      } catch (error) {
        throw asNotFound(error);
      }
    },

    /**
     * Changes the fields sent; the result obeys the rules of a creation. On a series' template, `occurrence_start`
     * names the occurrence edited and its new times move the whole series; `recurrence` replaces the rule (skips
     * and end kept) and `recurrence: null` stops the series, leaving the template as a standalone event.
     */
    async updateEvent({
      actorId,
      userId,
      eventId,
      input,
    }: {
      actorId: string;
      userId: string;
      eventId: string;
      input: TimeBlockingEventPatch;
    }): Promise<TimeBlockingEvent> {
      const board = await requireBoard(actorId, userId, "write");
      try {
        await repository.transaction(async (queries, tx) => {
          await lockActivitiesOf(tx, board.userId);
          const row = await queries.lockEvent(board, eventId);
          if (!row) throw new AppError("NOT_FOUND", eventToUpdateNotFoundMessage);
          const series = row.recurrenceId ? await queries.lockSeries(board, row.recurrenceId) : undefined;
          if (input.occurrence_start !== undefined && !series) {
            throw badField("body.occurrence_start", "Only an event that repeats has occurrences to name");
          }

          let times: Occurrence = {
            start_time: input.start_time ?? row.startTime.getTime(),
            end_time: input.end_time ?? row.endTime.getTime(),
          };
          if (series && input.occurrence_start !== undefined) {
            times = shiftedTemplate(row, series.recurrence, board.timeZone, input.occurrence_start, {
              ...(input.start_time === undefined ? {} : { start_time: input.start_time }),
              ...(input.end_time === undefined ? {} : { end_time: input.end_time }),
            });
          }
          assertTimes(times.start_time, times.end_time);

          let state = {
            ...times,
            elapsed_time: row.elapsedTime,
            // The table's check constraint admits only planning and activity.
            event_type: row.eventType as EventType,
            completed: row.completed,
            project_id: row.projectId,
          };
          if (input.event_type !== undefined && input.event_type !== state.event_type) {
            if (!canSwitchEventType(state)) {
              throw new AppError("CONFLICT", "A completed event cannot change between planning and activity");
            }
            state = switchEventType(state);
          }
          if (input.elapsed_time !== undefined) state.elapsed_time = input.elapsed_time;

          // Where the activity was and where it goes: a series' change touches every day it runs over.
          const stillSeries = series && input.recurrence !== null;
          const days: DayRange[] = [];
          if (row.eventType === "activity") {
            days.push(
              series
                ? seriesDays(board, row.startTime.getTime(), series.recurrence)
                : dayOf(board, row.startTime.getTime()),
            );
          }
          if (state.event_type === "activity") {
            days.push(
              stillSeries
                ? seriesDays(board, state.start_time, {
                    until: input.recurrence ? input.recurrence.until : series.recurrence.until,
                    endDate: series.recurrence.endDate,
                  })
                : dayOf(board, state.start_time),
            );
          }
          const moved =
            state.start_time !== row.startTime.getTime() ||
            state.end_time !== row.endTime.getTime() ||
            row.eventType !== "activity";
          await guardActivities(tx, board, {
            days,
            overlap:
              state.event_type === "activity" && moved
                ? { start: state.start_time, end: state.end_time, excludeId: row.id }
                : null,
          });

          const values: Partial<EventValues> = {
            startTime: new Date(state.start_time),
            endTime: new Date(state.end_time),
            elapsedTime: state.elapsed_time,
            eventType: state.event_type,
            ...(input.title === undefined ? {} : { title: input.title }),
            ...(input.all_day === undefined ? {} : { allDay: input.all_day }),
            ...(input.color === undefined ? {} : { color: input.color }),
            ...(input.completed === undefined ? {} : { completed: input.completed }),
            ...(input.source === undefined ? {} : { source: input.source }),
            ...(input.source_id === undefined ? {} : { sourceId: input.source_id }),
            ...(input.calendar_id === undefined ? {} : { calendarId: input.calendar_id }),
          };
          const referencesChange =
            input.project_id !== undefined ||
            input.category_id !== undefined ||
            input.task_linked_id !== undefined ||
            state.event_type !== row.eventType;
          if (referencesChange) {
            Object.assign(
              values,
              await checkedReferences(queries, board, {
                projectId: input.project_id === undefined ? row.projectId : input.project_id,
                categoryId: input.category_id === undefined ? row.categoryId : input.category_id,
                taskId: input.task_linked_id === undefined ? row.taskLinkedId : input.task_linked_id,
                eventType: state.event_type,
              }),
            );
          }

          if (row.eventType === "activity" || state.event_type === "activity") {
            await loggedTimeChanged(tx, board, [row.projectId, values.projectId ?? row.projectId]);
          }
          if (input.recurrence === null && series) {
            // The template leaves the series before the rule goes: deleting the rule would delete its template.
            const alone = await queries.updateEvent(board, eventId, { ...values, recurrenceId: null });
            await queries.deleteRecurrence(board, series.recurrence.id);
            if (alone) await writeBackEvents?.blockSaved(tx, { before: row, after: alone });
            return;
          }
          if (input.recurrence && series) {
            await queries.updateRecurrence(board, series.recurrence.id, toRecurrenceValues(input.recurrence));
          } else if (input.recurrence) {
            values.recurrenceId = (await queries.insertRecurrence(board, toRecurrenceValues(input.recurrence))).id;
          }
          const saved = await queries.updateEvent(board, eventId, values);
          if (saved) await writeBackEvents?.blockSaved(tx, { before: row, after: saved });
        });
        projectFiguresEvents?.figuresCommitted();
        return await requireAnswer(board, eventId);
      } catch (error) {
        throw asNotFound(error);
      }
    },

    /**
     * A standalone event goes alone. A series' template is the whole series: it goes only with `recurrences`, else
     * 409 (one occurrence goes with a skip, the following ones with an end date).
     */
    async deleteEvent({
      actorId,
      userId,
      eventId,
      recurrences,
    }: {
      actorId: string;
      userId: string;
      eventId: string;
      recurrences: boolean;
    }): Promise<void> {
      const board = await requireBoard(actorId, userId, "write");
      await repository.transaction(async (queries, tx) => {
        await lockActivitiesOf(tx, board.userId);
        const row = await queries.lockEvent(board, eventId);
        if (!row) throw notFound("Event");
        if (row.eventType === "activity" && (!row.recurrenceId || recurrences)) {
          const series = row.recurrenceId ? await queries.lockSeries(board, row.recurrenceId) : undefined;
          await guardActivities(tx, board, {
            days: [
              series
                ? seriesDays(board, row.startTime.getTime(), series.recurrence)
                : dayOf(board, row.startTime.getTime()),
            ],
          });
        }
        if (row.eventType === "activity") await loggedTimeChanged(tx, board, [row.projectId]);
        if (!row.recurrenceId) {
          await queries.deleteEvent(board, eventId);
          return;
        }
        if (!recurrences) {
          throw new AppError(
            "CONFLICT",
            "This event repeats: skip one occurrence, end the series, or delete it all with recurrences=true",
          );
        }
        await queries.deleteRecurrence(board, row.recurrenceId);
      });
      projectFiguresEvents?.figuresCommitted();
    },

    /**
     * `skip` takes one occurrence out (idempotent); `end_date` ends the series after that instant (null reopens it).
     * An end before the template's start leaves nothing of the series: it is deleted and the answer is null.
     */
    async updateRecurrence({
      actorId,
      userId,
      recurrenceId,
      input,
    }: {
      actorId: string;
      userId: string;
      recurrenceId: string;
      input: RecurrencePatch;
    }): Promise<Recurrence | null> {
      const board = await requireBoard(actorId, userId, "write");
      return repository.transaction(async (queries, tx) => {
        await lockActivitiesOf(tx, board.userId);
        const series = await queries.lockSeries(board, recurrenceId);
        if (!series) throw notFound("Recurrence");
        const endDate = input.end_date;
        if (series.template.eventType === "activity") {
          await guardActivities(tx, board, { days: changedSeriesDays(board, series, input) });
        }
        if (endDate !== undefined && endDate !== null && endDate < series.template.startTime.getTime()) {
          await queries.deleteRecurrence(board, recurrenceId);
          return null;
        }
        const skip = series.recurrence.skip;
        const changes = {
          ...(input.skip === undefined || skip.includes(input.skip) ? {} : { skip: [...skip, input.skip] }),
          ...(endDate === undefined ? {} : { endDate: endDate === null ? null : new Date(endDate) }),
        };
        if (Object.keys(changes).length === 0) return toRecurrence(series.recurrence);
        const row = await queries.updateRecurrence(board, recurrenceId, changes);
        return toRecurrence(row!);
      });
    },
  };
}
