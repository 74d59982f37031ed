import { useEffect, useState } from "react";

/**
 * `opened`, but false on the first render. Mantine's modal notes where the focus was when `opened` turns true, and
 * gives it back there when it closes; a modal drawn already open (its code fetched when it was first wanted) never
 * sees that change, and would leave the focus on the page's body when closed. Opened one render later, it sees it.
 */
export function useOpenedAfterMount(opened: boolean): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted && opened;
}
