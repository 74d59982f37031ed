import { describe, expect, it } from "vitest";
import {
  isPasskeyCounterValid,
  knownPasskeyTransports,
  passkeyAuthenticationResponseSchema,
  passkeyChallengeExpiry,
  passkeyNameSchema,
  renamePasskeyInputSchema,
} from "./passkeys.js";

describe("passkeyNameSchema", () => {
  it.each([
    ["a plain name", "Laptop", "Laptop"],
    ["spaces around it trimmed", "  Work phone  ", "Work phone"],
    ["one character", "A", "A"],
    ["sixty characters", "x".repeat(60), "x".repeat(60)],
    ["sixty characters once trimmed", ` ${"x".repeat(60)} `, "x".repeat(60)],
    ["letters of any language", "Chiavetta di Zoë", "Chiavetta di Zoë"],
  ])("accepts %s", (_, input, stored) => {
    expect(passkeyNameSchema.parse(input)).toBe(stored);
  });

  it.each([
    ["an empty name", "", "Name is required"],
    ["only spaces", "   ", "Name is required"],
    ["sixty-one characters", "x".repeat(61), "Name must be at most 60 characters"],
  ])("refuses %s", (_, input, message) => {
    const result = renamePasskeyInputSchema.safeParse({ name: input });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
    expect(result.error?.issues[0]?.path).toEqual(["name"]);
  });

  it("refuses a name that is not text", () => {
    expect(passkeyNameSchema.safeParse(42).success).toBe(false);
  });
});

describe("isPasskeyCounterValid", () => {
  it.each([
    ["an authenticator that keeps no counter", 0, 0, true],
    ["the first use of one that keeps a counter", 0, 1, true],
    ["a counter that grew by one", 7, 8, true],
    ["a counter that jumped ahead", 7, 5000, true],
    ["the same non-zero counter again (a clone or a replay)", 7, 7, false],
    ["a lower counter (a clone used after the original)", 7, 3, false],
    ["a counter back to zero after it was kept", 7, 0, false],
  ])("%s", (_, stored, received, valid) => {
    expect(isPasskeyCounterValid({ stored, received })).toBe(valid);
  });
});

describe("passkeyChallengeExpiry", () => {
  it("is five minutes after the challenge was made", () => {
    const at = Date.UTC(2026, 0, 5, 9, 0, 0);
    expect(passkeyChallengeExpiry(at)).toBe(at + 5 * 60_000);
  });
});

describe("knownPasskeyTransports", () => {
  it("keeps the transports WebAuthn names and drops others", () => {
    expect(knownPasskeyTransports(["internal", "hybrid", "carrier-pigeon", "usb"])).toEqual([
      "internal",
      "hybrid",
      "usb",
    ]);
  });
});

describe("passkeyAuthenticationResponseSchema", () => {
  const valid = {
    id: "AQID",
    rawId: "AQID",
    type: "public-key",
    response: { clientDataJSON: "eyJ9", authenticatorData: "AAAA", signature: "MEUC" },
    clientExtensionResults: {},
  };

  it("accepts what the browser sends", () => {
    expect(passkeyAuthenticationResponseSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ["a credential id that is not base64url", { ...valid, id: "a+b/c=" }, ["id"], "Credential id must be base64url"],
    ["another credential type", { ...valid, type: "password" }, ["type"], 'type must be "public-key"'],
    [
      "a missing signature",
      { ...valid, response: { clientDataJSON: "eyJ9", authenticatorData: "AAAA" } },
      ["response", "signature"],
      undefined,
    ],
    [
      "an oversized client data",
      { ...valid, response: { ...valid.response, clientDataJSON: "a".repeat(4097) } },
      ["response", "clientDataJSON"],
      "clientDataJSON must be at most 4096 characters",
    ],
  ])("refuses %s, naming the field", (_, body, path, message) => {
    const result = passkeyAuthenticationResponseSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(path);
    if (message) expect(result.error?.issues[0]?.message).toBe(message);
  });
});
