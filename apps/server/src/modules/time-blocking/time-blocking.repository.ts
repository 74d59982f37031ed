import {
  type EventType,
  longestEventMs,
  type RecurrenceFrequency,
  type TimeBlockingEvent,
  type TimeRange,
} from "@timetrap/domain";
import { and, desc, eq, gt, gte, isNull, lt, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { type PgColumn, type PgTable, QueryBuilder } from "drizzle-orm/pg-core";
import { type Database, isForeignKeyViolation, namedStatement, runNamedArrays } from "../../db/database.js";
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

/**
 * An instant as epoch milliseconds, the wire's unit. `date_part` works in floating point, several times cheaper than
 * `extract`'s numeric; rounding takes off the float error, as times are stored to the millisecond.
 */
const epochMs = (column: PgColumn) => sql<number>`round(date_part('epoch', ${column}) * 1000)`;

/** One row of the board's reads, under the names the query gives its columns. */
interface AnswerRow {
  id: string;
  title: string;
  start_time: number;
  end_time: number;
  all_day: boolean;
  color: string;
  elapsed_time: number;
  completed: boolean;
  event_type: string;
  source: string;
  source_id: string | null;
  calendar_id: string | null;
  project_id: string | null;
  project_title: string | null;
  category_id: string | null;
  category_name: string | null;
  category_color: string | null;
  task_linked_id: string | null;
  task_name: string | null;
  recurrence_id: string | null;
  /** The rule, read with it (`withRule`, and a series' template); absent or null otherwise. */
  rule?: RuleColumn | null;
}

/** A rule as its one column holds it: a template's rule rides along in its row rather than in seven columns. */
interface RuleColumn {
  every: number;
  frequency: string;
  day_of_weeks: number[];
  until: string | null;
  repeat: number | null;
  skip: number[];
  end_date: number | null;
}

const named = (expression: SQL | PgColumn, name: keyof AnswerRow) => sql`${expression}`.as(name);

/**
 * A column of the project, category or task an event points at, read only when it points at one and only when that
 * one is of the event's organization (else none). A lookup by primary key per reference, which the planner picks even
 * on tables it has no statistics for, where joins were planned as scans of the whole organization per event.
 */
const referenced = (key: PgColumn, table: PgTable & { id: PgColumn; organizationId: PgColumn }, column: PgColumn) =>
  sql<
    string | null
  >`case when ${key} is not null then (select ${column} from ${table} where ${table.id} = ${key} and ${table.organizationId} = ${timeBlockingEvents.organizationId}) end`;

/** The answer's columns; the owner's id is the board's and is not read. */
const answerColumns = {
  id: named(timeBlockingEvents.id, "id"),
  title: named(timeBlockingEvents.title, "title"),
  startTime: named(epochMs(timeBlockingEvents.startTime), "start_time"),
  endTime: named(epochMs(timeBlockingEvents.endTime), "end_time"),
  allDay: named(timeBlockingEvents.allDay, "all_day"),
  color: named(timeBlockingEvents.color, "color"),
  elapsedTime: named(timeBlockingEvents.elapsedTime, "elapsed_time"),
  completed: named(timeBlockingEvents.completed, "completed"),
  eventType: named(timeBlockingEvents.eventType, "event_type"),
  source: named(timeBlockingEvents.source, "source"),
  sourceId: named(timeBlockingEvents.sourceId, "source_id"),
  calendarId: named(timeBlockingEvents.calendarId, "calendar_id"),
  projectId: named(timeBlockingEvents.projectId, "project_id"),
  projectTitle: named(referenced(timeBlockingEvents.projectId, projects, projects.title), "project_title"),
  categoryId: named(timeBlockingEvents.categoryId, "category_id"),
  categoryName: named(referenced(timeBlockingEvents.categoryId, taskCategories, taskCategories.name), "category_name"),
  categoryColor: named(
    referenced(timeBlockingEvents.categoryId, taskCategories, taskCategories.color),
    "category_color",
  ),
  taskLinkedId: named(timeBlockingEvents.taskLinkedId, "task_linked_id"),
  taskName: named(referenced(timeBlockingEvents.taskLinkedId, tasks, tasks.name), "task_name"),
  recurrenceId: named(timeBlockingEvents.recurrenceId, "recurrence_id"),
};

/** The rule as one JSON value (see `RuleColumn`), null without one. */
const ruleColumns = {
  rule: named(
    sql`case when ${recurrences.id} is not null then json_build_object('every', ${recurrences.every}, 'frequency', ${recurrences.frequency}, 'day_of_weeks', ${recurrences.dayOfWeeks}, 'until', ${recurrences.until}, 'repeat', ${recurrences.repeat}, 'skip', ${recurrences.skip}, 'end_date', ${epochMs(recurrences.endDate)}::int8) end`,
    "rule",
  ),
};

/** The rule's column of a row that has none. */
const noRuleColumns = { rule: named(sql`null`, "rule") };

/** The names of the answer's columns in the order the statements select them (`answerColumns`, then the rule). */
const answerColumnOrder = [...Object.values(answerColumns), ruleColumns.rule].map(
  (column) => column.fieldAlias as keyof AnswerRow,
);

/** Where each column is in a row read as an array (`runNamedArrays`). */
const columnIndex = Object.fromEntries(answerColumnOrder.map((name, index) => [name, index])) as Record<
  keyof AnswerRow,
  number
>;

/** A row keyed by column name (as `db.execute` answers) as the array `toAnswer` reads; no rule column reads as none. */
const asArray = (row: AnswerRow): unknown[] => answerColumnOrder.map((name) => row[name] ?? null);

/**
 * The answer of one of `userId`'s rows, read as an array in `answerColumnOrder`. A project, category or task of another
 * organization is not read (see `referenced`) and shows as none, as does one deleted meanwhile.
 */
function toAnswer(row: unknown[], userId: string): TimeBlockingEvent {
  const column = <Name extends keyof AnswerRow>(name: Name) => row[columnIndex[name]] as AnswerRow[Name];
  const projectId = column("project_id");
  const projectTitle = column("project_title");
  const categoryId = column("category_id");
  const categoryName = column("category_name");
  const categoryColor = column("category_color");
  const taskId = column("task_linked_id");
  const taskName = column("task_name");
  const recurrenceId = column("recurrence_id");
  const rule = column("rule");
  return {
    id: column("id"),
    user_id: userId,
    title: column("title"),
    start_time: column("start_time"),
    end_time: column("end_time"),
    all_day: column("all_day"),
    color: column("color"),
    elapsed_time: column("elapsed_time"),
    completed: column("completed"),
    // The table's check constraint admits only planning and activity.
    event_type: column("event_type") as EventType,
    source: column("source"),
    source_id: column("source_id"),
    calendar_id: column("calendar_id"),
    project_id: projectId,
    project: projectId && projectTitle !== null ? { uid: projectId, title: projectTitle } : null,
    category_id: categoryId,
    category:
      categoryId && categoryName !== null && categoryColor !== null
        ? { uid: categoryId, name: categoryName, color: categoryColor }
        : null,
    task_linked_id: taskId,
    task: taskId && taskName !== null ? { uid: taskId, name: taskName } : null,
    recurrence_id: recurrenceId,
    recurrence:
      recurrenceId && rule
        ? {
            id: recurrenceId,
            every: rule.every,
            // The table's check constraint admits only the domain's frequencies.
            frequency: rule.frequency as RecurrenceFrequency,
            day_of_weeks: rule.day_of_weeks,
            until: rule.until,
            repeat: rule.repeat,
            skip: rule.skip,
            end_date: rule.end_date,
          }
        : null,
    is_occurrence: false,
  };
}

/**
 * Events overlapping `from`..`to`. An event lasts at most 31 days, so only starts after `startsAfter` (31 days before
 * the range) can reach into it: the (user, start) index is scanned over a bounded stretch.
 */
const overlapping = (bounds: Record<"startsAfter" | "from" | "to", Date | SQLWrapper>) =>
  and(
    gt(timeBlockingEvents.startTime, bounds.startsAfter),
    lt(timeBlockingEvents.startTime, bounds.to),
    gt(timeBlockingEvents.endTime, bounds.from),
  );

const rangeValues = {
  userId: sql.placeholder("userId"),
  organizationId: sql.placeholder("organizationId"),
  startsAfter: sql.placeholder("startsAfter"),
  from: sql.placeholder("from"),
  to: sql.placeholder("to"),
};

/**
 * The board's range in one statement: the owner's standalone events overlapping it, and the templates of their series
 * that may have an occurrence in it (started before its end and not ended before its start; the rule's count and last
 * day are left to the expansion). Series are found from the owner's rules, which are few, rather than from their
 * events, which are many.
 */
const rangeStatement = namedStatement(
  "time_blocking_range",
  new QueryBuilder()
    .select({ ...answerColumns, ...noRuleColumns })
    .from(timeBlockingEvents)
    .where(
      and(
        eq(timeBlockingEvents.userId, rangeValues.userId),
        eq(timeBlockingEvents.organizationId, rangeValues.organizationId),
        isNull(timeBlockingEvents.recurrenceId),
        overlapping(rangeValues),
      ),
    )
    .unionAll(
      new QueryBuilder()
        .select({ ...answerColumns, ...ruleColumns })
        .from(recurrences)
        .innerJoin(timeBlockingEvents, eq(timeBlockingEvents.recurrenceId, recurrences.id))
        .where(
          and(
            eq(recurrences.userId, rangeValues.userId),
            eq(recurrences.organizationId, rangeValues.organizationId),
            or(isNull(recurrences.endDate), gte(recurrences.endDate, rangeValues.from)),
            eq(timeBlockingEvents.userId, rangeValues.userId),
            eq(timeBlockingEvents.organizationId, rangeValues.organizationId),
            lt(timeBlockingEvents.startTime, rangeValues.to),
          ),
        ),
    ),
);

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

/** An activity in the way of another (the overlap guard's 409 names it). */
export interface OverlappingActivity {
  id: string;
  title: string;
  start_time: number;
  end_time: number;
}

export interface TimeBlockingRepository extends TimeBlockingQueries {
  /** Runs `work` in one transaction, with the queries bound to it (and the transaction, for the period lock's checks). */
  transaction<T>(work: (queries: TimeBlockingQueries, tx: Database) => Promise<T>): Promise<T>;
  /** The queries on a transaction another module opened (the timer's). */
  within(tx: Database): TimeBlockingQueries;
  /**
   * The owner's standalone events overlapping the range and the templates of their series that may have an
   * occurrence in it (those with a `recurrence`), in one round trip. Unordered.
   */
  listRange(scope: BoardScope, range: TimeRange): Promise<TimeBlockingEvent[]>;
}

export function createTimeBlockingRepository(db: Database): TimeBlockingRepository {
  return {
    ...timeBlockingQueries(db),
    transaction: (work) => db.transaction((tx) => work(timeBlockingQueries(tx), tx)),
    within: (tx) => timeBlockingQueries(tx),
    async listRange(scope, range) {
      const rows = await runNamedArrays<unknown[]>(db, rangeStatement, {
        userId: scope.userId,
        organizationId: scope.organizationId,
        startsAfter: new Date(range.from - longestEventMs),
        from: new Date(range.from),
        to: new Date(range.to),
      });
      return rows.map((row) => toAnswer(row, scope.userId));
    },
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
   * The owner's events' answers with their project, category and task (and rule, `withRule`) in one query. Many
   * rows may come at once, so they come back as the driver reads them and are mapped here in one pass: the query
   * builder's own column-by-column mapping would cost more than the query.
   */
  async function answers(
    scope: BoardScope,
    where: SQL | undefined,
    options: { withRule: boolean; orderBy: SQL[]; limit?: number },
  ): Promise<TimeBlockingEvent[]> {
    const base = db
      .select(options.withRule ? { ...answerColumns, ...ruleColumns } : answerColumns)
      .from(timeBlockingEvents)
      .$dynamic();
    const joined = options.withRule
      ? base.leftJoin(recurrences, eq(recurrences.id, timeBlockingEvents.recurrenceId))
      : base;
    const ordered = joined.where(and(ofOwner(scope), where)).orderBy(...options.orderBy);
    const query = options.limit === undefined ? ordered : ordered.limit(options.limit);
    // Both drivers answer `{ rows }`, each row keyed by the names `named` gave its columns.
    const result = (await db.execute(query)) as unknown as { rows: AnswerRow[] };
    return result.rows.map((row) => toAnswer(asArray(row), scope.userId));
  }

  return {
    /** The owner's activities with time but no project, newest first, overlapping the range when one is given. */
    listNotAssigned(scope: BoardScope, range: TimeRange | null, limit: number): Promise<TimeBlockingEvent[]> {
      return answers(
        scope,
        and(
          eq(timeBlockingEvents.eventType, "activity"),
          isNull(timeBlockingEvents.projectId),
          gt(timeBlockingEvents.elapsedTime, 0),
          range
            ? overlapping({
                startsAfter: new Date(range.from - longestEventMs),
                from: new Date(range.from),
                to: new Date(range.to),
              })
            : undefined,
        ),
        {
          withRule: true,
          orderBy: [desc(timeBlockingEvents.startTime), desc(timeBlockingEvents.id)],
          limit,
        },
      );
    },

    /** One of the owner's events as it is answered. */
    async findAnswer(scope: BoardScope, id: string): Promise<TimeBlockingEvent | undefined> {
      const [answer] = await answers(scope, eq(timeBlockingEvents.id, id), { withRule: true, orderBy: [] });
      return answer;
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

    /**
     * The owner's first stored activity overlapping `start`..`end` (half-open: touching ends do not overlap), other than
     * `excludeId`, or undefined. Planning blocks never count; a series' template counts for its own first occurrence,
     * unless that one is skipped. Run after the owner's activities lock (activity-lock.ts), so that two writes racing
     * each other are checked one after the other. An activity lasts at most 31 days, so only starts after 31 days
     * before `start` can reach it: the (user, start) index is scanned over a bounded stretch.
     */
    async findOverlappingActivity(
      scope: BoardScope,
      { start, end, excludeId }: { start: number; end: number; excludeId: string | null },
    ): Promise<OverlappingActivity | undefined> {
      const [row] = await db
        .select({
          id: timeBlockingEvents.id,
          title: timeBlockingEvents.title,
          start_time: epochMs(timeBlockingEvents.startTime),
          end_time: epochMs(timeBlockingEvents.endTime),
        })
        .from(timeBlockingEvents)
        .leftJoin(recurrences, eq(recurrences.id, timeBlockingEvents.recurrenceId))
        .where(
          and(
            ofOwner(scope),
            eq(timeBlockingEvents.eventType, "activity"),
            overlapping({
              startsAfter: new Date(start - longestEventMs),
              from: new Date(start),
              to: new Date(end),
            }),
            excludeId === null ? undefined : sql`${timeBlockingEvents.id} <> ${excludeId}`,
            sql`(${recurrences.id} is null or not (${recurrences.skip} @> to_jsonb(${epochMs(timeBlockingEvents.startTime)}::int8)))`,
          ),
        )
        .orderBy(timeBlockingEvents.startTime, timeBlockingEvents.id)
        .limit(1);
      return row ? { ...row, start_time: Number(row.start_time), end_time: Number(row.end_time) } : undefined;
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
