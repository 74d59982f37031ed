import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type APIRequestContext, type BrowserContext, expect, type Page } from "@playwright/test";
import { ownClientAddress, password, uniqueEmail } from "./helpers.ts";

const root = resolve(import.meta.dirname, "../..");

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/**
 * A server of its own at http://localhost:PORT, for the passkey journeys: WebAuthn refuses an IP address as the
 * relying party, and the shared server of the other journeys is reached at 127.0.0.1. APP_URL names the same
 * address, so the relying party is `localhost` and the expected origin the page's own.
 */
export async function startLocalhostServer(): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "timetrap-e2e-passkeys-"));
  const { DATABASE_URL: _ignored, SMTP_URL: _noMail, ...env } = process.env;
  const server: ChildProcess = spawn(process.execPath, [join(root, "apps/server/dist/server.js")], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      APP_URL: baseURL,
      LOG_LEVEL: "warn",
      TRUST_PROXY: "loopback",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error(`the server did not answer ${baseURL} within 60 s`);
    try {
      if ((await fetch(`${baseURL}/api/v1/config`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseURL,
    stop: async () => {
      server.kill("SIGTERM");
      if (server.exitCode === null) await new Promise((r) => server.once("exit", r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * An account with its organization, made through the API of that server in `language`. The e-mail is left
 * unverified: this server sends no mail, and nothing on the passkey screens asks for it.
 */
export async function createPasskeyUser(
  request: APIRequestContext,
  language: "en" | "it",
  nominative: string,
): Promise<{ email: string; token: string; uid: string }> {
  const email = uniqueEmail("passkey");
  const signup = await request.post("/api/v1/auth/basic/signup", {
    headers: ownClientAddress(),
    data: { email, password, nominative, language },
  });
  expect(signup.status()).toBe(201);
  const { token, user } = (await signup.json()) as { token: string; user: { uid: string } };
  const headers = { authorization: `Bearer ${token}` };
  const terms = await request.patch(`/api/v1/user/${user.uid}`, {
    headers,
    data: { terms_of_use: true, privacy_policy: true, language, cookie_consent: true },
  });
  expect(terms.status()).toBe(200);
  const org = await request.post(`/api/v1/user/${user.uid}/organization`, {
    headers,
    data: { name: language === "it" ? "Studio Ferri" : "Ferris Studio", domains: [] },
  });
  expect(org.status()).toBe(201);
  return { email, token, uid: user.uid };
}

/**
 * Chromium's virtual authenticator on the page (CDP WebAuthn domain): a platform authenticator that keeps
 * discoverable passkeys and verifies the person, answering each ceremony at once as if the person touched it.
 */
export async function addVirtualAuthenticator(
  context: BrowserContext,
  page: Page,
  /** A synced passkey provider (a password manager, a platform account) backs its passkeys up. */
  { synced = false }: { synced?: boolean } = {},
) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
      defaultBackupEligibility: synced,
      defaultBackupState: synced,
    },
  });
  return {
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
    remove: () => cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId }),
  };
}
