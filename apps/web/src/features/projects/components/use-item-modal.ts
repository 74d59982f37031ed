import { useState } from "react";

/**
 * The state of a modal that adds an item (`null`) or edits one. Closing keeps the item, so the modal does not turn
 * into the empty "new" form while it fades out.
 */
export function useItemModal<T>() {
  const [state, setState] = useState<{ opened: boolean; item: T | null }>({ opened: false, item: null });
  return {
    opened: state.opened,
    item: state.item,
    open: (item: T | null) => setState({ opened: true, item }),
    close: () => setState((current) => ({ ...current, opened: false })),
  };
}
