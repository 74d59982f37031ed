import type { Acl } from "@timetrap/domain";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { roles } from "../../db/schema.js";

export type RoleRow = typeof roles.$inferSelect;

export type RoleQueries = ReturnType<typeof roleQueries>;

export type RolesRepository = RoleQueries & {
  /** The queries on a transaction another module opened. */
  within(tx: Database): RoleQueries;
};

export function createRolesRepository(db: Database): RolesRepository {
  return { ...roleQueries(db), within: (tx) => roleQueries(tx) };
}

function roleQueries(db: Database) {
  return {
    /** By name ignoring case, as the roles list shows them. */
    findRoles(organizationId: string): Promise<RoleRow[]> {
      return db
        .select()
        .from(roles)
        .where(eq(roles.organizationId, organizationId))
        .orderBy(sql`lower(${roles.name})`, asc(roles.name), asc(roles.id));
    },

    async findRole(organizationId: string, roleId: string): Promise<RoleRow | undefined> {
      const [row] = await db
        .select()
        .from(roles)
        .where(and(eq(roles.organizationId, organizationId), eq(roles.id, roleId)));
      return row;
    },

    /** A role of the organization with this name ignoring case, other than `exceptId`. */
    async findRoleNamed(organizationId: string, name: string, exceptId?: string): Promise<RoleRow | undefined> {
      const [row] = await db
        .select()
        .from(roles)
        .where(
          and(
            eq(roles.organizationId, organizationId),
            eq(sql`lower(${roles.name})`, name.toLowerCase()),
            exceptId ? ne(roles.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return row;
    },

    async insertRole(values: { organizationId: string; name: string; acls: Acl[] }): Promise<RoleRow> {
      const [row] = await db.insert(roles).values(values).returning();
      return row!;
    },

    async updateRole(
      organizationId: string,
      roleId: string,
      changes: { name?: string; acls?: Acl[] },
    ): Promise<RoleRow | undefined> {
      const [row] = await db
        .update(roles)
        .set(changes)
        .where(and(eq(roles.organizationId, organizationId), eq(roles.id, roleId)))
        .returning();
      return row;
    },
  };
}
