import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  EmptyState,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconAlertTriangle, IconArrowsShuffle, IconLock, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import type { WorkflowStatus } from "@timetrap/domain";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useCan } from "../../../lib/permissions";
import { useDeleteWorkflowStatus } from "../api/delete-workflow-status";
import { useWorkflowStatuses } from "../api/get-workflow-statuses";
import { workflowStatusName } from "../status-name";
import { WorkflowStatusModal } from "./workflow-status-modal";

/** Spec part 2 §2 "Workflows": the statuses by name; only editable ones can be renamed or deleted. */
export function WorkflowsPage() {
  const { t, i18n } = useTranslation();
  const { orgId = "" } = useParams();
  const can = useCan();
  // Decision 005: workflow statuses follow the project rights.
  const canCreate = can("create", "project");
  const canEdit = can("edit", "project");
  const canDelete = can("delete", "project");
  const statuses = useWorkflowStatuses(orgId);
  const remove = useDeleteWorkflowStatus(orgId);
  const [form, setForm] = useState<{ opened: boolean; status: WorkflowStatus | null }>({ opened: false, status: null });

  const rows = useMemo(() => {
    const collator = new Intl.Collator(i18n.language, { sensitivity: "base", numeric: true });
    return (statuses.data ?? [])
      .map((status) => ({ status, name: workflowStatusName(status, t) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [statuses.data, t, i18n.language]);

  const openNew = () => setForm({ opened: true, status: null });
  const hasActions = canEdit || canDelete;

  const askDelete = (status: WorkflowStatus, name: string) =>
    modals.openConfirmModal({
      title: t("workflows.deleteTitle"),
      centered: true,
      children: <Text size="sm">{t("workflows.deleteMessage", { name })}</Text>,
      labels: { confirm: t("workflows.deleteConfirm"), cancel: t("common.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(status.uid, {
          onSuccess: () => notifySuccess({ message: t("workflows.deleted") }),
          onError: (error) => {
            console.error(error);
            notifyError({ title: t("common.error"), message: error.message });
          },
        }),
    });

  let content: ReactNode;
  if (statuses.isPending) {
    content = (
      <Group justify="center" py="xl">
        <Loader aria-label={t("common.loading")} />
      </Group>
    );
  } else if (statuses.isError) {
    content = (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t("workflows.loadError")}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{statuses.error.message}</Text>
          <Button variant="light" color="red" size="xs" onClick={() => void statuses.refetch()}>
            {t("queryState.retry")}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (rows.length === 0) {
    content = (
      <Paper withBorder radius="lg" py={56} px="xl">
        <EmptyState
          size="lg"
          withIndicatorBackground
          icon={<IconArrowsShuffle size={30} stroke={1.6} />}
          title={t("workflows.empty")}
          description={t("workflows.emptyDescription")}
        >
          {canCreate && (
            <EmptyState.Actions>
              <Button leftSection={<IconPlus size={16} />} onClick={openNew}>
                {t("workflows.add")}
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      </Paper>
    );
  } else {
    content = (
      <Paper withBorder radius="lg" p={0} style={{ overflow: "hidden" }}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("workflows.name")}</Table.Th>
              {hasActions && (
                <Table.Th w={96}>
                  <VisuallyHidden>{t("workflows.actions")}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ status, name }) => (
              <Table.Tr key={status.uid}>
                <Table.Td>
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" fw={500}>
                      {name}
                    </Text>
                    {!status.editable && (
                      <Tooltip label={t("workflows.builtInHint")} withArrow>
                        <Badge variant="light" color="gray" size="sm" leftSection={<IconLock size={11} />}>
                          {t("workflows.builtIn")}
                        </Badge>
                      </Tooltip>
                    )}
                    {status.selected_by_default && (
                      <Badge variant="light" size="sm">
                        {t("workflows.selectedByDefault")}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                {hasActions && (
                  <Table.Td>
                    {status.editable && (
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {canEdit && (
                          <ActionIcon
                            variant="subtle"
                            aria-label={t("workflows.edit", { name })}
                            onClick={() => setForm({ opened: true, status })}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        )}
                        {canDelete && (
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t("workflows.delete", { name })}
                            onClick={() => askDelete(status, name)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        )}
                      </Group>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    );
  }

  return (
    <Box maw={760} mx="auto">
      <Group justify="space-between" align="flex-end" mb="lg" gap="md">
        <div>
          <Title order={1} fz={26}>
            {t("menu.workflows")}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t("workflows.description")}
          </Text>
        </div>
        {canCreate && statuses.isSuccess && rows.length > 0 && (
          <Button leftSection={<IconPlus size={16} />} onClick={openNew}>
            {t("workflows.add")}
          </Button>
        )}
      </Group>
      {content}
      <WorkflowStatusModal
        orgId={orgId}
        opened={form.opened}
        status={form.status}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
      />
    </Box>
  );
}
