import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "./database.js";

/** How often the embedded store is looked at: autovacuum's own nap time. */
export const storeUpkeepIntervalMs = 60_000;

/**
 * The tables due a `VACUUM (ANALYZE)`: by autovacuum's default thresholds on what this process has counted (20 % of
 * the rows dead or inserted since the last vacuum, 10 % changed since the last analyze), and, as PGlite keeps no such
 * counts across a restart, by what the catalog says of the last vacuum or analyze of any process: tables with data that
 * never had one (`reltuples` is -1 until then), that have grown by a fifth since (their size on disk against the
 * pages counted then), or whose pages are mostly not marked all-visible (analyzed, or changed, since their last
 * vacuum) and that this process has not vacuumed.
 */
const dueTables = sql`
  select s.schemaname::text as schema, s.relname::text as name
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
    or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
    or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
    or (c.reltuples < 0 and pg_relation_size(c.oid) > 0)
    or pg_relation_size(c.oid) > (c.relpages * 1.2 + 8) * current_setting('block_size')::int8
    or (s.last_vacuum is null and c.relpages > 0 and c.relallvisible < c.relpages / 2)
  order by pg_relation_size(c.oid) desc`;

/** Vacuums and analyzes the tables that are due; answers their names. */
export async function vacuumDueTables(db: Database): Promise<string[]> {
  const due = ((await db.execute(dueTables)) as unknown as { rows: { schema: string; name: string }[] }).rows;
  for (const { schema, name } of due) {
    await db.execute(sql`vacuum (analyze) ${sql.identifier(schema)}.${sql.identifier(name)}`);
  }
  return due.map((row) => `${row.schema}.${row.name}`);
}

/**
 * What autovacuum does for PostgreSQL, for the embedded store, which runs none: without it the planner keeps the
 * statistics of the day the tables were made (and picks its plans on them) and no page is ever marked all-visible, so
 * the reports' index-only scans visit a table page per event. A first pass once `after` settles (the index check that
 * may run after listening), then one a minute; a pass that finds nothing due costs one small query.
 */
export function startStoreUpkeep({
  db,
  logger,
  after = Promise.resolve(),
  intervalMs = storeUpkeepIntervalMs,
}: {
  db: Database;
  logger: FastifyBaseLogger;
  after?: Promise<unknown>;
  intervalMs?: number;
}): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const pass = async () => {
    try {
      const started = performance.now();
      const tables = await vacuumDueTables(db);
      if (tables.length > 0) {
        logger.info({ tables, ms: Math.round(performance.now() - started) }, "store upkeep: vacuumed and analyzed");
      }
    } catch (err) {
      logger.error({ err }, "store upkeep failed");
    }
  };
  let running: Promise<void> = after.then(
    () => (stopped ? undefined : pass()),
    () => undefined,
  );
  running.then(() => {
    if (stopped) return;
    timer = setInterval(() => {
      running = running.then(pass);
    }, intervalMs);
    timer.unref();
  });
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
