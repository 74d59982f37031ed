import { describe, expect, test } from "vitest";
import { preferredLanguage } from "./preferred-language.js";

describe("preferredLanguage", () => {
  test.each([
    [undefined, "it"],
    ["", "it"],
    ["en-US,en;q=0.9", "en"],
    ["it-IT,it;q=0.9,en;q=0.8", "it"],
    ["de-DE,de;q=0.9,en;q=0.5,it;q=0.4", "en"],
    ["fr;q=1, it;q=0.2, en;q=0.7", "en"],
    ["en;q=0, it;q=0.1", "it"],
    ["EN", "en"],
    ["de", "it"],
  ])("Accept-Language %j gives %s", (header, expected) => {
    expect(preferredLanguage(header)).toBe(expected);
  });
});
