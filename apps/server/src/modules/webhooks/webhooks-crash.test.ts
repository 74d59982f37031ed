import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, expect, test } from "vitest";
import { migratedDataDir, type ServerProcess, spawnServer } from "../../test/server-process.js";
import { runOnServer } from "../../test/test-database.js";

/**
 * Issue 14: the server is killed with SIGKILL while webhook deliveries are pending, some of them in the middle of an
 * attempt the receiver has not answered; started again on the same store, it makes every delivery, and a delivery the
 * receiver gets twice always has a failed attempt recorded between the two.
 */
const serverUrl = process.env.DATABASE_URL;
const root = mkdtempSync(join(tmpdir(), "timetrap-webhook-crash-"));
const started: ServerProcess[] = [];
let databaseName: string | undefined;
let receiver: Server | undefined;

afterEach(() => {
  for (const server of started.splice(0)) server.child.kill("SIGKILL");
});
afterAll(async () => {
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve) ?? resolve(undefined));
  rmSync(root, { recursive: true, force: true });
  if (databaseName) await runOnServer(serverUrl!, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
});

async function storeEnv(): Promise<Record<string, string>> {
  if (!serverUrl) return { DATA_DIR: await migratedDataDir(root, "store") };
  databaseName = `tt_webhook_crash_${randomBytes(6).toString("hex")}`;
  await runOnServer(serverUrl, `CREATE DATABASE ${databaseName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return { DATABASE_URL: url.toString(), DATA_DIR: join(root, "unused") };
}

async function call(address: string, method: string, path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${address}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the answers' shapes are the API's, checked by the other tests.
  return { status: response.status, json: (await response.json()) as any };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("deliveries pending when the server is killed are all made after its restart, none again without a recorded failure", async () => {
  // The receiver first holds every request without answering (the attempts are in flight when the server dies), then
  // answers 200 to everything.
  let answering = false;
  const received: string[] = [];
  receiver = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on("end", () => {
      received.push(String(req.headers["x-timetrap-delivery"]));
      if (answering) res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver!.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as { port: number }).port;

  const env = {
    ...(await storeEnv()),
    WEBHOOK_ALLOW_PRIVATE: "true",
    WEBHOOK_ALLOW_HTTP: "true",
    WEBHOOK_ALLOWED_PORTS: String(port),
    // Long enough that the attempts in flight are still waiting when the server is killed; the lease (this and 30 s)
    // is what the restarted server waits out before it takes them over.
    WEBHOOK_TIMEOUT_MS: "5000",
    JOBS_POLL_INTERVAL_MS: "100",
  };
  const first = spawnServer(env);
  started.push(first);
  let address = await first.listening;

  const signup = await call(address, "POST", "/auth/basic/signup", null, {
    email: `webhook-crash-${randomBytes(4).toString("hex")}@example.com`,
    password: "Kill-9 keeps every delivery: the quiet harbour",
    nominative: "Crash Test",
  });
  expect(signup.status).toBe(201);
  const token = signup.json.token as string;
  const me = await call(address, "GET", "/auth/me", token);
  const organization = await call(address, "POST", `/user/${me.json.uid}/organization`, token, {
    name: "Crash S.r.l.",
    domains: [],
  });
  expect(organization.status).toBe(201);
  const orgId = organization.json.organization.uid as string;
  const customer = await call(address, "POST", `/organization/${orgId}/customer`, token, { nominative: "Acme" });
  expect(customer.status).toBe(201);
  const project = {
    title: "Website",
    customer_id: customer.json.uid,
    project_manager_id: me.json.uid,
    salesaccount: [me.json.uid],
  };
  const created = await call(address, "POST", `/organization/${orgId}/project`, token, project);
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const statuses = (await call(address, "GET", `/organization/${orgId}/projects-workflows`, token)).json as Array<{
    uid: string;
    key: string;
  }>;
  const webhook = await call(address, "POST", `/organization/${orgId}/webhooks`, token, {
    url: `http://127.0.0.1:${port}/hooks`,
    events: "project.status.change",
  });
  expect(webhook.status, JSON.stringify(webhook.json)).toBe(201);

  // Six status changes, six deliveries: the first attempts reach the receiver, which holds them.
  const keys = ["to_be_invoiced", "completed", "open", "to_be_invoiced", "completed", "open"];
  for (const key of keys) {
    const status = statuses.find((s) => s.key === key)!;
    const moved = await call(address, "PATCH", `/organization/${orgId}/project/${created.json.uid}`, token, {
      ...project,
      status_id: status.uid,
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
  }
  for (let i = 0; i < 100 && received.length < 4; i += 1) await sleep(50);
  expect(received.length).toBeGreaterThanOrEqual(4);

  first.child.kill("SIGKILL");
  expect(await first.exited).toMatchObject({ signal: "SIGKILL" });
  answering = true;

  const second = spawnServer(env);
  started.push(second);
  address = await second.listening;
  const deliveriesUrl = `/organization/${orgId}/webhooks/${webhook.json.uid}/deliveries`;
  let deliveries: Array<{ uid: string; state: string; attempts: Array<{ status_code: number | null; error: string }> }>;
  // The attempts cut by the kill are taken over once their lease lapses.
  for (let i = 0; ; i += 1) {
    deliveries = (await call(address, "GET", deliveriesUrl, token)).json.items;
    if (deliveries.length === keys.length && deliveries.every((d) => d.state === "succeeded")) break;
    if (i > 400) throw new Error(`deliveries not all made: ${JSON.stringify(deliveries)}`);
    await sleep(250);
  }
  expect(deliveries).toHaveLength(keys.length);
  for (const delivery of deliveries) {
    const times = received.filter((id) => id === delivery.uid).length;
    expect(times).toBeGreaterThanOrEqual(1);
    // Each time the receiver got it but the last, an attempt failed and says so.
    const failed = delivery.attempts.filter((attempt) => attempt.status_code !== 200);
    expect(failed.length).toBe(times - 1);
    expect(delivery.attempts.at(-1)?.status_code).toBe(200);
  }
}, 180_000);
