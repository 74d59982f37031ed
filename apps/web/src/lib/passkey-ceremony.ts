import type { PasskeyRequestOptions } from "@timetrap/domain";
import type { TFunction } from "i18next";
import { passkeyFailureOf } from "./passkey-failure";

/**
 * The browser's side of signing in with a passkey, shared by the passwordless sign-in and the sign-in's second step.
 * The WebAuthn library is fetched with the first ceremony, beside the server's options, so that no screen's first load
 * carries it (decision 016).
 */
export async function authenticateWithPasskey(options: Promise<PasskeyRequestOptions>) {
  const [{ startAuthentication }, optionsJSON] = await Promise.all([import("@simplewebauthn/browser"), options]);
  return startAuthentication({ optionsJSON });
}

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
