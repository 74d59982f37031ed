import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fileOf,
  gzipSizer,
  kilobytes,
  type Manifest,
  type RouteScripts,
  routeScripts,
  staticClosure,
} from "./route-scripts.ts";
import {
  languageTexts,
  loadedLater,
  onDemandBudget,
  passwordDictionaries,
  passwordDictionariesBudget,
  passwordDictionariesChunk,
  routes,
} from "./routes.ts";

const webRoot = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);
const viteBin = join(dirname(require.resolve("vite/package.json")), "bin", "vite.js");

/**
 * The first-load budget (issue 11, decision 016): the app is built as in production (without source maps and the
 * precompressed copies, which change nothing the browser fetches), and the scripts each route needs are added up
 * from the build's manifest, gzipped. BUNDLE_BUDGET_DIST names an existing build with a manifest to measure instead.
 */
let outDir = process.env.BUNDLE_BUDGET_DIST ?? "";
let manifest: Manifest;
let sizeOf: (file: string) => number;
let measured: ReturnType<typeof routeScripts>;

beforeAll(() => {
  if (!outDir) {
    outDir = mkdtempSync(join(tmpdir(), "timetrap-bundle-budget-"));
    execFileSync(
      process.execPath,
      [
        viteBin,
        "build",
        "--outDir",
        outDir,
        "--emptyOutDir",
        "--manifest",
        "--sourcemap",
        "false",
        "--logLevel",
        "warn",
      ],
      { cwd: webRoot, env: { ...process.env, NODE_ENV: "production", TIMETRAP_PRECOMPRESS: "off" }, stdio: "pipe" },
    );
  }
  manifest = JSON.parse(readFileSync(join(outDir, ".vite", "manifest.json"), "utf8")) as Manifest;
  sizeOf = gzipSizer(outDir);
  measured = routeScripts(manifest, sizeOf, {
    routes,
    oneOf: [languageTexts],
    later: loadedLater,
    onDemandData: [passwordDictionaries],
    onDemandBudget,
  });
  // The figures, for the log of every run.
  console.info(
    measured.routes
      .map((route) => `${kilobytes(route.gzipBytes).padStart(9)}  ${route.name} ${route.gzipBytes}/${route.budget}`)
      .join("\n"),
  );
}, 180_000);

afterAll(() => {
  if (!process.env.BUNDLE_BUDGET_DIST && outDir) rmSync(outDir, { recursive: true, force: true });
});

/** The route's chunks, largest first, naming those that no lighter route shares. */
function overBudget(route: RouteScripts): string {
  const chunks = route.chunks
    .map((key) => ({ file: fileOf(manifest, key), bytes: sizeOf(fileOf(manifest, key)) }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 10)
    .map(({ file, bytes }) => `${file} ${kilobytes(bytes)}`);
  return `${route.name}: ${kilobytes(route.gzipBytes)} gzipped, over its ${kilobytes(route.budget)}; largest chunks: ${chunks.join(", ")}`;
}

describe("the scripts each route loads, gzipped", () => {
  it("every module the first load fetches lazily belongs to a route of the budget's table", () => {
    expect(measured.unlisted, "lazy modules that no route of bundle/routes.ts names").toEqual([]);
  });

  it("every route of the table is a lazily loaded chunk of the build", () => {
    const missing = routes.flatMap((route) => route.modules.flat()).filter((key) => !manifest[key]?.isDynamicEntry);
    expect(missing, "modules of bundle/routes.ts that the build does not load with import()").toEqual([]);
  });

  it("stays within the budgets: 150 KB for /login and /signup, 350 KB for any route, 450 KB with a part it opens", () => {
    const over = measured.routes.filter((route) => route.gzipBytes > route.budget).map(overBudget);
    expect(over, over.join("\n")).toEqual([]);
  });

  it("fetches the password meter's dictionaries only on demand, and keeps them within their own budget", () => {
    const dictionaries = Object.keys(manifest).filter((key) => manifest[key]?.name === passwordDictionariesChunk);
    expect(dictionaries, `the build's "${passwordDictionariesChunk}" chunk`).toHaveLength(1);
    const withThem = measured.routes.filter((route) => route.chunks.some((key) => dictionaries.includes(key)));
    expect(
      withThem.map((route) => route.name),
      "routes that load the dictionaries with their scripts",
    ).toEqual([]);
    // What typing a new password on /signup fetches on top of the page.
    const signup = new Set(measured.routes.find((route) => route.name === "/signup")?.chunks);
    const onDemand = [...staticClosure(manifest, passwordDictionaries)].filter((key) => !signup.has(key));
    const bytes = onDemand.reduce((sum, key) => sum + sizeOf(fileOf(manifest, key)), 0);
    expect(bytes, `the meter with its dictionaries: ${kilobytes(bytes)}`).toBeLessThanOrEqual(
      passwordDictionariesBudget,
    );
  });
});
