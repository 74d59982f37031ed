import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { fillPlaceholders, type Query, type SQL, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { type DataDirLockHolder, lockDataDir } from "./data-dir-lock.js";
import { PgliteThread } from "./pglite-thread.js";
import { OldestRequestFirst } from "./request-order.js";
import * as schema from "./schema.js";

/**
 * The one database type the app uses. The PGlite and node-postgres drivers give different concrete
 * types that do not unify, so everything above this file sees only their common base.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /**
   * True when this is the embedded store in DATA_DIR and the server before this one closed it cleanly (see
   * `DataDirLock.previousStopClean`): its indexes need not be checked before the server listens. Absent otherwise.
   */
  previousStopClean?: boolean;
  /** Applies every pending migration; safe to call from several instances at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A statement built once by drizzle's query builder, with `sql.placeholder` for what changes between runs, and run by
 * `runNamed` under its name.
 */
export interface NamedStatement {
  name: string;
  query: Query;
}

export function namedStatement(name: string, builder: { toSQL(): Query }): NamedStatement {
  return { name, query: builder.toSQL() };
}

/** Rows keyed by column name (`object`), or as arrays in the statement's column order (`array`), which costs less. */
type RowMode = "object" | "array";

type StatementRunner = (statement: NamedStatement, values: unknown[], rowMode: RowMode) => Promise<{ rows: unknown[] }>;

/** How each database `openPostgres` or `openPglite` made runs a named statement. */
const statementRunners = new WeakMap<Database, StatementRunner>();

/**
 * Runs `statement` with `values` for its placeholders. On a database this file opened, on PostgreSQL, the statement
 * goes under its name, so each connection parses it once and, after a few runs, plans it once; on PGlite it is
 * prepared once in the store's session and run by its name; a transaction, of either, runs it as any query. The rows
 * come as the driver parses them, keyed by column name, without drizzle's mapping: select no timestamp or date column,
 * which the two drivers parse differently.
 */
export async function runNamed<Row>(
  db: Database,
  statement: NamedStatement,
  values: Record<string, unknown>,
): Promise<Row[]> {
  return (await runStatement(db, statement, values, "object")) as Row[];
}

/**
 * {@link runNamed}, answering each row as an array of its columns in the statement's order: the driver then builds no
 * object per row, which for hundreds of rows of twenty columns is a fifth of its work.
 */
export async function runNamedArrays<Row extends unknown[]>(
  db: Database,
  statement: NamedStatement,
  values: Record<string, unknown>,
): Promise<Row[]> {
  return (await runStatement(db, statement, values, "array")) as Row[];
}

async function runStatement(
  db: Database,
  statement: NamedStatement,
  values: Record<string, unknown>,
  rowMode: RowMode,
): Promise<unknown[]> {
  const params = fillPlaceholders(statement.query.params, values);
  const run = openRequestTransaction() ? undefined : statementRunners.get(db);
  if (run) return (await run(statement, params, rowMode)).rows;
  // On a transaction, the same text and values as a plain query.
  const { rows } = (await db.execute(plainQuery(statement.query.sql, params))) as unknown as {
    rows: Record<string, unknown>[];
  };
  return rowMode === "array" ? rows.map((row) => Object.values(row)) : rows;
}

/** A statement's text with `$n` placeholders, and their values, as drizzle's SQL. */
function plainQuery(text: string, params: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`)));
}

/** A transaction that a request's work runs in, and whether it is still open. */
interface RequestTransaction {
  tx: Database;
  open: boolean;
}

const requestTransactions = new AsyncLocalStorage<RequestTransaction>();

function openRequestTransaction(): Database | undefined {
  const current = requestTransactions.getStore();
  return current?.open ? current.tx : undefined;
}

/**
 * Runs `work` with every statement on a database this file opened going through `tx` until `isOpen()` says it has
 * ended: the services then write, without knowing it, in the transaction of an idempotent POST (idempotency.ts). On
 * the embedded store that is also what keeps the request from waiting on its own transaction, which holds the store.
 */
export function runInRequestTransaction<T>(transaction: { tx: Database; readonly open: boolean }, work: () => T): T {
  return requestTransactions.run(transaction, work);
}

/**
 * Runs `work` outside any request's transaction: for work that outlives its request (started after the answer), which
 * must not write in a transaction that may have ended by then.
 */
export function outsideRequestTransaction<T>(work: () => T): T {
  return requestTransactions.exit(work);
}

/**
 * Statements prepared on `db` once and kept (a prepared statement is bound to the driver it was made on, not to the
 * request's transaction); inside a request's transaction, made afresh on it each time instead, and not kept.
 */
export function preparedOnce<Statements>(db: Database, prepare: (db: Database) => Statements): () => Statements {
  let kept: Statements | undefined;
  return () => {
    if (openRequestTransaction()) return prepare(db);
    kept ??= prepare(db);
    return kept;
  };
}

/** The database as the app sees it: the request's transaction while one is open, else the database itself. */
function routedThroughRequestTransaction<Driver extends Database>(db: Driver): Driver {
  return new Proxy(db, {
    get(target, property) {
      const through = openRequestTransaction() ?? target;
      const value = Reflect.get(through, property, through);
      return typeof value === "function" ? value.bind(through) : value;
    },
  });
}

/** apps/server/drizzle, from src/db or dist/db alike. */
export const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** Any number that is the same for every instance: it names the migration lock. */
const migrationLockKey = 7_412_033;

export function openPostgres(url: string): DatabaseHandle {
  // No JIT compilation: the server's statements are short, and on the reports' (whose series expansion the planner
  // prices at thousands of steps a series) compiling took seconds where running takes milliseconds. PGlite has none.
  const pool = new pg.Pool({ connectionString: url, max: 10, options: "-c jit=off" });
  // An idle client that loses its server (restart, failover) must not crash the process.
  pool.on("error", () => undefined);
  const db = routedThroughRequestTransaction(drizzleNodePg({ client: pool, schema }));
  statementRunners.set(db, (statement, values, rowMode) =>
    rowMode === "array"
      ? pool.query({ name: statement.name, text: statement.query.sql, values, rowMode: "array" })
      : pool.query({ name: statement.name, text: statement.query.sql, values }),
  );
  return {
    db,
    kind: "postgres",
    async migrate() {
      // An advisory lock on one dedicated connection, so instances starting together migrate one at a time.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [migrationLockKey]);
        try {
          await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [migrationLockKey]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * A PGlite in this thread (the tests' stores). Every statement (a transaction as one) passes the gate, which lets the
 * oldest request's go first. PGlite runs statements of its own while it starts, through the same methods: until it is
 * ready, they go straight to it.
 */
export function openPglite(client: PGlite): DatabaseHandle {
  const gate = new OldestRequestFirst();
  const gated =
    <Args extends unknown[], Result>(method: (...args: Args) => Promise<Result>) =>
    (...args: Args): Promise<Result> =>
      client.ready ? gate.run(() => method.apply(client, args)) : method.apply(client, args);
  client.query = gated(client.query) as typeof client.query;
  client.exec = gated(client.exec);
  client.transaction = gated(client.transaction) as typeof client.transaction;
  return pgliteHandle(client);
}

/**
 * A statement's argument written as an SQL constant of no type yet (PostgreSQL gives it the parameter's): text in single
 * quotes, each quote doubled (standard strings, which PostgreSQL has used by default since 9.1: a backslash is itself),
 * an instant as its ISO text, null as null.
 */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  const text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === "string" ||
          typeof value === "number" ||
          typeof value === "bigint" ||
          typeof value === "boolean"
        ? String(value)
        : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/** The handle on a PGlite, or on the store's thread, which answers as PGlite does and orders statements itself. */
function pgliteHandle(client: PGlite | PgliteThread): DatabaseHandle {
  const db = routedThroughRequestTransaction(drizzlePglite({ client: client as PGlite, schema }));
  // The store has one session: each named statement is prepared in it once (PREPARE) and then run by its name
  // (EXECUTE), so that PostgreSQL parses it once and, after a few runs, plans it once, as pg's named statements do on
  // a server. Planning the reports' long statements took PGlite as long as running them.
  const prepared = new Map<string, Promise<unknown>>();
  statementRunners.set(db, async (statement, values, rowMode) => {
    let ready = prepared.get(statement.name);
    if (!ready) {
      ready = client.exec(`prepare ${statement.name} as ${statement.query.sql}`);
      prepared.set(statement.name, ready);
      ready.catch(() => prepared.delete(statement.name));
    }
    await ready;
    // EXECUTE takes its arguments as values written in its text (it has no parameters of its own).
    const args = values.length > 0 ? `(${values.map(literal).join(", ")})` : "";
    return client.query(`execute ${statement.name}${args}`, [], { rowMode });
  });
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

export interface OpenDatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** How long to wait for another server that holds the embedded database's directory. */
  dataDirLockWaitSeconds: number;
  /** Told once when another server holds the directory and this one starts waiting for it. */
  onWaitForDataDir?: (holder: DataDirLockHolder | null) => void;
  /**
   * Told if the embedded store's thread stops unasked (PGlite aborted); nothing is answered after that. By default
   * the error is thrown, uncaught, as it would have been in this thread.
   */
  onStoreStopped?: (error: Error) => void;
}

/**
 * Opens the configured database. The embedded one runs in a thread of its own (pglite-thread.ts), opened only under
 * the lock on its directory, released once PGlite has closed (and flushed) it: two servers writing one PGlite
 * directory lose acknowledged writes and corrupt its indexes.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const lock = await lockDataDir({
    dataDir: options.dataDir,
    waitMs: options.dataDirLockWaitSeconds * 1000,
    onWait: options.onWaitForDataDir,
  });
  try {
    const dataDir = join(options.dataDir, "pglite");
    // PGlite does not create the parents of its data directory.
    mkdirSync(dataDir, { recursive: true });
    const client = await PgliteThread.open(
      dataDir,
      options.onStoreStopped ??
        ((error) => {
          throw error;
        }),
    );
    const handle = pgliteHandle(client);
    return {
      ...handle,
      previousStopClean: lock.previousStopClean,
      async close() {
        let clean = false;
        try {
          await handle.close();
          clean = true;
        } finally {
          lock.release({ clean });
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** The SQLSTATE (or errno code) and message of the driver's error under drizzle's wrapping. */
export function databaseErrorOf(error: unknown): { code: string | undefined; message: string } {
  let message = error instanceof Error ? error.message : String(error);
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, message: own } = e as { code?: unknown; message?: unknown };
    if (typeof own === "string") message = own;
    if (typeof code === "string") return { code, message };
  }
  return { code: undefined, message };
}

/**
 * SQLSTATEs of a connection that the server ended or lost (admin_shutdown, crash_shutdown, cannot_connect_now and
 * class 08), and the socket errors node-postgres passes on as they are.
 */
const connectionErrorCodes = new Set([
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "ECONNRESET",
  "ECONNREFUSED",
  "EPIPE",
  "ETIMEDOUT",
]);

/** node-postgres reports a socket closed under a query without any code. */
const connectionErrorMessages = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^timeout exceeded when trying to connect/,
];

/** Whether the statement failed because its connection to PostgreSQL broke, not because of the statement. */
export function isConnectionError(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && connectionErrorCodes.has(code)) return true;
    if (typeof message === "string" && connectionErrorMessages.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

/** PostgreSQL's unique_violation, whichever driver raised it and however drizzle wrapped it. */
/**
 * Whether a write failed because a row still refers to the one being deleted, through `constraint` when given.
 * An ON DELETE RESTRICT key answers restrict_violation (23001) on PostgreSQL, not foreign_key_violation (23503).
 */
export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === "23001" || code === "23503") return constraint === undefined || name === constraint;
  }
  return false;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505") return constraint === undefined || name === constraint;
  }
  return false;
}
