import { describe, expect, it } from "vitest";
import { browserRegion, suggestedCountry } from "./browser-region";

describe("browserRegion", () => {
  it.each([
    ["it-IT", "IT"],
    ["it", "IT"],
    ["en-GB", "GB"],
    ["en", "US"],
    ["de-AT", "AT"],
    ["pt", "BR"],
    ["", null],
    ["not a language tag", null],
  ])("%s → %s", (language, expected) => {
    expect(browserRegion(language)).toBe(expected);
  });

  it("reads the browser's language when given none", () => {
    expect(browserRegion()).toBe(browserRegion(navigator.language));
    expect(browserRegion()).toMatch(/^[A-Z]{2}$/);
  });
});

describe("suggestedCountry", () => {
  const known = [{ code: "AT" }, { code: "DE" }, { code: "IT" }];

  it("offers the browser's country when the server knows its holidays", () => {
    expect(suggestedCountry(known, "it-IT")).toBe("IT");
  });

  it("falls back to the first known country otherwise, and to none without any", () => {
    expect(suggestedCountry(known, "ja-JP")).toBe("AT");
    expect(suggestedCountry([], "it-IT")).toBeNull();
  });
});
