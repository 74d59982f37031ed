import { and, count, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { mfaTickets, passkeys, recoveryCodes, totpFactors } from "../../db/schema.js";

export type TotpFactorRow = typeof totpFactors.$inferSelect;
export type MfaTicketRow = typeof mfaTickets.$inferSelect;

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;

export function createTwoFactorRepository(db: Database) {
  return {
    async findTotp(userId: string): Promise<TotpFactorRow | undefined> {
      const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
      return row;
    },

    /**
     * A new, unconfirmed secret; it replaces an earlier unconfirmed one but never a confirmed one (false then), even
     * when an enabling request commits in between.
     */
    async putUnconfirmedTotp(userId: string, secretEncrypted: string, at: Date): Promise<boolean> {
      const rows = await db
        .insert(totpFactors)
        .values({ userId, secretEncrypted, createdAt: at })
        .onConflictDoUpdate({
          target: totpFactors.userId,
          set: { secretEncrypted, createdAt: at, lastUsedStep: null },
          setWhere: isNull(totpFactors.enabledAt),
        })
        .returning({ userId: totpFactors.userId });
      return rows.length === 1;
    },

    /**
     * Confirms the secret with the first code's step and writes the recovery codes, in one transaction; false when
     * it was confirmed meanwhile or the secret was replaced by a new setup (then the code was for another secret).
     */
    async enableTotp(
      userId: string,
      values: { secretEncrypted: string; step: number; at: Date; codeHashes: readonly string[] },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(totpFactors)
          .set({ enabledAt: values.at, lastUsedStep: values.step })
          .where(
            and(
              eq(totpFactors.userId, userId),
              isNull(totpFactors.enabledAt),
              eq(totpFactors.secretEncrypted, values.secretEncrypted),
            ),
          )
          .returning({ userId: totpFactors.userId });
        if (rows.length !== 1) return false;
        await replaceRecoveryCodesIn(tx, userId, values.codeHashes);
        return true;
      });
    },

    /**
     * Takes a step's code: the step must be later than the last one accepted. One conditional statement, so of two
     * requests with the same code one gets it and the other finds the step taken.
     */
    async useTotpStep(userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(totpFactors)
        .set({ lastUsedStep: step })
        .where(
          and(
            eq(totpFactors.userId, userId),
            isNotNull(totpFactors.enabledAt),
            or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
          ),
        )
        .returning({ userId: totpFactors.userId });
      return rows.length === 1;
    },

    /** Turns two-factor sign-in by authenticator app off: the secret and the recovery codes go. */
    async deleteTotp(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
      });
    },

    async replaceRecoveryCodes(userId: string, codeHashes: readonly string[]): Promise<void> {
      await db.transaction((tx) => replaceRecoveryCodesIn(tx, userId, codeHashes));
    },

    /** Takes a recovery code, once: a conditional update, so two requests with one code give one success. */
    async useRecoveryCode(userId: string, codeHash: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(recoveryCodes)
        .set({ usedAt: at })
        .where(
          and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)),
        )
        .returning({ id: recoveryCodes.id });
      return rows.length === 1;
    },

    async countUnusedRecoveryCodes(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return row?.n ?? 0;
    },

    async countPasskeys(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
      return row?.n ?? 0;
    },

    /** Of these people, those with a second factor: an authenticator app confirmed, or a passkey. */
    async usersWithSecondFactor(userIds: readonly string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const ids = [...userIds];
      const [totp, keys] = await Promise.all([
        db
          .select({ userId: totpFactors.userId })
          .from(totpFactors)
          .where(and(inArray(totpFactors.userId, ids), isNotNull(totpFactors.enabledAt))),
        db.selectDistinct({ userId: passkeys.userId }).from(passkeys).where(inArray(passkeys.userId, ids)),
      ]);
      return new Set([...totp, ...keys].map((row) => row.userId));
    },

    /** A new ticket; the statement also deletes up to 100 expired ones, so that the table never grows unbounded. */
    async insertTicket(values: { userId: string; ticketHash: string; expiresAt: Date; now: Date }): Promise<void> {
      await db.execute(sql`
        with expired as (
          delete from ${mfaTickets}
          where ${mfaTickets.id} in (
            select ${mfaTickets.id} from ${mfaTickets}
            where ${mfaTickets.expiresAt} <= ${values.now}
            limit 100
            for update skip locked
          )
        )
        insert into ${mfaTickets} (user_id, ticket_hash, expires_at, created_at)
        values (${values.userId}, ${values.ticketHash}, ${values.expiresAt}, ${values.now})
      `);
    },

    async findTicket(ticketHash: string): Promise<MfaTicketRow | undefined> {
      const [row] = await db.select().from(mfaTickets).where(eq(mfaTickets.ticketHash, ticketHash));
      return row;
    },

    /** Counts a wrong code against the ticket and answers the new count. */
    async countTicketFailure(id: string): Promise<number> {
      const [row] = await db
        .update(mfaTickets)
        .set({ failures: sql`${mfaTickets.failures} + 1` })
        .where(eq(mfaTickets.id, id))
        .returning({ failures: mfaTickets.failures });
      return row?.failures ?? Number.POSITIVE_INFINITY;
    },

    /** Uses the ticket while it is live: false when another request used it, it expired or wrong codes ended it. */
    async useTicket(id: string, at: Date, maxFailures: number): Promise<boolean> {
      const rows = await db
        .update(mfaTickets)
        .set({ usedAt: at })
        .where(
          and(
            eq(mfaTickets.id, id),
            isNull(mfaTickets.usedAt),
            gt(mfaTickets.expiresAt, at),
            lt(mfaTickets.failures, maxFailures),
          ),
        )
        .returning({ id: mfaTickets.id });
      return rows.length === 1;
    },
  };
}

async function replaceRecoveryCodesIn(tx: Database, userId: string, codeHashes: readonly string[]): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (codeHashes.length > 0) {
    await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  }
}
