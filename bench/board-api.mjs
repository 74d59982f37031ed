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
import { runLoad } from "./support/load.mjs";
import { createDatabase, root, startProcess } from "./support/processes.mjs";

const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const durationMs = Number(process.env.BENCH_DURATION_MS ?? 8000);
const appPort = 3401;
const basePort = 3402;
const weekStart = Date.parse("2026-11-23T00:00:00+01:00");
const weekEnd = weekStart + 7 * 86_400_000;

const database = await createDatabase(pg, adminUrl, `timetrap_bench_${process.pid}`);
const app = await startProcess({
  script: join(root, "apps/server/dist/server.js"),
  env: { DATABASE_URL: database.url, PORT: String(appPort), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
  url: `http://127.0.0.1:${appPort}/api/v1/config`,
});
try {
  const api = `http://127.0.0.1:${appPort}/api/v1`;
  const call = async (method, path, body, token) => {
    const response = await fetch(`${api}${path}`, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? null : response.json();
  };
  const { token, user } = await call("POST", "/auth/basic/signup", {
    email: "bench@example.com",
    password: "correct-horse-42",
    nominative: "Bench Mark",
  });
  await call(
    "PATCH",
    `/user/${user.uid}`,
    { terms_of_use: true, privacy_policy: true, preferences: { timeZone: "Europe/Rome" } },
    token,
  );
  await call("POST", `/user/${user.uid}/organization`, { name: "Bench", domains: [] }, token);

  // Deterministic spread over the working days, 06:00 to 20:00 local, 15 to 120 minutes long.
  const bodies = [];
  for (let i = 0; i < 450; i++) {
    const day = i % 5;
    const minuteOfDay = 6 * 60 + ((i * 37) % (13 * 60));
    const start = weekStart + day * 86_400_000 + minuteOfDay * 60_000;
    const length = (15 + ((i * 53) % 106)) * 60_000;
    bodies.push({ title: `Block ${i}`, start_time: start, end_time: start + length, completed: i % 3 === 0 });
  }
  for (let s = 0; s < 10; s++) {
    const start = weekStart + (7 * 60 + s * 60) * 60_000;
    bodies.push({
      title: `Series ${s}`,
      start_time: start,
      end_time: start + 45 * 60_000,
      event_type: "planning",
      recurrence: { every: 1, frequency: "DAILY", repeat: 5 },
    });
  }
  for (let i = 0; i < bodies.length; i += 20) {
    await Promise.all(
      bodies.slice(i, i + 20).map((body) => call("POST", `/user/${user.uid}/time-blocking`, body, token)),
    );
  }
  const path = `/user/${user.uid}/time-blocking?startTime=${new Date(weekStart).toISOString()}&endTime=${new Date(weekEnd).toISOString()}`;
  const served = await call("GET", path, undefined, token);
  if (served.length !== 500) throw new Error(`expected 500 events in the week, got ${served.length}`);

  const baseline = await startProcess({
    script: join(root, "bench/support/baseline-server.mjs"),
    env: { DATABASE_URL: database.url, PORT: String(basePort) },
    url: `http://127.0.0.1:${basePort}/events?userId=${user.uid}&from=0&to=1`,
  });
  let base;
  try {
    const baseUrl = `http://127.0.0.1:${basePort}/events?userId=${user.uid}&from=${weekStart}&to=${weekEnd}`;
    const baseRows = await (await fetch(baseUrl)).json();
    console.log(`baseline route answers ${baseRows.length} stored rows; the app answers ${served.length} events`);
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
