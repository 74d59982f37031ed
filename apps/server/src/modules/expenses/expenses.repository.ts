import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { expenses } from "../../db/schema.js";

export type ExpenseRow = typeof expenses.$inferSelect;
export type ExpenseValues = Pick<
  typeof expenses.$inferInsert,
  "title" | "amount" | "isFinalBalance" | "isBillable" | "supplier" | "description" | "approver" | "transactionDate"
>;

export type ExpensesRepository = ReturnType<typeof createExpensesRepository>;

export function createExpensesRepository(db: Database) {
  const ofProject = (organizationId: string, projectId: string, id: string) =>
    and(eq(expenses.organizationId, organizationId), eq(expenses.projectId, projectId), eq(expenses.id, id));

  return {
    /** Newest first. */
    listByProject(organizationId: string, projectId: string): Promise<ExpenseRow[]> {
      return db
        .select()
        .from(expenses)
        .where(and(eq(expenses.organizationId, organizationId), eq(expenses.projectId, projectId)))
        .orderBy(desc(expenses.createdAt), desc(expenses.id));
    },

    async insert(organizationId: string, projectId: string, values: ExpenseValues): Promise<ExpenseRow> {
      const [row] = await db
        .insert(expenses)
        .values({ ...values, organizationId, projectId })
        .returning();
      return row!;
    },

    async update(
      organizationId: string,
      projectId: string,
      id: string,
      values: ExpenseValues,
    ): Promise<ExpenseRow | undefined> {
      const [row] = await db
        .update(expenses)
        .set(values)
        .where(ofProject(organizationId, projectId, id))
        .returning();
      return row;
    },

    /** False when the project has no such expense. */
    async delete(organizationId: string, projectId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(expenses)
        .where(ofProject(organizationId, projectId, id))
        .returning({ id: expenses.id });
      return rows.length > 0;
    },

    /**
     * The final-balance total of each project that has one, added by the database in numeric and answered in
     * whole cents, so no binary fraction creeps into a sum of many amounts.
     */
    async sumFinalBalanceCents(organizationId: string, projectIds: readonly string[]): Promise<Map<string, number>> {
      if (projectIds.length === 0) return new Map();
      const rows = await db
        .select({
          projectId: expenses.projectId,
          cents: sql<string>`(sum(${expenses.amount}) * 100)::bigint::text`,
        })
        .from(expenses)
        .where(
          and(
            eq(expenses.organizationId, organizationId),
            inArray(expenses.projectId, [...projectIds]),
            eq(expenses.isFinalBalance, true),
          ),
        )
        .groupBy(expenses.projectId);
      return new Map(rows.map((row) => [row.projectId, Number(row.cents)]));
    },
  };
}
