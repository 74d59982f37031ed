import { loadTextArea } from "../../../lib/i18n";

let loading: Promise<void> | undefined;

/**
 * The texts of the time written back, an area of their own (src/lib/i18n-parts.ts): fetched with the first of this
 * folder's parts the board draws (a tile's mark, the event form's section), not with the board. A failed fetch is
 * tried again.
 */
export function writeBackTexts(): Promise<void> {
  loading ??= loadTextArea("writeBack").catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
