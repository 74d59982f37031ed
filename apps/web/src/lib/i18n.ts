import { fallbackLanguage, type Language, languages } from "@timetrap/domain";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import en from "../locales/en.json";
import it from "../locales/it.json";
import { storage, storageKeys } from "./storage";

export const resources = { it: { translation: it }, en: { translation: en } } as const;

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

void i18n.use(initReactI18next).init({
  resources,
  lng: detectInitialLanguage(),
  fallbackLng: fallbackLanguage,
  supportedLngs: [...languages],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

if (typeof document !== "undefined") document.documentElement.lang = currentLanguage();

// Registered after init: only a language someone chose is remembered, not the browser's guess.
i18n.on("languageChanged", (language) => {
  if (typeof document !== "undefined") document.documentElement.lang = language;
  try {
    if (isLanguage(language)) storage.setItem(storageKeys.language, language);
  } catch (error) {
    console.error(error);
  }
});

export { i18n };
