import type { Acl, Language } from "@timetrap/domain";
import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import {
  organizationDomains,
  organizationMembers,
  organizations,
  plans,
  roles,
  workflowStatuses,
} from "../../db/schema.js";

export type PlanRow = typeof plans.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;

export interface MembershipRow {
  organization: OrganizationRow;
  plan: PlanRow;
  role: RoleRow;
}

export type OrganizationQueries = ReturnType<typeof organizationQueries>;

export interface OrganizationsRepository extends OrganizationQueries {
  /** Runs `work` in one transaction, with the queries bound to it. */
  transaction<T>(work: (queries: OrganizationQueries) => Promise<T>): Promise<T>;
}

export function createOrganizationsRepository(db: Database): OrganizationsRepository {
  return {
    ...organizationQueries(db),
    transaction: (work) => db.transaction((tx) => work(organizationQueries(tx))),
  };
}

function organizationQueries(db: Database) {
  return {
    async findPlanByCode(code: string): Promise<PlanRow | undefined> {
      const [plan] = await db.select().from(plans).where(eq(plans.code, code));
      return plan;
    },

    async findMembershipByUserId(userId: string): Promise<MembershipRow | undefined> {
      const [row] = await db
        .select({ organization: organizations, plan: plans, role: roles })
        .from(organizationMembers)
        .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
        .innerJoin(plans, eq(plans.id, organizations.planId))
        .innerJoin(roles, eq(roles.id, organizationMembers.roleId))
        .where(eq(organizationMembers.userId, userId));
      return row;
    },

    async findOrganizationById(
      organizationId: string,
    ): Promise<{ organization: OrganizationRow; plan: PlanRow } | undefined> {
      const [row] = await db
        .select({ organization: organizations, plan: plans })
        .from(organizations)
        .innerJoin(plans, eq(plans.id, organizations.planId))
        .where(eq(organizations.id, organizationId));
      return row;
    },

    async insertOrganization(values: { name: string; language: Language; planId: string }): Promise<OrganizationRow> {
      const [row] = await db.insert(organizations).values(values).returning();
      return row!;
    },

    async updateOrganizationName(organizationId: string, name: string): Promise<void> {
      await db.update(organizations).set({ name }).where(eq(organizations.id, organizationId));
    },

    insertRoles(organizationId: string, values: ReadonlyArray<{ key: string | null; name: string; acls: Acl[] }>) {
      return db
        .insert(roles)
        .values(values.map((role) => ({ ...role, organizationId })))
        .returning();
    },

    async insertWorkflowStatuses(
      organizationId: string,
      values: ReadonlyArray<{ key: string; name: string; selectedByDefault: boolean; editable: boolean }>,
    ): Promise<void> {
      await db.insert(workflowStatuses).values(
        values.map((status, position) => ({
          organizationId,
          key: status.key,
          name: status.name,
          selectedByDefault: status.selectedByDefault,
          editable: status.editable,
          position,
        })),
      );
    },

    async insertMember(values: { organizationId: string; userId: string; roleId: string }): Promise<void> {
      await db.insert(organizationMembers).values(values);
    },

    async findDomains(organizationId: string): Promise<string[]> {
      const rows = await db
        .select({ domain: organizationDomains.domain })
        .from(organizationDomains)
        .where(eq(organizationDomains.organizationId, organizationId))
        .orderBy(asc(organizationDomains.createdAt), asc(organizationDomains.domain));
      return rows.map((r) => r.domain);
    },

    /**
     * Makes `domains` the organization's list. A domain another organization holds is skipped by the
     * unique index (not by an earlier read, which a concurrent request could overtake).
     */
    async replaceDomains(organizationId: string, domains: readonly string[]): Promise<void> {
      const keep = domains.length > 0 ? notInArray(organizationDomains.domain, [...domains]) : undefined;
      await db.delete(organizationDomains).where(and(eq(organizationDomains.organizationId, organizationId), keep));
      if (domains.length === 0) return;
      await db
        .insert(organizationDomains)
        .values(domains.map((domain) => ({ organizationId, domain })))
        .onConflictDoNothing({ target: organizationDomains.domain });
    },

    async findDomainOwners(domains: readonly string[]): Promise<Map<string, string>> {
      if (domains.length === 0) return new Map();
      const rows = await db
        .select({ domain: organizationDomains.domain, organizationId: organizationDomains.organizationId })
        .from(organizationDomains)
        .where(inArray(organizationDomains.domain, [...domains]));
      return new Map(rows.map((r) => [r.domain, r.organizationId]));
    },
  };
}
