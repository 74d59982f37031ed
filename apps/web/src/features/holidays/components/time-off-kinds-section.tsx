import { Button, ColorSwatch, Group, Table, Text, Title } from "@mantine/core";
import { IconBeach, IconPlus } from "@tabler/icons-react";
import type { TimeOffKind } from "@timetrap/domain";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useTimeOffKinds } from "../../../api/time-off-kinds";
import { useConfirmAction } from "../../../components/confirm-action";
import { HiddenLabelTh } from "../../../components/hidden-label-th";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../components/query-states";
import { RowActions } from "../../../components/row-actions";
import { TableCard } from "../../../components/table-card";
import { useDeleteTimeOffKind } from "../api/time-off-kind-mutations";
import { TimeOffKindModal } from "./time-off-kind-modal";

/** The kinds of time off: what each is called, its colour on the board, whether it is paid and asks for approval. */
export function TimeOffKindsSection({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const kinds = useTimeOffKinds(organizationId);
  const remove = useDeleteTimeOffKind(organizationId);
  const confirmAction = useConfirmAction();
  const [form, setForm] = useState<{ opened: boolean; kind: TimeOffKind | null }>({ opened: false, kind: null });
  const number = new Intl.NumberFormat(i18n.language === "it" ? "it-IT" : "en-GB", { maximumFractionDigits: 1 });

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => setForm({ opened: true, kind: null })}>
      {t("holidays.kinds.add")}
    </Button>
  );

  const askDelete = (kind: TimeOffKind) =>
    confirmAction({
      title: t("holidays.kinds.deleteTitle"),
      message: t("holidays.kinds.deleteMessage", { name: kind.name }),
      confirmLabel: t("holidays.kinds.deleteConfirm"),
      run: () => remove.mutateAsync(kind.id),
      successMessage: t("holidays.kinds.deleted"),
    });

  const yesNo = (value: boolean) => (value ? t("holidays.kinds.yes") : t("holidays.kinds.no"));

  let content: ReactNode;
  if (kinds.isPending) content = <LoadingState />;
  else if (kinds.isError)
    content = (
      <LoadErrorState title={t("holidays.kinds.loadError")} error={kinds.error} onRetry={() => void kinds.refetch()} />
    );
  else if (kinds.data.length === 0)
    content = (
      <EmptyListState
        framed
        icon={IconBeach}
        title={t("holidays.kinds.empty")}
        description={t("holidays.kinds.emptyDescription")}
        action={addButton}
      />
    );
  else
    content = (
      <TableCard minWidth={640}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("holidays.kinds.name")}</Table.Th>
              <Table.Th>{t("holidays.kinds.paid")}</Table.Th>
              <Table.Th>{t("holidays.kinds.needsApproval")}</Table.Th>
              <Table.Th ta="right">{t("holidays.kinds.allowance")}</Table.Th>
              <HiddenLabelTh w={96} label={t("holidays.kinds.actions")} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {kinds.data.map((kind) => (
              <Table.Tr key={kind.id} data-testid="time-off-kind-row">
                <Table.Td>
                  <Group gap={8} wrap="nowrap">
                    <ColorSwatch color={kind.color} size={14} withShadow={false} aria-hidden />
                    <Text size="sm">{kind.name}</Text>
                  </Group>
                </Table.Td>
                <Table.Td>{yesNo(kind.paid)}</Table.Td>
                <Table.Td>{yesNo(kind.needs_approval)}</Table.Td>
                <Table.Td ta="right">
                  {kind.yearly_allowance_days === null
                    ? t("holidays.kinds.noAllowance")
                    : t("holidays.kinds.days", { days: number.format(kind.yearly_allowance_days) })}
                </Table.Td>
                <Table.Td>
                  <RowActions
                    gap={4}
                    justify="flex-end"
                    editLabel={t("holidays.kinds.edit", { name: kind.name })}
                    deleteLabel={t("holidays.kinds.delete", { name: kind.name })}
                    onEdit={() => setForm({ opened: true, kind })}
                    onDelete={() => askDelete(kind)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableCard>
    );

  return (
    <section aria-labelledby="time-off-kinds-title">
      <Group justify="space-between" align="flex-end" mb="md" gap="md">
        <div>
          <Title order={2} fz={20} id="time-off-kinds-title">
            {t("holidays.kinds.title")}
          </Title>
          <Text size="sm" c="dimmed" mt={4} maw={680}>
            {t("holidays.kinds.description")}
          </Text>
        </div>
        {kinds.isSuccess && kinds.data.length > 0 && addButton}
      </Group>
      {content}
      <TimeOffKindModal
        organizationId={organizationId}
        opened={form.opened}
        kind={form.kind}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
      />
    </section>
  );
}
