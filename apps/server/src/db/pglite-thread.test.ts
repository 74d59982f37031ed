import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { types } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { type DatabaseHandle, isUniqueViolation, openDatabase } from "./database.js";
import { PgliteThread } from "./pglite-thread.js";
import { requestStart } from "./request-order.js";

// The thread runs the embedded store, and these tests open stores of their own in a directory whatever the suite runs
// on: the suite's run on PostgreSQL leaves them out.
const onPostgres = Boolean(process.env.DATABASE_URL);

let dir: string;
let store: PgliteThread;
let stops: Error[];

// One store for the file (a new directory costs PGlite seconds of initdb), emptied before each test; the tests that
// close it or stop its thread open it again on the same directory.
beforeAll(async () => {
  if (onPostgres) return;
  dir = mkdtempSync(join(tmpdir(), "timetrap-store-thread-"));
  store = await PgliteThread.open(dir, (error) => stops.push(error));
  await store.exec("create table log (n serial primary key, label text not null unique)");
});

beforeEach(async () => {
  if (onPostgres) return;
  stops = [];
  await store.exec("truncate log restart identity");
});

afterAll(async () => {
  if (onPostgres) return;
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function labels(): Promise<string[]> {
  const { rows } = await store.query<{ label: string }>("select label from log order by n");
  return rows.map((row) => row.label);
}

/** Resolves on the next turn in which `promise` has settled, or says it has not. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  return done;
}

describe.skipIf(onPostgres)("the store in its own thread", () => {
  test("answers rows as PGlite does: parsed by type, as objects or arrays, with fields and counts", async () => {
    const query = "select 1::int as n, '{\"a\": [1]}'::jsonb as j, '2026-03-29 01:30:00+00'::timestamptz as t";
    const objects = await store.query<{ n: number; j: unknown; t: Date }>(query);
    expect(objects.rows).toEqual([{ n: 1, j: { a: [1] }, t: new Date("2026-03-29T01:30:00Z") }]);
    expect(objects.fields.map((field) => field.name)).toEqual(["n", "j", "t"]);
    const arrays = await store.query(query, [], { rowMode: "array" });
    expect(arrays.rows).toEqual([[1, { a: [1] }, new Date("2026-03-29T01:30:00Z")]]);
    const inserted = await store.query("insert into log (label) values ($1), ($2)", ["a", "b"]);
    expect(inserted.affectedRows).toBe(2);
  });

  test("keeps the types drizzle asks for as PostgreSQL's text, and refuses any other parser", async () => {
    const keep = (value: string) => value;
    const { rows } = await store.query(
      "select '2026-03-29 01:30:00+00'::timestamptz as t, '2026-03-29'::date as d",
      [],
      { parsers: { [types.TIMESTAMPTZ]: keep, [types.DATE]: keep } },
    );
    expect(rows).toEqual([{ t: "2026-03-29 01:30:00+00", d: "2026-03-29" }]);
    await expect(
      store.query("select 1", [], { parsers: { [types.INT4]: (value: string) => Number(value) } }),
    ).rejects.toThrow(/only parsers that keep the text/);
    await expect(store.query("select 1", [], { paramTypes: [types.INT4] })).rejects.toThrow(/paramTypes/);
  });

  test("a failing statement rejects with PostgreSQL's code, constraint and message", async () => {
    await store.query("insert into log (label) values ('same')");
    const error = await store.query("insert into log (label) values ('same')").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "log_label_key" });
    expect((error as Error).message).toMatch(/duplicate key value/);
    expect(isUniqueViolation(error, "log_label_key")).toBe(true);
    // The store goes on answering.
    expect(await labels()).toEqual(["same"]);
  });

  test("a transaction commits when its callback resolves, and rolls back when it throws or asks to", async () => {
    const answer = await store.transaction(async (tx) => {
      await tx.query("insert into log (label) values ('kept')");
      return 42;
    });
    expect(answer).toBe(42);
    await expect(
      store.transaction(async (tx) => {
        await tx.query("insert into log (label) values ('thrown')");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await store.transaction(async (tx) => {
      await tx.query("insert into log (label) values ('rolled back')");
      await tx.rollback();
    });
    // A statement that fails inside: the caller's error comes out and nothing of the transaction stays.
    const failed = await store
      .transaction(async (tx) => {
        await tx.query("insert into log (label) values ('before the failure')");
        await tx.query("insert into log (label) values ('kept')");
      })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: "23505" });
    expect(await labels()).toEqual(["kept"]);
  });

  test("while a transaction is open, other statements wait for its end and then see what it committed", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = store.transaction(async (tx) => {
      await tx.query("insert into log (label) values ('inside')");
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = store.query<{ count: number }>("select count(*)::int as count from log");
    expect(await settled(outside)).toBe(false);
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ count: 1 }]);
  });

  test("statements waiting for the store run the oldest request's first, then in the order they were sent", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = store.transaction(() => held);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const insert = (start: number, label: string) =>
      requestStart.run(start, () => store.query("insert into log (label) values ($1)", [label]));
    const sent = [insert(3000, "newest"), insert(2000, "newer 1"), insert(1000, "oldest"), insert(2000, "newer 2")];
    release();
    await Promise.all([transaction, ...sent]);
    expect(await labels()).toEqual(["oldest", "newer 1", "newer 2", "newest"]);
  });

  test("closed, it answers nothing more; its directory keeps what was written, for the next store", async () => {
    await store.query("insert into log (label) values ('durable')");
    await store.close();
    expect(store.closed).toBe(true);
    await expect(store.query("select 1")).rejects.toThrow(/closed/);
    store = await PgliteThread.open(dir, (error) => stops.push(error));
    expect(await labels()).toEqual(["durable"]);
    expect(stops).toEqual([]);
  });

  test("a thread that stops unasked rejects what waits and every later statement, and says so once", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = store.transaction(() => held);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const waiting = store.query("select 1");
    // What PGlite aborting does to the thread.
    await (store as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect(waiting).rejects.toThrow(/thread stopped/);
    await expect(store.query("select 1")).rejects.toThrow(/thread stopped/);
    release();
    await expect(transaction).rejects.toThrow(/thread stopped/);
    expect(stops).toHaveLength(1);
    expect(store.closed).toBe(true);
    // Nothing is left to close; a new store opens on the same directory.
    store = await PgliteThread.open(dir, (error) => stops.push(error));
    expect(await labels()).toEqual([]);
  });
});

describe.skipIf(onPostgres)("openDatabase on the embedded store", () => {
  let handle: DatabaseHandle;
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), "timetrap-store-open-"));
  });
  afterEach(async () => {
    await handle?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("migrates and answers through drizzle from the store's thread, dates as drizzle reads them", async () => {
    handle = await openDatabase({ databaseUrl: null, dataDir, dataDirLockWaitSeconds: 1 });
    await handle.migrate();
    const { rows } = (await handle.db.execute(
      sql`select count(*)::int as migrations, max(created_at) is not null as dated from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: Array<{ migrations: number; dated: boolean }> };
    expect(rows[0]!.migrations).toBeGreaterThan(0);
    const [stamp] = await handle.db
      .execute(sql`select '2026-03-29 01:30:00+00'::timestamptz as t`)
      .then((result) => (result as unknown as { rows: Array<{ t: unknown }> }).rows);
    // drizzle asks for dates as PostgreSQL's text, as it does of PGlite in this thread.
    expect(stamp!.t).toBe("2026-03-29 01:30:00+00");
  });
});
