import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { isForeignKeyViolation } from "../../db/database.js";
import { tasks } from "../../db/schema.js";
import { createReportsRepository } from "../reports/reports.repository.js";

export type TaskRow = typeof tasks.$inferSelect;
export type TaskValues = Pick<
  typeof tasks.$inferInsert,
  "projectId" | "userId" | "parentId" | "categoryId" | "name" | "description" | "dueDate" | "complete" | "priority"
>;

/** Which of the task's keys a failed write tripped over, when something it points at went away meanwhile. */
export function missingReferenceOf(error: unknown): "project" | "parent" | "user" | "category" | null {
  if (isForeignKeyViolation(error, "tasks_project_fk")) return "project";
  if (isForeignKeyViolation(error, "tasks_parent_id_tasks_id_fk")) return "parent";
  if (isForeignKeyViolation(error, "tasks_user_id_users_id_fk")) return "user";
  if (isForeignKeyViolation(error, "tasks_category_fk")) return "category";
  return null;
}

export type TaskQueries = ReturnType<typeof taskQueries>;

export interface TasksRepository extends TaskQueries {
  /** Runs `work` in one transaction, with the queries bound to it. */
  transaction<T>(work: (queries: TaskQueries) => Promise<T>): Promise<T>;
}

export function createTasksRepository(db: Database): TasksRepository {
  return {
    ...taskQueries(db),
    transaction: (work) => db.transaction((tx) => work(taskQueries(tx))),
  };
}

function taskQueries(db: Database) {
  const inOrganization = (organizationId: string, id: string) =>
    and(eq(tasks.organizationId, organizationId), eq(tasks.id, id));

  return {
    /**
     * Until the transaction ends, no other request may change which task hangs from which in these projects: a
     * cycle made of two moves, each fine on its own, would otherwise slip past both checks. Taken in one order so
     * two requests locking the same two projects cannot wait on each other.
     */
    async lockProjectTrees(projectIds: readonly string[]): Promise<void> {
      for (const projectId of [...new Set(projectIds)].sort()) {
        await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`task_tree:${projectId}`}, 0))`);
      }
    },

    /** Tasks and subtasks of the projects, newest first; with `userId`, only those assigned to them. */
    listByProjects(
      organizationId: string,
      projectIds: readonly string[],
      options: { userId?: string } = {},
    ): Promise<TaskRow[]> {
      if (projectIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(tasks)
        .where(
          and(
            eq(tasks.organizationId, organizationId),
            inArray(tasks.projectId, [...projectIds]),
            options.userId === undefined ? undefined : eq(tasks.userId, options.userId),
          ),
        )
        .orderBy(desc(tasks.createdAt), desc(tasks.id));
    },

    /** Tasks and subtasks assigned to a user, whatever their project, newest first. */
    listAssignedTo(organizationId: string, userId: string, options: { projectId?: string } = {}): Promise<TaskRow[]> {
      return db
        .select()
        .from(tasks)
        .where(
          and(
            eq(tasks.organizationId, organizationId),
            eq(tasks.userId, userId),
            options.projectId === undefined ? undefined : eq(tasks.projectId, options.projectId),
          ),
        )
        .orderBy(desc(tasks.createdAt), desc(tasks.id));
    },

    /** Seconds logged on each task (completed activities linked to it), from the reports' aggregate. */
    workSecondsOfTasks(organizationId: string, taskIds: readonly string[]): Promise<Map<string, number>> {
      return createReportsRepository(db).taskSeconds(organizationId, taskIds);
    },

    async findById(organizationId: string, id: string): Promise<TaskRow | undefined> {
      const [row] = await db.select().from(tasks).where(inOrganization(organizationId, id));
      return row;
    },

    findByIds(organizationId: string, ids: readonly string[]): Promise<TaskRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(tasks)
        .where(and(eq(tasks.organizationId, organizationId), inArray(tasks.id, [...ids])));
    },

    /** The direct subtasks of the tasks, in the order they were added. */
    listChildren(organizationId: string, parentIds: readonly string[]): Promise<TaskRow[]> {
      if (parentIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(tasks)
        .where(and(eq(tasks.organizationId, organizationId), inArray(tasks.parentId, [...parentIds])))
        .orderBy(asc(tasks.createdAt), asc(tasks.id));
    },

    /** Each task of the projects with its parent: the shape of their trees. */
    listParentLinks(
      organizationId: string,
      projectIds: readonly string[],
    ): Promise<Array<{ id: string; parentId: string | null }>> {
      return db
        .select({ id: tasks.id, parentId: tasks.parentId })
        .from(tasks)
        .where(and(eq(tasks.organizationId, organizationId), inArray(tasks.projectId, [...projectIds])));
    },

    async insert(organizationId: string, values: TaskValues): Promise<TaskRow> {
      const [row] = await db
        .insert(tasks)
        .values({ ...values, organizationId })
        .returning();
      return row!;
    },

    async update(organizationId: string, id: string, values: Partial<TaskValues>): Promise<TaskRow | undefined> {
      const [row] = await db.update(tasks).set(values).where(inOrganization(organizationId, id)).returning();
      return row;
    },

    async moveToProject(organizationId: string, ids: readonly string[], projectId: string): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(tasks)
        .set({ projectId })
        .where(and(eq(tasks.organizationId, organizationId), inArray(tasks.id, [...ids])));
    },

    /** False when the organization has no such task. Its subtasks go with it (ON DELETE CASCADE). */
    async delete(organizationId: string, id: string): Promise<boolean> {
      const rows = await db.delete(tasks).where(inOrganization(organizationId, id)).returning({ id: tasks.id });
      return rows.length > 0;
    },
  };
}
