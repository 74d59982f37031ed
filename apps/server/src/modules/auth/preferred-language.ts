import { fallbackLanguage, type Language, languages } from "@timetrap/domain";

/**
 * The language of a new account, from the browser's Accept-Language (the interface the person used);
 * they can change it during onboarding.
 */
export function preferredLanguage(acceptLanguage: string | undefined): Language {
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = Number(
        params
          .find((p) => p.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? "1",
      );
      return { primary: tag.trim().toLowerCase().split("-")[0] ?? "", q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const match = ranked.find((entry) => (languages as readonly string[]).includes(entry.primary));
  return (match?.primary as Language | undefined) ?? fallbackLanguage;
}
