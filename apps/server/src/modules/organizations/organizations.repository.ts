import type { Acl, Language, TimeOffKind } from "@timetrap/domain";
import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { type Database, preparedOnce } from "../../db/database.js";
import {
  organizationDomains,
  organizationMembers,
  organizations,
  plans,
  roles,
  timeOffKinds,
  users,
  workflowStatuses,
} from "../../db/schema.js";
import { createInvitationsRepository, type InvitationsRepository } from "./invitations.repository.js";

export type PlanRow = typeof plans.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;

export interface MembershipRow {
  organization: OrganizationRow;
  plan: PlanRow;
  role: RoleRow;
}

/** A member as the organization's lists show them: the person's public fields and their role. */
export interface MemberRow {
  user: Pick<typeof users.$inferSelect, "id" | "email" | "nominative" | "imageUrl" | "status">;
  role: RoleRow;
}

export type OrganizationQueries = ReturnType<typeof organizationQueries>;

export interface OrganizationsRepository extends OrganizationQueries {
  /** Invitations: offers of a membership, read and written beside the memberships (decision 008). */
  invitations: InvitationsRepository;
  /** Runs `work` in one transaction, with the queries bound to it (and the transaction, for other modules). */
  transaction<T>(work: (queries: OrganizationQueries, tx: Database) => Promise<T>): Promise<T>;
  /** The queries on a transaction another module opened. */
  within(tx: Database): OrganizationQueries;
}

export function createOrganizationsRepository(db: Database): OrganizationsRepository {
  return {
    ...organizationQueries(db),
    invitations: createInvitationsRepository(db),
    transaction: (work) => db.transaction((tx) => work(organizationQueries(tx), tx)),
    within: (tx) => organizationQueries(tx),
  };
}

const memberColumns = {
  user: {
    id: users.id,
    email: users.email,
    nominative: users.nominative,
    imageUrl: users.imageUrl,
    status: users.status,
  },
  role: roles,
};

/**
 * Statements run on every request of the board, built once and run under a name: PostgreSQL then parses and plans
 * them once per connection instead of on every call.
 */
function preparedQueries(db: Database) {
  return {
    roleOfUser: db
      .select({ organizationId: organizationMembers.organizationId, role: roles })
      .from(organizationMembers)
      .innerJoin(roles, eq(roles.id, organizationMembers.roleId))
      .where(eq(organizationMembers.userId, sql.placeholder("userId")))
      .prepare("organizations_role_of_user"),
  };
}

function organizationQueries(db: Database) {
  const statements = preparedOnce(db, preparedQueries);

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

    async setRequireTwoFactor(organizationId: string, requireTwoFactor: boolean): Promise<void> {
      await db.update(organizations).set({ requireTwoFactor }).where(eq(organizations.id, organizationId));
    },

    /** The settings of timesheet approval and of the overlap guard that are given (decision 026). */
    async updateSettings(
      organizationId: string,
      settings: Partial<Pick<OrganizationRow, "approvalPeriod" | "lockBefore" | "preventOverlappingActivities">>,
    ): Promise<void> {
      await db.update(organizations).set(settings).where(eq(organizations.id, organizationId));
    },

    insertRoles(organizationId: string, values: ReadonlyArray<{ key: string | null; name: string; acls: Acl[] }>) {
      return db
        .insert(roles)
        .values(values.map((role) => ({ ...role, organizationId })))
        .returning();
    },

    /** The kinds of time off a new organization starts with, in their order (decision 026). */
    async insertTimeOffKinds(organizationId: string, values: ReadonlyArray<Omit<TimeOffKind, "id">>): Promise<void> {
      // One transaction writes one now(): a millisecond apart, the kinds keep their order in the list.
      const base = Date.now();
      await db.insert(timeOffKinds).values(
        values.map((kind, position) => ({
          organizationId,
          name: kind.name,
          color: kind.color,
          paid: kind.paid,
          needsApproval: kind.needs_approval,
          yearlyAllowanceDays: kind.yearly_allowance_days,
          createdAt: new Date(base + position),
        })),
      );
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

    /**
     * Holds the organization's row until the transaction ends. Every change of members, roles or statuses
     * takes it first, so seat counts and the access rules are checked against a list nobody else is changing.
     */
    async lockOrganization(organizationId: string): Promise<boolean> {
      const rows = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
        .for("update");
      return rows.length === 1;
    },

    /** The organization's members, by name (case and accents aside), then e-mail. */
    findMembers(organizationId: string): Promise<MemberRow[]> {
      return db
        .select(memberColumns)
        .from(organizationMembers)
        .innerJoin(users, eq(users.id, organizationMembers.userId))
        .innerJoin(roles, eq(roles.id, organizationMembers.roleId))
        .where(eq(organizationMembers.organizationId, organizationId))
        .orderBy(sql`lower(${users.nominative})`, asc(users.nominative), asc(users.email));
    },

    async findMember(organizationId: string, userId: string): Promise<MemberRow | undefined> {
      const [row] = await db
        .select(memberColumns)
        .from(organizationMembers)
        .innerJoin(users, eq(users.id, organizationMembers.userId))
        .innerJoin(roles, eq(roles.id, organizationMembers.roleId))
        .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)));
      return row;
    },

    /** The organization a user belongs to and their role in it, without the organization's details. */
    async findRoleOfUser(userId: string): Promise<{ organizationId: string; role: RoleRow } | undefined> {
      const [row] = await statements().roleOfUser.execute({ userId });
      return row;
    },

    /** The organization a user belongs to, if any, without the rest of the membership. */
    async findOrganizationIdOfUser(userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ organizationId: organizationMembers.organizationId })
        .from(organizationMembers)
        .where(eq(organizationMembers.userId, userId));
      return row?.organizationId;
    },

    /** Ends a membership; false when the user was not (or no longer) a member of the organization. */
    async deleteMember(organizationId: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(organizationMembers)
        .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
        .returning({ id: organizationMembers.id });
      return rows.length === 1;
    },

    async updateMemberRole(organizationId: string, userId: string, roleId: string): Promise<void> {
      await db
        .update(organizationMembers)
        .set({ roleId })
        .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)));
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
