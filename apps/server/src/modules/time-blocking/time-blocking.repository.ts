import { longestEventMs, type TimeRange } from "@timetrap/domain";
import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lt, or, type SQL } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { isForeignKeyViolation } from "../../db/database.js";
import { projects, recurrences, taskCategories, tasks, timeBlockingEvents } from "../../db/schema.js";
import { createProjectsRepository } from "../projects/projects.repository.js";
import { createTaskCategoriesRepository } from "../task-categories/task-categories.repository.js";
import { createTasksRepository } from "../tasks/tasks.repository.js";

export type EventRow = typeof timeBlockingEvents.$inferSelect;
export type RecurrenceRow = typeof recurrences.$inferSelect;

/** The columns an event form writes. */
export type EventValues = Omit<
  typeof timeBlockingEvents.$inferInsert,
  "id" | "organizationId" | "userId" | "createdAt" | "updatedAt"
>;

/** The columns of a rule; the skips and the end date have their own calls. */
export type RecurrenceValues = Pick<
  typeof recurrences.$inferInsert,
  "every" | "frequency" | "dayOfWeeks" | "until" | "repeat"
>;

/** Whose events a query reads or writes: one person in one organization. */
export interface BoardScope {
  organizationId: string;
  userId: string;
}

/** An event with what its answer names: project, category, task and, for a series' template, the rule. */
export interface EventRecord {
  event: EventRow;
  project: { id: string; title: string } | null;
  category: { id: string; name: string; color: string } | null;
  task: { id: string; name: string } | null;
  recurrence: RecurrenceRow | null;
}

/** A series: its rule and its template event. */
export interface SeriesRow {
  recurrence: RecurrenceRow;
  template: EventRow;
}

/** What an event points at, as far as it exists in the organization. */
export interface EventReferences {
  project: { id: string } | null;
  category: { id: string; isUsedForTasks: boolean; isUsedForPlanning: boolean } | null;
  task: { id: string; projectId: string; categoryId: string | null } | null;
}

/** Which of the event's keys a failed write tripped over, when something it points at went away meanwhile. */
export function missingReferenceOf(error: unknown): "project" | "category" | "task" | "recurrence" | null {
  if (isForeignKeyViolation(error, "time_blocking_events_project_id_projects_id_fk")) return "project";
  if (isForeignKeyViolation(error, "time_blocking_events_category_id_task_categories_id_fk")) return "category";
  if (isForeignKeyViolation(error, "time_blocking_events_task_linked_id_tasks_id_fk")) return "task";
  if (isForeignKeyViolation(error, "time_blocking_events_recurrence_id_recurrences_id_fk")) return "recurrence";
  return null;
}

export type TimeBlockingQueries = ReturnType<typeof timeBlockingQueries>;

export interface TimeBlockingRepository extends TimeBlockingQueries {
  /** Runs `work` in one transaction, with the queries bound to it. */
  transaction<T>(work: (queries: TimeBlockingQueries) => Promise<T>): Promise<T>;
  /** The queries on a transaction another module opened (the timer's). */
  within(tx: Database): TimeBlockingQueries;
}

export function createTimeBlockingRepository(db: Database): TimeBlockingRepository {
  return {
    ...timeBlockingQueries(db),
    transaction: (work) => db.transaction((tx) => work(timeBlockingQueries(tx))),
    within: (tx) => timeBlockingQueries(tx),
  };
}

