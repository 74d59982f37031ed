import { Menu } from "@mantine/core";
import { IconCircleCheck, IconPencil, IconSquareCheck } from "@tabler/icons-react";
import type { TimeBlockingEvent } from "@timetrap/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type TeamPlanMenuItem, teamPlanMenuItems } from "../lib/team-plan-menu";

export interface MenuTarget {
  event: TimeBlockingEvent;
  x: number;
  y: number;
}

/** A block's right-click menu in the day panel, opened where the pointer is (or at the tile, from the keyboard). */
export function TeamPlanEventMenu({
  target,
  readOnly,
  calendarServiceSource,
  copyIcon,
  onClose,
  onSelect,
}: {
  target: MenuTarget | null;
  readOnly: boolean;
  /** The source of the calendar service's events, which have no menu. */
  calendarServiceSource: string;
  /** The board's own copy icon, which comes with the board's chunk. */
  copyIcon: ReactNode;
  onClose: () => void;
  onSelect: (item: TeamPlanMenuItem, event: TimeBlockingEvent) => void;
}) {
  const { t } = useTranslation();
  const items = target
    ? teamPlanMenuItems(target.event, {
        now: Date.now(),
        readOnly,
        fromCalendarService: target.event.source === calendarServiceSource,
      })
    : [];
  const icons: Record<TeamPlanMenuItem, ReactNode> = {
    confirmTime: <IconCircleCheck size={16} />,
    complete: <IconSquareCheck size={16} />,
    edit: <IconPencil size={16} />,
    copy: copyIcon,
  };
  const labels: Record<TeamPlanMenuItem, string> = {
    confirmTime: t("board.menu.confirmTime"),
    complete: t("teamPlan.menu.complete"),
    edit: t("board.menu.edit"),
    copy: t("board.menu.copy"),
  };
  return (
    <Menu
      opened={target !== null && items.length > 0}
      onClose={onClose}
      position="bottom-start"
      offset={2}
      shadow="md"
      withinPortal
    >
      <Menu.Target>
        <div
          aria-hidden
          style={{ position: "fixed", left: target?.x ?? 0, top: target?.y ?? 0, width: 1, height: 1 }}
        />
      </Menu.Target>
      <Menu.Dropdown aria-label={target ? t("board.menu.label", { title: target.event.title }) : undefined}>
        {items.map((item) => (
          <Menu.Item
            key={item}
            leftSection={icons[item]}
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
