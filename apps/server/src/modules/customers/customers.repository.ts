import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { isForeignKeyViolation } from "../../db/database.js";
import { customers, projects } from "../../db/schema.js";

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerValues = Pick<
  typeof customers.$inferInsert,
  "nominative" | "email" | "fiscalCode" | "vatNumber" | "externalId"
>;

export type CustomerQueries = ReturnType<typeof customerQueries>;

export interface CustomersRepository extends CustomerQueries {
  /** Runs `work` in one transaction, with the queries bound to it. */
  transaction<T>(work: (queries: CustomerQueries) => Promise<T>): Promise<T>;
}

export function createCustomersRepository(db: Database): CustomersRepository {
  return {
    ...customerQueries(db),
    transaction: (work) => db.transaction((tx) => work(customerQueries(tx))),
  };
}

/** Whether a delete failed because a project still refers to the customer. */
export function isCustomerInUseError(error: unknown): boolean {
  return isForeignKeyViolation(error, "projects_customer_fk");
}

function customerQueries(db: Database) {
  return {
    listByOrganization(organizationId: string): Promise<CustomerRow[]> {
      return db
        .select()
        .from(customers)
        .where(eq(customers.organizationId, organizationId))
        .orderBy(sql`lower(${customers.nominative})`, asc(customers.nominative), asc(customers.id));
    },

    /** With `lock`, the row stays locked until the transaction ends, so no project can take it meanwhile. */
    async findById(organizationId: string, id: string, options: { lock?: boolean } = {}) {
      const query = db
        .select()
        .from(customers)
        .where(and(eq(customers.organizationId, organizationId), eq(customers.id, id)));
      const [row] = options.lock ? await query.for("update") : await query;
      return row;
    },

    async insert(organizationId: string, values: CustomerValues): Promise<CustomerRow> {
      const [row] = await db
        .insert(customers)
        .values({ ...values, organizationId })
        .returning();
      return row!;
    },

    async update(organizationId: string, id: string, values: CustomerValues): Promise<CustomerRow | undefined> {
      const [row] = await db
        .update(customers)
        .set(values)
        .where(and(eq(customers.organizationId, organizationId), eq(customers.id, id)))
        .returning();
      return row;
    },

    /**
     * There is no projects module yet to ask; the projects table exists only so that customers in use stay put.
     * When one arrives, this count belongs to its service.
     */
    async countProjects(organizationId: string, customerId: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(projects)
        .where(and(eq(projects.organizationId, organizationId), eq(projects.customerId, customerId)));
      return row?.total ?? 0;
    },

    async delete(organizationId: string, id: string): Promise<void> {
      await db.delete(customers).where(and(eq(customers.organizationId, organizationId), eq(customers.id, id)));
    },
  };
}
