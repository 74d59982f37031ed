import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, expect, test } from "vitest";
import { migratedDataDir, type ServerProcess, spawnServer } from "../test/server-process.js";
import { runOnServer } from "../test/test-database.js";

/**
 * Safe retries across a crash (decision 025): the server is killed with SIGKILL while creates are in flight, some of
 * them committed but not yet answered; a client that sends each unanswered create again with its key, to the restarted
 * server, gets one row per create, never two.
 */
const serverUrl = process.env.DATABASE_URL;
const root = mkdtempSync(join(tmpdir(), "timetrap-crash-"));
const started: ServerProcess[] = [];
let databaseName: string | undefined;

const onServer = (statement: string) => runOnServer(serverUrl!, statement);

afterEach(() => {
  for (const server of started.splice(0)) server.child.kill("SIGKILL");
});
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  if (databaseName) await onServer(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
});

async function storeEnv(): Promise<Record<string, string>> {
  if (!serverUrl) return { DATA_DIR: await migratedDataDir(root, "store") };
  databaseName = `tt_crash_${randomBytes(6).toString("hex")}`;
  await onServer(`CREATE DATABASE ${databaseName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return { DATABASE_URL: url.toString(), DATA_DIR: join(root, "unused") };
}

async function start(env: Record<string, string>): Promise<string> {
  const server = spawnServer(env);
  started.push(server);
  return server.listening;
}

async function call(address: string, method: string, path: string, token: string | null, body?: unknown, key?: string) {
  const response = await fetch(`${address}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(key ? { "idempotency-key": key } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    replayed: response.headers.get("idempotent-replayed"),
    json: (await response.json()) as Record<string, never> & {
      token: string;
      uid: string;
      organization: { uid: string };
    },
  };
}

interface Create {
  key: string;
  nominative: string;
  answered: boolean;
}

test("creates retried with their keys after a SIGKILL between a commit and its answer make one row each", async () => {
  const env = await storeEnv();
  // The failpoint: the server dies right after committing this create, before answering it.
  const fatalKey = randomUUID();
  let address = await start({ ...env, CRASH_TEST_KILL_AFTER_COMMIT_OF: fatalKey });
  const signup = await call(address, "POST", "/auth/basic/signup", null, {
    email: `crash-${randomBytes(4).toString("hex")}@example.com`,
    password: "Kill-9 survives: the quiet harbour",
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
  const create = (c: Create) =>
    call(address, "POST", `/organization/${orgId}/customer`, token, { nominative: c.nominative }, c.key);

  // Forty creates in flight, the tenth of them fatal: the others are cut wherever they are.
  const creates: Create[] = Array.from({ length: 40 }, (_, i) => ({
    key: i === 9 ? fatalKey : randomUUID(),
    nominative: `Crash ${i}`,
    answered: false,
  }));
  const server = started.at(-1)!;
  await Promise.all(
    creates.map(async (c) => {
      try {
        c.answered = (await create(c)).status === 201;
      } catch {
        // The connection died with the server.
      }
    }),
  );
  expect(await server.exited).toMatchObject({ signal: "SIGKILL" });
  const unanswered = creates.filter((c) => !c.answered);
  expect(unanswered.map((c) => c.key)).toContain(fatalKey);

  address = await start(env);
  // Every create that got no answer is sent again, with its key and its body, as a client retries.
  const replayed: string[] = [];
  for (const c of unanswered) {
    const retried = await create(c);
    expect(retried.status, JSON.stringify(retried.json)).toBe(201);
    if (retried.replayed === "true") replayed.push(c.key);
  }
  // The fatal create was committed: its retry is its first answer, given again.
  expect(replayed).toContain(fatalKey);

  const list = await call(address, "GET", `/organization/${orgId}/customer`, token);
  const names = (list.json as unknown as Array<{ nominative: string }>).map((c) => c.nominative).sort();
  expect(names).toEqual(creates.map((c) => c.nominative).sort());
}, 120_000);
