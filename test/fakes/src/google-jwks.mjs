import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { exportJWK, generateKeyPair, SignJWT } from "jose";

/** The client id the fake's tokens are issued for unless a test says otherwise. */
export const fakeGoogleClientId = "timetrap-test.apps.googleusercontent.com";

/**
 * A stand-in for https://www.googleapis.com/oauth2/v3/certs: serves the public half of a local RSA key
 * as a JWKS, and signs Google-shaped ID tokens with the private half.
 */
export async function startFakeJwks({ port = 0, clientId = fakeGoogleClientId } = {}) {
  const kid = randomUUID();
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  // Signs with a key nobody published, under the published kid: what a forger would try.
  const { privateKey: foreignKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  let requests = 0;

  const server = createServer((request, response) => {
    requests += 1;
    if (request.method !== "GET") {
      response.writeHead(405).end();
      return;
    }
    response.writeHead(200, { "content-type": "application/json", "cache-control": "public, max-age=3600" });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(undefined)));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}/oauth2/v3/certs`;

  return {
    url,
    clientId,
    get requests() {
      return requests;
    },
    /** A token like Google's for `claims` (which override the defaults); `foreignKey` signs it with an unpublished key. */
    async signIdToken(claims = {}, { foreignKey: useForeignKey = false } = {}) {
      const now = Math.floor(Date.now() / 1000);
      const payload = {
        iss: "https://accounts.google.com",
        aud: clientId,
        sub: `google-${randomUUID()}`,
        email_verified: true,
        iat: now,
        exp: now + 3600,
        ...claims,
      };
      return new SignJWT(payload)
        .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
        .sign(useForeignKey ? foreignKey : privateKey);
    },
    close() {
      return new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      });
    },
  };
}
