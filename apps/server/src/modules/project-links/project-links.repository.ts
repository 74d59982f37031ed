import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { projectLinks } from "../../db/schema.js";

export type ProjectLinkRow = typeof projectLinks.$inferSelect;
export type ProjectLinkValues = Pick<typeof projectLinks.$inferInsert, "title" | "url">;

export type ProjectLinksRepository = ReturnType<typeof createProjectLinksRepository>;

/** Links carry no organization: the service reaches them through a project it has checked is of the organization. */
export function createProjectLinksRepository(db: Database) {
  const ofProject = (projectId: string, id: string) =>
    and(eq(projectLinks.projectId, projectId), eq(projectLinks.id, id));

  return {
    /** In the order they were added. */
    listByProject(projectId: string): Promise<ProjectLinkRow[]> {
      return db
        .select()
        .from(projectLinks)
        .where(eq(projectLinks.projectId, projectId))
        .orderBy(asc(projectLinks.createdAt), asc(projectLinks.id));
    },

    async insert(projectId: string, values: ProjectLinkValues): Promise<ProjectLinkRow> {
      const [row] = await db
        .insert(projectLinks)
        .values({ ...values, projectId })
        .returning();
      return row!;
    },

    async update(projectId: string, id: string, values: ProjectLinkValues): Promise<ProjectLinkRow | undefined> {
      const [row] = await db.update(projectLinks).set(values).where(ofProject(projectId, id)).returning();
      return row;
    },

    /** False when the project has no such link. */
    async delete(projectId: string, id: string): Promise<boolean> {
      const rows = await db.delete(projectLinks).where(ofProject(projectId, id)).returning({ id: projectLinks.id });
      return rows.length > 0;
    },
  };
}
