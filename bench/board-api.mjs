/**
 * The board API's benchmark (issues 5 and 11). One user with 500 events in one week (450 standalone, 50 occurrences of
 * 10 daily series) on PostgreSQL; `GET user/{id}/time-blocking` for that week at 1 and at 4 connections, beside a bare
 * Fastify route running one indexed query for the same rows on the same database, measured in the same run; then the
 * same list asked for compressed (brotli, gzip), to weigh the bytes saved against the CPU spent.
 * Goals: p99 under 25 ms at 1 connection and under 60 ms at 4; the server's CPU time per request is the figure that
 * compares between runs on a machine shared with other work.
 *
 * Needs `npm run build` first. `BENCH_DATABASE_URL` (default postgres://postgres@127.0.0.1:5432/postgres) is the
 * server where a scratch database is created and dropped; `BENCH_DURATION_MS` (default 8000) how long each load
 * lasts; `BENCH_CONNECTIONS` (default `1,4`) the connection counts measured.
 */
import { loadavg } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { seedBoardWeek, weekEnd, weekStart } from "./support/board-week.mjs";
import { runLoad } from "./support/load.mjs";
import { cpuSecondsOf, createDatabase, root, startProcess } from "./support/processes.mjs";

const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const durationMs = Number(process.env.BENCH_DURATION_MS ?? 8000);
const connectionCounts = (process.env.BENCH_CONNECTIONS ?? "1,4").split(",").map(Number);
/** p99 goals of issue 11 for the 500-event week, by connection count. */
const p99Goals = new Map([
  [1, 25],
  [4, 60],
]);
const appPort = 3401;
const basePort = 3402;
const database = await createDatabase(pg, adminUrl, `timetrap_bench_${process.pid}`);
const app = await startProcess({
  script: join(root, "apps/server/dist/server.js"),
  // The load is one session's, past any real budget: the budget's own statement is still counted and measured.
  env: {
    DATABASE_URL: database.url,
    PORT: String(appPort),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    API_RATE_LIMIT_PER_MINUTE: "1000000",
  },
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
  const baseUrl = `http://127.0.0.1:${basePort}/events?userId=${uid}&from=${weekStart}&to=${weekEnd}`;
  const appLoad = (connections, headers = {}) =>
    runLoad({
      url: `${api}${path}`,
      headers: { authorization: `Bearer ${token}`, ...headers },
      connections,
      durationMs,
      sample: () => cpuOf(app.pid),
    });
  const results = [];
  try {
    const baseRows = await (await fetch(baseUrl)).json();
    console.log(`baseline route answers ${baseRows.length} stored rows; the app answers ${events.length} events`);
    // Each count's baseline right before the app's, so that a busier moment of the machine weighs on both.
    for (const connections of connectionCounts) {
      const base = await runLoad({ url: baseUrl, connections, durationMs, sample: () => cpuOf(baseline.pid) });
      const ours = await appLoad(connections);
      results.push({ connections, base, ours });
    }
  } finally {
    await baseline.stop();
  }
  const compressed = [];
  for (const encoding of ["br", "gzip"]) {
    compressed.push({ encoding, result: await appLoad(1, { "accept-encoding": encoding }) });
  }

  const fixed = (value, digits, width) =>
    (value === null || Number.isNaN(value) ? "?" : value.toFixed(digits)).padStart(width);
  const row = (name, r) => {
    const cpu = cpuPerRequest(r.samples, r.requests);
    return [
      `${name.padEnd(30)} ${fixed(r.rps, 1, 7)} req/s`,
      `p50 ${fixed(r.p50, 1, 6)} ms`,
      `p99 ${fixed(r.p99, 1, 6)} ms`,
      `${fixed(r.bytesPerRequest / 1024, 1, 6)} KB`,
      `errors ${r.errors}`,
      `CPU per request: server ${fixed(cpu.server, 2, 5)} ms, database ${fixed(cpu.database, 2, 5)} ms`,
    ].join("   ");
  };
  console.log(
    `GET time-blocking, one week of 500 events, PostgreSQL, load average ${loadavg()[0].toFixed(1)} at the end`,
  );
  for (const { connections, base, ours } of results) {
    const unit = connections === 1 ? "connection" : "connections";
    console.log(row(`bare Fastify + one query, ${connections}`, base));
    console.log(row(`Timetrap, ${connections} ${unit}`, ours));
    const goal = p99Goals.get(connections);
    const verdict = goal === undefined ? "" : ` (goal < ${goal} ms): ${ours.p99 < goal ? "met" : "NOT met"}`;
    const oursCpu = cpuPerRequest(ours.samples, ours.requests).server;
    const baseCpu = cpuPerRequest(base.samples, base.requests).server;
    const cpuRatio = oursCpu === null || baseCpu === null ? "?" : (oursCpu / baseCpu).toFixed(2);
    console.log(
      `  at ${connections}: throughput ratio ${(ours.rps / base.rps).toFixed(2)}, p99 ratio ${(ours.p99 / base.p99).toFixed(2)}, server CPU ratio ${cpuRatio}, p99 ${ours.p99.toFixed(1)} ms${verdict}`,
    );
  }
  const plain = results.find((r) => r.connections === 1)?.ours;
  for (const { encoding, result } of compressed) console.log(row(`Timetrap, 1, ${encoding}`, result));
  if (plain) {
    const plainCpu = cpuPerRequest(plain.samples, plain.requests).server;
    for (const { encoding, result } of compressed) {
      const cpu = cpuPerRequest(result.samples, result.requests).server;
      const saved = plain.bytesPerRequest - result.bytesPerRequest;
      const extra = cpu === null || plainCpu === null ? null : cpu - plainCpu;
      // The time the saved bytes take on a link of 20 Mbit/s, a modest connection, against the CPU spent on them.
      const linkMs = (saved * 8) / 20_000;
      console.log(
        `  ${encoding}: ${(result.bytesPerRequest / plain.bytesPerRequest).toFixed(3)} of the bytes (${(saved / 1024).toFixed(0)} KB saved, ${linkMs.toFixed(0)} ms at 20 Mbit/s) for ${fixed(extra, 2, 4)} ms more server CPU per request`,
      );
    }
  }
} finally {
  await admin.end();
  await app.stop();
  await database.drop();
}
