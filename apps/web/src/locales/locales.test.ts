import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import en from "./en.json";
import it_ from "./it.json";

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

function valueAt(tree: Tree, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);
}

const sourceRoot = join(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Literal keys passed to t(), i18n.t(), i18nKey="…", and keys typed as translation keys in data ("menu.x"). */
function usedKeys(): Set<string> {
  const patterns = [
    /\bt\(\s*["'`]([A-Za-z0-9_.]+)["'`]/g,
    /i18nKey=["']([A-Za-z0-9_.]+)["']/g,
    /\blabel:\s*["']([a-zA-Z]+\.[A-Za-z0-9_.]+)["']/g,
    /\bsoon\(\s*["']([A-Za-z0-9_.]+)["']/g,
    /\(\s*"(menu\.[A-Za-z0-9_]+)"/g,
  ];
  const keys = new Set<string>();
  for (const file of sourceFiles(sourceRoot)) {
    const text = readFileSync(file, "utf8");
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) if (match[1]) keys.add(match[1]);
  }
  return keys;
}

describe("translations", () => {
  const enKeys = keysOf(en as Tree).sort();
  const itKeys = keysOf(it_ as Tree).sort();

  it("has the same keys in Italian and English", () => {
    expect(itKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
    expect(enKeys.filter((key) => !itKeys.includes(key))).toEqual([]);
  });

  it("has no empty text", () => {
    for (const key of enKeys) expect(valueAt(en as Tree, key), `en ${key}`).not.toBe("");
    for (const key of itKeys) expect(valueAt(it_ as Tree, key), `it ${key}`).not.toBe("");
  });

  it("uses the same placeholders in both languages", () => {
    const placeholders = (text: unknown) =>
      [...String(text).matchAll(/{{\s*(\w+)\s*}}|<(\w+)>/g)].map((m) => m[0]).sort();
    for (const key of enKeys) {
      expect(placeholders(valueAt(it_ as Tree, key)), key).toEqual(placeholders(valueAt(en as Tree, key)));
    }
  });

  it("has the spec's keys", () => {
    const required = [
      "screens.login.login",
      "screens.login.email",
      "screens.login.password",
      "screens.login.loginError",
      "screens.login.signUp",
      "screens.login.signUpError",
      "screens.login.nominative",
      "screens.login.confirmPassword",
      "screens.login.notSignup",
      "screens.login.alreadySignup",
      "screens.login.ctaLogin",
      "screens.login.ctaSignup",
      "screens.login.lostPassword",
      "screens.lostPassword.requestSuccess",
      "common.error",
      "common.actionExecutedSuccessfully",
      "components.changelogModal.error",
      "calendar.today",
      ...Array.from({ length: 12 }, (_, month) => `months.${month}`),
    ];
    expect(required.filter((key) => !enKeys.includes(key))).toEqual([]);
  });

  it("has every key that the sources use", () => {
    const used = [...usedKeys()];
    expect(used.length).toBeGreaterThan(50);
    expect(used.filter((key) => !enKeys.includes(key))).toEqual([]);
    expect(used.filter((key) => !itKeys.includes(key))).toEqual([]);
  });
});
