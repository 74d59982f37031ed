import { signedInLoaders, signedOutLoaders } from "virtual:texts";
import { fallbackLanguage, type Language, languages } from "@timetrap/domain";
import i18n, { type BackendModule, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import { mergeTextParts, type TextArea, textAreas } from "./i18n-parts";
import { storage, storageKeys } from "./storage";

type Texts = Record<string, unknown>;
type Part = "signed-out" | "rest" | TextArea;
const everyPart: Part[] = ["signed-out", "rest", ...textAreas];

function loadPart(language: Language, part: Part): Promise<{ default: Texts }> {
  if (part === "signed-out") return signedOutLoaders[language]["signed-out"]();
  return signedInLoaders().then((loaders) => loaders[language][part]());
}

/**
 * Each language's texts come in parts (decision 016, i18n-parts.ts): the first load fetches the reader's language's
 * signed-out part; the shell fetches its own part and each signed-in page its own (`loadTextArea`); a text still
 * missing brings all the rest. Both files have every key (locales.test.ts), so there is no fallback language to fetch.
 */
const wanted = new Set<Part>(["signed-out"]);
const loaded: Record<Language, Set<Part>> = { it: new Set(), en: new Set() };

async function addPart(language: Language, part: Part): Promise<void> {
  if (loaded[language].has(part)) return;
  const texts = await loadPart(language, part);
  i18n.addResourceBundle(language, "translation", texts.default, true, true);
  loaded[language].add(part);
}

/** The texts of an area of the signed-in screens, in the current language and from now on in any switched to. */
export function loadTextArea(area: TextArea): Promise<void> {
  wanted.add(area);
  return addPart(currentLanguage(), area);
}

/** Every text, in the current language and from now on in any switched to (a text was missing; the tests). */
export function loadAllTexts(): Promise<void> {
  for (const part of everyPart) wanted.add(part);
  return Promise.all([...wanted].map((part) => addPart(currentLanguage(), part))).then(() => {});
}

const lazyTexts: BackendModule = {
  type: "backend",
  init() {},
  read(language, _namespace, callback) {
    if (!isLanguage(language)) {
      callback(new Error(`No texts for language "${language}"`), false);
      return;
    }
    const parts = [...wanted];
    Promise.all(parts.map((part) => loadPart(language, part))).then(
      (loadedParts) => {
        for (const part of parts) loaded[language].add(part);
        callback(null, loadedParts.map((part) => part.default).reduce(mergeTextParts, {} as Texts) as ResourceKey);
      },
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
    // The app draws only once the texts are there: no component waits for them on its own. A part added later (the
    // signed-in texts) draws again what uses it.
    react: { useSuspense: false, bindI18nStore: "added" },
    // A key the loaded parts lack (one built at run time, or a screen using another area's text): fetch all the rest,
    // and the screen draws again with it.
    saveMissing: true,
    missingKeyHandler: () => {
      if (!wanted.has("rest")) void loadAllTexts();
    },
  })
  .then(() => {
    if (typeof document !== "undefined") document.documentElement.lang = currentLanguage();
    // Registered once the first language is in: only a language someone chose is remembered, not the browser's guess.
    i18n.on("languageChanged", (language) => {
      if (typeof document !== "undefined") document.documentElement.lang = language;
      // A language read before an area was wanted (the sign-in screen's menu) lacks that area still.
      if (isLanguage(language)) for (const part of wanted) void addPart(language, part);
      try {
        if (isLanguage(language)) storage.setItem(storageKeys.language, language);
      } catch (error) {
        console.error(error);
      }
    });
  });

export { i18n };
