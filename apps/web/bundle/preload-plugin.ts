import type { Plugin, Rollup } from "vite";

/**
 * `build.modulePreload.resolveDependencies` that leaves out of a dynamic import's preload list the chunks its host chunk
 * imports statically: those are loaded already when the import runs. Vite lists every chunk the imported one needs,
 * and the entry names them for each of its thirty lazy pages (3 KB of the first load, gzipped, for nothing).
 *
 * `inside.pages` (source paths relative to the web root) are drawn only inside `inside.layout`, whose module has loaded
 * before any of them is imported (the router renders the layout's outlet only then): their lists leave out what the
 * layout imports statically too (the signed-in pages and the shell, another 1 KB of the entry).
 */
export function preloadWithoutHostImports(inside?: { layout: string; pages: readonly string[] }): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], context: { hostId: string; hostType: "html" | "js" }) => string[];
} {
  let bundle: Rollup.OutputBundle | undefined;
  const closures = new Map<string, Set<string>>();
  const staticClosure = (fileName: string): Set<string> => {
    let closure = closures.get(fileName);
    if (!closure) {
      closure = new Set<string>();
      const queue = [fileName];
      while (queue.length > 0) {
        const name = queue.pop() as string;
        if (closure.has(name)) continue;
        closure.add(name);
        const chunk = bundle?.[name];
        if (chunk?.type === "chunk") queue.push(...chunk.imports);
      }
      closures.set(fileName, closure);
    }
    return closure;
  };
  /** The file of the chunk whose own module is `source` (relative to the web root). */
  const chunkOf = (source: string): string | undefined =>
    Object.values(bundle ?? {}).find(
      (chunk) => chunk.type === "chunk" && chunk.facadeModuleId?.replaceAll("\\", "/").endsWith(`/${source}`),
    )?.fileName;
  const isInsideLayout = (file: string): boolean => {
    const chunk = bundle?.[file];
    const module = chunk?.type === "chunk" ? chunk.facadeModuleId?.replaceAll("\\", "/") : undefined;
    return !!module && !!inside?.pages.some((page) => module.endsWith(`/${page}`));
  };
  return {
    plugin: {
      name: "timetrap-preload-without-host-imports",
      apply: "build",
      generateBundle: {
        order: "pre",
        handler(_options, output) {
          bundle = output;
          closures.clear();
        },
      },
    },
    resolveDependencies(file, deps, { hostId, hostType }) {
      if (hostType !== "js" || !bundle?.[hostId]) return deps;
      const loaded = staticClosure(hostId);
      const layout = inside && isInsideLayout(file) ? chunkOf(inside.layout) : undefined;
      const loadedWithLayout = layout ? staticClosure(layout) : new Set<string>();
      return deps.filter((dep) => !loaded.has(dep) && !loadedWithLayout.has(dep));
    },
  };
}
