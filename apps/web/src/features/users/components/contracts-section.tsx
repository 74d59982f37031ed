import { ActionIcon, Button, Group, Paper, Table, Title, Tooltip } from "@mantine/core";
import { IconFileText, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { type Contract, weekdays } from "@timetrap/domain";
import type { TFunction } from "i18next";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirmAction } from "../../../components/confirm-action";
import { HiddenLabelTh } from "../../../components/hidden-label-th";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../components/query-states";
import { formatDate, formatEuro } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { useDeleteContract } from "../api/delete-contract";
import { useContracts } from "../api/get-contracts";
import { ContractModal } from "./contract-modal";

/** Full-time: hours per working day. Part-time: the weekdays with hours, e.g. "Mon 4 · Wed 6". */
export function formatContractHours(contract: Contract, t: TFunction): string {
  if (contract.contract_type === "full-time") return t("contracts.hoursPerDay", { hours: contract.contractual_hours });
  const days = weekdays
    .filter((day) => (contract.contractual_hours_by_day?.[day] ?? 0) > 0)
    .map((day) => `${t(`contracts.weekdaysShort.${day}`)} ${contract.contractual_hours_by_day?.[day]}`);
  return days.length > 0 ? days.join(" · ") : t("contracts.noHours");
}

function formatPercent(value: number): string {
  return new Intl.NumberFormat(currentLanguage(), { style: "percent", maximumFractionDigits: 1 }).format(value / 100);
}

/** The modal keeps its contract while it fades out, so its title does not flip on the way. */
interface ModalState {
  opened: boolean;
  contract: Contract | null;
}

export function ContractsSection({
  organizationId,
  userId,
  canEdit,
}: {
  organizationId: string;
  userId: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const contracts = useContracts(organizationId, userId);
  const remove = useDeleteContract();
  const [modal, setModal] = useState<ModalState>({ opened: false, contract: null });

  const confirmAction = useConfirmAction();

  const confirmDelete = (contract: Contract) =>
    confirmAction({
      title: t("contracts.deleteTitle"),
      message: contract.to_date
        ? t("contracts.deleteMessage", { from: formatDate(contract.from_date), to: formatDate(contract.to_date) })
        : t("contracts.deleteOpenEndedMessage", { from: formatDate(contract.from_date) }),
      confirmLabel: t("contracts.delete"),
      run: () => remove.mutateAsync({ organizationId, userId, contractId: contract.uid }),
      successMessage: t("contracts.deleted"),
    });

  let content: ReactNode;
  if (contracts.isPending) {
    content = <LoadingState />;
  } else if (contracts.isError) {
    content = <LoadErrorState error={contracts.error} onRetry={() => void contracts.refetch()} />;
  } else if (contracts.data.length === 0) {
    content = (
      <EmptyListState
        icon={IconFileText}
        title={t("contracts.emptyTitle")}
        description={canEdit ? t("contracts.emptyDescription") : undefined}
      />
    );
  } else {
    content = (
      <Table.ScrollContainer minWidth={760} type="native">
        <Table highlightOnHover={canEdit} verticalSpacing="sm" tabularNums>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("contracts.fromDate")}</Table.Th>
              <Table.Th>{t("contracts.toDate")}</Table.Th>
              <Table.Th>{t("contracts.type")}</Table.Th>
              <Table.Th>{t("contracts.hours")}</Table.Th>
              <Table.Th ta="right">{t("contracts.hourlyCost")}</Table.Th>
              <Table.Th ta="right">{t("contracts.productivityTarget")}</Table.Th>
              {canEdit && <HiddenLabelTh w={96} label={t("contracts.actions")} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contracts.data.map((contract) => (
              <Table.Tr
                key={contract.uid}
                style={canEdit ? { cursor: "pointer" } : undefined}
                onClick={canEdit ? () => setModal({ opened: true, contract }) : undefined}
              >
                <Table.Td>{formatDate(contract.from_date)}</Table.Td>
                <Table.Td>{formatDate(contract.to_date)}</Table.Td>
                <Table.Td>{t(`contracts.types.${contract.contract_type}`)}</Table.Td>
                <Table.Td>{formatContractHours(contract, t)}</Table.Td>
                <Table.Td ta="right">{formatEuro(contract.hourly_cost)}</Table.Td>
                <Table.Td ta="right">{formatPercent(contract.productivity_target)}</Table.Td>
                {canEdit && (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Tooltip label={t("contracts.edit")}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t("contracts.editRow", { from: formatDate(contract.from_date) })}
                          onClick={(event) => {
                            event.stopPropagation();
                            setModal({ opened: true, contract });
                          }}
                        >
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t("contracts.delete")}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t("contracts.deleteRow", { from: formatDate(contract.from_date) })}
                          onClick={(event) => {
                            event.stopPropagation();
                            confirmDelete(contract);
                          }}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Paper withBorder radius="lg" p={{ base: "sm", sm: "lg" }} bg="var(--mantine-color-body)">
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} fz={18}>
          {t("contracts.title")}
        </Title>
        {canEdit && (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => setModal({ opened: true, contract: null })}
          >
            {t("contracts.add")}
          </Button>
        )}
      </Group>
      {content}
      {canEdit && (
        <ContractModal
          organizationId={organizationId}
          userId={userId}
          contract={modal.contract}
          opened={modal.opened}
          onClose={() => setModal((current) => ({ ...current, opened: false }))}
        />
      )}
    </Paper>
  );
}
