import { fallbackLanguage, type Language, languages } from "@timetrap/domain";
import i18n, { type BackendModule, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import { mergeTextParts } from "./i18n-parts";
import { storage, storageKeys } from "./storage";

type Texts = Record<string, unknown>;

/**
 * Each language's texts come in two chunks (decision 016, i18n-parts.ts): the first load fetches the reader's
 * language's signed-out part; the signed-in part comes with the shell (`loadSignedInTexts`). Both files have every key
 * (locales.test.ts), so there is no fallback language to fetch beside them.
 */
const textParts: Record<
  Language,
  { signedOut: () => Promise<{ default: Texts }>; signedIn: () => Promise<{ default: Texts }> }
> = {
  it: {
    signedOut: () => import("virtual:texts/it/signed-out"),
    signedIn: () => import("virtual:texts/it/signed-in"),
  },
  en: {
    signedOut: () => import("virtual:texts/en/signed-out"),
    signedIn: () => import("virtual:texts/en/signed-in"),
  },
};

/** Once the shell has asked for them, every language read also brings its signed-in part. */
let signedInWanted = false;
const signedInLoaded = new Set<Language>();

async function addSignedInTexts(language: Language): Promise<void> {
  if (signedInLoaded.has(language)) return;
  const part = await textParts[language].signedIn();
  i18n.addResourceBundle(language, "translation", part.default, true, true);
  signedInLoaded.add(language);
}

/** The signed-in screens' texts in the current language, and from now on in any language switched to. */
export function loadSignedInTexts(): Promise<void> {
  signedInWanted = true;
  return addSignedInTexts(currentLanguage());
}

const lazyTexts: BackendModule = {
  type: "backend",
  init() {},
  read(language, _namespace, callback) {
    if (!isLanguage(language)) {
      callback(new Error(`No texts for language "${language}"`), false);
      return;
    }
    const withSignedIn = signedInWanted;
    Promise.all([textParts[language].signedOut(), withSignedIn ? textParts[language].signedIn() : undefined]).then(
      ([signedOut, signedIn]) => {
        if (signedIn) signedInLoaded.add(language);
        callback(
          null,
          (signedIn ? mergeTextParts(signedOut.default, signedIn.default) : signedOut.default) as ResourceKey,
        );
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
    // A key the loaded part lacks: a signed-out screen used a signed-in text (i18n-parts.test.ts should have said
    // so). Fetch the rest, and the screen draws again with it.
    saveMissing: true,
    missingKeyHandler: () => {
      if (!signedInWanted) void loadSignedInTexts();
    },
  })
  .then(() => {
    if (typeof document !== "undefined") document.documentElement.lang = currentLanguage();
    // Registered once the first language is in: only a language someone chose is remembered, not the browser's guess.
    i18n.on("languageChanged", (language) => {
      if (typeof document !== "undefined") document.documentElement.lang = language;
      // A language read before the shell asked for the signed-in part (the sign-in screen's menu) lacks it still.
      if (signedInWanted && isLanguage(language)) void addSignedInTexts(language);
      try {
        if (isLanguage(language)) storage.setItem(storageKeys.language, language);
      } catch (error) {
        console.error(error);
      }
    });
  });

export { i18n };
