/** The interface languages (spec part 1 §1). Apart from user.ts so that the web's first load takes them without zod. */
export const languages = ["it", "en"] as const;
export type Language = (typeof languages)[number];
export const fallbackLanguage: Language = "it";
