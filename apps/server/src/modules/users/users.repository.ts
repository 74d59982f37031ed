import type { IntegrationService } from "@timetrap/domain";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { type Database, preparedOnce } from "../../db/database.js";
import { organizationMembers, userIntegrations, users } from "../../db/schema.js";

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type UserChanges = Partial<Omit<NewUserRow, "id" | "email" | "createdAt" | "updatedAt" | "passwordVersion">>;

export type UserQueries = ReturnType<typeof userQueries>;

/** A user's preferences and the organization they belong to, if any. */
export interface UserWithOrganization {
  preferences: UserRow["preferences"];
  organizationId: string | null;
}

export type UsersRepository = UserQueries & {
  /** The queries on a transaction another module opened. */
  within(tx: Database): UserQueries;
};

export function createUsersRepository(db: Database): UsersRepository {
  return { ...userQueries(db), within: (tx) => userQueries(tx) };
}

/**
 * Statements run on every request of the board, built once and run under a name: PostgreSQL then parses and plans them
 * once per connection instead of on every call.
 */
function preparedQueries(db: Database) {
  return {
    withOrganization: db
      .select({ preferences: users.preferences, organizationId: organizationMembers.organizationId })
      .from(users)
      .leftJoin(organizationMembers, eq(organizationMembers.userId, users.id))
      .where(eq(users.id, sql.placeholder("id")))
      .prepare("users_with_organization"),
  };
}

function userQueries(db: Database) {
  const statements = preparedOnce(db, preparedQueries);

  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    /** The names of the given users that exist. */
    async findNames(ids: readonly string[]): Promise<Array<{ id: string; nominative: string }>> {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, nominative: users.nominative })
        .from(users)
        .where(inArray(users.id, [...ids]));
    },

    /** The user's preferences and organization in one read; undefined for an unknown user. */
    async findWithOrganization(id: string): Promise<UserWithOrganization | undefined> {
      const [row] = await statements().withOrganization.execute({ id });
      return row;
    },

    /** Holds the user's row until the transaction ends, so writes about one user run one at a time. */
    async lockById(id: string): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for("update");
      return rows.length === 1;
    },

    /** The services the user has connected (decision 029), in the order they were connected: the user's answer lists them. */
    async findIntegrationServices(id: string): Promise<IntegrationService[]> {
      const rows = await db
        .select({ service: userIntegrations.service })
        .from(userIntegrations)
        .where(eq(userIntegrations.userId, id))
        .orderBy(asc(userIntegrations.createdAt), asc(userIntegrations.service));
      return rows.map((row) => row.service);
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row;
    },

    async findByGoogleSub(googleSub: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.googleSub, googleSub));
      return row;
    },

    async insert(values: NewUserRow): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      return row!;
    },

    async update(id: string, changes: UserChanges): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
      return row;
    },

    /** A new password ends every session signed with the previous version. */
    async updatePassword(id: string, changes: UserChanges & { passwordHash: string }): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...changes, passwordVersion: sql`${users.passwordVersion} + 1` })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
  };
}
