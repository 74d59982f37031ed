import { Box, CloseButton, Drawer, Group, Paper, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconPlugConnected } from "@tabler/icons-react";
import type { ItemService } from "@timetrap/domain";
import { type JSX, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { EmptyListState, LoadingState } from "../../../components/query-states";
import { lazyComponent } from "../../../lib/lazy-component";
import { useSession } from "../../../lib/session";
import { calendarServiceSource } from "../lib/tile";
import classes from "./side-panel.module.css";
import { TasksSource } from "./tasks-source";

// The Google Calendar source comes with its texts when first chosen (decision 029), not with the panel.
const GoogleCalendarSource = lazyComponent(() =>
  import("../google/gcalendar-source").then((module) => module.loadGoogleCalendarSource()),
);

// Todoist, Asana, Paymo and Jira come with their texts when one of them is first chosen (decision 032).
const ItemSource = lazyComponent(() => import("../item-sources/item-source").then((module) => module.loadItemSource()));
const itemSources: ReadonlySet<string> = new Set<ItemService>(["todoist", "asana", "paymo", "jira"]);

/** Brand names of the services a panel can show; they read the same in every language. */
const sourceNames: Record<string, string> = {
  gcalendar: "Google Calendar",
  todoist: "Todoist",
  paymo: "Paymo",
  jira: "Jira",
  asana: "Asana",
};

export interface SidePanelProps {
  /** The board's owner: the Tasks source lists their tasks. */
  userId: string;
  /** The address's `panel` value: `tasks`, or an integration's code. */
  source: string;
  onClose: () => void;
}

/**
 * Spec part 1 §2 "Side panel": the board's secondary column with the items of one source, to drag onto the board.
 * On desktop it is a column on the right that fills its container's height; on phones a full-width drawer.
 */
export function SidePanel({ userId, source, onClose }: SidePanelProps): JSX.Element {
  const { t } = useTranslation();
  const { user: me } = useSession();
  const phone = useMediaQuery("(max-width: 767px)") ?? false;
  const organizationId = me?.organization?.uid ?? null;
  const title = source === "tasks" ? t("sidePanel.tasks.title") : (sourceNames[source] ?? source);

  let body: ReactNode;
  if (source === "tasks") {
    body = organizationId ? <TasksSource organizationId={organizationId} userId={userId} /> : <LoadingState />;
  } else if (source === calendarServiceSource) {
    body = (
      <Suspense fallback={<LoadingState />}>
        <GoogleCalendarSource userId={userId} />
      </Suspense>
    );
  } else if (itemSources.has(source)) {
    body = (
      <Suspense fallback={<LoadingState />}>
        <ItemSource service={source as ItemService} userId={userId} />
      </Suspense>
    );
  } else {
    // Integrations bring their own lists; until a service is connected here its panel says so rather than list nothing.
    body = (
      <EmptyListState
        icon={IconPlugConnected}
        title={t("sidePanel.integration.title", { name: title })}
        description={t("sidePanel.integration.description", { name: title })}
      />
    );
  }

  if (phone) {
    return (
      <Drawer
        opened
        onClose={onClose}
        position="right"
        size="100%"
        title={title}
        closeButtonProps={{ "aria-label": t("sidePanel.close") }}
        classNames={{ body: classes.drawerBody }}
      >
        {body}
      </Drawer>
    );
  }

  return (
    <Paper component="aside" withBorder radius="md" p="sm" className={classes.panel} aria-label={title}>
      <Group justify="space-between" wrap="nowrap" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <CloseButton aria-label={t("sidePanel.close")} onClick={onClose} />
      </Group>
      <Box className={classes.body}>{body}</Box>
    </Paper>
  );
}
