import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { projectNotes } from "../../db/schema.js";

export type ProjectNoteRow = typeof projectNotes.$inferSelect;

export type ProjectNotesRepository = ReturnType<typeof createProjectNotesRepository>;

/** Notes carry no organization: the service reaches them through a project it has checked is of the organization. */
export function createProjectNotesRepository(db: Database) {
  const ofProject = (projectId: string, id: string) =>
    and(eq(projectNotes.projectId, projectId), eq(projectNotes.id, id));

  return {
    /** Newest first: the first one is the brief note of the Details tab. */
    listByProject(projectId: string): Promise<ProjectNoteRow[]> {
      return db
        .select()
        .from(projectNotes)
        .where(eq(projectNotes.projectId, projectId))
        .orderBy(desc(projectNotes.createdAt), desc(projectNotes.id));
    },

    async insert(values: { projectId: string; note: string; createdBy: string }): Promise<ProjectNoteRow> {
      const [row] = await db.insert(projectNotes).values(values).returning();
      return row!;
    },

    async update(projectId: string, id: string, note: string): Promise<ProjectNoteRow | undefined> {
      const [row] = await db.update(projectNotes).set({ note }).where(ofProject(projectId, id)).returning();
      return row;
    },

    /** False when the project has no such note. */
    async delete(projectId: string, id: string): Promise<boolean> {
      const rows = await db.delete(projectNotes).where(ofProject(projectId, id)).returning({ id: projectNotes.id });
      return rows.length > 0;
    },
  };
}
