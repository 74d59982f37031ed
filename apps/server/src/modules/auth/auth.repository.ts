import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { type PasswordTokenPurpose, passwordResetTokens } from "../../db/schema.js";

export type ResetTokenRow = typeof passwordResetTokens.$inferSelect;

export type AuthQueries = ReturnType<typeof authQueries>;

export type AuthRepository = AuthQueries & {
  /** The queries on a transaction another module opened. */
  within(tx: Database): AuthQueries;
};

export function createAuthRepository(db: Database): AuthRepository {
  return { ...authQueries(db), within: (tx) => authQueries(tx) };
}

function authQueries(db: Database) {
  return {
    async insertResetToken(values: {
      userId: string;
      tokenHash: string;
      expiresAt: Date;
      purpose?: PasswordTokenPurpose;
    }): Promise<void> {
      await db.insert(passwordResetTokens).values(values);
    },

    async findResetToken(tokenHash: string): Promise<ResetTokenRow | undefined> {
      const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash));
      return row;
    },

    /** Marks the token used; false when another request used it first. */
    async useResetToken(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(passwordResetTokens)
        .set({ usedAt: at })
        .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
        .returning({ id: passwordResetTokens.id });
      return rows.length === 1;
    },

    /** A new invitation replaces the earlier ones: their links stop working. */
    async useTokensOfPurpose(userId: string, purpose: PasswordTokenPurpose, at: Date): Promise<void> {
      await db
        .update(passwordResetTokens)
        .set({ usedAt: at })
        .where(
          and(
            eq(passwordResetTokens.userId, userId),
            eq(passwordResetTokens.purpose, purpose),
            isNull(passwordResetTokens.usedAt),
          ),
        );
    },

    /** After a password change no older link may be used. */
    async useAllResetTokens(userId: string, at: Date): Promise<void> {
      await db
        .update(passwordResetTokens)
        .set({ usedAt: at })
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    },
  };
}
