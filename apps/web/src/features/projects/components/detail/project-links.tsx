import { Anchor, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconExternalLink, IconLink } from "@tabler/icons-react";
import { linkHref, type ProjectLink } from "@timetrap/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AddButton } from "../../../../components/add-button";
import { useConfirmAction } from "../../../../components/confirm-action";
import { LoadErrorState } from "../../../../components/query-states";
import { RowActions } from "../../../../components/row-actions";
import { useDeleteProjectLink } from "../../api/delete-project-link";
import { useProjectLinks } from "../../api/get-project-links";
import { useItemModal } from "../use-item-modal";
import { LinkFormModal } from "./link-form-modal";

export function ProjectLinks({
  organizationId,
  projectId,
  canEdit,
}: {
  organizationId: string;
  projectId: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const links = useProjectLinks(organizationId, projectId);
  const remove = useDeleteProjectLink(organizationId, projectId);
  const confirmAction = useConfirmAction();
  const form = useItemModal<ProjectLink>();

  const askDelete = (link: ProjectLink) =>
    confirmAction({
      title: t("links.deleteTitle"),
      message: t("links.deleteMessage", { title: link.title }),
      confirmLabel: t("links.deleteConfirm"),
      run: () => remove.mutateAsync(link.link_id),
      successMessage: t("links.deleted"),
    });

  let list: ReactNode;
  if (links.isPending) list = <Skeleton height={48} radius="md" />;
  else if (links.isError)
    list = <LoadErrorState title={t("links.loadError")} error={links.error} onRetry={() => void links.refetch()} />;
  else if (links.data.length === 0)
    list = (
      <Text size="sm" c="dimmed">
        {t("links.empty")}
      </Text>
    );
  else
    list = (
      <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: "none" }}>
        {links.data.map((link) => {
          // The server saves addresses normalized; one saved before it did is checked here by the same rule.
          const href = linkHref(link.url) || null;
          return (
            <Group key={link.link_id} component="li" gap="xs" wrap="nowrap" justify="space-between" mih={36}>
              <Group gap="xs" wrap="nowrap" miw={0}>
                <IconLink size={16} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
                {href ? (
                  <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" fw={500} miw={0} truncate>
                    {link.title}
                    <IconExternalLink size={12} style={{ marginLeft: 4, verticalAlign: "middle" }} aria-hidden />
                  </Anchor>
                ) : (
                  <Text size="sm" fw={500} truncate title={link.url || t("links.noUrl")}>
                    {link.title}
                  </Text>
                )}
              </Group>
              {canEdit && (
                <RowActions
                  gap={2}
                  editLabel={t("links.edit", { title: link.title })}
                  deleteLabel={t("links.delete", { title: link.title })}
                  onEdit={() => form.open(link)}
                  onDelete={() => askDelete(link)}
                />
              )}
            </Group>
          );
        })}
      </Stack>
    );

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="md">
          {t("links.title")}
        </Title>
        {canEdit && <AddButton onClick={() => form.open(null)}>{t("links.add")}</AddButton>}
      </Group>
      {list}
      <LinkFormModal
        organizationId={organizationId}
        projectId={projectId}
        opened={form.opened}
        link={form.item}
        onClose={form.close}
      />
    </Stack>
  );
}
