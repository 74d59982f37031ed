/**
 * Issue 10's benchmark. 100 people with contracts and one year of blocks (about 235,000 stored events and 31,000
 * occurrences of weekly series), with holiday groups and ten days of time off each (`BENCH_HOURS_OFF=0`: without),
 * on PostgreSQL and on PGlite. At 5 concurrent requests: the byDay timesheet of
 * everyone for a month and for the year, the team report for a week, and the statistics of a project with about
 * 20,000 entries; beside each, the raw SQL aggregates for the same figures run straight on the same database.
 * Goals: the month timesheet p95 under 300 ms on PostgreSQL, each API p95 at most 1.3 × its raw SQL, and PGlite at
 * most 3 × PostgreSQL.
 *
 * The raw SQL computes every figure of each answer (contract terms, capacity, series occurrences, costs: see
 * `rawQueries`), and its totals are checked against the API's answers before anything is measured.
 *
 * Needs `npm run build` first (the server's dist). `BENCH_DATABASE_URL` (default
 * postgres://postgres@127.0.0.1:5432/postgres) is where a scratch database is created and dropped; `BENCH_DURATION_MS`
 * (default 8000) is how long each measurement lasts (on PostgreSQL, in two alternating stretches of raw SQL and API); `BENCH_DRIVERS` (default `postgres,pglite`) which to run;
 * `BENCH_PORT` (default 3411) where the server listens.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { pooled, runLoad, runWork } from "./support/load.mjs";
import { createDatabase, root, startProcess } from "./support/processes.mjs";
import { checkRawFigures, periods, rawQueries, seedReports, signUpAdmin } from "./support/reports-data.mjs";

const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const durationMs = Number(process.env.BENCH_DURATION_MS ?? 8000);
/** On PostgreSQL, each side is measured in this many alternating stretches (`measure`). */
const rounds = 2;
const drivers = (process.env.BENCH_DRIVERS ?? "postgres,pglite").split(",");
const connections = 5;
const appPort = Number(process.env.BENCH_PORT ?? 3411);
const authSecret = "bench-secret-that-is-at-least-32-characters-long";
const { openDatabase } = await import(join(root, "apps/server/dist/db/database.js"));
const { sql } = await import("drizzle-orm");

/**
 * Runs one statement on a database handle of the server's own factory and answers its rows; a raw query marked
 * `jitOff` runs as the server runs its statements that expand series (`set local jit = off` in a transaction).
 */
const executor = (handle) => async (query) => {
  if (typeof query === "string") return (await handle.db.execute(sql.raw(query))).rows;
  if (!query.jitOff) return (await handle.db.execute(sql.raw(query.text))).rows;
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql.raw("set local jit = off"));
    return (await tx.execute(sql.raw(query.text))).rows;
  });
};

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/**
 * Before anything is measured: the raw SQL's totals must be the API's, or the ratio would compare different work.
 * Exits on a difference.
 */
