import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const templatePath = fileURLToPath(new URL("./sw.js", import.meta.url));

/**
 * Emits `sw.js` next to the built app. The worker's text carries a build id and the list of the
 * build's files, so every build yields a different worker and browsers notice the update.
 */
export function serviceWorkerPlugin(
  options: {
    extraFiles?: string[];
    /** Files left to be cached when first fetched: large ones only some screens need. */
    notPrecached?: RegExp[];
  } = {},
): Plugin {
  return {
    name: "timetrap-service-worker",
    apply: "build",
    enforce: "post",
    generateBundle(_output, bundle) {
      const built = Object.keys(bundle)
        .filter((file) => !file.endsWith(".map") && file !== "sw.js" && file !== "index.html")
        .map((file) => `/${file}`)
        .filter((file) => !options.notPrecached?.some((pattern) => pattern.test(file)));
      const precache = ["/index.html", ...(options.extraFiles ?? []), ...built.sort()];
      const buildId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      const source = readFileSync(templatePath, "utf8")
        .replace('const BUILD_ID = "development";', `const BUILD_ID = ${JSON.stringify(buildId)};`)
        .replace("const PRECACHE = [];", `const PRECACHE = ${JSON.stringify(precache)};`);
      if (!source.includes(buildId)) this.error("sw.js template placeholders not found");
      this.emitFile({ type: "asset", fileName: "sw.js", source });
    },
  };
}
