import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { returnFocusToDialogOpeners } from "./dialog-focus-return";

/** The MutationObserver answers after the current task's microtasks. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function button(label: string, parent: Element = document.body): HTMLButtonElement {
  const element = document.createElement("button");
  element.textContent = label;
  parent.append(element);
  return element;
}

/** A modal dialog as Mantine draws it, with a field the focus trap moves to. */
function openDialog(): { dialog: HTMLElement; field: HTMLInputElement } {
  const dialog = document.createElement("section");
  dialog.setAttribute("role", "dialog");
  dialog.setAttribute("aria-modal", "true");
  dialog.tabIndex = -1;
  const field = document.createElement("input");
  dialog.append(field);
  document.body.append(dialog);
  field.focus();
  return { dialog, field };
}

describe("returnFocusToDialogOpeners", () => {
  let stop: () => void;
  beforeEach(() => {
    document.body.innerHTML = "";
    stop = returnFocusToDialogOpeners(document);
  });
  afterEach(() => stop());

  it("gives the focus back to the opener when a dialog drawn open is taken off the page", async () => {
    const opener = button("Edit role");
    opener.focus();
    const { dialog } = openDialog();
    dialog.remove();
    await settle();
    expect(document.activeElement).toBe(opener);
  });

  it("leaves the focus where the page put it on purpose", async () => {
    const opener = button("Open");
    const tile = button("Block");
    opener.focus();
    const { dialog } = openDialog();
    tile.focus();
    dialog.remove();
    await settle();
    expect(document.activeElement).toBe(tile);
  });

  it("goes back through nested dialogs, each to its own opener", async () => {
    const opener = button("Edit role");
    opener.focus();
    const outer = openDialog();
    const remove = button("Delete", outer.dialog);
    remove.focus();
    const inner = openDialog();
    inner.dialog.remove();
    await settle();
    expect(document.activeElement).toBe(remove);
    outer.dialog.remove();
    await settle();
    expect(document.activeElement).toBe(opener);
  });

  it("keeps the keyboard in a dialog that replaced the closed one, then goes back to the first opener", async () => {
    const opener = button("New project");
    opener.focus();
    const first = openDialog();
    const next = button("Next", first.dialog);
    next.focus();
    const second = openDialog();
    first.dialog.remove();
    await settle();
    expect(second.dialog.contains(document.activeElement)).toBe(true);
    second.dialog.remove();
    await settle();
    expect(document.activeElement).toBe(opener);
  });

  it("does nothing when the opener has left the page too", async () => {
    const opener = button("Delete row");
    opener.focus();
    const { dialog } = openDialog();
    opener.remove();
    dialog.remove();
    await settle();
    expect(document.activeElement).toBe(document.body);
  });
});
