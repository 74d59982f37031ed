import { Suspense, useEffect, useRef, useState } from "react";
import { loadTextArea } from "../../lib/i18n";
import { lazyComponent, useDrawnOnce } from "../../lib/lazy-component";

// The palette's code and texts come when first opened (decision 034): the shell's first load holds only this listener.
const CommandPalette = lazyComponent(() =>
  Promise.all([import("./components/command-palette"), loadTextArea("commandPalette")]).then(
    ([module]) => module.CommandPalette,
  ),
);

const openers = new Set<() => void>();

/** Opens the palette (the sidebar's search button). */
export function openCommandPalette(): void {
  for (const open of openers) open();
}

/** Whether the browser's keyboard has ⌘ rather than Ctrl. */
export function usesCommandKey(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.platform);
}

/**
 * Spec issue 21: Ctrl+K (⌘K on a Mac) opens the command palette on every page of the shell, also while typing in a
 * field (it is the palette's own key), and closes it again. Focus goes back where it was when the palette closes.
 */
export function CommandPaletteHost() {
  const [opened, setOpened] = useState(false);
  const draw = useDrawnOnce(opened);
  const opener = useRef<HTMLElement | null>(null);
  const isOpen = useRef(opened);
  isOpen.current = opened;

  useEffect(() => {
    const open = () => {
      if (isOpen.current) return;
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setOpened(true);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "k" || event.altKey || event.shiftKey) return;
      if (!(usesCommandKey() ? event.metaKey : event.ctrlKey)) return;
      // Not the browser's own Ctrl+K (its search bar), and no other key handler of the page.
      event.preventDefault();
      event.stopPropagation();
      if (isOpen.current) setOpened(false);
      else open();
    };
    openers.add(open);
    window.addEventListener("keydown", onKeyDown, { capture: true });
    return () => {
      openers.delete(open);
      window.removeEventListener("keydown", onKeyDown, { capture: true });
    };
  }, []);

  if (!draw) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette opened={opened} onClose={() => setOpened(false)} opener={opener} />
    </Suspense>
  );
}
