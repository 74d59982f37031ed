import { and, desc, eq, gt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/database.js";
import { type InvitationStatus, invitations, organizations, roles, users } from "../../db/schema.js";

export type InvitationRow = typeof invitations.$inferSelect;

/** An invitation with what its readers are shown beside it: the organization, the role and who invited. */
export interface InvitationDetailsRow {
  invitation: InvitationRow;
  organization: { name: string; language: (typeof organizations.$inferSelect)["language"] };
  role: { id: string; name: string };
  inviter: { id: string; nominative: string } | null;
}

export type InvitationQueries = ReturnType<typeof invitationQueries>;

export interface InvitationsRepository extends InvitationQueries {
  /** The queries on a transaction another module opened. */
  within(tx: Database): InvitationQueries;
}

export function createInvitationsRepository(db: Database): InvitationsRepository {
  return { ...invitationQueries(db), within: (tx) => invitationQueries(tx) };
}

const inviters = alias(users, "inviters");

function invitationQueries(db: Database) {
  const detailed = () =>
    db
      .select({
        invitation: invitations,
        organization: { name: organizations.name, language: organizations.language },
        role: { id: roles.id, name: roles.name },
        inviter: { id: inviters.id, nominative: inviters.nominative },
      })
      .from(invitations)
      .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
      .innerJoin(roles, eq(roles.id, invitations.roleId))
      .leftJoin(inviters, eq(inviters.id, invitations.invitedBy));

  return {
    async findDetails(id: string): Promise<InvitationDetailsRow | undefined> {
      const [row] = await detailed().where(eq(invitations.id, id));
      return row;
    },

    async findDetailsByTokenHash(tokenHash: string): Promise<InvitationDetailsRow | undefined> {
      const [row] = await detailed().where(eq(invitations.tokenHash, tokenHash));
      return row;
    },

    /** The organization's pending invitations, expired ones included, newest first. */
    listPendingOfOrganization(organizationId: string): Promise<InvitationDetailsRow[]> {
      return detailed()
        .where(and(eq(invitations.organizationId, organizationId), eq(invitations.status, "pending")))
        .orderBy(desc(invitations.createdAt), desc(invitations.id));
    },

    /** The invitations an address may still answer, newest first. */
    listOpenForEmail(email: string, now: Date): Promise<InvitationDetailsRow[]> {
      return detailed()
        .where(and(eq(invitations.email, email), eq(invitations.status, "pending"), gt(invitations.expiresAt, now)))
        .orderBy(desc(invitations.createdAt), desc(invitations.id));
    },

    /** The one pending invitation (expired or not) of an address in an organization: at most one, by a unique index. */
    async findPending(organizationId: string, email: string): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(invitations)
        .where(
          and(
            eq(invitations.organizationId, organizationId),
            eq(invitations.email, email),
            eq(invitations.status, "pending"),
          ),
        );
      return row;
    },

    /** Holds the invitation's row until the transaction ends, and reads it as it is now. */
    async lock(id: string): Promise<InvitationRow | undefined> {
      const [row] = await db.select().from(invitations).where(eq(invitations.id, id)).for("update");
      return row;
    },

    /** Pending, unexpired invitations: each holds a seat of the plan. */
    async countOpen(organizationId: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(invitations)
        .where(
          and(
            eq(invitations.organizationId, organizationId),
            eq(invitations.status, "pending"),
            gt(invitations.expiresAt, now),
          ),
        );
      return Number(row?.count ?? 0);
    },

    async insert(
      values: Pick<
        InvitationRow,
        "organizationId" | "email" | "nominative" | "roleId" | "invitedBy" | "tokenHash" | "expiresAt"
      >,
    ): Promise<InvitationRow> {
      const [row] = await db.insert(invitations).values(values).returning();
      return row!;
    },

    /** A new link and expiry for a pending invitation; the earlier link stops working with its hash. */
    async renew(
      id: string,
      values: Pick<InvitationRow, "tokenHash" | "expiresAt"> &
        Partial<Pick<InvitationRow, "nominative" | "roleId" | "invitedBy">>,
    ): Promise<boolean> {
      const rows = await db
        .update(invitations)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(invitations.id, id), eq(invitations.status, "pending")))
        .returning({ id: invitations.id });
      return rows.length === 1;
    },

    /**
     * Answers or revokes a pending invitation; false when it was no longer pending (another request answered or
     * revoked it first), so of two racing requests exactly one changes it.
     */
    async close(id: string, status: Exclude<InvitationStatus, "pending">, respondedBy: string | null, at: Date) {
      const rows = await db
        .update(invitations)
        .set({ status, respondedBy, respondedAt: at, updatedAt: at })
        .where(and(eq(invitations.id, id), eq(invitations.status, "pending")))
        .returning({ id: invitations.id });
      return rows.length === 1;
    },
  };
}
