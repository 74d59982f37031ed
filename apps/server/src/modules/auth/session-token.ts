import { jwtVerify, SignJWT } from "jose";

/**
 * A token names its session row (decision 009): the row decides whether the session still works, the signature only
 * that the token was issued here. The password version rides along so that a password change ends a session even
 * before its row is deleted.
 */
export interface SessionClaims {
  userId: string;
  sessionId: string;
  passwordVersion: number;
}

export function createSessionTokens(secret: string) {
  // Imported once: given the secret's bytes, jose imports a key for every token it signs or checks, which is about
  // half of the token check's CPU on each request.
  const key = crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  return {
    /** `expiresAt` is the session row's, so the token cannot outlive it. */
    async sign({ userId, sessionId, passwordVersion }: SessionClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({ sid: sessionId, pv: passwordVersion })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(await key);
    },

    /** The claims of a well-signed, unexpired token, or null for anything else (a token from before sessions too). */
    async verify(token: string): Promise<SessionClaims | null> {
      try {
        // The algorithm is pinned so a token cannot choose a weaker one (or "none").
        const { payload } = await jwtVerify(token, await key, { algorithms: ["HS256"] });
        if (typeof payload.sub !== "string" || typeof payload.sid !== "string" || typeof payload.pv !== "number") {
          return null;
        }
        return { userId: payload.sub, sessionId: payload.sid, passwordVersion: payload.pv };
      } catch {
        return null;
      }
    },
  };
}
