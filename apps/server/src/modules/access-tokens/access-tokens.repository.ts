import type { PreferencesPatch, UserStatus } from "@timetrap/domain";
import { and, desc, eq, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { type Database, namedStatement, runNamed } from "../../db/database.js";
import { accessTokens, organizationMembers, users } from "../../db/schema.js";

export type AccessTokenRow = typeof accessTokens.$inferSelect;

/** A token row with its person's name, for an organization's list. */
export type OrganizationAccessTokenRow = AccessTokenRow & { nominative: string };

/** What the check of a call made with a token learns of the token and its person. */
export interface AccessTokenState {
  id: string;
  user_id: string;
  scope: "read" | "write";
  status: UserStatus;
  organization_id: string | null;
  preferences: PreferencesPatch;
  /** The person's organization requires a second factor. */
  second_factor_required: boolean;
  /** How many second factors the person has (an enabled authenticator app, passkeys). */
  second_factors: number;
}

/** How many tokens a person may hold: counted under a lock on the person's row, so two creations cannot both pass. */
export class TooManyAccessTokensError extends Error {}

/**
 * The check run on every call made with a token, in one statement by the token's hash: it counts the use (the count and
 * the time of the last use) and answers the token's scope and its person's state, while the token has not expired.
 */
const useStatement = namedStatement("access_tokens_use", {
  toSQL: () =>
    new PgDialect().sqlToQuery(sql`
      update access_tokens t
      set use_count = t.use_count + 1, last_used_at = ${sql.placeholder("now")}::timestamptz
      from users u
      left join organization_members m on m.user_id = u.id
      left join organizations o on o.id = m.organization_id
      where t.token_hash = ${sql.placeholder("hash")} and u.id = t.user_id
        and (t.expires_at is null or t.expires_at > ${sql.placeholder("now")}::timestamptz)
      returning t.id, t.user_id, t.scope, u.status, m.organization_id, u.preferences,
        coalesce(o.require_two_factor, false) as second_factor_required,
        ((select count(*) from totp_factors f where f.user_id = u.id and f.enabled_at is not null)
          + (select count(*) from passkeys p where p.user_id = u.id))::int as second_factors`),
});

export type AccessTokensRepository = ReturnType<typeof createAccessTokensRepository>;

export function createAccessTokensRepository(db: Database) {
  return {
    /** Counts a use of the token whose hash is `hash`, and answers its state; nothing for an unknown or expired one. */
    async use(hash: string, now: Date): Promise<AccessTokenState | undefined> {
      const [row] = await runNamed<AccessTokenState>(db, useStatement, { hash, now: now.toISOString() });
      return row;
    },

    /**
     * A new token for `userId`, unless they hold `limit` already (then {@link TooManyAccessTokensError}); `record` runs in
     * the same transaction (the audit event is written with the token, or neither is).
     */
    async insert(
      values: Pick<AccessTokenRow, "userId" | "name" | "scope" | "tokenHash" | "hint" | "createdAt" | "expiresAt">,
      limit: number,
      record: (row: AccessTokenRow, tx: Database) => Promise<void>,
    ): Promise<AccessTokenRow> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for("update");
        const [held] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(accessTokens)
          .where(eq(accessTokens.userId, values.userId));
        if ((held?.count ?? 0) >= limit) throw new TooManyAccessTokensError();
        const [row] = await tx.insert(accessTokens).values(values).returning();
        if (!row) throw new Error("the new token has no row");
        await record(row, tx as unknown as Database);
        return row;
      });
    },

    /** The person's tokens, newest first. */
    listOf(userId: string): Promise<AccessTokenRow[]> {
      return db
        .select()
        .from(accessTokens)
        .where(eq(accessTokens.userId, userId))
        .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id));
    },

    /** Every token of the organization's members, newest first, with the person's name. */
    async listOfOrganization(organizationId: string): Promise<OrganizationAccessTokenRow[]> {
      const rows = await db
        .select({ token: accessTokens, nominative: users.nominative })
        .from(accessTokens)
        .innerJoin(organizationMembers, eq(organizationMembers.userId, accessTokens.userId))
        .innerJoin(users, eq(users.id, accessTokens.userId))
        .where(eq(organizationMembers.organizationId, organizationId))
        .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id));
      return rows.map(({ token, nominative }) => ({ ...token, nominative }));
    },

    /** Deletes the person's token `id`; answers it, or nothing when they have none of that id. */
    async deleteOf(userId: string, id: string): Promise<AccessTokenRow | undefined> {
      const [row] = await db
        .delete(accessTokens)
        .where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId)))
        .returning();
      return row;
    },

    /** Deletes token `id` of a member of the organization; answers it, or nothing when no member has one of that id. */
    async deleteInOrganization(organizationId: string, id: string): Promise<AccessTokenRow | undefined> {
      const [row] = await db
        .delete(accessTokens)
        .where(
          and(
            eq(accessTokens.id, id),
            sql`${accessTokens.userId} in (select ${organizationMembers.userId} from ${organizationMembers}
              where ${organizationMembers.organizationId} = ${organizationId})`,
          ),
        )
        .returning();
      return row;
    },
  };
}
