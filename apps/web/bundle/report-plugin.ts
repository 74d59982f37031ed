import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import type { Plugin } from "vite";
import { fileOf, gzipSizer, kilobytes, type Manifest, routeScripts } from "./route-scripts.ts";
import { languageTexts, loadedLater, onDemandBudget, passwordDictionaries, routes } from "./routes.ts";

interface ChunkModules {
  file: string;
  /** Source module (relative to apps/web, or the package name for a library) and its rendered bytes before minifying. */
  modules: { id: string; bytes: number }[];
}

/** `node_modules/@scope/name/…` → `@scope/name`; an app module keeps its path from apps/web. */
function moduleName(id: string, root: string): string {
  const clean = id.replace(/^\0/, "").replace(/\?.*$/, "");
  const library = clean.match(/node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/);
  if (library?.[1]) return library[1].replace("\\", "/");
  return relative(root, clean).replaceAll("\\", "/");
}

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/**
 * `npm run build:analyze`: after the build, writes `bundle/report/index.html` (and `report.json`) beside this file:
 * the scripts each route loads, gzipped, against its budget (as bundle/budget.test.ts counts them), then every chunk
 * with its gzipped size and what it is made of, grouped by library or app module. Needs the build's manifest
 * (`vite build --manifest`).
 */
export function bundleReportPlugin({ reportDir }: { reportDir: string }): Plugin {
  let root = "";
  let outDir = "";
  const chunks: ChunkModules[] = [];
  return {
    name: "timetrap-bundle-report",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const byName = new Map<string, number>();
        for (const [id, module] of Object.entries(output.modules)) {
          const name = moduleName(id, root);
          byName.set(name, (byName.get(name) ?? 0) + module.renderedLength);
        }
        chunks.push({
          file: output.fileName,
          modules: [...byName].map(([id, bytes]) => ({ id, bytes })).sort((a, b) => b.bytes - a.bytes),
        });
      }
    },
    closeBundle: {
      order: "post",
      handler() {
        const manifestPath = join(outDir, ".vite", "manifest.json");
        const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
        const sizeOf = gzipSizer(outDir);
        const measured = routeScripts(manifest, sizeOf, {
          routes,
          oneOf: [languageTexts],
          later: loadedLater,
          onDemandData: [passwordDictionaries],
          onDemandBudget,
        });
        const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
        const report = {
          routes: measured.routes.map((route) => ({
            route: route.name,
            gzipBytes: route.gzipBytes,
            budget: route.budget,
            files: route.chunks.map((key) => fileOf(manifest, key)),
          })),
          unlisted: measured.unlisted,
          chunks: chunks
            .map((chunk) => ({ ...chunk, gzipBytes: sizeOf(chunk.file), key: keyOfFile.get(chunk.file) }))
            .sort((a, b) => b.gzipBytes - a.gzipBytes),
        };
        mkdirSync(reportDir, { recursive: true });
        writeFileSync(join(reportDir, "report.json"), `${JSON.stringify(report, null, 2)}\n`);
        writeFileSync(join(reportDir, "index.html"), renderHtml(report));
        this.info?.(`bundle report: ${join(reportDir, "index.html")}`);
        console.info(`Bundle report written to ${join(reportDir, "index.html")}`);
      },
    },
  };
}

type Report = {
  routes: { route: string; gzipBytes: number; budget: number; files: string[] }[];
  unlisted: string[];
  chunks: (ChunkModules & { gzipBytes: number; key?: string })[];
};

function renderHtml(report: Report): string {
  const routeRows = report.routes
    .map(
      (route) =>
        `<tr class="${route.gzipBytes > route.budget ? "over" : ""}"><td>${escapeHtml(route.route)}</td>` +
        `<td class="n">${kilobytes(route.gzipBytes)}</td><td class="n">${kilobytes(route.budget)}</td>` +
        `<td class="n">${route.files.length}</td></tr>`,
    )
    .join("\n");
  const chunkSections = report.chunks
    .map((chunk) => {
      const total = chunk.modules.reduce((sum, module) => sum + module.bytes, 0) || 1;
      const rows = chunk.modules
        .map(
          (module) =>
            `<tr><td>${escapeHtml(module.id)}</td><td class="n">${kilobytes(module.bytes)}</td>` +
            `<td class="bar"><span style="width:${((100 * module.bytes) / total).toFixed(1)}%"></span></td></tr>`,
        )
        .join("\n");
      const usedBy = report.routes.filter((route) => route.files.includes(chunk.file)).length;
      return (
        `<details><summary><b>${escapeHtml(chunk.file)}</b> — ${kilobytes(chunk.gzipBytes)} gzipped, ` +
        `${chunk.modules.length} sources, loaded by ${usedBy} of ${report.routes.length} routes</summary>` +
        `<table><tr><th>source</th><th>rendered</th><th></th></tr>${rows}</table></details>`
      );
    })
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Timetrap bundle report</title>
<style>
body{font:14px system-ui,sans-serif;margin:2rem;max-width:1100px}
table{border-collapse:collapse;margin:.5rem 0 1rem}td,th{padding:2px 10px;text-align:left}
.n{text-align:right;font-variant-numeric:tabular-nums}.over{background:#ffe3e3}
.bar{width:300px}.bar span{display:block;height:10px;background:#4263eb}
details{margin:.3rem 0}
</style></head><body>
<h1>Timetrap bundle report</h1>
<h2>Scripts per route (gzipped)</h2>
<p>The entry and its static imports, plus the route's lazy chunks and theirs; "+ name" rows add a part the route loads on
demand. The password meter's dictionaries are data fetched on demand and counted apart (decision 016).</p>
<table><tr><th>route</th><th>gzipped</th><th>budget</th><th>chunks</th></tr>
${routeRows}</table>
${report.unlisted.length ? `<p class="over">Lazy modules no route names: ${escapeHtml(report.unlisted.join(", "))}</p>` : ""}
<h2>Chunks, largest first</h2>
<p>Sizes of sources are as rendered into the chunk, before minifying: they show proportions.</p>
${chunkSections}
</body></html>
`;
}
