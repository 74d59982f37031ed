import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { signedOutTextKeys, textPart } from "../src/lib/i18n-parts.ts";

const prefix = "virtual:texts/";

/**
 * `virtual:texts/<language>/signed-out` and `…/signed-in`: a language's texts (src/locales/<language>.json) split into what the signed-out screens draw and the rest (src/lib/i18n-parts.ts), each its own chunk. The
 * locale files stay whole, as the translators keep them.
 */
export function textPartsPlugin(): Plugin {
  return {
    name: "timetrap-text-parts",
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return null;
      const [language, part] = id.slice(prefix.length + 1).split("/");
      if (!language || !/^[a-z]{2}$/.test(language) || (part !== "signed-out" && part !== "signed-in")) {
        this.error(`unknown texts module ${id.slice(1)}`);
      }
      const file = fileURLToPath(new URL(`../src/locales/${language}.json`, import.meta.url));
      this.addWatchFile(file);
      const texts = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
      const picked = textPart(texts, signedOutTextKeys, part);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});\n`;
    },
  };
}