async function checkHonest({ label, handle, ids, token }) {
  const queries = rawQueries(ids);
  const exec = executor(handle);
  const problems = [];
  for (const [key, , path] of targets(ids)) {
    const response = await fetch(`http://127.0.0.1:${appPort}/api/v1${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    const api = await response.json();
    const raw = [];
    for (const query of queries[key]) raw.push(await exec(query));
    problems.push(...checkRawFigures(key, raw, api));
  }
  if (problems.length > 0) {
    console.error(`${label}: the raw SQL does not answer the API's figures:\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  console.log(
    `${label}: the raw SQL answers the API's figures (rows, seconds, hours, costs, capacity, time off) for every target`,
  );
}

async function startApp(env) {
  return startProcess({
    script: join(root, "apps/server/dist/server.js"),
    // The load is one session's, past any real budget: the budget's own statement is still counted and measured.
    env: {
      PORT: String(appPort),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      API_RATE_LIMIT_PER_MINUTE: "1000000",
      AUTH_SECRET: authSecret,
      ...env,
    },
    url: `http://127.0.0.1:${appPort}/api/v1/config`,
  });
}

const signUp = () => signUpAdmin(`http://127.0.0.1:${appPort}/api/v1`, `bench-reports-${process.pid}@example.com`);

function targets({ adminId, organizationId, heavyProjectId }) {
  return [
    [
      "month",
      "byDay timesheet, 1 month",
      `/report/timesheet?start_date=${periods.month.from}&end_date=${periods.month.to}`,
    ],
    [
      "year",
      "byDay timesheet, 1 year",
      `/report/timesheet?start_date=${periods.year.from}&end_date=${periods.year.to}`,
    ],
    ["week", "team report, 1 week", `/report/team?start_date=${periods.week.from}&end_date=${periods.week.to}`],
    [
      "statistics",
      "project statistics, 20k entries",
      `/user/${adminId}/organization/${organizationId}/project/${heavyProjectId}/hours`,
    ],
  ];
}

/**
 * Each target through the API and as raw SQL, at 5 concurrent requests: in `rounds` alternating stretches of each
 * (`durationMs` in all for each side), each side's latencies pooled.
 */
async function measure({ label, handle, ids, token }) {
  const queries = rawQueries(ids);
  const exec = executor(handle);
  const results = new Map();
  for (const [key, name, path] of targets(ids)) {
    const raws = [];
    const apis = [];
    for (let round = 0; round < rounds; round += 1) {
      raws.push(
        await runWork({
          work: async () => {
            for (const query of queries[key]) await exec(query);
          },
          connections,
          durationMs: durationMs / rounds,
        }),
      );
      apis.push(
        await runLoad({
          url: `http://127.0.0.1:${appPort}/api/v1${path}`,
          headers: { authorization: `Bearer ${token}` },
          connections,
          durationMs: durationMs / rounds,
          warmupMs: 1000,
        }),
      );
    }
    const raw = pooled(raws);
    const api = pooled(apis);
    results.set(key, { name, raw, api });
    const line = (what, r) =>
      `${what.padEnd(5)} p50 ${r.p50.toFixed(1).padStart(8)} ms  p95 ${r.p95.toFixed(1).padStart(8)} ms  (${r.requests} done, ${r.errors} errors)`;
    console.log(`${label.padEnd(10)} ${name}`);
    console.log(`           ${line("SQL", raw)}`);
    console.log(`           ${line("API", api)}`);
    console.log(`           API ÷ SQL at p95: ${(api.p95 / raw.p95).toFixed(2)} (goal ≤ 1.30)`);
  }
  return results;
}

const summary = new Map();
console.log(`load average at the start: ${load()}`);

if (drivers.includes("postgres")) {
  const database = await createDatabase(pg, adminUrl, `timetrap_reports_${process.pid}`);
  const handle = await openDatabase({ databaseUrl: database.url, dataDir: tmpdir(), dataDirLockWaitSeconds: 0 });
  try {
    await handle.migrate();
    const app = await startApp({ DATABASE_URL: database.url });
    try {
      const account = await signUp();
      const started = Date.now();
      const seeded = await seedReports(executor(handle), account);
      console.log(
        `PostgreSQL: ${seeded.storedEvents} stored events seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      const ids = { ...account, heavyProjectId: seeded.heavyProjectId };
      await checkHonest({ label: "PostgreSQL", handle, ids, token: account.token });
      summary.set("postgres", await measure({ label: "PostgreSQL", handle, ids, token: account.token }));
    } finally {
      await app.stop();
    }
  } finally {
    await handle.close();
    await database.drop();
  }
}

if (drivers.includes("pglite")) {
  const dataDir = mkdtempSync(join(tmpdir(), "timetrap-reports-bench-"));
  try {
    // The embedded database has one owner at a time: the API makes the account, then this process seeds and queries
    // it, then the API serves it again.
    let app = await startApp({ DATA_DIR: dataDir, DATABASE_URL: "" });
    const account = await signUp();
    await app.stop();
    const handle = await openDatabase({ databaseUrl: null, dataDir, dataDirLockWaitSeconds: 30 });
    const started = Date.now();
    const seeded = await seedReports(executor(handle), account);
    console.log(
      `PGlite: ${seeded.storedEvents} stored events seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const ids = { ...account, heavyProjectId: seeded.heavyProjectId };
    const rawOnly = new Map();
    const rawAnswers = new Map();
    for (const [key] of targets(ids)) {
      const queries = rawQueries(ids)[key];
      const exec = executor(handle);
      const answers = [];
      for (const query of queries) answers.push(await exec(query));
      rawAnswers.set(key, answers);
      rawOnly.set(
        key,
        await runWork({
          work: async () => {
            for (const query of queries) await exec(query);
          },
          connections,
          durationMs,
        }),
      );
    }
    await handle.close();
    app = await startApp({ DATA_DIR: dataDir, DATABASE_URL: "" });
    try {
      // The raw answers were read while this process owned the store; the API's come now, and must agree.
      const problems = [];
      for (const [key, , path] of targets(ids)) {
        const response = await fetch(`http://127.0.0.1:${appPort}/api/v1${path}`, {
          headers: { authorization: `Bearer ${account.token}` },
        });
        problems.push(...checkRawFigures(key, rawAnswers.get(key), await response.json()));
      }
      if (problems.length > 0) {
        console.error(`PGlite: the raw SQL does not answer the API's figures:\n  ${problems.join("\n  ")}`);
        process.exit(1);
      }
      console.log("PGlite: the raw SQL answers the API's figures for every target");
      const results = new Map();
      for (const [key, name, path] of targets(ids)) {
        const api = await runLoad({
          url: `http://127.0.0.1:${appPort}/api/v1${path}`,
          headers: { authorization: `Bearer ${account.token}` },
          connections,
          durationMs,
          warmupMs: 1000,
        });
        const raw = rawOnly.get(key);
        results.set(key, { name, raw, api });
        console.log(`PGlite     ${name}`);
        console.log(
          `           SQL   p50 ${raw.p50.toFixed(1).padStart(8)} ms  p95 ${raw.p95.toFixed(1).padStart(8)} ms`,
        );
        console.log(
          `           API   p50 ${api.p50.toFixed(1).padStart(8)} ms  p95 ${api.p95.toFixed(1).padStart(8)} ms  (${api.requests} done, ${api.errors} errors)`,
        );
        console.log(`           API ÷ SQL at p95: ${(api.p95 / raw.p95).toFixed(2)} (goal ≤ 1.30)`);
      }
      summary.set("pglite", results);
    } finally {
      await app.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`\nload average at the end: ${load()}`);
console.log("Summary (p95)");
const postgres = summary.get("postgres");
const pglite = summary.get("pglite");
for (const [key, { name }] of postgres ?? pglite ?? []) {
  const parts = [`${name.padEnd(34)}`];
  if (postgres) {
    const r = postgres.get(key);
    parts.push(`PostgreSQL API ${r.api.p95.toFixed(1)} ms, ${(r.api.p95 / r.raw.p95).toFixed(2)} × SQL`);
  }
  if (pglite) {
    const r = pglite.get(key);
    parts.push(`PGlite API ${r.api.p95.toFixed(1)} ms, ${(r.api.p95 / r.raw.p95).toFixed(2)} × SQL`);
  }
  if (postgres && pglite) {
    parts.push(`PGlite ÷ PostgreSQL ${(pglite.get(key).api.p95 / postgres.get(key).api.p95).toFixed(2)} (goal ≤ 3)`);
  }
  console.log(parts.join("   "));
}
if (postgres) {
  const month = postgres.get("month").api.p95;
  console.log(
    `month timesheet p95 on PostgreSQL ${month.toFixed(1)} ms (goal < 300 ms): ${month < 300 ? "met" : "NOT met"}`,
  );
}
