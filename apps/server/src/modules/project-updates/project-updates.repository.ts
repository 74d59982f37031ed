import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { projectUpdates } from "../../db/schema.js";

export type ProjectUpdateRow = typeof projectUpdates.$inferSelect;
export type ProjectUpdateValues = Pick<
  typeof projectUpdates.$inferInsert,
  "status" | "update" | "priorities" | "roadblocks" | "progress" | "date"
>;

export type ProjectUpdatesRepository = ReturnType<typeof createProjectUpdatesRepository>;

/** Newest first: by the day the update is about, then by when it was written. */
const newestFirst = [desc(projectUpdates.date), desc(projectUpdates.createdAt), desc(projectUpdates.id)];

/** Updates carry no organization: the service reaches them through a project it has checked is of the organization. */
export function createProjectUpdatesRepository(db: Database) {
  const ofProject = (projectId: string, id: string) =>
    and(eq(projectUpdates.projectId, projectId), eq(projectUpdates.id, id));

  return {
    listByProject(projectId: string): Promise<ProjectUpdateRow[]> {
      return db
        .select()
        .from(projectUpdates)
        .where(eq(projectUpdates.projectId, projectId))
        .orderBy(...newestFirst);
    },

    /** The newest update of each of the projects that has one. */
    latestByProjects(projectIds: readonly string[]): Promise<ProjectUpdateRow[]> {
      if (projectIds.length === 0) return Promise.resolve([]);
      return db
        .selectDistinctOn([projectUpdates.projectId])
        .from(projectUpdates)
        .where(inArray(projectUpdates.projectId, [...projectIds]))
        .orderBy(asc(projectUpdates.projectId), ...newestFirst);
    },

    async insert(values: ProjectUpdateValues & { projectId: string; createdBy: string }): Promise<ProjectUpdateRow> {
      const [row] = await db.insert(projectUpdates).values(values).returning();
      return row!;
    },

    /** Without a `date`, the update keeps its day. */
    async update(
      projectId: string,
      id: string,
      values: Omit<ProjectUpdateValues, "date"> & { date?: string },
    ): Promise<ProjectUpdateRow | undefined> {
      const [row] = await db.update(projectUpdates).set(values).where(ofProject(projectId, id)).returning();
      return row;
    },

    /** False when the project has no such update. */
    async delete(projectId: string, id: string): Promise<boolean> {
      const rows = await db.delete(projectUpdates).where(ofProject(projectId, id)).returning({ id: projectUpdates.id });
      return rows.length > 0;
    },
  };
}
