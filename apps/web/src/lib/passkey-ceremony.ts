import type { PasskeyRequestOptions } from "@timetrap/domain";

/**
 * The browser's side of signing in with a passkey, shared by the passwordless sign-in and the sign-in's second step.
 * The WebAuthn library is fetched with the first ceremony, beside the server's options, so that no screen's first load
 * carries it (decision 016).
 */
export async function authenticateWithPasskey(options: Promise<PasskeyRequestOptions>) {
  const [{ startAuthentication }, optionsJSON] = await Promise.all([import("@simplewebauthn/browser"), options]);
  return startAuthentication({ optionsJSON });
}
