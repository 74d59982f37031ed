import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { fillPlaceholders, type Query } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.js";

/**
 * The one database type the app uses. The PGlite and node-postgres drivers give different concrete
 * types that do not unify, so everything above this file sees only their common base.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
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

type StatementRunner = (statement: NamedStatement, values: unknown[]) => Promise<{ rows: unknown[] }>;

/** How each database `openPostgres` or `openPglite` made runs a named statement. */
const statementRunners = new WeakMap<Database, StatementRunner>();

/**
 * Runs `statement` with `values` for its placeholders on a database this file opened (not on a transaction). On
 * PostgreSQL the statement goes under its name, so each connection parses it once and, after a few runs, plans it
 * once; PGlite runs it as any query. The rows come as the driver parses them, keyed by column name, without drizzle's
 * mapping: select no timestamp or date column, which the two drivers parse differently.
 */
export async function runNamed<Row>(
  db: Database,
  statement: NamedStatement,
  values: Record<string, unknown>,
): Promise<Row[]> {
  const run = statementRunners.get(db);
  if (!run) throw new Error(`${statement.name} runs on the database itself, not on a transaction`);
  const result = await run(statement, fillPlaceholders(statement.query.params, values));
  return result.rows as Row[];
}

/** apps/server/drizzle, from src/db or dist/db alike. */
export const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** Any number that is the same for every instance: it names the migration lock. */
const migrationLockKey = 7_412_033;

export function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that loses its server (restart, failover) must not crash the process.
  pool.on("error", () => undefined);
  const db = drizzleNodePg({ client: pool, schema });
  statementRunners.set(db, (statement, values) =>
    pool.query({ name: statement.name, text: statement.query.sql, values }),
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

export function openPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  statementRunners.set(db, (statement, values) => client.query(statement.query.sql, values));
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

export function openDatabase(config: { databaseUrl: string | null; dataDir: string }): DatabaseHandle {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const dataDir = join(config.dataDir, "pglite");
  // PGlite does not create the parents of its data directory.
  mkdirSync(dataDir, { recursive: true });
  return openPglite(new PGlite(dataDir));
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
