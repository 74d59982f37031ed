import { waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";

/**
 * Opens the combobox named `label` (in `scope`, the whole page by default) and answers its list of options. The list
 * is found through the combobox's `aria-controls`: the closing lists of other fields may still be in the page.
 */
export async function openOptions(
  user: UserEvent,
  label: string | RegExp,
  scope: HTMLElement = document.body,
): Promise<HTMLElement> {
  const combobox = within(scope).getByRole("combobox", { name: label });
  await user.click(combobox);
  return waitFor(() => {
    const list = document.getElementById(combobox.getAttribute("aria-controls") ?? "");
    if (!list) throw new Error(`No list for ${label}`);
    return list;
  });
}

/** Picks `option` from the list of the combobox named `label`. */
export async function chooseOption(
  user: UserEvent,
  label: string | RegExp,
  option: string,
  scope: HTMLElement = document.body,
): Promise<void> {
  const list = await openOptions(user, label, scope);
  await user.click(await within(list).findByRole("option", { name: option, hidden: true }));
}
