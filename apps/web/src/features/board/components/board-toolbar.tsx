import { ActionIcon, Button, Select, Title, Tooltip } from "@mantine/core";
import {
  IconChevronLeft,
  IconChevronRight,
  IconLayoutSidebarRight,
  IconLayoutSidebarRightFilled,
  IconSettings,
} from "@tabler/icons-react";
import type { OrganizationUser } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import classes from "./board.module.css";

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
}

/** Spec part 1 §2 "Board": Today, previous, next, the month, the user picker, preferences and the side panel. */
export function BoardToolbar(props: BoardToolbarProps) {
  const { t } = useTranslation();
  const panelLabel = t("board.toolbar.panel");
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
            aria-label={t("board.toolbar.previous")}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size={36}
            onClick={props.onNext}
            disabled={props.nextDisabled}
            aria-label={t("board.toolbar.next")}
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
          <Select
            size="sm"
            className={classes.userPicker}
            aria-label={t("board.toolbar.user")}
            placeholder={t("board.toolbar.user")}
            data={props.users.map((user) => ({ value: user.uid, label: user.nominative }))}
            value={props.userId}
            onChange={(value) => {
              if (value && value !== props.userId) props.onUserChange(value);
            }}
            allowDeselect={false}
            searchable
            nothingFoundMessage={t("board.toolbar.noUser")}
          />
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
