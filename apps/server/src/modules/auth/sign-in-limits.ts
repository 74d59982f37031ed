import { AppError } from "../../http/app-error.js";
import { clientAddressKey } from "../limits/client-address.js";
import type { LimitCheck, LimitRule, LimitsService } from "../limits/limits.service.js";

export interface SignInLimitSettings {
  signInMaxFailures: number;
  signInWindowMinutes: number;
}

/** Failures across addresses that lock one account (decision 010): slow guessing spread over many addresses. */
export const accountRule: LimitRule = { scope: "sign-in:account", limit: 50, windowSeconds: 3600 };
/** Failures across accounts from one address: one address trying many accounts (password spraying). */
export const clientRule: LimitRule = { scope: "sign-in:client", limit: 100, windowSeconds: 900 };

const messages: Record<string, string> = {
  [accountRule.scope]: "Too many failed sign-ins to this account",
  [clientRule.scope]: "Too many failed sign-ins from this network",
};

export type SignInLimits = ReturnType<typeof createSignInLimits>;

/**
 * The sign-in limits. Every attempt is counted, under each limit, by the statement that decides it, before the
 * password is checked: of any burst, at most a limit's number of attempts reach the check, and the rest are 429.
 */
export function createSignInLimits({ limits, settings }: { limits: LimitsService; settings: SignInLimitSettings }) {
  const pairRule: LimitRule = {
    scope: "sign-in:email-client",
    limit: settings.signInMaxFailures,
    windowSeconds: settings.signInWindowMinutes * 60,
  };

  return {
    /**
     * Counts a sign-in attempt under the three limits, or throws 429 with Retry-After naming the one reached. The
     * answer is a handle for the outcome: an attempt that fails stays counted.
     */
    async admit({ email, ip }: { email: string; ip: string }) {
      const at = new Date();
      // The unit separator occurs in neither an e-mail nor an address, so no two pairs share a subject.
      const client = clientAddressKey(ip);
      const checks: LimitCheck[] = [
        { rule: pairRule, subject: `${email}\u001f${client}` },
        { rule: accountRule, subject: email },
        { rule: clientRule, subject: client },
      ];
      const decision = await limits.hitEach(checks, at);
      if (!decision.allowed) throw tooManySignIns(decision.refusedBy.scope, decision.retryAfterSeconds);
      return {
        /**
         * The right password: the failures of this e-mail from this address are forgotten, as before. The account's
         * and the address's counts only take this attempt back, so that signing in to an account of one's own does
         * not buy more guesses at other accounts, nor the owner's sign-in more guesses at theirs.
         */
        async succeeded(): Promise<void> {
          const [pair, ...wider] = checks;
          if (pair) await limits.reset(pair.rule, pair.subject);
          for (const check of wider) await limits.undo(check.rule, check.subject, at);
        },
      };
    },

    /**
     * Counts an attempt that names no account before it is checked (a passkey's, decision 019) under the client
     * address's limit, or throws 429. A failure stays counted; `succeeded` takes the attempt back.
     */
    async admitFromClient({ ip, at = new Date() }: { ip: string; at?: Date }) {
      const subject = clientAddressKey(ip);
      const decision = await limits.hitEach([{ rule: clientRule, subject }], at);
      if (!decision.allowed) throw tooManySignIns(decision.refusedBy.scope, decision.retryAfterSeconds);
      return { succeeded: () => limits.undo(clientRule, subject, at) };
    },

    /** Takes back an attempt counted at `at` by `admitFromClient`, once the ceremony it began has succeeded. */
    takeBackFromClient({ ip, at }: { ip: string; at: Date }): Promise<void> {
      return limits.undo(clientRule, clientAddressKey(ip), at);
    },
  };
}

function tooManySignIns(scope: string, retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const when = minutes >= 120 ? `${Math.ceil(minutes / 60)} hours` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return new AppError(
    "TOO_MANY_REQUESTS",
    `${messages[scope] ?? "Too many failed sign-ins"}. Please try again in ${when}`,
    undefined,
    { "retry-after": String(retryAfterSeconds) },
  );
}
