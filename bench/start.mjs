/**
 * The start's benchmark (issue 11): how long `npm start` takes from the command to the app's first answer when
 * nothing needs building, on the embedded database after a clean stop (SIGTERM) and after a SIGKILL, and on
 * PostgreSQL; beside a bare Fastify server's start and npm's own start, measured in the same run, interleaved.
 * Goal: a second start answers within 3 s. Prints for each the wall time (command → ready line), the CPU time of the
 * whole command (npm included) and the start's phases as the server logs them.
 *
 * Builds what is out of date first (scripts/build.mjs). Each start runs on a scratch DATA_DIR (and a scratch
 * PostgreSQL database on `BENCH_DATABASE_URL`, skipped when that server cannot be reached), on `BENCH_PORT`
 * (default 3403). `BENCH_RUNS` (default 3) rounds.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { buildStale } from "../scripts/build.mjs";
import { cpuSecondsOf, createDatabase, root } from "./support/processes.mjs";

const runs = Number(process.env.BENCH_RUNS ?? 3);
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const goalSeconds = 3;

buildStale();
// Out of the ephemeral range, where a client socket (the database's) may hold a port a moment later.
const port = Number(process.env.BENCH_PORT ?? 3403);
const dataDir = mkdtempSync(join(tmpdir(), "timetrap-bench-start-"));

/** Pids of `pid` and every process below it. */
function processTree(pid) {
  const children = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
    } catch {
      // Ended meanwhile.
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

const commandOf = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
};

/**
 * Runs `command` until its stdout matches `ready`, then leaves it running. Answers the wall time to that line, the
 * CPU time of the whole process tree by then, the stdout so far and a way to stop it.
 */
async function timeStart({ command, args, env, ready }) {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const waitFor = (pattern, limitMs) =>
    new Promise((resolve, reject) => {
      const check = () => {
        if (!pattern.test(stdout)) return;
        child.stdout.off("data", check);
        clearTimeout(timer);
        resolve(performance.now() - started);
      };
      const timer = setTimeout(
        () => reject(new Error(`no ${pattern} in ${limitMs} ms:\n${stdout}\n${stderr}`)),
        limitMs,
      );
      child.stdout.on("data", check);
      exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`${command} exited before ${pattern}:\n${stdout}\n${stderr}`));
      });
      check();
    });
  child.stdout.setEncoding("utf8").on("data", (chunk) => {
    stdout += chunk;
  });
  const wallMs = await waitFor(ready, 300_000);
  const tree = processTree(child.pid);
  const cpuSeconds = tree.reduce((sum, pid) => sum + (cpuSecondsOf(pid) ?? 0), 0);
  return {
    wallMs,
    cpuSeconds,
    output: () => stdout,
    waitFor,
    /** SIGTERM (a clean stop) or SIGKILL to the server's own process, then waits until npm has ended too. */
    async stop(signal) {
      // The deepest match: npm runs the script through `sh -c`, whose command line names the script too.
      const server = processTree(child.pid).findLast((pid) => /scripts\/start\.mjs|bare-start/.test(commandOf(pid)));
      if (server) process.kill(server, signal);
      else child.kill(signal);
      await exited;
    },
  };
}

