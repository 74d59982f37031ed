/**
 * `npm run bench`: builds what is out of date, then runs every benchmark of this folder one after the other (never
 * two at once, which would measure each other), each printing its figures and ratios, and ends with the load average
 * around each, since the figures follow whatever else the machine runs.
 *
 * `npm run bench -- board-api reports` runs only those. The environment passes through (`BENCH_DATABASE_URL`,
 * `BENCH_DURATION_MS`, ...; see bench/README.md); `BENCH_DRIVERS` defaults to `postgres` here, as the reports'
 * embedded-database run seeds its own copy for minutes (`BENCH_DRIVERS=postgres,pglite npm run bench` adds it).
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { loadavg } from "node:os";
import { basename, join } from "node:path";
import { buildStale } from "../scripts/build.mjs";

const folder = import.meta.dirname;
const all = readdirSync(folder)
  .filter((name) => name.endsWith(".mjs") && name !== basename(import.meta.filename))
  .map((name) => name.replace(/\.mjs$/, ""))
  .sort();
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !all.includes(name));
if (unknown.length > 0) {
  console.error(`No benchmark named ${unknown.join(", ")}; there are ${all.join(", ")}.`);
  process.exit(2);
}
// reports-versus compares with an earlier build, which has to be checked out and built first (BENCH_BASELINE).
const needsBaseline = ["reports-versus"];
const chosen =
  asked.length > 0 ? asked : all.filter((name) => process.env.BENCH_BASELINE || !needsBaseline.includes(name));
if (chosen.length < all.length && asked.length === 0) {
  console.log(`Left out without BENCH_BASELINE (see bench/README.md): ${needsBaseline.join(", ")}`);
}

buildStale();
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");
const summary = [];
for (const name of chosen) {
  console.log(`\n== ${name} (load average ${load()})`);
  const started = performance.now();
  const result = spawnSync(process.execPath, [join(folder, `${name}.mjs`)], {
    stdio: "inherit",
    env: { BENCH_DRIVERS: "postgres", ...process.env },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  summary.push(
    `${name.padEnd(14)} ${result.status === 0 ? "done  " : "FAILED"} in ${seconds.padStart(4)} s, load average after: ${load()}`,
  );
}
console.log(`\n== summary (${process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"})`);
for (const line of summary) console.log(line);
if (summary.some((line) => line.includes("FAILED"))) process.exit(1);
