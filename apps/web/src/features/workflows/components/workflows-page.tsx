import { ActionIcon, Badge, Button, Group, Table, Text, Tooltip } from "@mantine/core";
import { IconArrowsShuffle, IconLock, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import type { WorkflowStatus } from "@timetrap/domain";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useWorkflowStatuses } from "../../../api/get-workflow-statuses";
import { useConfirmAction } from "../../../components/confirm-action";
import { HiddenLabelTh } from "../../../components/hidden-label-th";
import { FormPage, PageHeader } from "../../../components/page-header";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../components/query-states";
import { TableCard } from "../../../components/table-card";
import { useCan } from "../../../lib/permissions";
import { workflowStatusName } from "../../../lib/workflow-status-name";
import { useDeleteWorkflowStatus } from "../api/delete-workflow-status";
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

  const hasActions = canEdit || canDelete;
  const confirmAction = useConfirmAction();

  const addButton = canCreate && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ opened: true, status: null })}>
      {t("workflows.add")}
    </Button>
  );

  const askDelete = (status: WorkflowStatus, name: string) =>
    confirmAction({
      title: t("workflows.deleteTitle"),
      message: t("workflows.deleteMessage", { name }),
      confirmLabel: t("workflows.deleteConfirm"),
      run: () => remove.mutateAsync(status.uid),
      successMessage: t("workflows.deleted"),
    });

  let content: ReactNode;
  if (statuses.isPending) {
    content = <LoadingState />;
  } else if (statuses.isError) {
    content = (
      <LoadErrorState title={t("workflows.loadError")} error={statuses.error} onRetry={() => void statuses.refetch()} />
    );
  } else if (rows.length === 0) {
    content = (
      <EmptyListState
        framed
        icon={IconArrowsShuffle}
        title={t("workflows.empty")}
        description={t("workflows.emptyDescription")}
        action={addButton}
      />
    );
  } else {
    content = (
      <TableCard minWidth={320}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("workflows.name")}</Table.Th>
              {hasActions && <HiddenLabelTh w={96} label={t("workflows.actions")} />}
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
      </TableCard>
    );
  }

  return (
    <FormPage>
      <PageHeader
        title={t("menu.workflows")}
        description={t("workflows.description")}
        action={statuses.isSuccess && rows.length > 0 && addButton}
      />
      {content}
      <WorkflowStatusModal
        orgId={orgId}
        opened={form.opened}
        status={form.status}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
      />
    </FormPage>
  );
}
