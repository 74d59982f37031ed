import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { projectAreas, projectCategories } from "../../db/schema.js";

export type ProjectCategoryRow = typeof projectCategories.$inferSelect;
export type ProjectCategoryValues = Pick<typeof projectCategories.$inferInsert, "name" | "color">;
export type ProjectAreaRow = typeof projectAreas.$inferSelect;
export type ProjectAreaValues = Pick<typeof projectAreas.$inferInsert, "name">;

export type ProjectCategoriesRepository = ReturnType<typeof createProjectCategoriesRepository>;

/** Project categories and project areas: two small lists of the organization that projects are filed under. */
export function createProjectCategoriesRepository(db: Database) {
  const categoryIn = (organizationId: string, id: string) =>
    and(eq(projectCategories.organizationId, organizationId), eq(projectCategories.id, id));
  const areaIn = (organizationId: string, id: string) =>
    and(eq(projectAreas.organizationId, organizationId), eq(projectAreas.id, id));

  return {
    /** By name, ignoring case. */
    listCategories(organizationId: string): Promise<ProjectCategoryRow[]> {
      return db
        .select()
        .from(projectCategories)
        .where(eq(projectCategories.organizationId, organizationId))
        .orderBy(sql`lower(${projectCategories.name})`, asc(projectCategories.name), asc(projectCategories.id));
    },

    /** `db` is the caller's transaction when the answer must hold until it ends. */
    async findCategory(organizationId: string, id: string, tx: Database = db) {
      const [row] = await tx.select().from(projectCategories).where(categoryIn(organizationId, id));
      return row;
    },

    async insertCategory(organizationId: string, values: ProjectCategoryValues): Promise<ProjectCategoryRow> {
      const [row] = await db
        .insert(projectCategories)
        .values({ ...values, organizationId })
        .returning();
      return row!;
    },

    async updateCategory(organizationId: string, id: string, values: ProjectCategoryValues) {
      const [row] = await db.update(projectCategories).set(values).where(categoryIn(organizationId, id)).returning();
      return row;
    },

    /** False when the organization has no such category. Its projects stay, without a category (ON DELETE SET NULL). */
    async deleteCategory(organizationId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(projectCategories)
        .where(categoryIn(organizationId, id))
        .returning({ id: projectCategories.id });
      return rows.length > 0;
    },

    /** By name, ignoring case. */
    listAreas(organizationId: string): Promise<ProjectAreaRow[]> {
      return db
        .select()
        .from(projectAreas)
        .where(eq(projectAreas.organizationId, organizationId))
        .orderBy(sql`lower(${projectAreas.name})`, asc(projectAreas.name), asc(projectAreas.id));
    },

    async findArea(organizationId: string, id: string, tx: Database = db) {
      const [row] = await tx.select().from(projectAreas).where(areaIn(organizationId, id));
      return row;
    },

    async insertArea(organizationId: string, values: ProjectAreaValues): Promise<ProjectAreaRow> {
      const [row] = await db
        .insert(projectAreas)
        .values({ ...values, organizationId })
        .returning();
      return row!;
    },

    async updateArea(organizationId: string, id: string, values: ProjectAreaValues) {
      const [row] = await db.update(projectAreas).set(values).where(areaIn(organizationId, id)).returning();
      return row;
    },

    /** False when the organization has no such area. Its projects stay, without an area (ON DELETE SET NULL). */
    async deleteArea(organizationId: string, id: string): Promise<boolean> {
      const rows = await db.delete(projectAreas).where(areaIn(organizationId, id)).returning({ id: projectAreas.id });
      return rows.length > 0;
    },
  };
}
