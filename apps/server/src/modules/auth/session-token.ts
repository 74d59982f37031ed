import { jwtVerify, SignJWT } from "jose";

/** Sessions last this long; a password change ends them earlier. */
const sessionLifetime = "30d";

export interface SessionClaims {
  userId: string;
  passwordVersion: number;
}

export function createSessionTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign({ userId, passwordVersion }: SessionClaims): Promise<string> {
      return new SignJWT({ pv: passwordVersion })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(sessionLifetime)
        .sign(key);
    },

    /** The claims of a well-signed, unexpired token, or null for anything else. */
    async verify(token: string): Promise<SessionClaims | null> {
      try {
        // The algorithm is pinned so a token cannot choose a weaker one (or "none").
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
        if (typeof payload.sub !== "string" || typeof payload.pv !== "number") return null;
        return { userId: payload.sub, passwordVersion: payload.pv };
      } catch {
        return null;
      }
    },
  };
}
