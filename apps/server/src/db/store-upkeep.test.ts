import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { type Database, type DatabaseHandle, openPglite } from "./database.js";
import { startStoreUpkeep, vacuumDueTables } from "./store-upkeep.js";

interface TableState {
  last_vacuum: Date | null;
  last_analyze: Date | null;
  relpages: number;
  relallvisible: number;
  reltuples: number;
}

// The upkeep is the embedded store's alone (PostgreSQL runs its own autovacuum), and these tests open PGlite stores of
// their own whatever the suite runs on: the suite's run on PostgreSQL leaves them out.
const onPostgres = Boolean(process.env.DATABASE_URL);

let client: PGlite;
let handle: DatabaseHandle;
let db: Database;

/** A fresh store, from the dump of a new PGlite made once for the file (loading one is faster than making one). */
let pristine: File | Blob;
beforeAll(async () => {
  if (onPostgres) return;
  const fresh = new PGlite();
  await fresh.waitReady;
  pristine = await fresh.dumpDataDir("none");
  await fresh.close();
});

function open(dump: File | Blob): void {
  client = new PGlite({ loadDataDir: dump, relaxedDurability: true });
  handle = openPglite(client);
  db = handle.db;
}

beforeEach(() => {
  if (!onPostgres) open(pristine);
});
afterEach(async () => {
  if (!onPostgres) await handle.close();
});

async function run(...statements: string[]): Promise<void> {
  for (const statement of statements) await db.execute(sql.raw(statement));
}

