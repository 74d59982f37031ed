import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import {
  asanaServerEnvOf,
  fakeGoogleClientId,
  googleServerEnvOf,
  jiraServerEnvOf,
  paddleServerEnvOf,
  paymoServerEnvOf,
  startFakeAsana,
  startFakeGoogle,
  startFakeJira,
  startFakePaddle,
  startFakePaymo,
  startFakeTodoist,
  startSmtpServer,
  todoistServerEnvOf,
} from "@timetrap/fakes";
import { baseURL } from "../playwright.config.ts";
import { webhookReceiverPorts } from "./webhook-receiver.ts";

const root = resolve(import.meta.dirname, "../..");

async function waitForServer(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer ${url} within 60 s`);
}

/**
 * Starts a local SMTP server, a small HTTP mailbox that lets the tests read what it received, a fake Google (OAuth and
 * Calendar API), and the built Timetrap server on a fresh embedded database. Environment variables set here reach the
 * test workers: MAILBOX_URL, and FAKE_GOOGLE_URL, whose /__control/ endpoints give the fake's accounts calendars and
 * events and answer its consent page.
 */
export default async function globalSetup() {
  const smtp = await startSmtpServer();
  const mailbox = createServer((_req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(smtp.messages));
  });
  await new Promise<void>((r) => mailbox.listen(0, "127.0.0.1", r));
  process.env.MAILBOX_URL = `http://127.0.0.1:${(mailbox.address() as AddressInfo).port}`;

  // Google Calendar is configured against the fake. Its client id also shows the login page's Google button, which no
  // journey uses; it is the fake keys' client id too (startFakeJwks), for one that would.
  const google = await startFakeGoogle({ clientId: fakeGoogleClientId });
  process.env.FAKE_GOOGLE_URL = google.url;

  // Payments are taken through a fake Paddle: the journeys mock Paddle.js in the page and deliver Paddle's signed
  // webhooks themselves, with the secret and price the server is given here (PADDLE_WEBHOOK_SECRET, PADDLE_PRICE_IDS).
  const paddle = await startFakePaddle();
  const paddleEnv = paddleServerEnvOf(paddle);
  process.env.FAKE_PADDLE_URL = paddle.url;
  process.env.E2E_PADDLE_WEBHOOK_SECRET = paddleEnv.PADDLE_WEBHOOK_SECRET;

  // Todoist and Asana (OAuth, each with its consent page), Paymo (an API key) and one Jira site (e-mail and API token,
  // its "domain" the fake's 127.0.0.1:<port>, reached over http on loopback only because the server is told so): the
  // side panel's sources and the time written back. FAKE_TODOIST_URL, FAKE_ASANA_URL, FAKE_PAYMO_URL and FAKE_JIRA_URL
  // name them to the tests, which drive them through their /__control/ endpoints (support/item-services.ts).
  const todoist = await startFakeTodoist();
  const asana = await startFakeAsana();
  const paymo = await startFakePaymo();
  const jira = await startFakeJira();
  process.env.FAKE_TODOIST_URL = todoist.url;
  process.env.FAKE_ASANA_URL = asana.url;
  process.env.FAKE_PAYMO_URL = paymo.url;
  process.env.FAKE_JIRA_URL = jira.url;

  const dataDir = mkdtempSync(join(tmpdir(), "timetrap-e2e-"));
  const port = new URL(baseURL).port;
  // The browser journeys run on the embedded database, whatever the calling shell points at.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const server = spawn(process.execPath, [join(root, "apps/server/dist/server.js")], {
    cwd: root,
    env: {
      ...env,
      PORT: port,
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      APP_URL: baseURL,
      SMTP_URL: smtp.url,
      ...googleServerEnvOf(google),
      ...paddleEnv,
      ...todoistServerEnvOf(todoist),
      ...asanaServerEnvOf(asana),
      ...paymoServerEnvOf(paymo),
      // JIRA_ALLOW_PRIVATE and JIRA_ALLOW_HTTP: the fake site is on loopback, over http.
      ...jiraServerEnvOf(jira),
      LOG_LEVEL: "warn",
      // The helpers that make accounts through the API each name their own client address (`ownClientAddress`):
      // a run signs up far more accounts than the 20 verification e-mails one address may ask for in an hour.
      TRUST_PROXY: "loopback",
      // The webhooks journeys' local receiver (support/webhook-receiver.ts): loopback, http, its ports.
      WEBHOOK_ALLOW_PRIVATE: "true",
      WEBHOOK_ALLOW_HTTP: "true",
      WEBHOOK_ALLOWED_PORTS: ["80", "443", ...webhookReceiverPorts].join(","),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForServer(`${baseURL}/api/v1/config`, server);

  return async () => {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    await smtp.close();
    await google.close();
    await paddle.close();
    await todoist.close();
    await asana.close();
    await paymo.close();
    await jira.close();
    mailbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
