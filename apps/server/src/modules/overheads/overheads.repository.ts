import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { overheads } from "../../db/schema.js";

export type OverheadRow = typeof overheads.$inferSelect;
export type OverheadValues = Pick<typeof overheads.$inferInsert, "amount" | "fromDate" | "toDate">;

export type OverheadsRepository = ReturnType<typeof createOverheadsRepository>;

export function createOverheadsRepository(db: Database) {
  const inOrganization = (organizationId: string, id: string) =>
    and(eq(overheads.organizationId, organizationId), eq(overheads.id, id));

  return {
    /** Newest period first. */
    listByOrganization(organizationId: string): Promise<OverheadRow[]> {
      return db
        .select()
        .from(overheads)
        .where(eq(overheads.organizationId, organizationId))
        .orderBy(desc(overheads.fromDate), desc(overheads.createdAt), desc(overheads.id));
    },

    async insert(organizationId: string, values: OverheadValues): Promise<OverheadRow> {
      const [row] = await db
        .insert(overheads)
        .values({ ...values, organizationId })
        .returning();
      return row!;
    },

    async update(organizationId: string, id: string, values: OverheadValues): Promise<OverheadRow | undefined> {
      const [row] = await db.update(overheads).set(values).where(inOrganization(organizationId, id)).returning();
      return row;
    },

    /** False when the organization has no such overhead. */
    async delete(organizationId: string, id: string): Promise<boolean> {
      const rows = await db.delete(overheads).where(inOrganization(organizationId, id)).returning({ id: overheads.id });
      return rows.length > 0;
    },
  };
}
