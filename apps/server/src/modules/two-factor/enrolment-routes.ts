/**
 * What a session opened for enrolment only may reach (decision 018): who they are, the calls that set up a second
 * factor (an authenticator app or a first passkey), and signing out. Everything else answers 403
 * `TWO_FACTOR_ENROLMENT_REQUIRED`. The public configuration needs no session, so it is reachable anyway.
 */
export function routesReachableDuringEnrolment(apiPrefix: string): ReadonlySet<string> {
  return new Set(
    [
      "/auth/me",
      "/auth/totp/setup",
      "/auth/totp/enable",
      "/auth/logout",
      "/auth/passkeys/register/options",
      "/auth/passkeys/register/verify",
    ].map((path) => `${apiPrefix}${path}`),
  );
}
