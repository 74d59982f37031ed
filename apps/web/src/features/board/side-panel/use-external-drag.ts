import { Draggable } from "@fullcalendar/react/interaction";
import { useEffect, useRef, useState } from "react";
import { type DropItem, dropItemKey } from "../lib/drop-item";

/** The attribute that marks a card as draggable onto the board; its value is the item's key in `items`. */
export const dropItemAttribute = "data-drop-item";

/**
 * Makes the cards inside the returned ref's element a FullCalendar drag source: a dragged card becomes a one-hour
 * event the board receives (spec part 1 §4 "Events"), carrying its DropItem in `extendedProps`. One Draggable
 * serves every card of the list, so cards may come and go without rebuilding it; it reads the items at drag time.
 */
export function useExternalDrag(items: ReadonlyMap<string, DropItem>): (element: HTMLElement | null) => void {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const itemsRef = useRef(items);

  useEffect(() => {
    itemsRef.current = items;
  }, [items]);

  useEffect(() => {
    if (!container) return;
    const draggable = new Draggable(container, {
      itemSelector: `[${dropItemAttribute}]`,
      eventData: (element) => {
        const dropItem = itemsRef.current.get(element.getAttribute(dropItemAttribute) ?? "");
        return {
          title: dropItem?.title ?? "",
          duration: "01:00",
          create: true,
          extendedProps: { [dropItemKey]: dropItem },
        };
      },
    });
    return () => draggable.destroy();
  }, [container]);

  return setContainer;
}