/** The vacuum and analyze marks of a table (schema-qualified, as `regclass` reads it). */
async function tableState(qualified: string): Promise<TableState> {
  const { rows } = (await db.execute(sql`
    select s.last_vacuum, s.last_analyze, c.relpages, c.relallvisible, c.reltuples
    from pg_class c join pg_stat_user_tables s on s.relid = c.oid
    where c.oid = ${qualified}::regclass`)) as unknown as { rows: TableState[] };
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

function expectVacuumedAndAnalyzed(state: TableState): void {
  expect(state.last_vacuum).not.toBeNull();
  expect(state.last_analyze).not.toBeNull();
  expect(state.relallvisible).toBeGreaterThan(0);
}

function expectUntouched(state: TableState): void {
  expect(state.last_vacuum).toBeNull();
  expect(state.relallvisible).toBe(0);
}

/** A logger that records what it is told. */
function recordingLogger() {
  const calls: { level: string; args: unknown[] }[] = [];
  const record =
    (level: string) =>
    (...args: unknown[]) => {
      calls.push({ level, args });
    };
  const logger = {
    info: record("info"),
    error: record("error"),
    warn: record("warn"),
    debug: record("debug"),
    trace: record("trace"),
    fatal: record("fatal"),
    child: () => logger,
    level: "info",
  };
  return { logger: logger as unknown as FastifyBaseLogger, calls };
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const turns = async (count = 5) => {
  for (let i = 0; i < count; i += 1) await new Promise<void>((r) => setImmediate(r));
};

/** Waits, a turn of the event loop at a time, until `check` holds (or fails after `ms`). */
async function eventually(check: () => boolean, ms = 5000): Promise<void> {
  const until = performance.now() + ms;
  while (!check()) {
    if (performance.now() > until) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * The database with its `execute` watched: each call is counted and waits for `gate` (when set) before it runs, so a
 * test can hold a pass in the middle.
 */
function watchedDatabase(real: Database) {
  const state = { calls: 0, gate: null as Promise<void> | null, entered: deferred() };
  const watched = new Proxy(real, {
    get(target, property, receiver) {
      if (property !== "execute") return Reflect.get(target, property, receiver);
      return async (...args: Parameters<Database["execute"]>) => {
        state.calls += 1;
        state.entered.resolve();
        if (state.gate) await state.gate;
        return target.execute(...args);
      };
    },
  });
  return { db: watched, state };
}

/** A table with rows whose pages PostgreSQL has counted (`analyze`), but that no vacuum has seen. */
async function analyzedTable(qualified: string, rows = 2000): Promise<void> {
  await run(
    `create table ${qualified} (id int primary key, v text)`,
    `insert into ${qualified} select g, repeat('x', 50) from generate_series(1, ${rows}) g`,
    `analyze ${qualified}`,
  );
}

describe.skipIf(onPostgres)("vacuumDueTables", () => {
  test("an empty database has nothing due", async () => {
    expect(await vacuumDueTables(db)).toEqual([]);
  });

  test("an empty table is not due", async () => {
    await run("create table nothing_here (id int primary key)");
    expect(await vacuumDueTables(db)).toEqual([]);
    expectUntouched(await tableState("public.nothing_here"));
  });

  test("a table with rows that no vacuum has seen is vacuumed and analyzed, and named with its schema", async () => {
    await analyzedTable("t");
    const before = await tableState("public.t");
    expect(before.relpages).toBeGreaterThan(0);
    expectUntouched(before);
    expect(await vacuumDueTables(db)).toEqual(["public.t"]);
    expectVacuumedAndAnalyzed(await tableState("public.t"));
    // Once vacuumed, and with no change since, it is no longer due.
    expect(await vacuumDueTables(db)).toEqual([]);
  });

  test("a table with rows that was never vacuumed nor analyzed is due", async () => {
    // Its pg_class.relpages is 0 (only VACUUM, ANALYZE and CREATE INDEX set it), and with 20 rows its counters in
    // pg_stat_user_tables (flushed by PGlite about a second after a change) never pass autovacuum's thresholds: only the
    // clause for "tables with rows that this process has never seen vacuumed" can find it, by what the table holds.
    await run(
      "create table filled (id int primary key, v text)",
      "insert into filled select g, 'x' from generate_series(1, 20) g",
    );
    expect(await vacuumDueTables(db)).toEqual(["public.filled"]);
    expectVacuumedAndAnalyzed(await tableState("public.filled"));
  });

  test("after a restart (no counts kept), a table vacuumed before is not due; one that grew by a fifth since is", async () => {
    await analyzedTable("kept");
    await analyzedTable("grown");
    expect((await vacuumDueTables(db)).sort()).toEqual(["public.grown", "public.kept"]);
    await run("insert into grown select g, 'x' from generate_series(100001, 103000) g");
    // A restart of PGlite: the tables' pages are in pg_class, this process's counts and vacuum marks are gone.
    const dump = await client.dumpDataDir("none");
    await handle.close();
    open(dump);
    const restarted = await tableState("public.kept");
    expect(restarted.relpages).toBeGreaterThan(0);
    expect(restarted.last_vacuum).toBeNull();
    expect(await vacuumDueTables(db)).toEqual(["public.grown"]);
    expectVacuumedAndAnalyzed(await tableState("public.grown"));
    expect(await vacuumDueTables(db)).toEqual([]);
  });

  test("tables in another schema, and names that need quoting, are vacuumed by their qualified names", async () => {
    await run(`create schema "Other Schema"`, "create schema reports");
    await analyzedTable(`"Other Schema"."Mixed Case"`, 500);
    await analyzedTable("reports.daily", 3000);
    await analyzedTable("public.plain", 100);
    const due = await vacuumDueTables(db);
    // Biggest first.
    expect(due).toEqual(["reports.daily", "Other Schema.Mixed Case", "public.plain"]);
    expectVacuumedAndAnalyzed(await tableState(`"Other Schema"."Mixed Case"`));
    expectVacuumedAndAnalyzed(await tableState("reports.daily"));
    expectVacuumedAndAnalyzed(await tableState("public.plain"));
  });

  test("a failing vacuum reaches the caller", async () => {
    await analyzedTable("doomed");
    let call = 0;
    const failing = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== "execute") return Reflect.get(target, property, receiver);
        return (...args: Parameters<Database["execute"]>) => {
          call += 1;
          if (call > 1) return Promise.reject(new Error("vacuum refused"));
          return target.execute(...args);
        };
      },
    });
    await expect(vacuumDueTables(failing)).rejects.toThrow("vacuum refused");
  });
});

