import { z } from "zod";
import { passkeyAuthenticationResponseSchema } from "./passkeys.js";
import { passwordMaxLength } from "./password-length.js";

/** RFC 6238 as every authenticator app reads it by default: 30-second steps, 6 digits, HMAC-SHA-1. */
export const totpPeriodSeconds = 30;
export const totpDigits = 6;
/** Steps of clock drift accepted either side of the server's: a phone a little fast or slow still signs in. */
export const totpDriftSteps = 1;

/** How long the ticket between a right password and the second factor lives. */
export const mfaTicketLifetimeMinutes = 5;
/** Wrong codes against one ticket before it ends (each one also counts as a failed sign-in, decision 010). */
export const mfaTicketMaxFailures = 5;

export const recoveryCodeCount = 10;
/**
 * Recovery codes are written in Crockford's base32 alphabet (no I, L, O, U): 32 letters and digits that are hard to
 * misread, 5 bits each, so ten of them make 50 random bits.
 */
export const recoveryCodeAlphabet = "0123456789abcdefghjkmnpqrstvwxyz";
const recoveryCodeLength = 10;

const withoutSpaces = (value: string) => value.replace(/\s+/g, "");
/** A recovery code as stored and compared: lower case, without the hyphen or spaces a person may type. */
export const normalizeRecoveryCode = (value: string) => value.replace(/[\s-]+/g, "").toLowerCase();

const totpCodePattern = new RegExp(`^\\d{${totpDigits}}$`);
const recoveryCodePattern = new RegExp(`^[${recoveryCodeAlphabet}]{${recoveryCodeLength}}$`);

/** A code from the authenticator app: six digits, spaces tolerated ("123 456" is how many apps show it). */
export const totpCodeSchema = z
  .string()
  .max(32, "The code must be the 6 digits your authenticator app shows")
  .overwrite(withoutSpaces)
  .regex(totpCodePattern, "The code must be the 6 digits your authenticator app shows")
  .describe("The 6 digits the authenticator app shows; spaces are ignored");

/** A recovery code: ten letters and digits, written `xxxxx-xxxxx`; case, spaces and the hyphen are ignored. */
export const recoveryCodeSchema = z
  .string()
  .max(64, "A recovery code has 10 letters and digits, like abcde-12345")
  .overwrite(normalizeRecoveryCode)
  .regex(recoveryCodePattern, "A recovery code has 10 letters and digits, like abcde-12345")
  .describe("One of the recovery codes, written xxxxx-xxxxx; case, spaces and the hyphen are ignored");

/** Which kind of code a person typed at the second step, or null when it is neither. */
export function secondFactorCodeKind(value: string): "totp" | "recovery_code" | null {
  if (totpCodePattern.test(withoutSpaces(value))) return "totp";
  if (recoveryCodePattern.test(normalizeRecoveryCode(value))) return "recovery_code";
  return null;
}

/** Writes ten random base32 characters as the person reads them: two groups of five. */
export function formatRecoveryCode(normalized: string): string {
  return `${normalized.slice(0, 5)}-${normalized.slice(5)}`;
}

const secondStepCodeMessage = "Enter the 6-digit code from your authenticator app or one of your recovery codes";
/** What the second step and the confirmations take: an authenticator code or a recovery code. */
export const secondFactorCodeSchema = z
  .string()
  .min(1, secondStepCodeMessage)
  .max(64, secondStepCodeMessage)
  .refine((value) => secondFactorCodeKind(value) !== null, secondStepCodeMessage)
  .meta({
    description: "A 6-digit code from the authenticator app, or one of the recovery codes (xxxxx-xxxxx)",
    // The refinement's rule as the document states it, on the code as typed: six digits, or ten letters and digits
    // of the recovery alphabet, with spaces (and hyphens, in a recovery code) anywhere and any case.
    pattern: "^(?:\\s*(?:\\d\\s*){6}|[\\s-]*(?:[0-9a-hjkmnp-tv-zA-HJKMNP-TV-Z][\\s-]*){10})$",
  });

/** The ticket the first step answered: random, opaque, never a session token. */
export const mfaTicketSchema = z
  .string()
  .min(1, "The sign-in ticket is required")
  .max(128, "This is not a sign-in ticket")
  .describe("The ticket the first step answered; valid for 5 minutes and once");

export const secondFactorInputSchema = z.object({ ticket: mfaTicketSchema, code: secondFactorCodeSchema });
export type SecondFactorInput = z.infer<typeof secondFactorInputSchema>;

export const totpSetupResponseSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The `otpauth://totp/…` address the QR code carries. */
  otpauth_url: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;

