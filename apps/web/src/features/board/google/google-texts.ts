import { loadTextArea } from "../../../lib/i18n";

let loading: Promise<void> | undefined;

/**
 * The Google Calendar texts, an area of their own (src/lib/i18n-parts.ts): fetched with the first of this folder's
 * parts the board draws (its layer, the side panel's source), not with the board. A failed fetch is tried again.
 */
export function googleTexts(): Promise<void> {
  loading ??= loadTextArea("googleCalendar").catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
