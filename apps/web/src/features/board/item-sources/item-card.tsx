import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from "@mantine/core";
import { IconCheck, IconExternalLink, IconSubtask } from "@tabler/icons-react";
import { overdueColor } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { PriorityLabel } from "../../../components/task-priority";
import { endOfDayMs } from "../../../lib/due-date";
import { formatDate } from "../../../lib/format";
import { CompleteBadge, DueBadge } from "../side-panel/card-badges";
import { dropItemAttribute } from "../side-panel/use-external-drag";
import { IssueTypeIcon } from "./issue-type-icon";
import classes from "./item-sources.module.css";
import { itemKey, itemServiceColors, itemServiceNames, type SourceItem } from "./source-item";

export interface ItemCardProps {
  item: SourceItem;
  /** The moment the list was drawn: the due date's colour compares with it. */
  now: number;
  /** Completes the item in its service (Todoist, Asana); no button without it. */
  onComplete?: () => void;
  completing?: boolean;
}

/**
 * Spec part 1 §2 "Task card", for an item of Todoist, Asana, Paymo or Jira: its title, the service, its project, due
 * date, the link to it in the service, the complete flag and priority where the service has them, a subtask's parent,
 * and Jira's issue type. The card is dragged onto the board whole (it carries the drop item's key); its buttons are
 * the link and, where the service allows, completing it.
 */
export function ItemCard({ item, now, onComplete, completing = false }: ItemCardProps) {
  const { t } = useTranslation();
  const service = itemServiceNames[item.service];
  const due = item.due?.slice(0, 10) ?? null;
  const dueColor = due ? (overdueColor(endOfDayMs(due), now) ?? "gray") : "gray";

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      className={classes.card}
      role="article"
      aria-label={item.title}
      {...{ [dropItemAttribute]: itemKey(item) }}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Group gap={6} wrap="nowrap" align="flex-start" miw={0}>
            {item.issueType && (
              <span className={classes.typeIconSlot}>
                <IssueTypeIcon name={item.issueType.name} />
              </span>
            )}
            <Text fw={600} size="sm" className={classes.title}>
              {item.title}
            </Text>
          </Group>
          <Badge size="xs" variant="light" color={itemServiceColors[item.service]} radius="sm" style={{ flex: "none" }}>
            {service}
          </Badge>
        </Group>

        {item.parent && (
          <Group gap={4} wrap="nowrap">
            <IconSubtask size={14} aria-hidden />
            <Text size="xs" c="dimmed" truncate>
              {t("itemSources.card.parent", { name: item.parent })}
            </Text>
          </Group>
        )}

        {(item.project || item.issueType) && (
          <Text size="xs" c="dimmed" truncate>
            {item.issueType
              ? t("itemSources.card.issue", { key: item.issueKey, type: item.issueType.name })
              : item.project}
          </Text>
        )}

        {item.description && (
          <Text size="xs" lineClamp={2} className={classes.title}>
            {item.description}
          </Text>
        )}

        {item.priority !== null && <PriorityLabel priority={item.priority} size="xs" />}

        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-end">
          <Group gap={6} wrap="wrap" miw={0}>
            {due && (
              <DueBadge day={due} color={dueColor} label={t("itemSources.card.dueDate", { date: formatDate(due) })} />
            )}
            {item.completed !== null && <CompleteBadge complete={item.completed} />}
          </Group>
          <Group gap={4} wrap="nowrap" style={{ flex: "none" }} ml="auto">
            {item.url && (
              <Tooltip label={t("itemSources.card.open", { name: service })} withArrow>
                <ActionIcon
                  component="a"
                  href={item.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  draggable={false}
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={t("itemSources.card.openItem", { name: service, title: item.title })}
                >
                  <IconExternalLink size={16} />
                </ActionIcon>
              </Tooltip>
            )}
            {onComplete && (
              <Tooltip label={t("itemSources.card.complete")} withArrow>
                <ActionIcon
                  variant="light"
                  color="teal"
                  size="sm"
                  loading={completing}
                  onClick={onComplete}
                  aria-label={t("itemSources.card.completeItem", { title: item.title })}
                >
                  <IconCheck size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
