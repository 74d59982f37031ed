import { setImmediate } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, databaseErrorOf } from "./database.js";

export interface IndexCheckReport {
  /** How many btree indexes amcheck verified. */
  checked: number;
  /** Why nothing was checked, when amcheck could not run; null when it ran. */
  skipped: string | null;
  durationMs: number;
}

export interface CorruptIndex {
  index: string;
  message: string;
}

/** amcheck found indexes that do not match their rules or their table: serving on them would return wrong answers. */
export class CorruptStoreError extends Error {
  constructor(readonly corrupt: CorruptIndex[]) {
    super(
      `The database failed its index check, so the server will not serve on it:\n${corrupt
        .map((c) => `  - ${c.index}: ${c.message}`)
        .join("\n")}\nRestore a backup, or rebuild these indexes (REINDEX INDEX <name>) once their tables are known ` +
        "to be sound.",
    );
    this.name = "CorruptStoreError";
  }
}

/** insufficient_privilege: the account may not create amcheck or run it, which is the operator's choice. */
const insufficientPrivilege = "42501";

/**
 * Verifies every btree index of the app's schemas with amcheck's `bt_index_check`: the structure and order of each
 * index and, on the embedded store, that every row of its table is in it (`heapallindexed`), which is how two servers
 * writing one PGlite directory showed up. PostgreSQL's own locking rules that damage out, and the heap pass scans each
 * table once per index (about 1 s for 200,000 events against 0.15 s without), a cost every instance of a large
 * production store would pay at each start: there only the indexes are read. It takes only AccessShareLock, so it runs
 * beside other instances. Throws {@link CorruptStoreError} naming each index that fails. Where amcheck is not
 * available or not allowed (a managed PostgreSQL without the extension), nothing is checked and `skipped` says why.
 * The server runs it before it listens, or after when the store's previous stop was clean (lifecycle.ts).
 */
export async function checkIndexes(
  database: DatabaseHandle,
  options: {
    /** Ends the check between two indexes; the report then says it was stopped. */
    signal?: AbortSignal;
  } = {},
): Promise<IndexCheckReport> {
  const started = performance.now();
  const { db } = database;
  const report = (checked: number, skipped: string | null): IndexCheckReport => ({
    checked,
    skipped,
    durationMs: Math.round(performance.now() - started),
  });

  const schema = await amcheckSchema(database);
  if (typeof schema !== "string") return report(0, schema.skipped);

  const indexes = rowsOf<{ oid: number; name: string }>(
    await db.execute(sql`
    select c.oid::int8 as oid, c.oid::regclass::text as name
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_am am on am.oid = c.relam
    join pg_namespace n on n.oid = c.relnamespace
    where am.amname = 'btree' and n.nspname in ('public', 'drizzle') and c.relpersistence = 'p'
      and i.indisvalid and i.indisready
    order by c.oid`),
  );
  const heapAllIndexed = database.kind === "pglite";
  const corrupt: CorruptIndex[] = [];
  let checked = 0;
  for (const { oid, name } of indexes) {
    // A PGlite in this thread (the tests') answers without giving the event loop a turn: once the server listens,
    // requests are served between two indexes rather than after the whole check.
    await setImmediate();
    if (options.signal?.aborted) break;
    checked++;
    try {
      await db.execute(
        sql`select ${sql.identifier(schema)}.bt_index_check(${Number(oid)}::oid::regclass, ${heapAllIndexed})`,
      );
    } catch (error) {
      const { code, message } = databaseErrorOf(error);
      if (code === insufficientPrivilege) return report(0, `amcheck may not be run by this account (${message})`);
      corrupt.push({ index: name, message });
    }
  }
  if (corrupt.length > 0) throw new CorruptStoreError(corrupt);
  return report(checked, checked < indexes.length ? `stopped after ${checked} of ${indexes.length} indexes` : null);
}

/** The two drivers' results differ in type but both carry the rows in `rows`. */
function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** The schema amcheck's functions live in, creating the extension when it is missing and may be created. */
async function amcheckSchema(database: DatabaseHandle): Promise<string | { skipped: string }> {
  const find = async () => {
    const found = await database.db.execute(sql`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'amcheck'`);
    return rowsOf<{ schema: string }>(found)[0]?.schema;
  };
  const existing = await find();
  if (existing) return existing;
  try {
    await database.db.execute(sql`create extension if not exists amcheck`);
  } catch (error) {
    // Another instance starting at the same moment may have created it first.
    const created = await find();
    if (created) return created;
    return { skipped: `the amcheck extension could not be created (${databaseErrorOf(error).message})` };
  }
  const created = await find();
  return created ?? { skipped: "the amcheck extension is not installed" };
}
