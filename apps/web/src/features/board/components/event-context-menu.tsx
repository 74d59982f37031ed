import { Menu } from "@mantine/core";
import { IconArrowsExchange, IconCircleCheck, IconCopy, IconPencil } from "@tabler/icons-react";
import type { TimeBlockingEvent } from "@timetrap/domain";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { type BoardMenuItem, boardMenuItems } from "../lib/tile";

export interface ContextMenuTarget {
  event: TimeBlockingEvent;
  /** Viewport coordinates of the pointer (or of the tile, when opened from the keyboard). */
  x: number;
  y: number;
}

const icons: Record<BoardMenuItem, ReactNode> = {
  confirmTime: <IconCircleCheck size={16} />,
  edit: <IconPencil size={16} />,
  toActivity: <IconArrowsExchange size={16} />,
  toPlanning: <IconArrowsExchange size={16} />,
  copy: <IconCopy size={16} />,
};

/** Spec part 1 §2 "Board": a tile's right-click menu, opened where the pointer is. */
export function EventContextMenu({
  target,
  readOnly,
  onClose,
  onSelect,
}: {
  target: ContextMenuTarget | null;
  readOnly: boolean;
  onClose: () => void;
  onSelect: (item: BoardMenuItem, event: TimeBlockingEvent) => void;
}) {
  const { t } = useTranslation();
  const labels: Record<BoardMenuItem, string> = {
    confirmTime: t("board.menu.confirmTime"),
    edit: t("board.menu.edit"),
    toActivity: t("board.menu.toActivity"),
    toPlanning: t("board.menu.toPlanning"),
    copy: t("board.menu.copy"),
  };
  return (
    <PointerMenu
      target={target}
      items={target ? boardMenuItems(target.event, { now: Date.now(), readOnly }) : []}
      icons={icons}
      labels={labels}
      onClose={onClose}
      onSelect={onSelect}
    />
  );
}

/**
 * A block's menu of `items`, opened where the pointer is (or at the tile, from the keyboard), each item with its icon
 * and label: the board's and the team plan's day panel's.
 */
export function PointerMenu<Item extends string>({
  target,
  items,
  icons: itemIcons,
  labels,
  onClose,
  onSelect,
}: {
  target: ContextMenuTarget | null;
  items: readonly Item[];
  icons: Record<Item, ReactNode>;
  labels: Record<Item, string>;
  onClose: () => void;
  onSelect: (item: Item, event: TimeBlockingEvent) => void;
}) {
  const { t } = useTranslation();
  const dropdown = useRef<HTMLDivElement>(null);
  const opened = target !== null && items.length > 0;
  // Opened by the pointer as by the keyboard, the menu takes the focus on its first item: arrows, Enter and Escape
  // work at once, and a screen reader reads where it is.
  useEffect(() => {
    // A new target (another block, or the same one again) is a new opening.
    if (!opened || target === null) return;
    const frame = requestAnimationFrame(() =>
      dropdown.current?.querySelector<HTMLElement>('[role="menuitem"]:not([disabled])')?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [opened, target]);
  return (
    <Menu opened={opened} onClose={onClose} position="bottom-start" offset={2} shadow="md" withinPortal>
      <Menu.Target>
        {/* The menu hangs from an invisible point where the pointer was. */}
        <div
          aria-hidden
          style={{ position: "fixed", left: target?.x ?? 0, top: target?.y ?? 0, width: 1, height: 1 }}
        />
      </Menu.Target>
      <Menu.Dropdown
        ref={dropdown}
        aria-label={target ? t("board.menu.label", { title: target.event.title }) : undefined}
      >
        {items.map((item) => (
          <Menu.Item
            key={item}
            leftSection={itemIcons[item]}
            onClick={() => {
              if (target) onSelect(item, target.event);
            }}
          >
            {labels[item]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
