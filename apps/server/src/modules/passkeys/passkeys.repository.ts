import type { PasskeyChallengePurpose } from "@timetrap/domain";
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { authChallenges, passkeys } from "../../db/schema.js";

export type PasskeyRow = typeof passkeys.$inferSelect;

/** A challenge as taken: it is gone from the table once this is read. */
export interface TakenChallenge {
  userId: string | null;
  createdAt: Date;
  expiresAt: Date;
}

/** How many expired challenges one new challenge sweeps at most, so that a backlog never slows a ceremony. */
const sweepBatch = 100;

export type PasskeysRepository = ReturnType<typeof createPasskeysRepository>;

export function createPasskeysRepository(db: Database) {
  return {
    /**
     * Stores a challenge, in the statement that also deletes a batch of expired ones (by the expiry index; rows
     * another ceremony is deleting are skipped, not waited for), so that no job is needed to keep the table small.
     */
    async insertChallenge(values: {
      userId: string | null;
      purpose: PasskeyChallengePurpose;
      challenge: string;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.execute(sql`
        with expired as (
          delete from ${authChallenges}
          where ${authChallenges.id} in (
            select ${authChallenges.id} from ${authChallenges}
            where ${authChallenges.expiresAt} <= ${values.createdAt}
            limit ${sweepBatch}
            for update skip locked
          )
        )
        insert into ${authChallenges} (user_id, purpose, challenge, created_at, expires_at)
        values (${values.userId}, ${values.purpose}, ${values.challenge}, ${values.createdAt}, ${values.expiresAt})
      `);
    },

    /**
     * Takes a challenge of that purpose and person (none for a sign-in) by deleting it: of two requests with the same
     * challenge, whether replayed or sent at once, only one gets the row.
     */
    async takeChallenge(values: {
      challenge: string;
      purpose: PasskeyChallengePurpose;
      userId: string | null;
    }): Promise<TakenChallenge | undefined> {
      const [row] = await db
        .delete(authChallenges)
        .where(
          and(
            eq(authChallenges.challenge, values.challenge),
            eq(authChallenges.purpose, values.purpose),
            values.userId === null ? isNull(authChallenges.userId) : eq(authChallenges.userId, values.userId),
          ),
        )
        .returning({
          userId: authChallenges.userId,
          createdAt: authChallenges.createdAt,
          expiresAt: authChallenges.expiresAt,
        });
      return row;
    },

    listOf(userId: string): Promise<PasskeyRow[]> {
      return db
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
    },

    async hasAny(userId: string): Promise<boolean> {
      const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
      return (row?.n ?? 0) > 0;
    },

    async findByCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
      const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
      return row;
    },

    async insert(values: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
      const [row] = await db.insert(passkeys).values(values).returning();
      if (!row) throw new Error("the new passkey has no row");
      return row;
    },

    /**
     * Records a use: the counter moves only from the value the check read, so that of two assertions checked against
     * the same counter at once, one finds it changed and is refused.
     */
    async recordUse(values: {
      id: string;
      seenCounter: number;
      counter: number;
      backedUp: boolean;
      at: Date;
    }): Promise<boolean> {
      const rows = await db
        .update(passkeys)
        .set({ counter: values.counter, backedUp: values.backedUp, lastUsedAt: values.at })
        .where(and(eq(passkeys.id, values.id), eq(passkeys.counter, values.seenCounter)))
        .returning({ id: passkeys.id });
      return rows.length === 1;
    },

    /** The renamed row and the name it had (the audit log's before), read under the row's lock. */
    async rename(
      userId: string,
      id: string,
      name: string,
    ): Promise<{ row: PasskeyRow; previousName: string } | undefined> {
      return db.transaction(async (tx) => {
        const mine = and(eq(passkeys.userId, userId), eq(passkeys.id, id));
        const [old] = await tx.select({ name: passkeys.name }).from(passkeys).where(mine).for("update");
        if (!old) return undefined;
        const [row] = await tx.update(passkeys).set({ name }).where(mine).returning();
        return row && { row, previousName: old.name };
      });
    },

    async delete(userId: string, id: string): Promise<PasskeyRow | undefined> {
      const [row] = await db
        .delete(passkeys)
        .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
        .returning();
      return row;
    },
  };
}
