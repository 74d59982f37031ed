import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { isForeignKeyViolation } from "../../db/database.js";
import { projects, workflowStatuses } from "../../db/schema.js";

export type WorkflowStatusRow = typeof workflowStatuses.$inferSelect;

export type WorkflowQueries = ReturnType<typeof workflowQueries>;

export interface WorkflowsRepository extends WorkflowQueries {
  /** Runs `work` in one transaction, with the queries bound to it. */
  transaction<T>(work: (queries: WorkflowQueries) => Promise<T>): Promise<T>;
}

export function createWorkflowsRepository(db: Database): WorkflowsRepository {
  return {
    ...workflowQueries(db),
    transaction: (work) => db.transaction((tx) => work(workflowQueries(tx))),
  };
}

/** Whether a delete failed because a project still refers to the status. */
export function isStatusInUseError(error: unknown): boolean {
  return isForeignKeyViolation(error, "projects_status_fk");
}

function workflowQueries(db: Database) {
  const inOrganization = (organizationId: string, id: string) =>
    and(eq(workflowStatuses.organizationId, organizationId), eq(workflowStatuses.id, id));

  return {
    /**
     * Until the transaction ends, no other request may add or rename a status of the organization: names must
     * stay unique ignoring case, which no index says, and new keys are picked from the ones already taken.
     */
    async lockOrganizationStatuses(organizationId: string): Promise<void> {
      await db.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`workflow_statuses:${organizationId}`}, 0))`,
      );
    },

    /** In the order the organization sees them: the built-in ones first, then each new one last. */
    listByOrganization(organizationId: string): Promise<WorkflowStatusRow[]> {
      return db
        .select()
        .from(workflowStatuses)
        .where(eq(workflowStatuses.organizationId, organizationId))
        .orderBy(asc(workflowStatuses.position), asc(workflowStatuses.createdAt), asc(workflowStatuses.id));
    },

    /** With `lock`, the row stays locked until the transaction ends, so no project can take it meanwhile. */
    async findById(organizationId: string, id: string, options: { lock?: boolean } = {}) {
      const query = db.select().from(workflowStatuses).where(inOrganization(organizationId, id));
      const [row] = options.lock ? await query.for("update") : await query;
      return row;
    },

    async insert(values: {
      organizationId: string;
      key: string;
      name: string;
      position: number;
    }): Promise<WorkflowStatusRow> {
      const [row] = await db
        .insert(workflowStatuses)
        .values({ ...values, editable: true, selectedByDefault: false })
        .returning();
      return row!;
    },

    async rename(organizationId: string, id: string, name: string): Promise<WorkflowStatusRow | undefined> {
      const [row] = await db
        .update(workflowStatuses)
        .set({ name })
        .where(inOrganization(organizationId, id))
        .returning();
      return row;
    },

    /**
     * There is no projects module yet to ask; the projects table exists only so that statuses in use stay put.
     * When one arrives, this count belongs to its service.
     */
    async countProjects(organizationId: string, statusId: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(projects)
        .where(and(eq(projects.organizationId, organizationId), eq(projects.statusId, statusId)));
      return row?.total ?? 0;
    },

    async delete(organizationId: string, id: string): Promise<void> {
      await db.delete(workflowStatuses).where(inOrganization(organizationId, id));
    },
  };
}
