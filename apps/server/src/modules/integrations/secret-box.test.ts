import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { feedAad, integrationAad, openSecret, SecretBoxError, sealSecret } from "./secret-box.js";

const key = randomBytes(32);
const otherKey = randomBytes(32);
const userId = "0b6f8c1e-7d2a-4f4e-9c51-3f2a8d9e1b7c";
const aad = integrationAad(userId, "gcalendar");
const sealed = sealSecret(key, "ya29.an-access-token", aad);

/** The sealed text with one of its four parts changed by `change`. */
function withPart(index: number, change: (part: Buffer) => Buffer): string {
  const parts = sealed.split(".");
  parts[index] = change(Buffer.from(parts[index]!, "base64url")).toString("base64url");
  return parts.join(".");
}

const flipFirstBit = (part: Buffer) => {
  const copy = Buffer.from(part);
  copy[0] = copy[0]! ^ 1;
  return copy;
};

describe("the secret box", () => {
  test("seals as v1.<iv>.<tag>.<ciphertext> in base64url, without the plaintext, and opens it again", () => {
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain("ya29");
    expect(openSecret(key, sealed, aad)).toBe("ya29.an-access-token");
  });

  test("a fresh IV every time: the same secret sealed twice reads differently", () => {
    const again = sealSecret(key, "ya29.an-access-token", aad);
    expect(again).not.toBe(sealed);
    expect(again.split(".")[1]).not.toBe(sealed.split(".")[1]);
    expect(openSecret(key, again, aad)).toBe("ya29.an-access-token");
  });

  test("seals the empty text and text beyond ASCII", () => {
    for (const text of ["", "clé: àèìòù 日本 🗓️"]) expect(openSecret(key, sealSecret(key, text, aad), aad)).toBe(text);
  });

  test.each([
    ["another key", () => openSecret(otherKey, sealed, aad)],
    ["another person's additional data", () => openSecret(key, sealed, integrationAad(randomUUID(), "gcalendar"))],
    ["another service's additional data", () => openSecret(key, sealed, integrationAad(userId, "todoist"))],
    ["the feed's additional data", () => openSecret(key, sealed, feedAad(userId))],
    ["a tampered tag", () => openSecret(key, withPart(2, flipFirstBit), aad)],
    ["a tampered ciphertext", () => openSecret(key, withPart(3, flipFirstBit), aad)],
    ["a tampered IV", () => openSecret(key, withPart(1, flipFirstBit), aad)],
    [
      "a tag cut short",
      () =>
        openSecret(
          key,
          withPart(2, (tag) => tag.subarray(0, 12)),
          aad,
        ),
    ],
    ["another version", () => openSecret(key, sealed.replace(/^v1\./, "v2."), aad)],
    ["a text that is not sealed", () => openSecret(key, "ya29.an-access-token", aad)],
    ["a key that is not 32 bytes", () => openSecret(randomBytes(16), sealed, aad)],
  ])("refuses to open with %s", (_name, open) => {
    expect(open).toThrow(SecretBoxError);
  });
});
