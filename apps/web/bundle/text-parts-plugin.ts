import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { textAreas } from "../src/lib/i18n-parts.ts";
import { type TextPartName, textAreaKeys, textsOfPart } from "./text-areas.ts";

const index = "virtual:texts";
/** The loaders of the signed-in parts: fetched with the first of them, so that the first load names only its own. */
const signedInIndex = "virtual:texts/signed-in-loaders";
const prefix = "virtual:texts/";
const languages = ["it", "en"];
const partNames: TextPartName[] = ["signed-out", ...textAreas, "rest"];

/**
 * The texts in parts (decision 016), each its own chunk: `virtual:texts/<language>/<part>` holds a language's texts
 * (src/locales/<language>.json) of one part: the signed-out screens', the shell's, a signed-in page's, or the rest
 * (bundle/text-areas.ts). `virtual:texts` exports a loader for each. The locale files stay whole, as translators keep
 * them.
 */
export function textPartsPlugin(): Plugin {
  // The keys of each part, found once per build (the sources are the same for both languages).
  let parts: ReturnType<typeof textAreaKeys> | undefined;
  return {
    name: "timetrap-text-parts",
    buildStart() {
      parts = undefined;
    },
    resolveId(id) {
      return id === index || id.startsWith(prefix) ? `\0${id}` : null;
    },
    load(id) {
      const loadersOf = (parts: TextPartName[]) =>
        `{${languages
          .map(
            (language) =>
              `${JSON.stringify(language)}: {${parts
                .map(
                  (part) => `${JSON.stringify(part)}: () => import(${JSON.stringify(`${prefix}${language}/${part}`)})`,
                )
                .join(", ")}}`,
          )
          .join(", ")}}`;
      if (id === `\0${index}`) {
        return [
          `export const signedOutLoaders = ${loadersOf(["signed-out"])};`,
          `export const signedInLoaders = () => import(${JSON.stringify(signedInIndex)}).then((module) => module.loaders);`,
          "",
        ].join("\n");
      }
      if (id === `\0${signedInIndex}`) {
        return `export const loaders = ${loadersOf(partNames.filter((part) => part !== "signed-out"))};\n`;
      }
      if (!id.startsWith(`\0${prefix}`)) return null;
      const [language, part] = id.slice(prefix.length + 1).split("/") as [string, TextPartName];
      if (!languages.includes(language) || !partNames.includes(part)) this.error(`unknown texts module ${id.slice(1)}`);
      const file = fileURLToPath(new URL(`../src/locales/${language}.json`, import.meta.url));
      this.addWatchFile(file);
      const texts = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
      parts ??= textAreaKeys(texts);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(textsOfPart(texts, part, parts)))});\n`;
    },
  };
}
