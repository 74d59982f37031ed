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
  const key = new TextEncoder().encode(secret);
  return {
    /** `expiresAt` is the session row's, so the token cannot outlive it. */
    sign({ userId, sessionId, passwordVersion }: SessionClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({ sid: sessionId, pv: passwordVersion })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(key);
    },

    /** The claims of a well-signed, unexpired token, or null for anything else (a token from before sessions too). */
    async verify(token: string): Promise<SessionClaims | null> {
      try {
        // The algorithm is pinned so a token cannot choose a weaker one (or "none").
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
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
