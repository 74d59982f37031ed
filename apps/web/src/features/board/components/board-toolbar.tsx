import { ActionIcon, Button, Title, Tooltip } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import {
  IconChevronLeft,
  IconChevronRight,
  IconLayoutSidebarRight,
  IconLayoutSidebarRightFilled,
  IconSettings,
} from "@tabler/icons-react";
import type { OrganizationUser } from "@timetrap/domain";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { lazyComponent } from "../../../lib/lazy-component";
import classes from "./board.module.css";

const BoardUserPicker = lazyComponent(() => import("./board-user-picker").then((module) => module.BoardUserPicker));

export interface BoardToolbarProps {
  title: string;
  todayDisabled: boolean;
  prevDisabled: boolean;
  nextDisabled: boolean;
  onToday: () => void;
  onPrev: () => void;
  onNext: () => void;
  /** The people whose board may be opened; null hides the picker (no right to read the team). */
  users: OrganizationUser[] | null;
  userId: string;
  onUserChange: (userId: string) => void;
  onOpenPreferences: () => void;
  panelOpen: boolean;
  onTogglePanel: () => void;
  /** Whether the board shows one day, so that the arrows say they move by a day; by default on a phone, which always does. */
  dayView?: boolean;
}

/** Spec part 1 §2 "Board": Today, previous, next, the month, the user picker, preferences and the side panel. */
export function BoardToolbar(props: BoardToolbarProps) {
  const { t } = useTranslation();
  const panelLabel = t("board.toolbar.panel");
  // Under the spec's 768 px breakpoint the board shows one day (board-page.tsx) and the arrows go from day to day.
  const narrow = useMediaQuery("(max-width: 767px)", undefined, { getInitialValueInEffect: false }) ?? false;
  const dayView = props.dayView ?? narrow;
  return (
    <div className={classes.toolbar}>
      <div className={classes.navigation}>
        <Button variant="default" size="sm" onClick={props.onToday} disabled={props.todayDisabled}>
          {t("calendar.today")}
        </Button>
        <ActionIcon.Group>
          <ActionIcon
            variant="default"
            size={36}
            onClick={props.onPrev}
            disabled={props.prevDisabled}
            aria-label={dayView ? t("board.toolbar.previousDay") : t("board.toolbar.previous")}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size={36}
            onClick={props.onNext}
            disabled={props.nextDisabled}
            aria-label={dayView ? t("board.toolbar.nextDay") : t("board.toolbar.next")}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
        </ActionIcon.Group>
        <Title order={2} className={classes.monthTitle} aria-live="polite">
          {props.title}
        </Title>
      </div>
      <div className={classes.tools}>
        {props.users && (
          // Its place is kept while it loads, so that the tools beside it do not move.
          <Suspense fallback={<div className={classes.userPicker} />}>
            <BoardUserPicker users={props.users} userId={props.userId} onUserChange={props.onUserChange} />
          </Suspense>
        )}
        <Tooltip label={t("board.toolbar.preferences")}>
          <ActionIcon
            variant="default"
            size={36}
            onClick={props.onOpenPreferences}
            aria-label={t("board.toolbar.preferences")}
          >
            <IconSettings size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={panelLabel}>
          <ActionIcon
            variant={props.panelOpen ? "light" : "default"}
            size={36}
            onClick={props.onTogglePanel}
            aria-label={panelLabel}
            aria-pressed={props.panelOpen}
          >
            {props.panelOpen ? <IconLayoutSidebarRightFilled size={18} /> : <IconLayoutSidebarRight size={18} />}
          </ActionIcon>
        </Tooltip>
      </div>
    </div>
  );
}
