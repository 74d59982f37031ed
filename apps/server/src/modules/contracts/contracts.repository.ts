import type { ContractInput } from "@timetrap/domain";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { userContracts } from "../../db/schema.js";

export type ContractRow = typeof userContracts.$inferSelect;

export type ContractQueries = ReturnType<typeof contractQueries>;

export type ContractsRepository = ContractQueries & {
  /** Runs `work` in one transaction, with the queries bound to it (and the transaction, for other modules). */
  transaction<T>(work: (queries: ContractQueries, tx: Database) => Promise<T>): Promise<T>;
};

export function createContractsRepository(db: Database): ContractsRepository {
  return {
    ...contractQueries(db),
    transaction: (work) => db.transaction((tx) => work(contractQueries(tx), tx)),
  };
}

const columnsOf = (input: ContractInput) => ({
  contractType: input.contract_type,
  contractualHours: input.contractual_hours,
  contractualHoursByDay: input.contractual_hours_by_day,
  hourlyCost: input.hourly_cost,
  productivityTarget: input.productivity_target,
  fromDate: input.from_date,
  toDate: input.to_date,
});

function contractQueries(db: Database) {
  return {
    /** One user's contracts, newest start first. */
    findContracts(organizationId: string, userId: string): Promise<ContractRow[]> {
      return db
        .select()
        .from(userContracts)
        .where(and(eq(userContracts.organizationId, organizationId), eq(userContracts.userId, userId)))
        .orderBy(desc(userContracts.fromDate), asc(userContracts.id));
    },

    /** The contracts of several users of the organization, newest start first. */
    findContractsOfUsers(organizationId: string, userIds: readonly string[]): Promise<ContractRow[]> {
      if (userIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(userContracts)
        .where(and(eq(userContracts.organizationId, organizationId), inArray(userContracts.userId, [...userIds])))
        .orderBy(desc(userContracts.fromDate), asc(userContracts.id));
    },

    async findContract(organizationId: string, userId: string, contractId: string): Promise<ContractRow | undefined> {
      const [row] = await db
        .select()
        .from(userContracts)
        .where(
          and(
            eq(userContracts.organizationId, organizationId),
            eq(userContracts.userId, userId),
            eq(userContracts.id, contractId),
          ),
        );
      return row;
    },

    async insertContract(organizationId: string, userId: string, input: ContractInput): Promise<ContractRow> {
      const [row] = await db
        .insert(userContracts)
        .values({ organizationId, userId, ...columnsOf(input) })
        .returning();
      return row!;
    },

    async updateContract(contractId: string, input: ContractInput): Promise<ContractRow | undefined> {
      const [row] = await db
        .update(userContracts)
        .set(columnsOf(input))
        .where(eq(userContracts.id, contractId))
        .returning();
      return row;
    },

    async deleteContract(contractId: string): Promise<void> {
      await db.delete(userContracts).where(eq(userContracts.id, contractId));
    },
  };
}
