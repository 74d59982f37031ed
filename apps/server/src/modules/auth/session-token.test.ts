import { createHmac } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { describe, expect, test } from "vitest";
import { createSessionTokens } from "./session-token.js";

const secret = "session-token-test-secret-session-token-test";
const otherSecret = "another-secret-another-secret-another-secret";
const key = new TextEncoder().encode(secret);
const claims = { userId: "0b7e3c1a-1111-4222-8333-944455556666", sessionId: "5f1d2e3c-aaaa-4bbb-8ccc-dddddddddddd" };
const hour = 3600;
const nowSeconds = () => Math.floor(Date.now() / 1000);

const b64 = (value: unknown) =>
  Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");
const hs256 = (signingInput: string, withSecret = secret) =>
  createHmac("sha256", withSecret).update(signingInput).digest("base64url");
/** A compact token of `header` and `payload`, signed with HMAC-SHA256 whatever the header says. */
const handMade = (header: unknown, payload: unknown, withSecret = secret) => {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${hs256(input, withSecret)}`;
};
const payload = (overrides: Record<string, unknown> = {}) => ({
  sid: claims.sessionId,
  pv: 3,
  sub: claims.userId,
  iat: nowSeconds(),
  exp: nowSeconds() + hour,
  ...overrides,
});

describe("session tokens", () => {
  const tokens = createSessionTokens(secret);

  test("a token it signed reads back as its claims, and jose agrees it is well signed", async () => {
    const token = await tokens.sign({ ...claims, passwordVersion: 3 }, new Date(Date.now() + hour * 1000));
    expect(await tokens.verify(token)).toEqual({ ...claims, passwordVersion: 3 });
    const { payload: read, protectedHeader } = await jwtVerify(token, key, { algorithms: ["HS256"] });
    expect(protectedHeader).toEqual({ alg: "HS256" });
    expect(read).toMatchObject({ sub: claims.userId, sid: claims.sessionId, pv: 3 });
  });

  const good = handMade({ alg: "HS256" }, payload());
  const [goodHeader, goodPayload, goodSignature] = good.split(".") as [string, string, string];
  const refused: Array<[string, string]> = [
    ["signed with another secret", handMade({ alg: "HS256" }, payload(), otherSecret)],
    ["with the algorithm none and no signature", `${b64({ alg: "none" })}.${b64(payload())}.`],
    ["with the algorithm none and a signature", handMade({ alg: "none" }, payload())],
    ["naming HS512 (signed with HS256)", handMade({ alg: "HS512" }, payload())],
    ["naming RS256", handMade({ alg: "RS256" }, payload())],
    ["without an algorithm", handMade({ typ: "JWT" }, payload())],
    ["with a critical extension", handMade({ alg: "HS256", crit: ["exp"] }, payload())],
    ["whose payload was changed after signing", `${goodHeader}.${b64(payload({ pv: 4 }))}.${goodSignature}`],
    ["whose signature was cut short", `${goodHeader}.${goodPayload}.${goodSignature.slice(0, 20)}`],
    ["whose signature is another token's", `${goodHeader}.${goodPayload}.${hs256("x.y")}`],
    ["expired", handMade({ alg: "HS256" }, payload({ exp: nowSeconds() - 1 }))],
    ["expiring this very second", handMade({ alg: "HS256" }, payload({ exp: nowSeconds() }))],
    ["without an expiry", handMade({ alg: "HS256" }, { sid: claims.sessionId, pv: 3, sub: claims.userId })],
    ["with an expiry that is not a number", handMade({ alg: "HS256" }, payload({ exp: String(nowSeconds() + hour) }))],
    ["not valid before an hour from now", handMade({ alg: "HS256" }, payload({ nbf: nowSeconds() + hour }))],
    ["without a session (issued before sessions)", handMade({ alg: "HS256" }, payload({ sid: undefined }))],
    ["without a password version", handMade({ alg: "HS256" }, payload({ pv: undefined }))],
    ["with a subject that is not a string", handMade({ alg: "HS256" }, payload({ sub: 42 }))],
    [
      "with a payload that is not JSON",
      (() => {
        const input = `${b64({ alg: "HS256" })}.${b64("not json")}`;
        return `${input}.${hs256(input)}`;
      })(),
    ],
    ["with a payload that is a JSON array", handMade({ alg: "HS256" }, [payload()])],
    [
      "with a header that is not JSON",
      (() => {
        const input = `${b64("{alg")}.${b64(payload())}`;
        return `${input}.${hs256(input)}`;
      })(),
    ],
    ["of two parts", `${goodHeader}.${goodPayload}`],
    ["of four parts", `${good}.${goodSignature}`],
    ["with padding", `${good}=`],
    ["with characters outside base64url", `${goodHeader}.${goodPayload}.${goodSignature.replace(/.$/, "+")}`],
    ["empty", ""],
  ];

  test.each(refused)("refuses a token %s", async (_, token) => {
    expect(await tokens.verify(token)).toBeNull();
  });

  /**
   * Tokens jose itself accepts: their faults are in claims only this server asks for, or in padding, which a compact
   * JWS never has (RFC 7515) and jose's decoder lets through.
   */
  const acceptedByJose = new Set([
    "with padding",
    "without an expiry",
    "without a session (issued before sessions)",
    "without a password version",
    "with a subject that is not a string",
  ]);

  test("jose refuses every other one of them too, and reads the hand-made good one alike", async () => {
    for (const [name, token] of refused) {
      const joseAccepts = await jwtVerify(token, key, { algorithms: ["HS256"] }).then(
        () => true,
        () => false,
      );
      expect([name, joseAccepts]).toEqual([name, acceptedByJose.has(name)]);
    }
    expect(await tokens.verify(good)).toEqual({ ...claims, passwordVersion: 3 });
    expect((await jwtVerify(good, key, { algorithms: ["HS256"] })).payload).toMatchObject({
      sub: claims.userId,
      sid: claims.sessionId,
      pv: 3,
    });
  });

  test("a token signed by this server's secret is refused by a server with another", async () => {
    const token = await tokens.sign({ ...claims, passwordVersion: 0 }, new Date(Date.now() + hour * 1000));
    expect(await createSessionTokens(otherSecret).verify(token)).toBeNull();
    const legacy = await new SignJWT({ pv: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(claims.userId)
      .setExpirationTime("1h")
      .sign(key);
    expect(await tokens.verify(legacy)).toBeNull();
  });
});
