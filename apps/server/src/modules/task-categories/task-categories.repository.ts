import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { taskCategories } from "../../db/schema.js";

export type TaskCategoryRow = typeof taskCategories.$inferSelect;
export type TaskCategoryValues = Pick<
  typeof taskCategories.$inferInsert,
  "name" | "color" | "isUsedForTasks" | "isUsedForPlanning"
>;

export type TaskCategoriesRepository = ReturnType<typeof createTaskCategoriesRepository>;

export function createTaskCategoriesRepository(db: Database) {
  const inOrganization = (organizationId: string, id: string) =>
    and(eq(taskCategories.organizationId, organizationId), eq(taskCategories.id, id));

  return {
    /** By name, ignoring case. */
    listByOrganization(organizationId: string): Promise<TaskCategoryRow[]> {
      return db
        .select()
        .from(taskCategories)
        .where(eq(taskCategories.organizationId, organizationId))
        .orderBy(sql`lower(${taskCategories.name})`, asc(taskCategories.name), asc(taskCategories.id));
    },

    async findById(organizationId: string, id: string): Promise<TaskCategoryRow | undefined> {
      const [row] = await db.select().from(taskCategories).where(inOrganization(organizationId, id));
      return row;
    },

    findByIds(organizationId: string, ids: readonly string[]): Promise<TaskCategoryRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(taskCategories)
        .where(and(eq(taskCategories.organizationId, organizationId), inArray(taskCategories.id, [...ids])));
    },

    async insert(organizationId: string, values: TaskCategoryValues): Promise<TaskCategoryRow> {
      const [row] = await db
        .insert(taskCategories)
        .values({ ...values, organizationId })
        .returning();
      return row!;
    },

    async update(organizationId: string, id: string, values: TaskCategoryValues): Promise<TaskCategoryRow | undefined> {
      const [row] = await db.update(taskCategories).set(values).where(inOrganization(organizationId, id)).returning();
      return row;
    },

    /** False when the organization has no such category. Its tasks keep going, without a category (ON DELETE SET NULL). */
    async delete(organizationId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(taskCategories)
        .where(inOrganization(organizationId, id))
        .returning({ id: taskCategories.id });
      return rows.length > 0;
    },
  };
}
