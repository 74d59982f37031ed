import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, test } from "vitest";
import { buildApp } from "../app.js";
import { isConnectionError } from "../db/database.js";
import { customers } from "../db/schema.js";
import { buildOrganization } from "../test/factories.js";
import { request, useTestApp } from "../test/test-app.js";

// The load below is one session's, as fast as the machine goes for two seconds: past the default budget of 600 requests
// a minute on a quick one, which is not what this file tests.
const t = useTestApp({ LOG_LEVEL: "warn", API_RATE_LIMIT_PER_MINUTE: "1000000" });

/** What drizzle throws when node-postgres loses the connection under a statement. */
function lostConnection(code?: string, message = "terminating connection due to administrator command"): Error {
  const cause = Object.assign(new Error(message), code ? { code } : {});
  return Object.assign(new Error("Failed query: select 1"), { cause });
}

describe("isConnectionError", () => {
  test.each([
    ["admin_shutdown (pg_terminate_backend)", lostConnection("57P01")],
    ["crash_shutdown", lostConnection("57P02")],
    ["cannot_connect_now", lostConnection("57P03", "the database system is starting up")],
    ["connection_exception", lostConnection("08000")],
    ["connection_does_not_exist", lostConnection("08003")],
    ["connection_failure", lostConnection("08006")],
    ["a reset socket", lostConnection("ECONNRESET", "read ECONNRESET")],
    ["a refused socket", lostConnection("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")],
    ["a socket closed under a query", lostConnection(undefined, "Connection terminated unexpectedly")],
    [
      "a client that already broke",
      lostConnection(undefined, "Client has encountered a connection error and is not queryable"),
    ],
  ])("recognizes %s", (_name, error) => {
    expect(isConnectionError(error)).toBe(true);
  });

  test.each([
    ["a unique violation", lostConnection("23505", "duplicate key value")],
    ["a syntax error", lostConnection("42601", "syntax error")],
    ["a serialization failure", lostConnection("40001", "could not serialize access")],
    ["a plain error", new Error("boom")],
  ])("leaves %s to the ordinary handling", (_name, error) => {
    expect(isConnectionError(error)).toBe(false);
  });
});

describe("a request whose database connection breaks", () => {
  async function appWithProbes() {
    const app = await buildApp(t.config, { database: t.database, logStream: { write: () => undefined } });
    const calls = { flaky: 0, down: 0, write: 0 };
    app.get("/api/v1/probe/flaky", async () => {
      calls.flaky++;
      if (calls.flaky === 1) throw lostConnection("57P01");
      return { calls: calls.flaky };
    });
    app.get("/api/v1/probe/down", async () => {
      calls.down++;
      throw lostConnection(undefined, "Connection terminated unexpectedly");
    });
    app.post("/api/v1/probe/write", async () => {
      calls.write++;
      throw lostConnection("57P01");
    });
    return { app, calls };
  }

  test("is replayed once when it is a read, and answers what the replay answered", async () => {
    const { app, calls } = await appWithProbes();
    try {
      const response = await request(app, { method: "GET", url: "/api/v1/probe/flaky" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ calls: 2 });
      expect(response.headers["content-type"]).toMatch(/application\/json/);
      expect(calls.flaky).toBe(2);
    } finally {
      await app.close();
    }
  });

  test("answers 503 with Retry-After when the replay fails too", async () => {
    const { app, calls } = await appWithProbes();
    try {
      const response = await request(app, { method: "GET", url: "/api/v1/probe/down" });
      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBe("1");
      expect(response.json()).toEqual({
        statusCode: 503,
        error: "Service Unavailable",
        code: "SERVICE_UNAVAILABLE",
        ErrorMessage: "The connection to the database was lost. Please try again",
      });
      expect(calls.down).toBe(2);
    } finally {
      await app.close();
    }
  });

  test("answers 503 with Retry-After without replaying a write, which may have happened", async () => {
    const { app, calls } = await appWithProbes();
    try {
      const response = await request(app, { method: "POST", url: "/api/v1/probe/write", json: {} });
      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBe("1");
      expect(response.json()).toMatchObject({ code: "SERVICE_UNAVAILABLE" });
      expect(calls.write).toBe(1);
    } finally {
      await app.close();
    }
  });
});

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)("on PostgreSQL, backends terminated while requests run", () => {
  test("no request answers 500: reads succeed or answer 503, and every acknowledged write is stored", async () => {
    const { owner, organization } = await buildOrganization(t);
    const orgId = organization.uid;
    const database = String(
      ((await t.db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> })
        .rows[0]?.name,
    );
    const killer = new pg.Client({ connectionString: serverUrl });
    await killer.connect();

    const statuses: Record<string, number[]> = { read: [], write: [] };
    const created: string[] = [];
    let running = true;
    let terminated = 0;
    const reader = async () => {
      while (running) {
        const response = await request(t.app, {
          method: "GET",
          url: `/api/v1/organization/${orgId}/customer`,
          token: owner.token,
        });
        statuses.read!.push(response.statusCode);
      }
    };
    const writer = async (lane: number) => {
      for (let i = 0; running; i++) {
        const nominative = `Cut ${lane}-${i}`;
        const response = await request(t.app, {
          method: "POST",
          url: `/api/v1/organization/${orgId}/customer`,
          token: owner.token,
          json: { nominative },
        });
        statuses.write!.push(response.statusCode);
        if (response.statusCode === 201) created.push(nominative);
      }
    };
    const load = [reader(), reader(), reader(), reader(), writer(0), writer(1)];
    const deadline = Date.now() + 2000;
    while (Date.now() < deadline) {
      const result = await killer.query(
        "select count(pg_terminate_backend(pid)) as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [database],
      );
      terminated += Number(result.rows[0].n);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    running = false;
    await Promise.all(load);
    await killer.end();

    const all = [...statuses.read!, ...statuses.write!];
    expect(terminated).toBeGreaterThan(5);
    expect(all.filter((status) => status === 500)).toEqual([]);
    expect(new Set(statuses.read)).toSatisfy((set: Set<number>) => [...set].every((s) => s === 200 || s === 503));
    expect(new Set(statuses.write)).toSatisfy((set: Set<number>) => [...set].every((s) => s === 201 || s === 503));
    // Some reads broke and were replayed, and the replays answered more of them than they failed.
    const replays = t.logs.filter((line) => line.msg === "the database connection was lost; replaying the read once");
    expect(replays.length).toBeGreaterThan(statuses.read!.filter((s) => s === 503).length);

    const stored = await t.db.select({ nominative: customers.nominative }).from(customers);
    const names = new Set(stored.map((row) => row.nominative));
    expect(created.filter((name) => !names.has(name))).toEqual([]);
  }, 30_000);
});
