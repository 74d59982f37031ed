import { Badge, Box, Group, Progress, Skeleton, Stack, Text, Timeline } from "@mantine/core";
import { type ProjectUpdate, projectUpdateStatusColors } from "@timetrap/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AddButton } from "../../../../components/add-button";
import { useConfirmAction } from "../../../../components/confirm-action";
import { LoadErrorState } from "../../../../components/query-states";
import { RowActions } from "../../../../components/row-actions";
import { formatDate } from "../../../../lib/format";
import { useDeleteProjectUpdate } from "../../api/delete-project-update";
import { useProjectUpdates } from "../../api/get-project-updates";
import { useItemModal } from "../use-item-modal";
import { ProjectUpdateModal } from "./project-update-modal";

function UpdateText({ label, text }: { label: string; text: string }) {
  if (!text.trim()) return null;
  return (
    <Box>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {text}
      </Text>
    </Box>
  );
}

/** Spec part 2 §2: the project's updates, newest first, with their status colour, date, progress and texts. */
export function ProjectUpdates({
  organizationId,
  projectId,
  canEdit,
}: {
  organizationId: string;
  projectId: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const updates = useProjectUpdates(organizationId, projectId);
  const remove = useDeleteProjectUpdate(organizationId, projectId);
  const confirmAction = useConfirmAction();
  const form = useItemModal<ProjectUpdate>();

  const askDelete = (projectUpdate: ProjectUpdate) =>
    confirmAction({
      title: t("projectUpdates.deleteTitle"),
      message: t("projectUpdates.deleteMessage", { date: formatDate(projectUpdate.date) }),
      confirmLabel: t("projectUpdates.deleteConfirm"),
      run: () => remove.mutateAsync(projectUpdate.update_id),
      successMessage: t("projectUpdates.deleted"),
    });

  let content: ReactNode;
  if (updates.isPending) content = <Skeleton height={96} radius="md" />;
  else if (updates.isError)
    content = (
      <LoadErrorState
        title={t("projectUpdates.loadError")}
        error={updates.error}
        onRetry={() => void updates.refetch()}
      />
    );
  else if (updates.data.length === 0)
    content = (
      <Text size="sm" c="dimmed">
        {t("projectUpdates.empty")}
      </Text>
    );
  else
    content = (
      // Every update is drawn active, so each bullet takes its own status colour.
      <Timeline bulletSize={14} lineWidth={2} active={updates.data.length - 1}>
        {updates.data.map((projectUpdate) => {
          const date = formatDate(projectUpdate.date);
          const color = projectUpdateStatusColors[projectUpdate.status];
          return (
            <Timeline.Item key={projectUpdate.update_id} color={color}>
              <Stack gap="xs">
                {/* On a narrow screen the buttons move below the status rather than cutting its name short. */}
                <Group justify="space-between" gap="xs" align="center">
                  <Group gap="xs">
                    <Badge variant="light" color={color}>
                      {t(`projectUpdates.statuses.${projectUpdate.status}`)}
                    </Badge>
                    <Text size="sm" c="dimmed">
                      {date}
                    </Text>
                  </Group>
                  {canEdit && (
                    <RowActions
                      gap={2}
                      ml="auto"
                      editLabel={t("projectUpdates.edit", { date })}
                      deleteLabel={t("projectUpdates.delete", { date })}
                      onEdit={() => form.open(projectUpdate)}
                      onDelete={() => askDelete(projectUpdate)}
                    />
                  )}
                </Group>
                <Group gap="sm" wrap="nowrap">
                  <Progress
                    value={projectUpdate.progress}
                    color={color}
                    size="md"
                    radius="xl"
                    flex={1}
                    aria-label={t("projectUpdates.progress")}
                  />
                  <Text size="sm" fw={600} w={44} ta="right">
                    {t("projectUpdates.progressValue", { value: projectUpdate.progress })}
                  </Text>
                </Group>
                <UpdateText label={t("projectUpdates.update")} text={projectUpdate.data.update} />
                <UpdateText label={t("projectUpdates.priorities")} text={projectUpdate.data.priorities} />
                <UpdateText label={t("projectUpdates.roadblocks")} text={projectUpdate.data.roadblocks} />
              </Stack>
            </Timeline.Item>
          );
        })}
      </Timeline>
    );

  return (
    <Stack gap="md">
      {canEdit && (
        <Group justify="flex-end">
          <AddButton onClick={() => form.open(null)}>{t("projectUpdates.add")}</AddButton>
        </Group>
      )}
      {content}
      <ProjectUpdateModal
        organizationId={organizationId}
        projectId={projectId}
        opened={form.opened}
        projectUpdate={form.item}
        onClose={form.close}
      />
    </Stack>
  );
}
