import { createHash, randomBytes } from "node:crypto";
import { verify } from "@node-rs/argon2";
import {
  type ConfirmTwoFactorInput,
  type EnableTotpInput,
  formatRecoveryCode,
  type MfaRequiredResponse,
  type MfaTicketState,
  mfaTicketLifetimeMinutes,
  mfaTicketMaxFailures,
  mfaTicketState,
  normalizeRecoveryCode,
  type RecoveryCodesResponse,
  recoveryCodeAlphabet,
  recoveryCodeCount,
  type SecondFactorMethod,
  secondFactorCodeKind,
  type TotpSetupResponse,
  type TwoFactorStatus,
} from "@timetrap/domain";
import { AppError } from "../../http/app-error.js";
import type { RecordAccountEvent } from "../audit/account-events.js";
import { createSignInLimits, type SignInLimitSettings } from "../auth/sign-in-limits.js";
import type { LimitsService } from "../limits/limits.service.js";
import type { SessionClient } from "../sessions/session-client.js";
import type { SessionsService } from "../sessions/sessions.service.js";
import type { Account, UsersService } from "../users/users.service.js";
import { createTotpSecrets } from "./totp-secret.js";
import type { TwoFactorRepository } from "./two-factor.repository.js";

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

/** What passed a second step: an authenticator app's code or a recovery code. */
export type UsedFactor = "totp" | "recovery_code" | "passkey";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** A field of the body refused by a check the schema cannot make (a wrong password or code): 400, never a 401. */
const refusedField = (field: string, message: string) =>
  new AppError("VALIDATION_FAILED", `${field}: ${message}`, [{ field, message }]);

// A 401 would sign the web out of the session the person is using to change their settings.
const wrongCode = () =>
  refusedField("body.code", "This code is not right. Check that your phone's clock is set automatically and try again");
const wrongPassword = () => refusedField("body.password", "Wrong password");

const ticketEndedMessages: Record<Exclude<MfaTicketState, "live">, string> = {
  expired: "This sign-in has expired. Please sign in again",
  used: "This sign-in has already been completed. Please sign in again",
  "too-many-failures": "Too many wrong codes. Please sign in again",
};
const ticketEnded = (state: Exclude<MfaTicketState, "live">) =>
  new AppError("INVALID_TOKEN", ticketEndedMessages[state]);

