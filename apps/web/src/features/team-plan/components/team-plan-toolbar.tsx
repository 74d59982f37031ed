import { ActionIcon, Button, SegmentedControl, Select, Title, Tooltip } from "@mantine/core";
import { IconCalendarCog, IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import type { OrganizationUser } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import classes from "./team-plan.module.css";
import { UserPicker } from "./user-picker";

export type TeamPlanView = "week" | "forecast";

export interface TeamPlanToolbarProps {
  title: string;
  view: TeamPlanView;
  onViewChange: (view: TeamPlanView) => void;
  todayDisabled: boolean;
  onToday: () => void;
  onPrev: () => void;
  onNext: () => void;
  projects: { value: string; label: string }[];
  projectId: string | null;
  onProjectChange: (projectId: string | null) => void;
  users: readonly OrganizationUser[];
  userIds: readonly string[];
  onUsersChange: (userIds: string[]) => void;
  onOpenPreferences: () => void;
}

/**
 * Spec part 1 §2 "Team plan": Today, previous and next week, the month, the project that fills the choice with its
 * team, the chosen people and the calendar preferences; and the week or the forecast.
 */
export function TeamPlanToolbar(props: TeamPlanToolbarProps) {
  const { t } = useTranslation();
  const week = props.view === "week";
  return (
    <div className={classes.toolbar}>
      <div className={classes.navigation}>
        {week && (
          <>
            <Button variant="default" size="sm" onClick={props.onToday} disabled={props.todayDisabled}>
              {t("calendar.today")}
            </Button>
            <ActionIcon.Group>
              <ActionIcon
                variant="default"
                size={36}
                onClick={props.onPrev}
                aria-label={t("teamPlan.toolbar.previous")}
              >
                <IconChevronLeft size={18} />
              </ActionIcon>
              <ActionIcon variant="default" size={36} onClick={props.onNext} aria-label={t("teamPlan.toolbar.next")}>
                <IconChevronRight size={18} />
              </ActionIcon>
            </ActionIcon.Group>
          </>
        )}
        <Title order={2} className={classes.monthTitle} aria-live="polite">
          {props.title}
        </Title>
      </div>
      <div className={classes.tools}>
        <SegmentedControl
          size="sm"
          aria-label={t("teamPlan.toolbar.view")}
          value={props.view}
          onChange={(value) => props.onViewChange(value === "forecast" ? "forecast" : "week")}
          data={[
            { value: "week", label: t("teamPlan.toolbar.week") },
            { value: "forecast", label: t("teamPlan.toolbar.forecast") },
          ]}
        />
        <Select
          size="sm"
          className={classes.projectPicker}
          aria-label={t("teamPlan.toolbar.project")}
          placeholder={t("teamPlan.toolbar.project")}
          data={props.projects}
          value={props.projectId}
          onChange={props.onProjectChange}
          clearable
          clearButtonProps={{ "aria-label": t("teamPlan.toolbar.clearProject") }}
          searchable
          nothingFoundMessage={t("teamPlan.toolbar.noProject")}
        />
        <UserPicker users={props.users} value={props.userIds} onChange={props.onUsersChange} />
        <Tooltip label={t("board.toolbar.preferences")}>
          <ActionIcon
            variant="default"
            size={36}
            onClick={props.onOpenPreferences}
            aria-label={t("board.toolbar.preferences")}
          >
            <IconCalendarCog size={18} />
          </ActionIcon>
        </Tooltip>
      </div>
    </div>
  );
}
