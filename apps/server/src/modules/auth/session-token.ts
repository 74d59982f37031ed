import { createHmac, createSecretKey, timingSafeEqual } from "node:crypto";
import { SignJWT } from "jose";

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

/** The characters of base64url without padding, the only ones a compact JWS's three parts may hold. */
const base64url = /^[A-Za-z0-9_-]+$/;

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function createSessionTokens(secret: string) {
  const secretBytes = new TextEncoder().encode(secret);
  const hmacKey = createSecretKey(secretBytes);
  // Signing (once per sign-in) goes through jose, with the key imported once rather than per token.
  const signingKey = crypto.subtle.importKey("raw", secretBytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return {
    /** `expiresAt` is the session row's, so the token cannot outlive it. */
    async sign({ userId, sessionId, passwordVersion }: SessionClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({ sid: sessionId, pv: passwordVersion })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(await signingKey);
    },

    /**
     * The claims of a well-signed, unexpired token, or null for anything else (a token from before sessions too).
     *
     * Checked here rather than by jose, which runs every request's HMAC through WebCrypto, a job on libuv's thread pool
     * that the request then waits for: node:crypto's HMAC answers in microseconds on this thread. The checks are those
     * of jose's `jwtVerify` for what this server signs: three base64url parts; an HMAC-SHA256 of the first two that
     * matches the third (compared in constant time); a header naming HS256 and no critical extensions (so a token cannot
     * choose another algorithm, or "none"); an expiry in the future, a not-before in the past when present.
     */
    async verify(token: string): Promise<SessionClaims | null> {
      const parts = token.split(".");
      if (parts.length !== 3 || !parts.every((part) => base64url.test(part))) return null;
      const [header, payload, signature] = parts as [string, string, string];
      const expected = createHmac("sha256", hmacKey).update(`${header}.${payload}`).digest();
      const given = Buffer.from(signature, "base64url");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

      const protectedHeader = decodeJson(header);
      if (protectedHeader?.alg !== "HS256" || "crit" in protectedHeader) return null;
      const claims = decodeJson(payload);
      if (!claims) return null;
      const now = Math.floor(Date.now() / 1000);
      if (typeof claims.exp !== "number" || claims.exp <= now) return null;
      if (claims.nbf !== undefined && (typeof claims.nbf !== "number" || claims.nbf > now)) return null;
      if (typeof claims.sub !== "string" || typeof claims.sid !== "string" || typeof claims.pv !== "number")
        return null;
      return { userId: claims.sub, sessionId: claims.sid, passwordVersion: claims.pv };
    },
  };
}