function timeBlockingQueries(db: Database) {
  const ofOwner = (scope: BoardScope) =>
    and(eq(timeBlockingEvents.userId, scope.userId), eq(timeBlockingEvents.organizationId, scope.organizationId));
  const oneEvent = (scope: BoardScope, id: string) => and(ofOwner(scope), eq(timeBlockingEvents.id, id));
  const oneRecurrence = (scope: BoardScope, id: string) =>
    and(
      eq(recurrences.userId, scope.userId),
      eq(recurrences.organizationId, scope.organizationId),
      eq(recurrences.id, id),
    );

  /**
   * Events with their project, category, task and rule in one query: the board reads hundreds of events a week and
   * must not look each one's names up on its own.
   */
  function records(where: SQL | undefined) {
    return db
      .select({
        event: timeBlockingEvents,
        project: { id: projects.id, title: projects.title },
        category: { id: taskCategories.id, name: taskCategories.name, color: taskCategories.color },
        task: { id: tasks.id, name: tasks.name },
        recurrence: recurrences,
      })
      .from(timeBlockingEvents)
      .leftJoin(
        projects,
        and(
          eq(projects.id, timeBlockingEvents.projectId),
          eq(projects.organizationId, timeBlockingEvents.organizationId),
        ),
      )
      .leftJoin(
        taskCategories,
        and(
          eq(taskCategories.id, timeBlockingEvents.categoryId),
          eq(taskCategories.organizationId, timeBlockingEvents.organizationId),
        ),
      )
      .leftJoin(
        tasks,
        and(eq(tasks.id, timeBlockingEvents.taskLinkedId), eq(tasks.organizationId, timeBlockingEvents.organizationId)),
      )
      .leftJoin(recurrences, eq(recurrences.id, timeBlockingEvents.recurrenceId))
      .where(where);
  }

  /**
   * Events overlapping the range. An event lasts at most 31 days, so only starts from 31 days before the range can
   * reach into it: the (user, start) index is scanned over a bounded stretch.
   */
  const overlapping = (range: TimeRange) =>
    and(
      gt(timeBlockingEvents.startTime, new Date(range.from - longestEventMs)),
      lt(timeBlockingEvents.startTime, new Date(range.to)),
      gt(timeBlockingEvents.endTime, new Date(range.from)),
    );

  return {
    /** The owner's standalone events overlapping the range, by start. */
    listStandalone(scope: BoardScope, range: TimeRange): Promise<EventRecord[]> {
      return records(and(ofOwner(scope), isNull(timeBlockingEvents.recurrenceId), overlapping(range))).orderBy(
        asc(timeBlockingEvents.startTime),
        asc(timeBlockingEvents.id),
      );
    },

    /**
     * The templates of the owner's series that may have an occurrence in the range: started before its end and not
     * ended before its start. The rule's count and last day are left to the expansion.
     */
    listSeries(scope: BoardScope, range: TimeRange): Promise<EventRecord[]> {
      return records(
        and(
          ofOwner(scope),
          isNotNull(timeBlockingEvents.recurrenceId),
          lt(timeBlockingEvents.startTime, new Date(range.to)),
          or(isNull(recurrences.endDate), gte(recurrences.endDate, new Date(range.from))),
        ),
      );
    },

    /** The owner's activities with time but no project, newest first, overlapping the range when one is given. */
    listNotAssigned(scope: BoardScope, range: TimeRange | null, limit: number): Promise<EventRecord[]> {
      return records(
        and(
          ofOwner(scope),
          eq(timeBlockingEvents.eventType, "activity"),
          isNull(timeBlockingEvents.projectId),
          gt(timeBlockingEvents.elapsedTime, 0),
          range ? overlapping(range) : undefined,
        ),
      )
        .orderBy(desc(timeBlockingEvents.startTime), desc(timeBlockingEvents.id))
        .limit(limit);
    },

    async findRecord(scope: BoardScope, id: string): Promise<EventRecord | undefined> {
      const [row] = await records(oneEvent(scope, id));
      return row;
    },

    /** Holds the event's row until the transaction ends, so two changes of one event run one after the other. */
    async lockEvent(scope: BoardScope, id: string): Promise<EventRow | undefined> {
      const [row] = await db.select().from(timeBlockingEvents).where(oneEvent(scope, id)).for("update");
      return row;
    },

    /** The series with its rule and template, both held until the transaction ends. */
    async lockSeries(scope: BoardScope, recurrenceId: string): Promise<SeriesRow | undefined> {
      const [row] = await db
        .select({ recurrence: recurrences, template: timeBlockingEvents })
        .from(recurrences)
        .innerJoin(timeBlockingEvents, eq(timeBlockingEvents.recurrenceId, recurrences.id))
        .where(and(oneRecurrence(scope, recurrenceId), ofOwner(scope)))
        .for("update");
      return row;
    },

    /**
     * The project, category and task of the organization among those named, each read by its own module's query on
     * this connection: inside a transaction the other modules' services would wait for a connection it holds.
     */
    async findReferences(
      organizationId: string,
      ids: { projectId: string | null; categoryId: string | null; taskId: string | null },
    ): Promise<EventReferences> {
      const [project] = ids.projectId
        ? await createProjectsRepository(db).findProjectRefs(organizationId, [ids.projectId])
        : [];
      const category = ids.categoryId
        ? await createTaskCategoriesRepository(db).findById(organizationId, ids.categoryId)
        : undefined;
      const task = ids.taskId ? await createTasksRepository(db).findById(organizationId, ids.taskId) : undefined;
      return {
        project: project ? { id: project.id } : null,
        category: category
          ? { id: category.id, isUsedForTasks: category.isUsedForTasks, isUsedForPlanning: category.isUsedForPlanning }
          : null,
        task: task ? { id: task.id, projectId: task.projectId, categoryId: task.categoryId } : null,
      };
    },

    async insertEvent(scope: BoardScope, values: EventValues): Promise<EventRow> {
      const [row] = await db
        .insert(timeBlockingEvents)
        .values({ ...values, ...scope })
        .returning();
      return row!;
    },

    async updateEvent(scope: BoardScope, id: string, values: Partial<EventValues>): Promise<EventRow | undefined> {
      const [row] = await db.update(timeBlockingEvents).set(values).where(oneEvent(scope, id)).returning();
      return row;
    },

    /** False when the owner has no such event. A timer running on it goes with it (ON DELETE CASCADE). */
    async deleteEvent(scope: BoardScope, id: string): Promise<boolean> {
      const rows = await db
        .delete(timeBlockingEvents)
        .where(oneEvent(scope, id))
        .returning({ id: timeBlockingEvents.id });
      return rows.length > 0;
    },

    async insertRecurrence(scope: BoardScope, values: RecurrenceValues): Promise<RecurrenceRow> {
      const [row] = await db
        .insert(recurrences)
        .values({ ...values, ...scope })
        .returning();
      return row!;
    },

    async updateRecurrence(
      scope: BoardScope,
      id: string,
      values: Partial<RecurrenceValues & Pick<RecurrenceRow, "skip" | "endDate">>,
    ): Promise<RecurrenceRow | undefined> {
      const [row] = await db.update(recurrences).set(values).where(oneRecurrence(scope, id)).returning();
      return row;
    },

    /** The rule and its template (ON DELETE CASCADE), with a timer running on it. */
    async deleteRecurrence(scope: BoardScope, id: string): Promise<boolean> {
      const rows = await db.delete(recurrences).where(oneRecurrence(scope, id)).returning({ id: recurrences.id });
      return rows.length > 0;
    },
  };
}
