/**
 * Builds the domain package, the server and the web app, each only when its inputs changed since its last build.
 * A build leaves a fingerprint of its inputs (paths and contents) in its output folder; a build whose fingerprint
 * matches the inputs now, and whose output is there, is skipped. Contents, not modification times: a checkout or a
 * copy that touches files without changing them does not cost a rebuild.
 *
 * `node scripts/build.mjs` builds what is out of date; `--force` builds everything. `npm start` runs the same check
 * before it starts the server (scripts/start.mjs).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";

export const root = resolve(import.meta.dirname, "..");

/** In build order: the server's code imports the domain package's output. */
export const targets = [
  {
    name: "domain package",
    workspace: "@timetrap/domain",
    output: "packages/domain/dist",
    check: "packages/domain/dist/index.js",
    inputs: [
      "packages/domain/src",
      "packages/domain/package.json",
      "packages/domain/tsconfig.json",
      "packages/domain/tsconfig.build.json",
    ],
  },
  {
    name: "server",
    workspace: "@timetrap/server",
    output: "apps/server/dist",
    check: "apps/server/dist/server.js",
    inputs: [
      "apps/server/src",
      "apps/server/package.json",
      "apps/server/tsconfig.json",
      "apps/server/tsconfig.build.json",
    ],
  },
  {
    name: "web app",
    workspace: "@timetrap/web",
    output: "apps/web/dist",
    check: "apps/web/dist/index.html",
    inputs: [
      "apps/web/src",
      "apps/web/public",
      "apps/web/index.html",
      "apps/web/vite.config.ts",
      // The plugins and chunk rules vite.config.ts imports (not the bundle report, which is an output).
      "apps/web/bundle/text-parts-plugin.ts",
      "apps/web/bundle/text-areas.ts",
      "apps/web/bundle/preload-plugin.ts",
      "apps/web/bundle/report-plugin.ts",
      "apps/web/bundle/route-scripts.ts",
      "apps/web/bundle/routes.ts",
      "apps/web/postcss.config.cjs",
      "apps/web/precompress",
      "apps/web/service-worker",
      "apps/web/package.json",
      "apps/web/tsconfig.json",
      // The web app bundles the domain package's source, not its build.
      "packages/domain/src",
      "packages/domain/package.json",
    ],
  },
];

/** Shared by every target: the compiler settings and the installed libraries' versions. */
const commonInputs = ["tsconfig.base.json", "package-lock.json"];
const stampName = ".build-fingerprint";

/** Tests do not reach any build's output. */
const ignored = (name) => name === "node_modules" || name === "dist" || /\.test\.tsx?$/.test(name);

function filesUnder(path) {
  const absolute = join(root, path);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [absolute];
  return readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => !ignored(entry.name))
    .flatMap((entry) => filesUnder(relative(root, join(absolute, entry.name))));
}

/** A hash of every input's path and contents. */
export function fingerprint(target) {
  const hash = createHash("sha256");
  const files = [...new Set([...target.inputs, ...commonInputs].flatMap(filesUnder))].sort();
  for (const file of files) {
    hash.update(relative(root, file));
    hash.update("\0");
    hash.update(readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** Why `target` needs a build, or null when its output is current. */
export function staleness(target, current = fingerprint(target)) {
  if (!existsSync(join(root, target.check))) return "not built yet";
  const stampPath = join(root, target.output, stampName);
  if (!existsSync(stampPath)) return "built by an older version of this script or by hand";
  return readFileSync(stampPath, "utf8").trim() === current ? null : "its sources changed";
}

/**
 * Builds each target that is out of date (every target with `force`), printing what it builds and why. Answers the
 * names of the targets built. A failed build exits the process with the build's status.
 */
export function buildStale({ force = false, log = (line) => process.stdout.write(`${line}\n`) } = {}) {
  const built = [];
  for (const target of targets) {
    const current = fingerprint(target);
    const reason = force ? "asked to build" : staleness(target, current);
    if (reason === null) continue;
    log(`Building the ${target.name} (${reason})…`);
    const started = performance.now();
    const result = spawnSync("npm", ["run", "build", "--silent", "-w", target.workspace], {
      cwd: root,
      stdio: "inherit",
      shell: process.platform === "win32",
    });
    if (result.status !== 0) {
      log(`Building the ${target.name} failed.`);
      process.exit(result.status ?? 1);
    }
    writeFileSync(join(root, target.output, stampName), `${current}\n`);
    log(`Built the ${target.name} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    built.push(target.name);
  }
  return built;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const built = buildStale({ force: process.argv.includes("--force") });
  if (built.length === 0) console.log("Everything is up to date.");
}
