import { createRemoteJWKSet, errors, jwtVerify } from "jose";
import { z } from "zod";
import { AppError } from "../../http/app-error.js";

const googleIssuers = ["accounts.google.com", "https://accounts.google.com"];

const googleClaimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string().min(3),
  // Google sends a boolean; some older tokens carried the string "true".
  email_verified: z.union([
    z.boolean(),
    z.literal("true").transform(() => true),
    z.literal("false").transform(() => false),
  ]),
  name: z.string().optional(),
  picture: z.string().optional(),
});
export type GoogleIdentity = z.infer<typeof googleClaimsSchema>;

export type VerifyGoogleIdToken = (credential: string) => Promise<GoogleIdentity>;

const badToken = () => new AppError("UNAUTHENTICATED", "The Google sign-in could not be verified");

/**
 * Errors about reaching or reading the key set, not about the token: Google (or the network) is down.
 * jose raises its plain base class for a non-200 or unreadable key-set answer, and a fetch error as is.
 */
function isKeySetUnavailable(error: unknown): boolean {
  if (!(error instanceof errors.JOSEError)) return true;
  return (
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    Object.getPrototypeOf(error) === errors.JOSEError.prototype
  );
}

/**
 * Checks a Google ID token as Google's guide asks: RS256 signature against the published keys (cached by
 * jose and refetched on an unknown `kid`), `aud` equal to our client id, Google's issuer, and `exp`.
 */
export function createGoogleIdTokenVerifier(options: { clientId: string; jwksUrl: string }): VerifyGoogleIdToken {
  const keySet = createRemoteJWKSet(new URL(options.jwksUrl));
  return async (credential) => {
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(credential, keySet, {
        algorithms: ["RS256"],
        audience: options.clientId,
        issuer: googleIssuers,
        requiredClaims: ["exp", "sub"],
      }));
    } catch (error) {
      if (isKeySetUnavailable(error)) {
        throw new AppError(
          "SERVICE_UNAVAILABLE",
          "Google sign-in is unavailable at the moment. Please try again later",
        );
      }
      throw badToken();
    }
    const claims = googleClaimsSchema.safeParse(payload);
    if (!claims.success) throw badToken();
    return claims.data;
  };
}
