/**
 * The reports against an earlier build of Timetrap on the same data: issue 20's goal that holidays and time off in the
 * capacity rule do not slow the reports (within 10 % of the build before them). The data set is `reports.mjs`'s (100
 * people, a year of blocks, holiday groups and ten days of time off each), seeded once; both builds'
 * servers serve it side by side, and each target is loaded on one, then the other, in alternating stretches, so that
 * the machine's background work falls on both. Prints p50 and p95 of each side, each server's CPU and the database's
 * CPU per request, and new ÷ old; then the same on the embedded store.
 *
 * `BENCH_BASELINE` (required): the root of a checkout of the earlier build with its own `npm ci` and
 * `apps/server/dist` built, for example
 *   git worktree add /tmp/base f0cdf4d && (cd /tmp/base && npm ci && npm run build -w @timetrap/domain \
 *     && npm run build -w @timetrap/server)
 * Its server must accept this build's database (later migrations only add tables and columns). Options:
 * `BENCH_STRETCHES` (default 8) stretches a side, `BENCH_STRETCH_MS` (default 4000) each, `BENCH_TARGETS` (default
 * `month,year,week`), `BENCH_DRIVERS` (default `postgres,pglite`: on PGlite each server has a copy of the seeded
 * store), `BENCH_PORT` (default 3421; the baseline listens on the next port), `BENCH_DATABASE_URL`;
 * `BENCH_PROFILE`, a folder where each server writes its CPU profile (`<port>.cpuprofile`) as it stops.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { pooled, runLoad } from "./support/load.mjs";
import { cpuSecondsOf, createDatabase, root, startProcess } from "./support/processes.mjs";
import { periods, seedReports, signUpAdmin } from "./support/reports-data.mjs";

const baselineRoot = process.env.BENCH_BASELINE ? resolve(process.env.BENCH_BASELINE) : null;
if (!baselineRoot) {
  console.error("BENCH_BASELINE: the root of a built checkout of the earlier build (see the head of this file)");
  process.exit(2);
}
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const stretches = Number(process.env.BENCH_STRETCHES ?? 8);
const stretchMs = Number(process.env.BENCH_STRETCH_MS ?? 4000);
const chosen = (process.env.BENCH_TARGETS ?? "month,year,week").split(",");
const drivers = (process.env.BENCH_DRIVERS ?? "postgres,pglite").split(",");
const port = Number(process.env.BENCH_PORT ?? 3421);
const connections = 5;
const profiles = process.env.BENCH_PROFILE ? resolve(process.env.BENCH_PROFILE) : null;
const authSecret = "bench-secret-that-is-at-least-32-characters-long";
const { openDatabase } = await import(join(root, "apps/server/dist/db/database.js"));
const { sql } = await import("drizzle-orm");

const targets = {
  month: [
    "byDay timesheet, 1 month",
    `/report/timesheet?start_date=${periods.month.from}&end_date=${periods.month.to}`,
  ],
  year: ["byDay timesheet, 1 year", `/report/timesheet?start_date=${periods.year.from}&end_date=${periods.year.to}`],
  week: ["team report, 1 week", `/report/team?start_date=${periods.week.from}&end_date=${periods.week.to}`],
};

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/**
 * CPU seconds of each PostgreSQL process on this machine (the load's backends among them), by pid; null off Linux. Per
 * process, because a backend that ends between two samples takes its CPU time with it.
 */
function databaseCpu() {
  const byPid = new Map();
  try {
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      let name;
      try {
        name = readFileSync(`/proc/${pid}/comm`, "utf8").trim();
      } catch {
        continue;
      }
      if (name === "postgres") byPid.set(pid, cpuSecondsOf(pid) ?? 0);
    }
  } catch {
    return null;
  }
  return byPid;
}

/** CPU seconds the PostgreSQL processes alive at `last` used since `first` (those started since, all of theirs). */
function databaseCpuBetween(first, last) {
  if (first === null || last === null) return Number.NaN;
  let total = 0;
  for (const [pid, seconds] of last) total += seconds - (first.get(pid) ?? 0);
  return total;
}

/** A build's server on `listenOn`, on PostgreSQL (`DATABASE_URL`) or the embedded store (`DATA_DIR`). */
function startServer(serverRoot, listenOn, store) {
  return startProcess({
    script: join(serverRoot, "apps/server/dist/server.js"),
    nodeArgs: profiles ? ["--cpu-prof", `--cpu-prof-dir=${profiles}`, `--cpu-prof-name=${listenOn}.cpuprofile`] : [],
    env: {
      PORT: String(listenOn),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      API_RATE_LIMIT_PER_MINUTE: "1000000",
      AUTH_SECRET: authSecret,
      DATABASE_URL: "",
      DATA_DIR: tmpdir(),
      ...store,
    },
    url: `http://127.0.0.1:${listenOn}/api/v1/config`,
  });
}

const signUp = () => signUpAdmin(`http://127.0.0.1:${port}/api/v1`, `bench-versus-${process.pid}@example.com`);

