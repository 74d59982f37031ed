import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { totpDigits, totpDriftSteps, totpPeriodSeconds } from "@timetrap/domain";
import { Secret, TOTP } from "otpauth";

const issuer = "Timetrap";
// The version prefix lets a later key or cipher be told apart from this one in stored rows.
const version = "v1";

export type TotpSecrets = ReturnType<typeof createTotpSecrets>;

/**
 * The authenticator secrets: made, sealed for the database and checked. Sealed with AES-256-GCM under a key derived
 * from the server's AUTH_SECRET by HKDF, so a copy of the database alone does not hold working secrets, and the key is
 * not the one that signs session tokens.
 */
export function createTotpSecrets(authSecret: string) {
  const key = Buffer.from(hkdfSync("sha256", authSecret, "timetrap", "totp-secret-encryption", 32));

  const totpOf = (base32: string, label = "") =>
    new TOTP({
      issuer,
      label,
      algorithm: "SHA1",
      digits: totpDigits,
      period: totpPeriodSeconds,
      secret: Secret.fromBase32(base32),
    });

  return {
    /** A new random secret of 160 bits (RFC 4226's recommendation), base32, and the address the QR code carries. */
    create(label: string): { secret: string; otpauthUrl: string } {
      const secret = new Secret({ size: 20 }).base32;
      return { secret, otpauthUrl: totpOf(secret, label).toString() };
    },

    seal(base32: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const sealed = Buffer.concat([cipher.update(base32, "utf8"), cipher.final()]);
      return `${version}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url")}`;
    },

    open(stored: string): string {
      const [prefix, body] = stored.split(".");
      if (prefix !== version || !body) throw new Error("unknown TOTP secret format");
      const bytes = Buffer.from(body, "base64url");
      const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
    },

    /**
     * The time step of the code at `at`, within a step of drift either side, or null when it matches none. The caller
     * still has to refuse a step already used.
     */
    matchingStep(base32: string, code: string, at: number): number | null {
      const totp = totpOf(base32);
      const delta = totp.validate({ token: code, timestamp: at, window: totpDriftSteps });
      return delta === null ? null : totp.counter({ timestamp: at }) + delta;
    },
  };
}
