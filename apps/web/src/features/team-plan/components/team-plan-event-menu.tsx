import { IconCircleCheck, IconPencil, IconSquareCheck } from "@tabler/icons-react";
import type { TimeBlockingEvent } from "@timetrap/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ContextMenuTarget, PointerMenu } from "../../board/components/event-context-menu";
import { type TeamPlanMenuItem, teamPlanMenuItems } from "../lib/team-plan-menu";

export type MenuTarget = ContextMenuTarget;

/**
 * A block's right-click menu in the day panel, opened where the pointer is (or at the tile, from the keyboard): the
 * board's menu (`PointerMenu`, which comes with the board's chunk) with the team plan's items.
 */
export function TeamPlanEventMenu({
  target,
  readOnly,
  calendarServiceSource,
  copyIcon,
  menu: Menu,
  onClose,
  onSelect,
}: {
  target: MenuTarget | null;
  readOnly: boolean;
  /** The source of the calendar service's events, which have no menu. */
  calendarServiceSource: string;
  /** The board's own copy icon, which comes with the board's chunk. */
  copyIcon: ReactNode;
  menu: typeof PointerMenu;
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
  return <Menu target={target} items={items} icons={icons} labels={labels} onClose={onClose} onSelect={onSelect} />;
}