/** One stretch of load on a server, with its CPU and the database's per request. */
async function stretch(server, listenOn, path, token, warmupMs) {
  const result = await runLoad({
    url: `http://127.0.0.1:${listenOn}/api/v1${path}`,
    headers: { authorization: `Bearer ${token}` },
    connections,
    durationMs: stretchMs,
    warmupMs,
    sample: () => ({ server: cpuSecondsOf(server.pid), database: databaseCpu() }),
  });
  const [first, last] = result.samples;
  return {
    ...result,
    serverCpu: last.server - first.server,
    databaseCpu: databaseCpuBetween(first.database, last.database),
  };
}

function summed(results) {
  const all = pooled(results);
  const requests = results.reduce((total, r) => total + r.requests, 0);
  const perRequest = (key) => (1000 * results.reduce((total, r) => total + r[key], 0)) / requests;
  return { ...all, server: perRequest("serverCpu"), database: perRequest("databaseCpu") };
}

/** Each target on both servers, in alternating stretches; prints each side and new ÷ old. */
async function compare(label, sides, token) {
  for (const key of chosen) {
    const [name, path] = targets[key];
    for (const [side, , listenOn] of sides) {
      const response = await fetch(`http://127.0.0.1:${listenOn}/api/v1${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!response.ok) throw new Error(`${side} ${path}: ${response.status} ${await response.text()}`);
    }
    const runs = { new: [], old: [] };
    for (let round = 0; round < stretches; round += 1) {
      // Which side goes first alternates too, so that neither always follows the other's warm caches.
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const [side, server, listenOn] of order) {
        runs[side].push(await stretch(server, listenOn, path, token, round === 0 ? 2000 : 500));
      }
    }
    const now = summed(runs.new);
    const then = summed(runs.old);
    const line = (side, r) =>
      `  ${side}  p50 ${r.p50.toFixed(1).padStart(7)} ms  p95 ${r.p95.toFixed(1).padStart(7)} ms  server ${r.server.toFixed(2).padStart(6)} ms CPU  database ${r.database.toFixed(2).padStart(6)} ms CPU  (${r.requests} done, ${r.errors} errors)`;
    console.log(`${label}: ${name}`);
    console.log(line("new", now));
    console.log(line("old", then));
    console.log(
      `  new ÷ old: p50 ${(now.p50 / then.p50).toFixed(3)}  p95 ${(now.p95 / then.p95).toFixed(3)}  CPU (server + database) ${((now.server + now.database) / (then.server + then.database)).toFixed(3)}  (goal ≤ 1.10)`,
    );
  }
}

const exec = (handle) => async (query) => (await handle.db.execute(sql.raw(query))).rows;

console.log(`load average at the start: ${load()}`);
if (drivers.includes("postgres")) {
  const database = await createDatabase(pg, adminUrl, `timetrap_versus_${process.pid}`);
  const handle = await openDatabase({ databaseUrl: database.url, dataDir: tmpdir(), dataDirLockWaitSeconds: 0 });
  const servers = [];
  try {
    await handle.migrate();
    const current = await startServer(root, port, { DATABASE_URL: database.url });
    servers.push(current);
    const account = await signUp();
    const started = Date.now();
    const seeded = await seedReports(exec(handle), account);
    console.log(
      `PostgreSQL: ${seeded.storedEvents} stored events seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const baseline = await startServer(baselineRoot, port + 1, { DATABASE_URL: database.url });
    servers.push(baseline);
    await compare(
      "PostgreSQL",
      [
        ["new", current, port],
        ["old", baseline, port + 1],
      ],
      account.token,
    );
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await handle.close();
    await database.drop();
  }
}

if (drivers.includes("pglite")) {
  // The embedded store has one owner at a time: the new server makes the account, this process seeds the store, and
  // each server then serves its own copy of it (the database is in the server's process, so its CPU is the server's).
  const dataDir = mkdtempSync(join(tmpdir(), "timetrap-versus-"));
  const copyDir = mkdtempSync(join(tmpdir(), "timetrap-versus-old-"));
  const servers = [];
  try {
    let current = await startServer(root, port, { DATA_DIR: dataDir });
    const account = await signUp();
    await current.stop();
    const handle = await openDatabase({ databaseUrl: null, dataDir, dataDirLockWaitSeconds: 30 });
    const started = Date.now();
    const seeded = await seedReports(exec(handle), account);
    await handle.close();
    console.log(
      `PGlite: ${seeded.storedEvents} stored events seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    cpSync(dataDir, copyDir, { recursive: true });
    current = await startServer(root, port, { DATA_DIR: dataDir });
    servers.push(current);
    const baseline = await startServer(baselineRoot, port + 1, { DATA_DIR: copyDir });
    servers.push(baseline);
    await compare(
      "PGlite",
      [
        ["new", current, port],
        ["old", baseline, port + 1],
      ],
      account.token,
    );
  } finally {
    for (const server of servers.reverse()) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(copyDir, { recursive: true, force: true });
  }
}
console.log(`load average at the end: ${load()}`);
