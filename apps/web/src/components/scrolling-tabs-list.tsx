import { Tabs, type TabsListProps } from "@mantine/core";
import { useEffect, useRef } from "react";
import classes from "./scrolling-tabs-list.module.css";

/**
 * A tab list that scrolls sideways when its tabs are wider than the screen, and brings the chosen tab into view,
 * so that a tab at the end (a project's Tasks) is never off screen on a phone. `value` is the chosen tab.
 */
export function ScrollingTabsList({ value, ...props }: TabsListProps & { value: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = ref.current;
    const selected = value ? list?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]') : null;
    if (!list || !selected) return;
    // Only the list scrolls, never the page: the tab is brought to the nearest edge of the list.
    const bounds = list.getBoundingClientRect();
    const tab = selected.getBoundingClientRect();
    if (tab.left < bounds.left) list.scrollLeft += tab.left - bounds.left;
    else if (tab.right > bounds.right) list.scrollLeft += tab.right - bounds.right;
  }, [value]);
  return <Tabs.List ref={ref} {...props} className={classes.list} />;
}
