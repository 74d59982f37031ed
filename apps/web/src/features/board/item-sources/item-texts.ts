import { loadTextArea } from "../../../lib/i18n";

let loading: Promise<void> | undefined;

/**
 * The texts of the side panel's Todoist, Asana, Paymo and Jira sources, an area of their own (src/lib/i18n-parts.ts):
 * fetched with the sources when the panel first shows one, not with the board. A failed fetch is tried again.
 */
export function itemSourceTexts(): Promise<void> {
  loading ??= loadTextArea("itemSources").catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
