import type { Language } from "@timetrap/domain";

/** Each language is named in itself, so a reader finds theirs whatever the interface language. */
export const languageNames: Record<Language, string> = { it: "Italiano", en: "English" };