export const enableTotpInputSchema = z.object({ code: totpCodeSchema });
export type EnableTotpInput = z.infer<typeof enableTotpInputSchema>;

/**
 * Disabling and regenerating ask for the password and a current code (or a recovery code, for a lost phone). An account without a password (made with
 * Google) confirms with the code alone: the server refuses a missing password only where there is one to give.
 */
export const confirmTwoFactorInputSchema = z.object({
  password: z
    .string()
    .min(1, "Password is required")
    .max(passwordMaxLength)
    .optional()
    .describe("Required when the account has a password; an account made with Google has none"),
  code: secondFactorCodeSchema,
});
export type ConfirmTwoFactorInput = z.infer<typeof confirmTwoFactorInputSchema>;

export const recoveryCodesResponseSchema = z.object({
  /** Shown once: only their hashes are kept. */
  recovery_codes: z.array(z.string()).length(recoveryCodeCount),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

export const twoFactorStatusSchema = z.object({
  totp_enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
  /** The account has a password to confirm changes with (an account made with Google may have none). */
  has_password: z.boolean(),
  /** The person's organization requires a second factor: the last one cannot be turned off. */
  required_by_organization: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** What a ticket's row says about it at a moment. */
export type MfaTicketState = "live" | "expired" | "used" | "too-many-failures";

export function mfaTicketState(
  ticket: { expiresAt: number; usedAt: number | null; failures: number },
  at: number,
): MfaTicketState {
  if (ticket.usedAt !== null) return "used";
  if (ticket.failures >= mfaTicketMaxFailures) return "too-many-failures";
  if (ticket.expiresAt <= at) return "expired";
  return "live";
}

/**
 * The two-step sign-in as the person goes through it. The server decides each step; this says which steps may follow
 * which, so that the server and the web agree on what a screen may show next.
 */
export type SignInState =
  | { step: "password" }
  | { step: "second-factor"; failures: number }
  | { step: "enrolment" }
  | { step: "signed-in" }
  | { step: "ended"; reason: Exclude<MfaTicketState, "live"> };

export type SignInEvent =
  /** The password (or Google, or a reset link) was right; `secondFactor` when the account has one. */
  | { type: "first-factor-passed"; secondFactor: boolean; enrolmentRequired: boolean }
  | { type: "code-accepted" }
  | { type: "code-refused" }
  /** The server refused the ticket itself: past its 5 minutes, already used, or ended by wrong codes. */
  | { type: "ticket-ended"; reason: Exclude<MfaTicketState, "live"> }
  | { type: "enrolled" }
  | { type: "restart" };

export const initialSignInState: SignInState = { step: "password" };

export function nextSignInState(state: SignInState, event: SignInEvent): SignInState {
  if (event.type === "restart") return initialSignInState;
  switch (state.step) {
    case "password":
      if (event.type !== "first-factor-passed") return state;
      if (event.secondFactor) return { step: "second-factor", failures: 0 };
      return event.enrolmentRequired ? { step: "enrolment" } : { step: "signed-in" };
    case "second-factor":
      // Whoever passed a second factor has one: an organization's requirement is met.
      if (event.type === "code-accepted") return { step: "signed-in" };
      if (event.type === "ticket-ended") return { step: "ended", reason: event.reason };
      if (event.type === "code-refused") {
        const failures = state.failures + 1;
        return failures >= mfaTicketMaxFailures
          ? { step: "ended", reason: "too-many-failures" }
          : { step: "second-factor", failures };
      }
      return state;
    case "enrolment":
      return event.type === "enrolled" ? { step: "signed-in" } : state;
    case "signed-in":
    case "ended":
      return state;
  }
}

/** The second step by passkey: the ticket, first for the ceremony's options, then with the passkey's assertion. */
export const passkeySecondFactorOptionsInputSchema = z.object({ ticket: mfaTicketSchema });
export type PasskeySecondFactorOptionsInput = z.infer<typeof passkeySecondFactorOptionsInputSchema>;
export const passkeySecondFactorInputSchema = z.object({
  ticket: mfaTicketSchema,
  response: passkeyAuthenticationResponseSchema,
});
export type PasskeySecondFactorInput = z.infer<typeof passkeySecondFactorInputSchema>;

/**
 * Whether a person lacks the second factor their organization requires (decision 018): their sessions reach only the
 * enrolment calls, and no personal access token acts for them (decision 024).
 */
export function lacksRequiredSecondFactor(requiredByOrganization: boolean, secondFactors: number): boolean {
  return requiredByOrganization && secondFactors === 0;
}
