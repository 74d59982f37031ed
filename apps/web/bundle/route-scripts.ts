import { readFileSync } from "node:fs";
import { join } from "node:path";
import { constants, gzipSync } from "node:zlib";

/** One entry of Vite's `.vite/manifest.json`, keyed by source path (or `_name-hash.js` for shared chunks). */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** A route and the lazily loaded modules it draws, in the order it fetches them (the shell, then the page). */
export interface RouteDefinition {
  path: string;
  /**
   * Manifest keys: source paths relative to apps/web, as `import()` names them. A list stands for modules of which
   * the route fetches one (a language's texts): the largest counts.
   */
  modules: (string | string[])[];
  /** Budget for its scripts, gzipped, in bytes. */
  budget: number;
}

/** What a route's scripts come to. */
export interface RouteScripts {
  /** The route, or the route with a part it loads on demand ("/user/:userId/projects/:projectId + …"). */
  name: string;
  budget: number;
  /** Manifest keys of every chunk it loads. */
  chunks: string[];
  /** Gzipped bytes of all of them. */
  gzipBytes: number;
}

/** The manifest key of the HTML entry. */
export function entryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.length}`);
  return (entries[0] as [string, ManifestChunk])[0];
}

/** The chunk and everything it imports statically: what the browser fetches (modulepreloads) to run it. */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the manifest has no chunk "${key}"`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** Modules named with `import()` by any of the chunks. */
export function dynamicImportsOf(manifest: Manifest, chunks: Iterable<string>): Set<string> {
  const found = new Set<string>();
  for (const key of chunks) for (const imported of manifest[key]?.dynamicImports ?? []) found.add(imported);
  return found;
}

/** Gzipped size (level 9, as the build's precompressed copies) of a built file, read once. */
export function gzipSizer(outDir: string): (file: string) => number {
  const sizes = new Map<string, number>();
  return (file) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(outDir, file)), { level: constants.Z_BEST_COMPRESSION }).length;
      sizes.set(file, size);
    }
    return size;
  };
}

export interface RouteScriptOptions {
  routes: RouteDefinition[];
  /**
   * Sets of modules the first load fetches with `import()` of which it always needs one (the reader's language):
   * the largest of each set counts with every route.
   */
  oneOf: string[][];
  /**
   * Modules the first load fetches with `import()` only when something asks for them (the first toast, the service
   * worker's update notice): counted as parts loaded on demand on top of every route.
   */
  later: string[];
  /**
   * Modules loaded with `import()` that are data fetched on demand rather than a route's scripts: left out of the
   * count (with their static imports that no route loads), and reported apart.
   */
  onDemandData: string[];
  /** Budget for a route together with one part it loads on demand (a tab, a dialog, the toasts). */
  onDemandBudget: number;
}

/**
 * The scripts of every route: the entry and its static imports, the largest of each `oneOf` set (the texts), plus each
 * of the route's lazy modules and their static imports. Then, for every part a route loads later with `import()` (a
 * tab, a dialog), the route's scripts with that part (and with the parts that lead to it), so that nothing a route can
 * reach escapes a budget. Every module the first load names with `import()` must be a route's module, in a `oneOf`
 * set, `later` or data on demand: a new page outside the table fails here rather than going unmeasured.
 */
export function routeScripts(
  manifest: Manifest,
  sizeOf: (file: string) => number,
  { routes, oneOf, later, onDemandData, onDemandBudget }: RouteScriptOptions,
): { routes: RouteScripts[]; unlisted: string[] } {
  const entry = entryKey(manifest);
  const bytes = (chunks: Set<string>) => [...chunks].reduce((sum, key) => sum + sizeOf(fileOf(manifest, key)), 0);
  /** Of modules one of which is fetched, the one that with its imports weighs most on top of `loaded`. */
  const largestOf = (set: string[], loaded: Set<string>) =>
    set.map((key) => staticClosure(manifest, key, new Set(loaded))).reduce((a, b) => (bytes(b) > bytes(a) ? b : a));
  const first = staticClosure(manifest, entry);
  for (const set of oneOf) for (const key of largestOf(set, first)) first.add(key);
  const routeModules = new Set(routes.flatMap((route) => route.modules.flat()));
  const known = new Set([...routeModules, ...oneOf.flat(), ...later, ...onDemandData]);
  const unlisted = [...dynamicImportsOf(manifest, first)].filter((key) => !known.has(key));
  const skipped = new Set([...routeModules, ...oneOf.flat(), ...onDemandData]);

  const results: RouteScripts[] = [];
  for (const route of routes) {
    const chunks = new Set(first);
    for (const module of route.modules) {
      if (typeof module === "string") staticClosure(manifest, module, chunks);
      else for (const key of largestOf(module, chunks)) chunks.add(key);
    }
    results.push({ name: route.path, budget: route.budget, chunks: [...chunks], gzipBytes: bytes(chunks) });

    // Parts loaded on demand: from the route's chunks, then from those parts' own chunks, each on top of what led there.
    const seen = new Set<string>();
    const visit = (loaded: Set<string>, added: Iterable<string>, label: string) => {
      for (const part of dynamicImportsOf(manifest, added)) {
        if (skipped.has(part) || seen.has(part)) continue;
        seen.add(part);
        const withPart = staticClosure(manifest, part, new Set(loaded));
        const name = `${label} + ${manifest[part]?.name ?? part}`;
        results.push({ name, budget: onDemandBudget, chunks: [...withPart], gzipBytes: bytes(withPart) });
        visit(
          withPart,
          [...withPart].filter((key) => !loaded.has(key)),
          name,
        );
      }
    };
    visit(chunks, chunks, route.path);
  }
  return { routes: results, unlisted };
}

export function fileOf(manifest: Manifest, key: string): string {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the manifest has no chunk "${key}"`);
  return chunk.file;
}

/** The chunks of a route that make it go over its budget, largest first, as "file 12.3 KB". */
export function largestChunks(manifest: Manifest, sizeOf: (file: string) => number, chunks: string[], count = 8) {
  return chunks
    .map((key) => ({ file: fileOf(manifest, key), bytes: sizeOf(fileOf(manifest, key)) }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count);
}

export const kilobytes = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
