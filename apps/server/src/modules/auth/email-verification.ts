import { createHash, randomBytes } from "node:crypto";
import { emailVerificationLifetimeHours } from "@timetrap/domain";
import { AppError } from "../../http/app-error.js";
import type { Mailer } from "../../mail/mailer.js";
import { verificationEmail, verificationLink } from "../../mail/verification-email.js";
import type { LimitsService } from "../limits/limits.service.js";
import { mailLimitChecks } from "../limits/mail-limits.js";
import type { SessionClient } from "../sessions/session-client.js";
import type { Account, UsersService } from "../users/users.service.js";
import type { AuthRepository } from "./auth.repository.js";

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

const invalidVerificationToken = () =>
  new AppError("INVALID_TOKEN", "This verification link is not valid any more. Sign in and ask for a new one");

export function createEmailVerificationService({
  repository,
  users,
  limits,
  mailer,
  settings,
}: {
  repository: AuthRepository;
  users: UsersService;
  limits: Pick<LimitsService, "hitEach">;
  mailer: Mailer;
  settings: { appUrl: string };
}) {
  /** The limits shared with the recovery e-mail: 3 an hour per address, 20 per client address (decision 010). */
  function admitMail(email: string, client: SessionClient) {
    return limits.hitEach(mailLimitChecks({ email, ip: client.ip }));
  }

  /** A new single-use link: earlier verification links of the account stop working. */
  async function send(account: Account): Promise<void> {
    const at = new Date();
    const token = randomBytes(32).toString("base64url");
    await repository.useTokensOfPurpose(account.id, "verify", at);
    await repository.insertResetToken({
      userId: account.id,
      tokenHash: sha256(token),
      purpose: "verify",
      expiresAt: new Date(at.getTime() + emailVerificationLifetimeHours * 3600_000),
    });
    await mailer.send(
      verificationEmail({
        to: account.email,
        nominative: account.nominative,
        language: account.language,
        link: verificationLink(settings.appUrl, token),
      }),
    );
  }

  return {
    /**
     * After a sign-up: the first link. Over the mail limits nothing is sent (the sign-up itself stands); the person
     * can ask again later.
     */
    async sendAfterSignUp({ account, client }: { account: Account; client: SessionClient }): Promise<void> {
      if (account.emailVerifiedAt) return;
      if (!(await admitMail(account.email, client)).allowed) return;
      await send(account);
    },

    /** Another link for the signed-in user: 409 once verified, 429 with Retry-After over the mail limits. */
    async resend({ userId, client }: { userId: string; client: SessionClient }): Promise<void> {
      const account = await users.findAccountById({ userId });
      if (!account) throw new AppError("UNAUTHENTICATED", "Please sign in");
      if (account.emailVerifiedAt) throw new AppError("CONFLICT", "Your e-mail address is already verified");
      const decision = await admitMail(account.email, client);
      if (!decision.allowed) {
        const { retryAfterSeconds } = decision;
        const minutes = Math.ceil(retryAfterSeconds / 60);
        throw new AppError(
          "TOO_MANY_REQUESTS",
          `Too many e-mails were sent to this address. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}`,
          undefined,
          { "retry-after": String(retryAfterSeconds) },
        );
      }
      await send(account);
    },

    /** Following the link marks the e-mail verified; a used, unknown, replaced or expired link is 400 INVALID_TOKEN. */
    async verify({ token }: { token: string }): Promise<Account> {
      const at = new Date();
      const row = await repository.findResetToken(sha256(token));
      if (row?.purpose !== "verify" || row.usedAt || row.expiresAt.getTime() <= at.getTime()) {
        throw invalidVerificationToken();
      }
      // The conditional update makes the link single-use even when two requests race with it.
      if (!(await repository.useResetToken(row.id, at))) throw invalidVerificationToken();
      return users.markEmailVerified({ userId: row.userId, at });
    },
  };
}