/** Ten characters of the base32 alphabet, each from 5 random bits: 32 letters, so no character is likelier. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  let code = "";
  for (const byte of bytes) code += recoveryCodeAlphabet[byte & 31];
  return code;
}

export function createTwoFactorService({
  repository,
  sessions,
  users,
  limits,
  settings,
  recordAccountEvent,
}: {
  repository: TwoFactorRepository;
  recordAccountEvent: RecordAccountEvent;
  sessions: Pick<SessionsService, "liftEnrolmentRequirement">;
  users: UsersService;
  limits: LimitsService;
  settings: SignInLimitSettings & { authSecret: string };
}) {
  const secrets = createTotpSecrets(settings.authSecret);
  const signInLimits = createSignInLimits({ limits, settings });

  async function requireAccount(userId: string): Promise<Account> {
    const account = await users.findAccountById({ userId });
    if (!account) throw new AppError("UNAUTHENTICATED", "Your session is not valid. Please sign in again");
    return account;
  }

  /**
   * Takes a code of the person's: an authenticator code of a step later than the last one used, or an unused recovery
   * code. Either is taken by one conditional update, so a code works once even when two requests race with it.
   */
  async function takeCode(userId: string, code: string, at: Date): Promise<UsedFactor | null> {
    const kind = secondFactorCodeKind(code);
    if (kind === "recovery_code") {
      return (await repository.useRecoveryCode(userId, sha256(normalizeRecoveryCode(code)), at)) ? kind : null;
    }
    if (kind !== "totp") return null;
    const factor = await repository.findTotp(userId);
    if (!factor?.enabledAt) return null;
    const step = secrets.matchingStep(secrets.open(factor.secretEncrypted), code.replace(/\s+/g, ""), at.getTime());
    if (step === null) return null;
    return (await repository.useTotpStep(userId, step)) ? kind : null;
  }

  /** A ticket that is live at `at`, or the 400 that says how it ended. */
  async function liveTicket(ticket: string, at: Date) {
    const row = await repository.findTicket(sha256(ticket));
    if (!row) throw ticketEnded("expired");
    const state = mfaTicketState(
      { expiresAt: row.expiresAt.getTime(), usedAt: row.usedAt?.getTime() ?? null, failures: row.failures },
      at.getTime(),
    );
    if (state !== "live") throw ticketEnded(state);
    return row;
  }

  async function methodsOf(userId: string): Promise<SecondFactorMethod[]> {
    const [factor, passkeyCount] = await Promise.all([repository.findTotp(userId), repository.countPasskeys(userId)]);
    const methods: SecondFactorMethod[] = [];
    if (factor?.enabledAt) methods.push("totp", "recovery_code");
    if (passkeyCount > 0) methods.push("passkey");
    return methods;
  }

  function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
    const codes = new Set<string>();
    while (codes.size < recoveryCodeCount) codes.add(newRecoveryCode());
    return { codes: [...codes].map(formatRecoveryCode), hashes: [...codes].map(sha256) };
  }

  /**
   * The password (where the account has one) and a current code, counted under the sign-in limits: a session left
   * open must not let someone guess the password. Nothing is changed before both are right.
   */
  async function confirm(account: Account, input: ConfirmTwoFactorInput, ip: string): Promise<void> {
    const attempt = await signInLimits.admit({ email: account.email, ip });
    if (account.passwordHash) {
      if (input.password === undefined) throw refusedField("body.password", "Password is required");
      if (!(await verify(account.passwordHash, input.password))) throw wrongPassword();
    }
    if (!(await takeCode(account.id, input.code, new Date()))) throw wrongCode();
    await attempt.succeeded();
  }

  return {
    async getStatus({ userId }: { userId: string }): Promise<TwoFactorStatus> {
      const account = await requireAccount(userId);
      const [factor, left, user] = await Promise.all([
        repository.findTotp(userId),
        repository.countUnusedRecoveryCodes(userId),
        users.getUser({ userId }),
      ]);
      return {
        totp_enabled: Boolean(factor?.enabledAt),
        recovery_codes_left: factor?.enabledAt ? left : 0,
        has_password: Boolean(account.passwordHash),
        required_by_organization: user.organization?.require_two_factor ?? false,
      };
    },

    /** A new secret to scan; it replaces one set up and never confirmed. */
    async setupTotp({ userId }: { userId: string }): Promise<TotpSetupResponse> {
      const account = await requireAccount(userId);
      const { secret, otpauthUrl } = secrets.create(account.email);
      if (!(await repository.putUnconfirmedTotp(userId, secrets.seal(secret), new Date()))) {
        throw new AppError("CONFLICT", "Two-factor sign-in with an authenticator app is already on");
      }
      return { secret, otpauth_url: otpauthUrl };
    },

    /** Confirms the secret with a first code; answers the recovery codes, this once. */
    async enableTotp({
      userId,
      input,
      client,
    }: {
      userId: string;
      input: EnableTotpInput;
      client: SessionClient;
    }): Promise<RecoveryCodesResponse> {
      const factor = await repository.findTotp(userId);
      if (!factor) throw new AppError("CONFLICT", "Set up the authenticator app first");
      if (factor.enabledAt)
        throw new AppError("CONFLICT", "Two-factor sign-in with an authenticator app is already on");
      const at = new Date();
      const step = secrets.matchingStep(secrets.open(factor.secretEncrypted), input.code, at.getTime());
      if (step === null) throw wrongCode();
      const { codes, hashes } = newRecoveryCodes();
      const enabled = await repository.enableTotp(userId, {
        secretEncrypted: factor.secretEncrypted,
        step,
        at,
        codeHashes: hashes,
      });
      if (!enabled)
        throw new AppError("CONFLICT", "The authenticator app was set up again meanwhile: scan the new code");
      await sessions.liftEnrolmentRequirement({ userId });
      await recordAccountEvent({ kind: "two_factor.enabled", userId, client });
      return { recovery_codes: codes };
    },

    /** A new set of recovery codes; the earlier ones stop working. */
    async regenerateRecoveryCodes({
      userId,
      input,
      client,
    }: {
      userId: string;
      input: ConfirmTwoFactorInput;
      client: SessionClient;
    }): Promise<RecoveryCodesResponse> {
      const account = await requireAccount(userId);
      const factor = await repository.findTotp(userId);
      if (!factor?.enabledAt) throw new AppError("CONFLICT", "Two-factor sign-in with an authenticator app is off");
      await confirm(account, input, client.ip);
      const { codes, hashes } = newRecoveryCodes();
      await repository.replaceRecoveryCodes(userId, hashes);
      await recordAccountEvent({ kind: "recovery_codes.regenerated", userId, client });
      return { recovery_codes: codes };
    },

    /**
     * Turns the authenticator app off (its recovery codes go with it). Refused while the person's organization requires
     * a second factor and the app is their only one.
     */
    async disableTotp({
      userId,
      input,
      client,
    }: {
      userId: string;
      input: ConfirmTwoFactorInput;
      client: SessionClient;
    }) {
      const account = await requireAccount(userId);
      const factor = await repository.findTotp(userId);
      if (!factor?.enabledAt) throw new AppError("CONFLICT", "Two-factor sign-in with an authenticator app is off");
      const user = await users.getUser({ userId });
      if (user.organization?.require_two_factor && (await repository.countPasskeys(userId)) === 0) {
        throw new AppError(
          "CONFLICT",
          "Your organization requires two-factor sign-in: add a passkey before turning the authenticator app off",
        );
      }
      await confirm(account, input, client.ip);
      await repository.deleteTotp(userId);
      await recordAccountEvent({ kind: "two_factor.disabled", userId, client });
    },

    /** Called once the person has a second factor (an authenticator app, a first passkey): enrolment is over. */
    async liftEnrolmentRequirement({ userId }: { userId: string }): Promise<void> {
      await sessions.liftEnrolmentRequirement({ userId });
    },

    /** The ways this person can pass a second step; none when they have no second factor. */
    secondFactorMethods({ userId }: { userId: string }): Promise<SecondFactorMethod[]> {
      return methodsOf(userId);
    },

    /** Of these people, those with a second factor (an authenticator app or a passkey), for the users list. */
    usersWithSecondFactor({ userIds }: { userIds: readonly string[] }): Promise<Set<string>> {
      return repository.usersWithSecondFactor(userIds);
    },

    /** The first step passed: a ticket for the second, valid a few minutes and once. */
    async startSecondFactor({
      userId,
      methods,
    }: {
      userId: string;
      methods: SecondFactorMethod[];
    }): Promise<MfaRequiredResponse> {
      const ticket = randomBytes(32).toString("base64url");
      const now = new Date();
      await repository.insertTicket({
        userId,
        ticketHash: sha256(ticket),
        expiresAt: new Date(now.getTime() + mfaTicketLifetimeMinutes * 60_000),
        now,
      });
      return { mfa_required: true, ticket, methods };
    },

    /**
     * The person a live ticket stands for, before a passkey's ceremony of the second step (which needs their
     * passkeys): an ended ticket is refused here as at the step itself.
     */
    async ticketHolder({ ticket }: { ticket: string }): Promise<{ userId: string }> {
      const row = await liveTicket(ticket, new Date());
      return { userId: row.userId };
    },

    /**
     * The second step: a live ticket and a proof of its person, a code (of the authenticator app or a recovery code)
     * or a passkey's assertion, which `passkey` checks. Every try counts under the sign-in limits, and wrong proofs
     * against the ticket end it after a few. Answers the account to sign in, and what passed the step.
     */
    async completeSecondFactor({
      ticket,
      client,
      ...proof
    }: { ticket: string; client: SessionClient } & (
      | { code: string }
      | { passkey: (userId: string) => Promise<void> }
    )): Promise<{ account: Account; factor: UsedFactor }> {
      const at = new Date();
      const row = await liveTicket(ticket, at);
      const account = await users.findAccountById({ userId: row.userId });
      if (!account) throw ticketEnded("expired");
      if (account.status === "inactive") throw new AppError("FORBIDDEN", "This account has been deactivated");
      const attempt = await signInLimits.admit({ email: account.email, ip: client.ip });
      let refusal: AppError | undefined;
      const factor = "code" in proof ? await takeCode(account.id, proof.code, at) : await takePasskey(proof.passkey);
      if (!factor) {
        const failures = await repository.countTicketFailure(row.id);
        await recordAccountEvent({ kind: "sign_in.second_factor_failed", userId: account.id, actorId: null, client });
        if (failures >= mfaTicketMaxFailures) throw ticketEnded("too-many-failures");
        throw refusal ?? secondFactorFailed(failures);
      }
      if (!(await repository.useTicket(row.id, at, mfaTicketMaxFailures))) throw ticketEnded("used");
      await attempt.succeeded();
      if (factor === "recovery_code")
        await recordAccountEvent({ kind: "recovery_code.used", userId: account.id, client });
      return { account, factor };

      /** A passkey the check refuses is a wrong proof like a wrong code, told with the check's reason. */
      async function takePasskey(check: (userId: string) => Promise<void>): Promise<UsedFactor | null> {
        try {
          await check(row.userId);
          return "passkey";
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== "BAD_REQUEST") throw error;
          refusal = new AppError("INVALID_CREDENTIALS", error.message, error.details);
          return null;
        }
      }
    },
  };
}

/** A wrong code at the second step; the last one allowed says that the ticket has ended. */
function secondFactorFailed(failures: number): AppError {
  if (failures >= mfaTicketMaxFailures) return ticketEnded("too-many-failures");
  return new AppError("INVALID_CREDENTIALS", "Wrong code");
}
