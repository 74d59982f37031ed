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

/** Whether this browser can run a WebAuthn ceremony at all; checked without loading the library. */
export function browserHasWebAuthn(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}
