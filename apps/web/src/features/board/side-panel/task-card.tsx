import { Anchor, Avatar, Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { IconSubtask } from "@tabler/icons-react";
import { overdueColor, type Task } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { PriorityLabel } from "../../../components/task-priority";
import { dueDay } from "../../../lib/due-date";
import { formatDate } from "../../../lib/format";
import { taskModalSearch } from "../../../lib/task-modal-url";
import { CompleteBadge, DueBadge } from "./card-badges";
import classes from "./task-card.module.css";
import { dropItemAttribute } from "./use-external-drag";

/**
 * Spec part 1 §2 "Task card": the task as the side panel lists it. An open task can be dragged onto the board (its
 * card carries the drop item's key); a completed one is struck through and stays where it is. Clicking opens the
 * task modal; the title is the card's link for the keyboard and for opening in a new tab.
 */
export function TaskCard({ task, now }: { task: Task; now: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const search = taskModalSearch(searchParams, { taskId: task.uid });
  const day = dueDay(task.due_date);
  // A completed task is no longer late: its date loses the warning colour.
  const dueColor = task.complete ? "gray" : (overdueColor(task.due_date, now) ?? "gray");
  const dragProps = task.complete ? {} : { [dropItemAttribute]: task.uid };

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      className={classes.card}
      data-complete={task.complete || undefined}
      aria-label={task.name}
      role="article"
      onClick={(event) => {
        // The title link navigates by itself.
        if ((event.target as HTMLElement).closest("a")) return;
        navigate({ search });
      }}
      {...dragProps}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Anchor
            component={Link}
            to={{ search }}
            draggable={false}
            c={task.complete ? "dimmed" : "var(--mantine-color-text)"}
            fw={600}
            size="sm"
            td={task.complete ? "line-through" : undefined}
            className={classes.title}
          >
            {task.name}
          </Anchor>
          <Badge size="xs" variant="light" color="blue" radius="sm" style={{ flex: "none" }}>
            {t("sidePanel.card.source")}
          </Badge>
        </Group>

        {task.parent_task && (
          <Group gap={4} wrap="nowrap">
            <IconSubtask size={14} aria-hidden />
            <Text size="xs" c="dimmed" truncate>
              {t("sidePanel.card.parent", { name: task.parent_task.name })}
            </Text>
          </Group>
        )}

        {task.project && (
          <Text size="xs" c="dimmed" truncate>
            {task.project.customer_nominative
              ? t("sidePanel.card.projectOfCustomer", {
                  project: task.project.title,
                  customer: task.project.customer_nominative,
                })
              : task.project.title}
          </Text>
        )}

        <Group gap={6} wrap="wrap">
          {day && (
            <DueBadge day={day} color={dueColor} label={t("sidePanel.card.dueDate", { date: formatDate(day) })} />
          )}
          <CompleteBadge complete={task.complete} />
        </Group>

        <Group justify="space-between" gap="xs" wrap="nowrap">
          <PriorityLabel priority={task.priority} size="xs" />
          {task.category && (
            <Group gap={6} wrap="nowrap" miw={0}>
              <span className={classes.dot} style={{ background: task.category.color }} aria-hidden />
              <Text size="xs" truncate>
                {task.category.name}
              </Text>
            </Group>
          )}
        </Group>

        <Group gap={6} wrap="nowrap">
          {task.user ? (
            <>
              <Avatar src={task.user.image_url} name={task.user.nominative} color="initials" size={22} alt="" />
              <Text size="xs" truncate>
                {task.user.nominative}
              </Text>
            </>
          ) : (
            <Text size="xs" c="dimmed">
              {t("tasks.unassigned")}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
