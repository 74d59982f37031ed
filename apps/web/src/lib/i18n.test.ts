import { afterEach, describe, expect, it, vi } from "vitest";
import { detectInitialLanguage } from "./i18n";

describe("initial language", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("prefers the language stored under 'language'", () => {
    window.localStorage.setItem("language", "it");
    vi.stubGlobal("navigator", { ...navigator, language: "en-US", languages: ["en-US"] });
    expect(detectInitialLanguage()).toBe("it");
  });

  it("else takes the browser's language when it is Italian or English", () => {
    vi.stubGlobal("navigator", { ...navigator, language: "en-GB", languages: ["en-GB", "it"] });
    expect(detectInitialLanguage()).toBe("en");
  });

  it("skips browser languages it does not offer", () => {
    vi.stubGlobal("navigator", { ...navigator, language: "de-DE", languages: ["de-DE", "en-US"] });
    expect(detectInitialLanguage()).toBe("en");
  });

  it("else falls back to Italian", () => {
    vi.stubGlobal("navigator", { ...navigator, language: "fr-FR", languages: ["fr-FR"] });
    expect(detectInitialLanguage()).toBe("it");
  });

  it("ignores an unknown stored value", () => {
    window.localStorage.setItem("language", "de");
    vi.stubGlobal("navigator", { ...navigator, language: "fr", languages: ["fr"] });
    expect(detectInitialLanguage()).toBe("it");
  });
});
