import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { holds, keysIn, sourcesFrom } from "../../bundle/text-areas";
import en from "../locales/en.json";
import { mergeTextParts, signedOutScreens, signedOutTextKeys, textPart } from "./i18n-parts";

const sourceRoot = join(import.meta.dirname, "..");

/** What the signed-out screens reach, and what they open later (the strength bar, Google's button); not the page table's pages. */
const signedOutKeys = new Set<string>(signedOutTextKeys);
const signedOutSources = () => sourcesFrom(signedOutScreens, (file) => !file.endsWith(join("app", "pages.ts")));

describe("the signed-out part of the texts", () => {
  it("holds every key that the signed-out screens' sources use", () => {
    const sources = signedOutSources();
    expect(sources.size).toBeGreaterThan(20);
    const missing = [...sources].flatMap((file) =>
      keysIn(file, new Set(Object.keys(en)))
        .filter((key) => !holds(signedOutKeys, key))
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
