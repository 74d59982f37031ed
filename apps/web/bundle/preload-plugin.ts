import type { Plugin, Rollup } from "vite";

/**
 * `build.modulePreload.resolveDependencies` that leaves out of a dynamic import's preload list the chunks its host chunk
 * imports statically: those are loaded already when the import runs. Vite lists every chunk the imported one needs,
 * and the entry names them for each of its thirty lazy pages (3 KB of the first load, gzipped, for nothing).
 */
export function preloadWithoutHostImports(): {
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
    resolveDependencies(_file, deps, { hostId, hostType }) {
      if (hostType !== "js" || !bundle?.[hostId]) return deps;
      const loaded = staticClosure(hostId);
      return deps.filter((dep) => !loaded.has(dep));
    },
  };
}
