import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import en from "../locales/en.json";
import { mergeTextParts, signedOutScreens, signedOutTextKeys, textPart } from "./i18n-parts";

const sourceRoot = join(import.meta.dirname, "..");

/** The app's own modules a module imports, statically or with `import()` (relative imports; `import type` left out). */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found: string[] = [];
  const specifiers = [
    ...text.matchAll(/^import\s+(?!type\b)(?:[^"';]*?\sfrom\s+)?["'](\.{1,2}\/[^"']+)["']/gm),
    // What a signed-out screen opens later (the strength bar, Google's button); the page table's pages are not its own.
    ...(file.endsWith(join("app", "pages.ts")) ? [] : text.matchAll(/\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g)),
  ];
  for (const match of specifiers) {
    const base = resolve(dirname(file), match[1] as string);
    const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
    const path = candidates.find((candidate) => existsSync(candidate) && /\.tsx?$/.test(candidate));
    if (path) found.push(path);
  }
  return found;
}

function signedOutSources(): Set<string> {
  const seen = new Set<string>();
  const queue = signedOutScreens.map((path) => join(sourceRoot, path));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...relativeImports(file));
  }
  return seen;
}

/**
 * The texts' keys a source names, to their second level ("screens.login"): t("x.y…"), i18nKey="x.y…", and keys written
 * as data ("x.y"); a key built from a prefix (t(`x.${…}`)) counts as the whole of its top level.
 */
function keysIn(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const patterns = [
    /\bt\(\s*["'`]([A-Za-z0-9_]+)\.([A-Za-z0-9_]*)/g,
    /i18nKey=["']([A-Za-z0-9_]+)\.([A-Za-z0-9_]+)/g,
    /["'`]([a-zA-Z]+)\.([a-zA-Z0-9_]+)(?:\.[a-zA-Z0-9_]+)*["'`]/g,
  ];
  const topLevel = new Set(Object.keys(en));
  const keys = new Set<string>();
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const [, top, child] = match;
      if (top && topLevel.has(top)) keys.add(child ? `${top}.${child}` : top);
    }
  }
  return [...keys];
}

/** Whether the signed-out part holds `key` ("x" or "x.y"). */
function inSignedOutPart(key: string): boolean {
  const listed = new Set<string>(signedOutTextKeys);
  const [top] = key.split(".");
  return listed.has(key) || (top !== undefined && listed.has(top));
}

describe("the signed-out part of the texts", () => {
  it("holds every key that the signed-out screens' sources use", () => {
    const sources = signedOutSources();
    expect(sources.size).toBeGreaterThan(20);
    const missing = [...sources].flatMap((file) =>
      keysIn(file)
        .filter((key) => !inSignedOutPart(key))
        .map((key) => `${key} (${file.slice(sourceRoot.length + 1)})`),
    );
    expect(missing).toEqual([]);
  });

  it("names only keys the texts have, and leaves most of them to the signed-in part", () => {
    const texts = en as Record<string, Record<string, unknown>>;
    const unknown = signedOutTextKeys.filter((key) => {
      const [top, child] = key.split(".") as [string, string | undefined];
      return !(top in texts) || (child !== undefined && !(child in (texts[top] ?? {})));
    });
    expect(unknown).toEqual([]);
    const size = (part: object) => JSON.stringify(part).length;
    expect(size(textPart(en, signedOutTextKeys, "signed-out"))).toBeLessThan(size(en) / 4);
  });

  it("splits the texts into two parts that together are the whole", () => {
    const signedOut = textPart(en, signedOutTextKeys, "signed-out");
    const signedIn = textPart(en, signedOutTextKeys, "signed-in");
    expect(mergeTextParts(signedOut, signedIn)).toEqual(en);
    expect(Object.keys(signedOut)).toContain("screens");
    expect(Object.keys((signedOut as { screens: object }).screens)).toEqual([
      "login",
      "lostPassword",
      "changePassword",
    ]);
    expect(Object.keys((signedIn as { screens: object }).screens)).not.toContain("login");
  });
});
