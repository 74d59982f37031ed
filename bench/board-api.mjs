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
import { createDatabase, root, startProcess } from "./support/processes.mjs";

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
    base = await runLoad({ url: baseUrl, durationMs });
  } finally {
    await baseline.stop();
  }
  const ours = await runLoad({ url: `${api}${path}`, headers: { authorization: `Bearer ${token}` }, durationMs });

  const row = (name, r) =>
    `${name.padEnd(28)} ${r.rps.toFixed(1).padStart(8)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99
      .toFixed(1)
      .padStart(6)} ms   errors ${r.errors}`;
  console.log("GET time-blocking, one week of 500 events, 20 connections, PostgreSQL");
  console.log(row("bare Fastify + one query", base));
  console.log(row("Timetrap", ours));
  const ratio = ours.rps / base.rps;
  console.log(`throughput ratio ${ratio.toFixed(2)} (goal ≥ 0.60): ${ratio >= 0.6 ? "met" : "NOT met"}`);
  console.log(`p99 ${ours.p99.toFixed(1)} ms (goal < 50 ms): ${ours.p99 < 50 ? "met" : "NOT met"}`);
} finally {
  await app.stop();
  await database.drop();
}
