import { fallbackLanguage, type Language, languages } from "@timetrap/domain";
import i18n, { type BackendModule, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import { storage, storageKeys } from "./storage";

/**
 * Each language's texts are a chunk of their own, fetched when the language is first needed: the first load carries
 * only the reader's language (decision 016). Both files have every key (locales.test.ts), so there is no fallback
 * language to fetch beside it.
 */
const texts: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  it: () => import("../locales/it.json"),
  en: () => import("../locales/en.json"),
};

const lazyTexts: BackendModule = {
  type: "backend",
  init() {},
  read(language, _namespace, callback) {
    if (!isLanguage(language)) {
      callback(new Error(`No texts for language "${language}"`), false);
      return;
    }
    texts[language]().then(
      (loaded) => callback(null, loaded.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/** Spec part 1 §1: the stored choice, else the browser's language, else the fallback (it). */
export function detectInitialLanguage(): Language {
  try {
    const stored = storage.getItem(storageKeys.language);
    if (isLanguage(stored)) return stored;
  } catch (error) {
    console.error(error);
  }
  const browserLanguages = typeof navigator === "undefined" ? [] : [...(navigator.languages ?? []), navigator.language];
  for (const tag of browserLanguages) {
    const primary = tag?.slice(0, 2).toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return fallbackLanguage;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : fallbackLanguage;
}

/** Resolves once the first language's texts have come; the app draws after it (main.tsx). */
export const textsReady: Promise<unknown> = i18n
  .use(lazyTexts)
  .use(initReactI18next)
  .init({
    lng: detectInitialLanguage(),
    fallbackLng: false,
    supportedLngs: [...languages],
    interpolation: { escapeValue: false },
    returnNull: false,
    // The app draws only once the texts are there: no component waits for them on its own.
    react: { useSuspense: false },
  })
  .then(() => {
    if (typeof document !== "undefined") document.documentElement.lang = currentLanguage();
    // Registered once the first language is in: only a language someone chose is remembered, not the browser's guess.
    i18n.on("languageChanged", (language) => {
      if (typeof document !== "undefined") document.documentElement.lang = language;
      try {
        if (isLanguage(language)) storage.setItem(storageKeys.language, language);
      } catch (error) {
        console.error(error);
      }
    });
  });

export { i18n };
