import en from "../../apps/web/src/locales/en.json" with { type: "json" };
import it from "../../apps/web/src/locales/it.json" with { type: "json" };

/** The app's own texts, to find what a screen says in its language. */
export const texts = { en, it };
export type Language = keyof typeof texts;

/** A text with its `{{name}}` placeholders filled, as i18next does. */
export const fill = (text: string, values: Record<string, string>) =>
  text.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? "");
