import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { PGlite } from "@electric-sql/pglite";
import { amcheck } from "@electric-sql/pglite/contrib/amcheck";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { loadConfig } from "../config.js";
import { startServer } from "../lifecycle.js";
import { openTestDatabase } from "../test/test-database.js";
import { type DatabaseHandle, openPglite } from "./database.js";
import { CorruptStoreError, checkIndexes } from "./integrity-check.js";

const onPostgres = Boolean(process.env.DATABASE_URL);

/** A fresh migrated store where amcheck can run: PGlite with the extension loaded, or a database on the server. */
async function openCheckableDatabase(): Promise<DatabaseHandle> {
  if (onPostgres) return openTestDatabase();
  const dump = new Blob([readFileSync(inject("pgliteDumpPath"))]);
  return openPglite(new PGlite({ loadDataDir: dump, relaxedDurability: true, extensions: { amcheck } }));
}

async function run(target: DatabaseHandle, statements: string[]): Promise<void> {
  for (const statement of statements) await target.db.execute(sql.raw(statement));
}

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openCheckableDatabase();
});
afterAll(() => database.close());

describe("checkIndexes", () => {
  test("passes a sound store, counting the indexes it verified", async () => {
    const report = await checkIndexes(database);
    expect(report.skipped).toBeNull();
    expect(report.checked).toBeGreaterThan(50);
  });

  /**
   * An index on `probe_order_table` under an operator class whose comparison is replaced after the index was built: the
   * index's order is then wrong for it, as after a collation change or a torn write.
   */
  async function buildMisorderedIndex(target: DatabaseHandle): Promise<void> {
    await run(target, [
      "create function probe_order(a int, b int) returns int language sql immutable as 'select btint4cmp(a, b)'",
      `create operator class probe_ops for type int using btree as
         operator 1 <, operator 2 <=, operator 3 =, operator 4 >=, operator 5 >, function 1 probe_order(int, int)`,
      "create table probe_order_table (v int)",
      "insert into probe_order_table select g from generate_series(1, 2000) g",
      "create index probe_order_idx on probe_order_table (v probe_ops)",
      "create or replace function probe_order(a int, b int) returns int language sql immutable as 'select btint4cmp(b, a)'",
    ]);
  }

  test("names an index whose entries are no longer in the order its operator class defines", async () => {
    await buildMisorderedIndex(database);
    try {
      const failure = await checkIndexes(database).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(CorruptStoreError);
      expect((failure as CorruptStoreError).corrupt).toEqual([
        { index: "probe_order_idx", message: expect.stringMatching(/order/) },
      ]);
      expect((failure as Error).message).toContain("probe_order_idx");
    } finally {
      await run(database, [
        "drop table probe_order_table",
        "drop operator class probe_ops using btree",
        "drop function probe_order",
      ]);
    }
  });

  /** Rows written while `index` was not maintained, which is what two servers writing one store leave behind. */
  async function writeBehindIndex(target: DatabaseHandle, index: string, insert: string): Promise<void> {
    await run(target, [`update pg_index set indisready = false where indexrelid = '${index}'::regclass`]);
    await run(target, [insert]);
    await run(target, [`update pg_index set indisready = true where indexrelid = '${index}'::regclass`]);
  }

  // Only the embedded store is checked for rows missing from an index: see checkIndexes.
  test.skipIf(onPostgres)("names an index that lacks rows of its table", async () => {
    await run(database, [
      "create table probe_rows (v int)",
      "create index probe_rows_idx on probe_rows (v)",
      "insert into probe_rows select g from generate_series(1, 100) g",
    ]);
    await writeBehindIndex(
      database,
      "probe_rows_idx",
      "insert into probe_rows select g from generate_series(101, 200) g",
    );
    try {
      const failure = await checkIndexes(database).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(CorruptStoreError);
      expect((failure as CorruptStoreError).corrupt).toEqual([
        { index: "probe_rows_idx", message: expect.stringMatching(/lacks matching index tuple/) },
      ]);
    } finally {
      await run(database, ["drop table probe_rows"]);
    }
  });

  const serverConfig = () =>
    loadConfig({
      DATA_DIR: tmpdir(),
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      AUTH_SECRET: "integrity-secret-integrity-secret-integrity",
    });

  /** Whether `promise` is still pending once everything already queued has run. */
  async function isPending(promise: Promise<unknown>): Promise<boolean> {
    const pending = Symbol("pending");
    const first = await Promise.race([
      promise.catch(() => undefined),
      new Promise((r) => setImmediate(() => r(pending))),
    ]);
    return first === pending;
  }

  /** `database` as openDatabase gives an embedded store whose previous server stopped cleanly, noting its close. */
  function afterCleanStop(database: DatabaseHandle): DatabaseHandle & { closed: boolean } {
    const handle = {
      ...database,
      previousStopClean: true,
      closed: false,
      async close() {
        handle.closed = true;
        await database.close();
      },
    };
    return handle;
  }

  test("after a clean stop a server listens before its check, which then reports a sound store", async () => {
    const sound = afterCleanStop(await openCheckableDatabase());
    const server = await startServer(serverConfig(), { database: sound });
    try {
      expect(await isPending(server.indexCheck)).toBe(true);
      expect((await fetch(`${server.address}/api/v1/config`)).status).toBe(200);
      const report = await server.indexCheck;
      expect(report.skipped).toBeNull();
      expect(report.checked).toBeGreaterThan(50);
      expect(server.app.server.listening).toBe(true);
    } finally {
      await server.stop("test");
    }
    expect(sound.closed).toBe(true);
  });

  test("after a clean stop a server stops itself when the check run after listening finds a corrupt index", async () => {
    const corrupt = afterCleanStop(await openCheckableDatabase());
    await buildMisorderedIndex(corrupt);
    const server = await startServer(serverConfig(), { database: corrupt });
    try {
      expect(server.app.server.listening).toBe(true);
      await expect(server.indexCheck).rejects.toThrow(CorruptStoreError);
      await expect(server.indexCheck).rejects.toThrow(/probe_order_idx/);
      // Stopped, its database closed, before the check's promise rejected.
      expect(server.app.server.listening).toBe(false);
      expect(corrupt.closed).toBe(true);
    } finally {
      if (!corrupt.closed) await corrupt.close();
    }
  });

  test("a stop during the check run after listening ends it before the database closes", async () => {
    const database = afterCleanStop(await openCheckableDatabase());
    const server = await startServer(serverConfig(), { database });
    await server.stop("test");
    expect(database.closed).toBe(true);
    const report = await server.indexCheck;
    expect(report.skipped).toMatch(/^stopped after \d+ of \d+ indexes$/);
  });

  test("a server does not start on a store whose indexes fail the check", async () => {
    const corrupt = await openCheckableDatabase();
    await buildMisorderedIndex(corrupt);
    const config = serverConfig();
    try {
      await expect(startServer(config, { database: corrupt })).rejects.toThrow(
        /failed its index check[\s\S]*probe_order_idx/,
      );
    } finally {
      await corrupt.close();
    }
  });

  test.skipIf(onPostgres)("says why it checked nothing where amcheck is not available", async () => {
    const plain = await openTestDatabase();
    try {
      const report = await checkIndexes(plain);
      expect(report.checked).toBe(0);
      expect(report.skipped).toMatch(/amcheck extension could not be created/);
    } finally {
      await plain.close();
    }
  });
});
