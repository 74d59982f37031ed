import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { IntegrationService } from "@timetrap/domain";

/**
 * Credentials at rest (decision 029): AES-256-GCM with a 12-byte random IV and a 16-byte tag, written
 * `v1.<iv>.<tag>.<ciphertext>` in base64url. The additional data binds a ciphertext to the row it was sealed for, so
 * that one copied into another person's row (or another service's) does not open.
 */
const version = "v1";
const ivBytes = 12;
const tagBytes = 16;

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SecretBoxError";
  }
}

function assertKey(key: Buffer): void {
  if (key.length !== 32) throw new SecretBoxError("The integrations key must be 32 bytes");
}

export function sealSecret(key: Buffer, plaintext: string, aad: string): string {
  assertKey(key);
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: tagBytes });
  cipher.setAAD(Buffer.from(aad, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [version, iv.toString("base64url"), tag.toString("base64url"), ciphertext.toString("base64url")].join(".");
}

/** The plaintext of a sealed secret; throws {@link SecretBoxError} when the key, the data or the ciphertext do not match. */
export function openSecret(key: Buffer, sealed: string, aad: string): string {
  assertKey(key);
  const parts = sealed.split(".");
  if (parts.length !== 4 || parts[0] !== version) throw new SecretBoxError("Not a sealed secret");
  const [, ivText, tagText, ciphertextText] = parts as [string, string, string, string];
  const iv = Buffer.from(ivText, "base64url");
  const tag = Buffer.from(tagText, "base64url");
  // A shorter tag would be accepted by GCM and makes forgery easier: only the full 16 bytes open.
  if (iv.length !== ivBytes || tag.length !== tagBytes) throw new SecretBoxError("Not a sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: tagBytes });
  decipher.setAAD(Buffer.from(aad, "utf8"));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(Buffer.from(ciphertextText, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    throw new SecretBoxError("The sealed secret does not open with this key and data");
  }
}

/** The additional data of an integration's credential and refresh token: its person and service. */
export const integrationAad = (userId: string, service: IntegrationService) => `${userId}:${service}`;

/** The additional data of a person's calendar feed secret. */
export const feedAad = (userId: string) => `feed:${userId}`;
