import { Menu } from "@mantine/core";
import { IconArrowsExchange, IconCircleCheck, IconCopy, IconPencil } from "@tabler/icons-react";
import type { TimeBlockingEvent } from "@timetrap/domain";
import type { ReactNode } from "react";
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
  const opened = target !== null && items.length > 0;
  return (
    <Menu opened={opened} onClose={onClose} position="bottom-start" offset={2} shadow="md" withinPortal>
      <Menu.Target>
        {/* The menu hangs from an invisible point where the pointer was. */}
        <div
          aria-hidden
          style={{ position: "fixed", left: target?.x ?? 0, top: target?.y ?? 0, width: 1, height: 1 }}
        />
      </Menu.Target>
      <Menu.Dropdown aria-label={target ? t("board.menu.label", { title: target.event.title }) : undefined}>
        {items.map((item, index) => (
          <Menu.Item
            key={item}
            // Opened by the pointer as by the keyboard, the menu takes the focus on its first item: arrows, Enter and
            // Escape work at once, and a screen reader reads where it is.
            data-autofocus={index === 0 || undefined}
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
