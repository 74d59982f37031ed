/**
 * Closing a dialog puts the keyboard back on the control that opened it (WAI-ARIA's dialog pattern), whichever way the
 * dialog was drawn. Mantine's Modal does so only when it was drawn closed and then opened: a dialog drawn already open
 * (`{editing && <Modal opened …>}`, a lazily loaded one drawn at its first opening, the confirmation dialogs) records no
 * opener, and its closing left the focus on the page's body, so the next Tab started again from the top of the page.
 *
 * One watcher for the whole app (decision 036): when the focus enters a modal dialog from outside it, the element it
 * came from is that dialog's opener; when a dialog leaves the page and takes the focus with it, its opener gets the
 * focus back. A dialog that moves the focus somewhere on purpose when it closes (the board's block tile, a new page) is
 * left alone: only a focus lost to the body is given back.
 */

interface OpenedDialog {
  dialog: Element;
  opener: HTMLElement;
  /** The dialog the opener sat in, when one dialog opened another. */
  within: OpenedDialog | undefined;
}

const modalDialog = '[aria-modal="true"]';

export function returnFocusToDialogOpeners(doc: Document): () => void {
  const opened: OpenedDialog[] = [];
  let lastFocused: HTMLElement | null = null;

  const focusLost = () => {
    const active = doc.activeElement;
    return active === null || active === doc.body || !active.isConnected;
  };

  /** The opener still on the page: a dialog that replaced the one it was opened from goes back to that one's opener. */
  const reachableOpener = (entry: OpenedDialog | undefined): HTMLElement | null => {
    for (let current = entry; current; current = current.within) {
      if (current.opener.isConnected) return current.opener;
    }
    return null;
  };

  const observer = new MutationObserver(() => {
    let closed: OpenedDialog | undefined;
    for (let i = opened.length - 1; i >= 0; i--) {
      const entry = opened[i] as OpenedDialog;
      if (entry.dialog.isConnected) continue;
      opened.splice(i, 1);
      closed ??= entry;
    }
    if (opened.length === 0) observer.disconnect();
    if (!closed || !focusLost()) return;
    const opener = reachableOpener(closed);
    // A dialog still open (the one that replaced the closed one) keeps the keyboard: the opener behind it is out of reach.
    const stillOpen = [...doc.querySelectorAll<HTMLElement>(modalDialog)].at(-1);
    if (stillOpen && !(opener && stillOpen.contains(opener))) stillOpen.focus({ preventScroll: true });
    else opener?.focus({ preventScroll: true });
  });

  const onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    const dialog = target.closest(modalDialog);
    const known = opened.some((entry) => entry.dialog === dialog);
    if (dialog && !known && lastFocused && !dialog.contains(lastFocused)) {
      const from = lastFocused;
      const within = opened.findLast((entry) => entry.dialog.contains(from));
      opened.push({ dialog, opener: from, within });
      observer.observe(doc.body, { childList: true, subtree: true });
    }
    lastFocused = target;
  };

  doc.addEventListener("focusin", onFocusIn, true);
  return () => {
    doc.removeEventListener("focusin", onFocusIn, true);
    observer.disconnect();
  };
}
