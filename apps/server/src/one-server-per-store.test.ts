import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { exchange, migratedDataDir, type ServerProcess, spawnServer } from "./test/server-process.js";

const root = mkdtempSync(join(tmpdir(), "timetrap-store-"));
const started: ServerProcess[] = [];
afterEach(() => {
  for (const server of started.splice(0)) server.child.kill("SIGKILL");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function start(env: Record<string, string>): ServerProcess {
  const server = spawnServer(env);
  started.push(server);
  return server;
}

let count = 0;
const dataDir = () => migratedDataDir(root, `store-${++count}`);

// These run the server's own process, on the embedded database only; a PostgreSQL run has nothing more to show here.
describe.skipIf(Boolean(process.env.DATABASE_URL))("one server per embedded store", () => {
  test("a second server on a held data directory waits, then exits naming the holder's pid", async () => {
    const dir = await dataDir();
    const first = start({ DATA_DIR: dir });
    const address = await first.listening;

    const startedAt = Date.now();
    const second = start({ DATA_DIR: dir, DATA_DIR_LOCK_WAIT_SECONDS: "1" });
    const { code } = await second.exited;
    expect(code).toBe(1);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1000);
    expect(second.stderr()).toContain(`${dir} is in use by another server (pid ${first.pid} on this host`);
    expect(second.stderr()).toContain(
      `Timetrap could not start: The data directory ${dir} is in use by another Timetrap server (pid ${first.pid} on this host`,
    );
    expect(second.stdout()).not.toContain("is listening");
    // The first one never noticed.
    expect((await fetch(`${address}/api/v1/config`)).status).toBe(200);
  }, 120_000);

  test("a waiting server starts as soon as the holder is killed with SIGKILL, and finds its data", async () => {
    const dir = await dataDir();
    const first = start({ DATA_DIR: dir });
    const firstAddress = await first.listening;
    const email = `kill-${randomBytes(4).toString("hex")}@example.com`;
    const signup = await fetch(`${firstAddress}/api/v1/auth/basic/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "Kill-9 survives: the quiet harbour", nominative: "Killed" }),
    });
    expect(signup.status).toBe(201);
    const { token } = (await signup.json()) as { token: string };

    const second = start({ DATA_DIR: dir, DATA_DIR_LOCK_WAIT_SECONDS: "120" });
    await second.waitForStderr(`(pid ${first.pid} on this host`);
    first.child.kill("SIGKILL");
    const killedAt = Date.now();
    const address = await second.listening;
    // Well under its 120 s wait, even on a busy machine.
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    const me = await fetch(`${address}/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email });
    // A killed holder is no clean stop: the store was checked before the server listened.
    const out = second.stdout();
    expect(out).toMatch(/index check: [1-9]\d* indexes sound/);
    expect(out.search(/index check: [1-9]\d* indexes sound/)).toBeLessThan(out.indexOf("Timetrap is listening"));
    expect(out).not.toContain("the previous stop was clean");
  }, 120_000);

  test("a restart overlapping a graceful stop under write load keeps every acknowledged write", async () => {
    const dir = await dataDir();
    const first = start({ DATA_DIR: dir });
    const firstAddress = await first.listening;
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });

    const acknowledged: Array<{ email: string; token: string }> = [];
    const failures: string[] = [];
    let refused = 0;
    const writer = async (lane: number) => {
      for (let i = 0; ; i++) {
        const email = `w${lane}-${i}-${randomBytes(3).toString("hex")}@example.com`;
        const result = await exchange(agent, firstAddress, {
          method: "POST",
          path: "/api/v1/auth/basic/signup",
          body: { email, password: "Restart while writing, keep it all", nominative: `Writer ${lane}` },
        });
        if ("error" in result) {
          // Once the first server has closed its listener, new connections are refused: the only way it may fail.
          if (result.error.code === "ECONNREFUSED") {
            refused++;
            return;
          }
          failures.push(`${result.error.code ?? ""} ${result.error.message}`);
          return;
        }
        if (result.status === 201)
          acknowledged.push({ email, token: (JSON.parse(result.body) as { token: string }).token });
        else if (result.status !== 503) failures.push(`${result.status} ${result.body}`);
      }
    };
    const writers = [0, 1].map(writer);
    while (acknowledged.length < 4) await new Promise((resolve) => setTimeout(resolve, 20));

    // The replacement starts while the first still serves, as a supervisor's restart does, and waits for the store.
    const second = start({ DATA_DIR: dir, DATA_DIR_LOCK_WAIT_SECONDS: "60" });
    await second.waitForStderr(`(pid ${first.pid} on this host`);
    const beforeStop = acknowledged.length;
    first.child.kill("SIGTERM");
    await Promise.all(writers);
    agent.destroy();
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(failures).toEqual([]);
    expect(refused).toBe(2);
    expect(acknowledged.length).toBeGreaterThan(beforeStop);

    const address = await second.listening;
    // The first one stopped cleanly: the second listened first and checks the store while it serves.
    await second.waitForStdout(/index check: [1-9]\d* indexes sound/);
    const out = second.stdout();
    expect(out).toContain("index check: runs now that the server listens, as the previous stop was clean");
    expect(out.search(/index check: [1-9]\d* indexes sound/)).toBeGreaterThan(out.indexOf("Timetrap is listening"));
    const missing: string[] = [];
    for (const { email, token } of acknowledged) {
      const me = await fetch(`${address}/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } });
      if (me.status !== 200 || ((await me.json()) as { email: string }).email !== email) missing.push(email);
    }
    expect(missing).toEqual([]);
  }, 180_000);

  test("after a clean stop, a store damaged without the lock is caught once the server listens, and it exits", async () => {
    const dir = await dataDir();
    const first = start({ DATA_DIR: dir });
    await first.listening;
    first.child.kill("SIGTERM");
    expect(await first.exited).toEqual({ code: 0, signal: null });

    // Written by a process that never took the lock, which the clean stop's record cannot show.
    const intruder = new PGlite(join(dir, "pglite"));
    for (const statement of [
      "create function probe_order(a int, b int) returns int language sql immutable as 'select btint4cmp(a, b)'",
      `create operator class probe_ops for type int using btree as
         operator 1 <, operator 2 <=, operator 3 =, operator 4 >=, operator 5 >, function 1 probe_order(int, int)`,
      "create table probe_order_table (v int)",
      "insert into probe_order_table select g from generate_series(1, 2000) g",
      "create index probe_order_idx on probe_order_table (v probe_ops)",
      "create or replace function probe_order(a int, b int) returns int language sql immutable as 'select btint4cmp(b, a)'",
    ]) {
      await intruder.exec(statement);
    }
    await intruder.close();

    const second = start({ DATA_DIR: dir });
    await second.listening;
    const { code } = await second.exited;
    expect(code).toBe(1);
    expect(second.stdout()).toContain("the previous stop was clean");
    expect(second.stderr()).toMatch(/Timetrap stopped: The database failed its index check[\s\S]*probe_order_idx/);
  }, 120_000);
});