/** The server's own figures from its log and ready line. */
function serverFigures(stdout) {
  const phasesLine = stdout.split("\n").find((line) => line.includes('"start phases"'));
  const readyLine = /started in ([\d.]+) s[^,]*, ([\d.]+) s of CPU/.exec(stdout);
  const check = /index check: (\d+) indexes sound in (\d+) ms/.exec(stdout);
  const skipped = /index check skipped: ([^"]*)/.exec(stdout);
  const listening = stdout.indexOf("Timetrap is listening");
  return {
    phases: phasesLine ? JSON.parse(phasesLine).phases : {},
    nodeSeconds: readyLine ? Number(readyLine[1]) : null,
    nodeCpuSeconds: readyLine ? Number(readyLine[2]) : null,
    check: skipped
      ? `skipped (${skipped[1]})`
      : !check
        ? "no index check logged"
        : check.index < listening
          ? "before listening"
          : "after listening",
    checkMs: check ? Number(check[2]) : null,
  };
}

const npmStart = (env) => ({
  command: "npm",
  args: ["start", "--silent"],
  env: { PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "info", DATA_DIR: dataDir, ...env },
  ready: /Timetrap is ready at/,
});

const results = new Map();
const record = (name, figures) => results.set(name, [...(results.get(name) ?? []), figures]);

async function startTimetrap(name, env, { stopWith = "SIGTERM", waitForCheck = true } = {}) {
  const run = await timeStart(npmStart(env));
  // After a clean stop the check runs once the server listens: its end is part of what this start costs.
  if (waitForCheck) await run.waitFor(/index check: (\d+ indexes sound|skipped)/, 120_000);
  record(name, { wallMs: run.wallMs, cpuSeconds: run.cpuSeconds, ...serverFigures(run.output()) });
  await run.stop(stopWith);
}

let postgres = null;
try {
  postgres = await createDatabase(pg, adminUrl, `timetrap_bench_start_${process.pid}`);
} catch (error) {
  console.log(`PostgreSQL at ${adminUrl} not reachable (${error.message}): its rows are skipped`);
}

try {
  console.log(`load average before: ${loadavg()[0].toFixed(1)}`);
  // The store's first start: initdb and every migration. Not what the goal is about, shown for scale.
  await startTimetrap("first start, empty embedded store", {});
  if (postgres) await startTimetrap("first start, empty PostgreSQL database", { DATABASE_URL: postgres.url });
  for (let round = 0; round < runs; round++) {
    const bare = await timeStart({
      command: process.execPath,
      args: [join(root, "bench/support/bare-start.mjs")],
      env: { PORT: String(port) },
      ready: /ready/,
    });
    record("bare Fastify (node, one route)", { wallMs: bare.wallMs, cpuSeconds: bare.cpuSeconds });
    await bare.stop("SIGTERM");
    const npmStarted = performance.now();
    const npm = spawnSync("npm", ["exec", "--offline", "-c", "true"], { cwd: root, stdio: "ignore" });
    if (npm.status === 0) record("npm's own start (npm exec -c true)", { wallMs: performance.now() - npmStarted });
    // The previous start ended with SIGTERM: a clean stop. This one ends with SIGKILL for the next.
    await startTimetrap("Timetrap, embedded, after a clean stop", {}, { stopWith: "SIGKILL" });
    await startTimetrap("Timetrap, embedded, after a SIGKILL", {});
    if (postgres) await startTimetrap("Timetrap, PostgreSQL", { DATABASE_URL: postgres.url });
  }
} finally {
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

const median = (values) => {
  const sorted = values.filter((v) => v !== null && v !== undefined).sort((a, b) => a - b);
  return sorted.length === 0 ? null : sorted[Math.floor((sorted.length - 1) / 2)];
};
const seconds = (ms, width = 5) => (ms === null ? "?" : (ms / 1000).toFixed(2)).padStart(width);
const bareMs = median(results.get("bare Fastify (node, one route)").map((r) => r.wallMs));
console.log(
  `\nnpm start, nothing to build; ${runs} rounds, medians; load average at the end ${loadavg()[0].toFixed(1)}`,
);
console.log(
  `${"".padEnd(40)} ${"wall".padStart(6)} ${"× bare".padStart(7)} ${"CPU".padStart(6)}   phases in the server (open, index check, migrate, app): ms`,
);
for (const [name, rows] of results) {
  const wall = median(rows.map((r) => r.wallMs));
  const cpu = median(rows.map((r) => r.cpuSeconds ?? null));
  const phaseNames = ["openDatabaseMs", "indexCheckMs", "migrateMs", "buildAppMs"];
  const phases = rows[0].phases
    ? phaseNames.map((phase) => String(median(rows.map((r) => r.phases[phase] ?? null)) ?? "–").padStart(5)).join(" ")
    : "";
  const check = rows[0].phases
    ? `index check ${[...new Set(rows.map((r) => r.check))].join(" / ")}, ${median(rows.map((r) => r.checkMs))} ms`
    : "";
  console.log(
    `${name.padEnd(40)} ${seconds(wall)} s ${(wall / bareMs).toFixed(1).padStart(6)} ${cpu === null ? "     ?" : cpu.toFixed(2).padStart(6)} s   ${phases}   ${check}`,
  );
}
for (const name of ["Timetrap, embedded, after a clean stop", "Timetrap, PostgreSQL"]) {
  const rows = results.get(name);
  if (!rows) continue;
  const wall = median(rows.map((r) => r.wallMs));
  console.log(
    `  ${name}: ${seconds(wall).trim()} s (goal ${goalSeconds} s): ${wall / 1000 <= goalSeconds ? "met" : "NOT met"}`,
  );
}
