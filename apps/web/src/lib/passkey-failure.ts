import type { TFunction } from "i18next";
import { isApiError } from "./api-client";

/**
 * Why a passkey ceremony did not end well, in the few kinds a person can act on. The browser's errors are told by their
 * DOMException names and @simplewebauthn/browser's codes, read by shape so that this module does not bring the library.
 */
export type PasskeyFailure =
  /** The person closed the browser's dialog or let it time out: nothing went wrong. */
  | "cancelled"
  /** This authenticator already holds a passkey of the account. */
  | "alreadyRegistered"
  /** The device or browser cannot make or use such a passkey. */
  | "unsupported"
  /** The page's address is not the one the passkeys belong to. */
  | "wrongSite"
  /** The server answered with a refusal, whose words are shown. */
  | "refused"
  | "unknown";

export function passkeyFailureOf(error: unknown): PasskeyFailure {
  if (isApiError(error)) return "refused";
  if (typeof error !== "object" || error === null) return "unknown";
  const { name, code } = error as { name?: unknown; code?: unknown };
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError") return "alreadyRegistered";
  // Browsers answer NotAllowedError for a cancel, a timeout and a refusal alike, and say no more on purpose.
  if (name === "NotAllowedError" || name === "AbortError" || code === "ERROR_CEREMONY_ABORTED") return "cancelled";
  if (
    name === "NotSupportedError" ||
    code === "ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT" ||
    code === "ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT" ||
    code === "ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG"
  ) {
    return "unsupported";
  }
  if (name === "SecurityError" || code === "ERROR_INVALID_DOMAIN" || code === "ERROR_INVALID_RP_ID") return "wrongSite";
  return "unknown";
}

export { browserHasWebAuthn } from "./web-authn-support";

/** What to say under a passkey button after a ceremony that did not sign in; a cancel is told calmly. */
export type PasskeyNotice = { tone: "calm" | "failure"; message: string };

/**
 * The notice for a ceremony's failure, in the sign-in screens' words (`screens.login.passkey`). `cancelled` and
 * `unsupported` may be said otherwise where the login's words ("use your password") would not fit. A refusal from the
 * server is the caller's to tell: null.
 */
export function passkeyFailureNotice(
  error: unknown,
  t: TFunction,
  words: { cancelled?: string; unsupported?: string } = {},
): PasskeyNotice | null {
  const failure = passkeyFailureOf(error);
  if (failure === "refused") return null;
  if (failure === "unknown") console.error(error);
  if (failure === "cancelled")
    return { tone: "calm", message: words.cancelled ?? t("screens.login.passkey.cancelled") };
  if (failure === "unsupported" || failure === "alreadyRegistered")
    return { tone: "failure", message: words.unsupported ?? t("screens.login.passkey.unsupported") };
  if (failure === "wrongSite") return { tone: "failure", message: t("screens.login.passkey.wrongSite") };
  return { tone: "failure", message: t("screens.login.passkey.unknown") };
}
