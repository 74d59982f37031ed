/**
 * Issue 5's API benchmark. One user with 500 events in one week (450 standalone, 50 occurrences of 10 daily
 * series) on PostgreSQL; `GET user/{id}/time-blocking` for that week under 20 concurrent connections, beside a bare
 * Fastify route running one indexed query for the same rows on the same database, measured in the same run.
 * Goal: at least 0.6 of the baseline's throughput and p99 under 50 ms.
 *
 * Needs `npm run build` first. `BENCH_DATABASE_URL` (default postgres://postgres@127.0.0.1:5432/postgres) is the
 * server where a scratch database is created and dropped.
 */
import { join } from "node:path";
import pg from "pg";
import { seedBoardWeek, weekEnd, weekStart } from "./support/board-week.mjs";
import { runLoad } from "./support/load.mjs";
import { cpuSecondsOf, createDatabase, root, startProcess } from "./support/processes.mjs";

const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const durationMs = Number(process.env.BENCH_DURATION_MS ?? 8000);
const appPort = 3401;
const basePort = 3402;
const database = await createDatabase(pg, adminUrl, `timetrap_bench_${process.pid}`);
const app = await startProcess({
  script: join(root, "apps/server/dist/server.js"),
  env: { DATABASE_URL: database.url, PORT: String(appPort), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
  url: `http://127.0.0.1:${appPort}/api/v1/config`,
});
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();

/**
 * CPU seconds used so far by the server under load and by the database's backends serving it, keyed by process: on a
 * machine shared with other work, CPU per request compares better between runs than throughput does. Null where /proc
 * cannot tell (another OS, a database on another machine).
 */
async function cpuOf(serverPid) {
  const { rows } = await admin.query("select pid from pg_stat_activity where datname = $1", [database.name]);
  const backends = new Map(rows.map(({ pid }) => [pid, cpuSecondsOf(pid)]));
  return { server: cpuSecondsOf(serverPid), backends };
}

/** CPU milliseconds per request of the server and of the database between two `cpuOf` samples. */
function cpuPerRequest([first, last], requests) {
  const perRequest = (seconds) => (seconds === null ? null : (seconds * 1000) / requests);
  const server = first.server === null || last.server === null ? null : last.server - first.server;
  let database = 0;
  for (const [pid, seconds] of last.backends) {
    if (seconds === null) return { server: perRequest(server), database: null };
    // A backend that opened during the load counts from zero.
    database += seconds - (first.backends.get(pid) ?? 0);
  }
  return { server: perRequest(server), database: perRequest(database) };
}

try {
  const api = `http://127.0.0.1:${appPort}/api/v1`;
  const { token, uid, path, events } = await seedBoardWeek(api);

  const baseline = await startProcess({
    script: join(root, "bench/support/baseline-server.mjs"),
    env: { DATABASE_URL: database.url, PORT: String(basePort) },
    url: `http://127.0.0.1:${basePort}/events?userId=${uid}&from=0&to=1`,
  });
  let base;
  try {
    const baseUrl = `http://127.0.0.1:${basePort}/events?userId=${uid}&from=${weekStart}&to=${weekEnd}`;
    const baseRows = await (await fetch(baseUrl)).json();
    console.log(`baseline route answers ${baseRows.length} stored rows; the app answers ${events.length} events`);
    base = await runLoad({ url: baseUrl, durationMs, sample: () => cpuOf(baseline.pid) });
  } finally {
    await baseline.stop();
  }
  const ours = await runLoad({
    url: `${api}${path}`,
    headers: { authorization: `Bearer ${token}` },
    durationMs,
    sample: () => cpuOf(app.pid),
  });

  const fixed = (value, digits, width) => (value === null ? "?" : value.toFixed(digits)).padStart(width);
  const row = (name, r) => {
    const cpu = cpuPerRequest(r.samples, r.requests);
    return [
      `${name.padEnd(28)} ${fixed(r.rps, 1, 8)} req/s`,
      `p50 ${fixed(r.p50, 1, 6)} ms`,
      `p99 ${fixed(r.p99, 1, 6)} ms`,
      `errors ${r.errors}`,
      `CPU per request: server ${fixed(cpu.server, 2, 5)} ms, database ${fixed(cpu.database, 2, 5)} ms`,
    ].join("   ");
  };
  console.log("GET time-blocking, one week of 500 events, 20 connections, PostgreSQL");
  console.log(row("bare Fastify + one query", base));
  console.log(row("Timetrap", ours));
  const ratio = ours.rps / base.rps;
  console.log(`throughput ratio ${ratio.toFixed(2)} (goal ≥ 0.60): ${ratio >= 0.6 ? "met" : "NOT met"}`);
  console.log(`p99 ${ours.p99.toFixed(1)} ms (goal < 50 ms): ${ours.p99 < 50 ? "met" : "NOT met"}`);
} finally {
  await admin.end();
  await app.stop();
  await database.drop();
}
