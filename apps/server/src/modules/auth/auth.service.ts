import { createHash, randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import {
  type AcceptInvitationLinkInput,
  type AuthResponse,
  type ChangePasswordInput,
  type ChangePasswordResponse,
  emailSchema,
  type Language,
  lacksRequiredSecondFactor,
  type MfaRequiredResponse,
  resetTokenLifetimeMinutes,
  type SecondFactorInput,
  type SignInInput,
  type SignInResponse,
  type SignUpInput,
} from "@timetrap/domain";
import type { FastifyBaseLogger } from "fastify";
import { outsideRequestTransaction } from "../../db/database.js";
import type { PasswordTokenPurpose } from "../../db/schema.js";
import { AppError } from "../../http/app-error.js";
import type { Mailer } from "../../mail/mailer.js";
import { createAccountEvents } from "../audit/account-events.js";
import type { AuditService } from "../audit/audit.service.js";
import type { LimitsService } from "../limits/limits.service.js";
import { mailLimitChecks } from "../limits/mail-limits.js";
import type { InvitationsService } from "../members/invitations.service.js";
import type { SessionClient } from "../sessions/session-client.js";
import type { SessionsService } from "../sessions/sessions.service.js";
import type { TwoFactorService } from "../two-factor/two-factor.service.js";
import type { Account, UsersService } from "../users/users.service.js";
import type { AuthRepository } from "./auth.repository.js";
import type { EmailVerificationService } from "./email-verification.js";
import type { VerifyGoogleIdToken } from "./google-id-token.js";
import { resetPasswordEmail, resetPasswordLink } from "./reset-password-email.js";
import { createSignInLimits } from "./sign-in-limits.js";

export interface AuthSettings {
  authSecret: string;
  appUrl: string;
  signInMaxFailures: number;
  signInWindowMinutes: number;
}

export type AuthService = ReturnType<typeof createAuthService>;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

// argon2's own default algorithm is argon2id (the const enum cannot be imported under isolatedModules).
const hashPassword = (password: string) => hash(password);

const invalidTokenMessages: Record<PasswordTokenPurpose, string> = {
  reset: "This link is not valid any more. Please ask for a new password-reset e-mail",
  invite: "This invitation is not valid any more. Please ask the person who invited you to send a new one",
  // A verification link never sets a password: to change-password it is as void as an unknown link.
  verify: "This link is not valid any more. Please ask for a new password-reset e-mail",
};

const invalidResetToken = (purpose: PasswordTokenPurpose = "reset") =>
  new AppError("INVALID_TOKEN", invalidTokenMessages[purpose]);

const inactiveAccount = () => new AppError("FORBIDDEN", "This account has been deactivated");

export function createAuthService({
  repository,
  users,
  sessions,
  invitations,
  emailVerification,
  limits,
  mailer,
  audit,
  logger,
  settings,
  verifyGoogleIdToken,
  twoFactor,
}: {
  repository: AuthRepository;
  users: UsersService;
  sessions: SessionsService;
  invitations: InvitationsService;
  emailVerification: EmailVerificationService;
  limits: LimitsService;
  mailer: Mailer;
  audit: Pick<AuditService, "record" | "recordUnlessRecent">;
  logger: FastifyBaseLogger;
  settings: AuthSettings;
  /** Null when no Google client id is configured. */
  verifyGoogleIdToken: VerifyGoogleIdToken | null;
  twoFactor: TwoFactorService;
}) {
  const signInLimits = createSignInLimits({ limits, settings });
  const recordAccountEvent = createAccountEvents({ audit, users });

  const pending = new Set<Promise<void>>();
  /**
   * Runs `work` once the current answer has been written: the answer is sent within this turn of the event loop, and
   * `setImmediate` starts the work in the next, outside the request's transaction if it had one (decision 025).
   * Failures are logged, as nobody waits for them.
   */
  function afterAnswer(failure: string, work: () => Promise<void>): void {
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => outsideRequestTransaction(work))
      .catch((err: unknown) => logger.error({ err }, failure))
      .finally(() => pending.delete(task));
    pending.add(task);
  }

  // Verifying against a throwaway hash when the account has none makes an unknown e-mail cost as much
  // time as a wrong password, so response times do not tell which e-mails are registered.
  let decoyHash: Promise<string> | undefined;
  async function passwordMatches(account: Account | undefined, password: string): Promise<boolean> {
    if (account?.passwordHash) return verify(account.passwordHash, password);
    decoyHash ??= hashPassword(randomBytes(16).toString("hex"));
    await verify(await decoyHash, password);
    return false;
  }

  /**
   * An event about an account for the audit log, in the organization the account belongs to at that moment (none
   * outside one). An address nobody holds is not recorded: no log could show it, and anyone could fill the table.
   */
  async function accountEvent(
    kind: "sign_in" | "sign_in.failed" | "password.changed" | "password.reset_requested",
    account: Pick<Account, "id" | "email"> | undefined,
    client: SessionClient | null,
  ): Promise<void> {
    if (!account) return;
    const actorId = kind === "sign_in" || kind === "password.changed" ? account.id : null;
    const target = { type: "user", id: account.id, label: account.email };
    await recordAccountEvent({ kind, userId: account.id, actorId, client, target });
  }

  /**
   * A sign-in refused by the limits (429) is recorded as a lock of the account it aimed at, when that account exists:
   * once per sign-in window, as the refusals go on as long as someone keeps trying.
   */
  async function lockedOut(error: unknown, email: string, client: SessionClient): Promise<never> {
    const account =
      error instanceof AppError && error.code === "TOO_MANY_REQUESTS"
        ? await users.findAccountByEmail({ email })
        : undefined;
    if (account) {
      const organizationId = (await users.findAccountWithOrganization({ userId: account.id }))?.organizationId ?? null;
      const target = { type: "user", id: account.id, label: account.email };
      const entry = {
        kind: "sign_in.locked",
        organizationId,
        actorId: null,
        userId: account.id,
        target,
        client,
      } as const;
      await audit.recordUnlessRecent(entry, settings.signInWindowMinutes * 60_000);
    }
    throw error;
  }

  /**
   * Every sign-in ends here: it opens a session on the server, which the token names. A member of an organization that
   * requires a second factor, without one, gets a session for enrolling only (decision 018).
   */
  async function respond(account: Account, client: SessionClient): Promise<AuthResponse> {
    const user = await users.getUser({ userId: account.id });
    const enrolmentRequired =
      user.organization?.require_two_factor === true &&
      lacksRequiredSecondFactor(true, (await twoFactor.secondFactorMethods({ userId: account.id })).length);
    const token = await sessions.startSession({
      userId: account.id,
      passwordVersion: account.passwordVersion,
      client,
      enrolmentRequired,
    });
    await accountEvent("sign_in", account, client);
    return { token, user, enrolment_required: enrolmentRequired };
  }

  /**
   * A first factor passed (a password, Google, a reset link): with a second factor on, the answer is a ticket for the
   * second step and no session yet.
   */
  async function secondStepOrRespond(
    account: Account,
    client: SessionClient,
  ): Promise<AuthResponse | MfaRequiredResponse> {
    const methods = await twoFactor.secondFactorMethods({ userId: account.id });
    if (methods.length > 0) return twoFactor.startSecondFactor({ userId: account.id, methods });
    return respond(account, client);
  }

  return {
    /**
     * Opens a session for an account whose proof another module checked (a passkey, decision 019), exactly as a
     * password sign-in does.
     */
    signInAs({ account, client }: { account: Account; client: SessionClient }): Promise<AuthResponse> {
      return respond(account, client);
    },

    async signIn({ email, password, client }: SignInInput & { client: SessionClient }): Promise<SignInResponse> {
      // Counted before the password is checked: a burst gets at most the limit's number of checks (decision 010).
      const attempt = await signInLimits
        .admit({ email, ip: client.ip })
        .catch((error) => lockedOut(error, email, client));
      const account = await users.findAccountByEmail({ email });
      const matches = await passwordMatches(account, password);
      if (!account || !matches) {
        await accountEvent("sign_in.failed", account, client);
        throw new AppError("INVALID_CREDENTIALS", "Wrong email or password");
      }
      if (account.status === "inactive") throw inactiveAccount();
      const methods = await twoFactor.secondFactorMethods({ userId: account.id });
      // With a second factor the right password stays counted until the code is right too: otherwise each new ticket
      // would clear the count, and the codes tried against one account from one address would have no limit.
      if (methods.length > 0) return twoFactor.startSecondFactor({ userId: account.id, methods });
      await attempt.succeeded();
      return respond(account, client);
    },

    /** The second step: the first step's ticket and a code (decision 018). */
    async signInWithSecondFactor({
      ticket,
      code,
      client,
    }: SecondFactorInput & { client: SessionClient }): Promise<AuthResponse> {
      const { account } = await twoFactor.completeSecondFactor({ ticket, code, client });
      return respond(account, client);
    },

    /**
     * Always a plain account without organization, an invited address included: the invitation is accepted only
     * through its link or, once the e-mail is verified, in the app (decision 008). A verification link is mailed.
     */
    async signUp({
      email,
      password,
      nominative,
      language,
      client,
    }: SignUpInput & { language: Language; client: SessionClient }): Promise<AuthResponse> {
      if (await users.findAccountByEmail({ email })) {
        throw new AppError("CONFLICT", "This e-mail address is already registered");
      }
      const account = await users.createAccount({
        email,
        nominative,
        language,
        passwordHash: await hashPassword(password),
      });
      const answer = await respond(account, client);
      // The link is written before the answer (a sign-up already tells that the address is now registered); the mail
      // itself leaves in the background.
      await emailVerification.sendAfterSignUp({ account, client });
      return answer;
    },

    /** Only the verified token is trusted: its `sub` first, then its e-mail when Google verified it. */
    async signInWithGoogle({
      credential,
      language,
      client,
    }: {
      credential: string;
      language: Language;
      client: SessionClient;
    }): Promise<SignInResponse> {
      if (!verifyGoogleIdToken) {
        throw new AppError("SERVICE_UNAVAILABLE", "Sign-in with Google is not configured on this server");
      }
      const identity = await verifyGoogleIdToken(credential);
      let account = await users.findAccountByGoogleSub({ googleSub: identity.sub });
      // Google vouches for the mailbox only while the account's address is the one it verified.
      if (
        account &&
        !account.emailVerifiedAt &&
        identity.email_verified &&
        identity.email?.toLowerCase() === account.email
      ) {
        account = await users.markEmailVerified({ userId: account.id, at: new Date() });
      }
      if (!account) {
        const email = emailSchema.safeParse(identity.email);
        if (!identity.email_verified || !email.success) {
          throw new AppError("UNAUTHENTICATED", "Google has not verified the e-mail address of this account");
        }
        const existing = await users.findAccountByEmail({ email: email.data });
        account = existing
          ? await users.linkGoogleAccount({ userId: existing.id, googleSub: identity.sub })
          : await users.createAccount({
              email: email.data,
              nominative: identity.name?.trim() || email.data.split("@")[0] || email.data,
              language,
              googleSub: identity.sub,
              imageUrl: identity.picture ?? null,
              emailVerifiedAt: new Date(),
            });
      }
      if (account.status === "inactive") throw inactiveAccount();
      return secondStepOrRespond(account, client);
    },

    /**
     * Answers at once, the same for every address: the limits, the look-up, the link and the mail all run after the
     * answer is written, so neither the answer nor its timing can tell a registered address, a throttled one or a slow
     * mail server (decision 010). A throttled request sends nothing.
     */
    requestPasswordReset({ email, client }: { email: string; client: SessionClient }): void {
      const { ip } = client;
      afterAnswer("password-reset request failed", async () => {
        const decision = await limits.hitEach(mailLimitChecks({ email, ip }), new Date());
        if (!decision.allowed) {
          logger.info({ limit: decision.refusedBy.scope }, "password-reset e-mail not sent: limit reached");
          return;
        }
        const account = await users.findAccountByEmail({ email });
        if (!account) return;
        const at = new Date();
        const token = randomBytes(32).toString("base64url");
        // Only the newest link works: one left in an old e-mail is one more way in.
        await repository.useTokensOfPurpose(account.id, "reset", at);
        await repository.insertResetToken({
          userId: account.id,
          tokenHash: sha256(token),
          expiresAt: new Date(at.getTime() + resetTokenLifetimeMinutes * 60_000),
        });
        await mailer.send(
          resetPasswordEmail({
            to: account.email,
            nominative: account.nominative,
            language: account.language,
            link: resetPasswordLink(settings.appUrl, account.email, token),
          }),
        );
        await accountEvent("password.reset_requested", account, client);
      });
    },

    /** Waits for the work started after answers; called when the app closes, before the database goes away. */
    async settle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },

    /**
     * Accepting an invitation through its link signs the person in: the link proved the mailbox (decision 008). A new
     * address gets an account with the password and name given; a verified account joins as it is.
     */
    async acceptInvitationLink({
      token,
      password,
      nominative,
      client,
    }: AcceptInvitationLinkInput & { client: SessionClient }): Promise<SignInResponse> {
      const account = await invitations.acceptByLink({
        token,
        ...(password === undefined ? {} : { password }),
        ...(nominative === undefined ? {} : { nominative }),
        passwordHash: () => hashPassword(password ?? ""),
        client,
      });
      // The link proves the mailbox, not the second factor of an account that has one.
      return secondStepOrRespond(account, client);
    },

    /** Sets the password from a reset or invitation link and signs the person in: they proved they own the mailbox. */
    async changePassword({
      email,
      password,
      token,
      client,
    }: ChangePasswordInput & { client: SessionClient }): Promise<ChangePasswordResponse> {
      const at = new Date();
      const row = await repository.findResetToken(sha256(token));
      if (!row) {
        // An invitation link e-mailed before invitations had their own page (decision 008).
        const passwordHash = () => hashPassword(password);
        const joined = await invitations.acceptLegacyLink({ email, token, passwordHash, client });
        if (joined) return { success: true, ...(await secondStepOrRespond(joined, client)) };
      }
      if (!row || row.purpose === "verify" || row.usedAt || row.expiresAt.getTime() <= at.getTime()) {
        throw invalidResetToken(row?.purpose === "invite" ? "invite" : "reset");
      }
      const account = await users.findAccountById({ userId: row.userId });
      // A deactivated user's links stop working with their sessions.
      if (!account || account.email !== email || account.status === "inactive") throw invalidResetToken(row.purpose);
      // The conditional update makes the token single-use even when two requests race with it.
      if (!(await repository.useResetToken(row.id, at))) throw invalidResetToken(row.purpose);
      const updated = await users.setPassword({ userId: account.id, passwordHash: await hashPassword(password) });
      await repository.useAllResetTokens(account.id, at);
      // Whoever had the old password is signed out everywhere; the person who chose the new one signs in below, through
      // the second step when they have a second factor: the link proves the mailbox, not the phone.
      await sessions.endAllSessions({ userId: account.id });
      await accountEvent("password.changed", account, client);
      return { success: true, ...(await secondStepOrRespond(updated, client)) };
    },

    getCurrentUser({ userId }: { userId: string }) {
      return users.getUser({ userId });
    },
  };
}