describe.skipIf(onPostgres)("startStoreUpkeep", () => {
  test("runs its first pass only once `after` settles, and logs the tables it vacuumed", async () => {
    await analyzedTable("waiting");
    const { logger, calls } = recordingLogger();
    const after = deferred();
    const upkeep = startStoreUpkeep({ db, logger, after: after.promise, intervalMs: 60_000 });
    try {
      await turns(10);
      await new Promise((r) => setTimeout(r, 50));
      expectUntouched(await tableState("public.waiting"));
      expect(calls).toEqual([]);
      after.resolve();
      await eventually(() => calls.some((call) => call.level === "info"));
      expectVacuumedAndAnalyzed(await tableState("public.waiting"));
      expect(calls).toEqual([
        {
          level: "info",
          args: [{ tables: ["public.waiting"], ms: expect.any(Number) }, "store upkeep: vacuumed and analyzed"],
        },
      ]);
    } finally {
      await upkeep.stop();
    }
  });

  test("`after` that fails still lets the passes run (on the interval), without a log of the failure", async () => {
    await analyzedTable("after_failed");
    const { logger, calls } = recordingLogger();
    const after = deferred();
    const upkeep = startStoreUpkeep({ db, logger, after: after.promise, intervalMs: 20 });
    try {
      after.reject(new Error("index check failed"));
      await eventually(() => calls.some((call) => call.level === "info"));
      expectVacuumedAndAnalyzed(await tableState("public.after_failed"));
      expect(calls.filter((call) => call.level === "error")).toEqual([]);
    } finally {
      await upkeep.stop();
    }
  });

  test("a pass that finds nothing logs nothing; later passes find what became due", async () => {
    const { db: watched, state } = watchedDatabase(db);
    const { logger, calls } = recordingLogger();
    const upkeep = startStoreUpkeep({ db: watched, logger, intervalMs: 20 });
    try {
      await eventually(() => state.calls >= 3);
      expect(calls).toEqual([]);
      await analyzedTable("later");
      await eventually(() => calls.length > 0);
      expect(calls[0]).toEqual({
        level: "info",
        args: [{ tables: ["public.later"], ms: expect.any(Number) }, "store upkeep: vacuumed and analyzed"],
      });
      expectVacuumedAndAnalyzed(await tableState("public.later"));
    } finally {
      await upkeep.stop();
    }
  });

  test("stop() waits for a pass in progress, and no pass runs after it", async () => {
    await analyzedTable("in_progress", 5000);
    const { db: watched, state } = watchedDatabase(db);
    const hold = deferred();
    state.gate = hold.promise;
    const { logger, calls } = recordingLogger();
    const upkeep = startStoreUpkeep({ db: watched, logger, intervalMs: 20 });
    await state.entered.promise;
    let stopped = false;
    const stopping = upkeep.stop().then(() => {
      stopped = true;
    });
    await turns(10);
    await new Promise((r) => setTimeout(r, 60));
    expect(stopped).toBe(false);
    hold.resolve();
    await stopping;
    // The pass ended before stop() answered: its vacuum is done and logged.
    expectVacuumedAndAnalyzed(await tableState("public.in_progress"));
    expect(calls.map((call) => call.level)).toEqual(["info"]);
    const callsAtStop = state.calls;
    await analyzedTable("after_stop");
    await new Promise((r) => setTimeout(r, 100));
    expect(state.calls).toBe(callsAtStop);
    expectUntouched(await tableState("public.after_stop"));
  });

  test("stop() before `after` settles: no pass runs, and stop() answers once `after` has settled", async () => {
    await analyzedTable("never");
    const { db: watched, state } = watchedDatabase(db);
    const { logger, calls } = recordingLogger();
    const after = deferred();
    const upkeep = startStoreUpkeep({ db: watched, logger, after: after.promise, intervalMs: 20 });
    let stopped = false;
    const stopping = upkeep.stop().then(() => {
      stopped = true;
    });
    await turns(5);
    expect(stopped).toBe(false);
    after.resolve();
    await stopping;
    await new Promise((r) => setTimeout(r, 80));
    expect(state.calls).toBe(0);
    expect(calls).toEqual([]);
    expectUntouched(await tableState("public.never"));
  });

  test("a failing pass is logged as an error and the upkeep goes on", async () => {
    await analyzedTable("recovers");
    const failures = { left: 1 };
    const flaky = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== "execute") return Reflect.get(target, property, receiver);
        return (...args: Parameters<Database["execute"]>) => {
          if (failures.left > 0) {
            failures.left -= 1;
            return Promise.reject(new Error("store unavailable"));
          }
          return target.execute(...args);
        };
      },
    });
    const { logger, calls } = recordingLogger();
    const upkeep = startStoreUpkeep({ db: flaky, logger, intervalMs: 20 });
    try {
      await eventually(() => calls.some((call) => call.level === "info"));
      expect(calls[0]).toEqual({
        level: "error",
        args: [{ err: expect.objectContaining({ message: "store unavailable" }) }, "store upkeep failed"],
      });
      expect(calls[1]).toEqual({
        level: "info",
        args: [{ tables: ["public.recovers"], ms: expect.any(Number) }, "store upkeep: vacuumed and analyzed"],
      });
      expectVacuumedAndAnalyzed(await tableState("public.recovers"));
    } finally {
      await upkeep.stop();
    }
  });
});
