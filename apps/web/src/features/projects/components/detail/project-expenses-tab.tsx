import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { IconPlus, IconReceipt } from "@tabler/icons-react";
import { type Expense, expenseTotals } from "@timetrap/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useConfirmAction } from "../../../../components/confirm-action";
import { HiddenLabelTh } from "../../../../components/hidden-label-th";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../../components/query-states";
import { RowActions } from "../../../../components/row-actions";
import { TableCard } from "../../../../components/table-card";
import { formatDate, formatEuro } from "../../../../lib/format";
import { useDeleteExpense } from "../../api/delete-expense";
import { useExpenses } from "../../api/get-expenses";
import { useItemModal } from "../use-item-modal";
import { ExpenseFormModal } from "./expense-form-modal";

function Total({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
        {label}
      </Text>
      <Text fz={22} fw={700} c={color} mt={4} style={{ fontVariantNumeric: "tabular-nums" }}>
        {formatEuro(value)}
      </Text>
    </Paper>
  );
}

/** Spec part 2 §2 "Project detail", final balance expenses: the totals, then the list with add, edit, delete. */
export function ProjectExpensesTab({
  organizationId,
  projectId,
  canEdit,
}: {
  organizationId: string;
  projectId: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const expenses = useExpenses(organizationId, projectId);
  const remove = useDeleteExpense(organizationId, projectId);
  const confirmAction = useConfirmAction();
  const form = useItemModal<Expense>();

  const addButton = canEdit && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => form.open(null)}>
      {t("expenses.add")}
    </Button>
  );

  const askDelete = (expense: Expense) =>
    confirmAction({
      title: t("expenses.deleteTitle"),
      message: t("expenses.deleteMessage", { title: expense.title, amount: formatEuro(expense.amount) }),
      confirmLabel: t("expenses.deleteConfirm"),
      run: () => remove.mutateAsync(expense.uid),
      successMessage: t("expenses.deleted"),
    });

  let content: ReactNode;
  if (expenses.isPending) {
    content = <LoadingState />;
  } else if (expenses.isError) {
    content = (
      <LoadErrorState title={t("expenses.loadError")} error={expenses.error} onRetry={() => void expenses.refetch()} />
    );
  } else if (expenses.data.length === 0) {
    content = (
      <EmptyListState
        framed
        icon={IconReceipt}
        title={t("expenses.empty")}
        description={t("expenses.emptyDescription")}
        action={addButton}
      />
    );
  } else {
    const totals = expenseTotals(expenses.data);
    content = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <Total label={t("expenses.totals.estimated")} value={totals.estimated} />
          <Total label={t("expenses.totals.finalBalance")} value={totals.finalBalance} />
          <Total label={t("expenses.totals.billable")} value={totals.billable} color="teal" />
        </SimpleGrid>
        <Group justify="flex-end">{addButton}</Group>
        <TableCard minWidth={canEdit ? 960 : 880}>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover tabularNums>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("expenses.columns.title")}</Table.Th>
                <Table.Th>{t("expenses.columns.type")}</Table.Th>
                <Table.Th ta="right">{t("expenses.columns.amount")}</Table.Th>
                <Table.Th>{t("expenses.columns.billable")}</Table.Th>
                <Table.Th>{t("expenses.columns.supplier")}</Table.Th>
                <Table.Th>{t("expenses.columns.transactionDate")}</Table.Th>
                <Table.Th>{t("expenses.columns.approver")}</Table.Th>
                {canEdit && <HiddenLabelTh w={96} label={t("expenses.columns.actions")} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {expenses.data.map((expense) => (
                <Table.Tr key={expense.uid}>
                  <Table.Td maw={260}>
                    <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
                      {expense.title}
                    </Text>
                    {expense.description && (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {expense.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={expense.is_final_balance ? "blue" : "gray"}>
                      {t(`expenses.types.${expense.is_final_balance ? "final_balance" : "estimate"}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                    {formatEuro(expense.amount)}
                  </Table.Td>
                  <Table.Td c={expense.is_billable ? undefined : "dimmed"}>
                    {expense.is_billable ? t("expenses.yes") : t("expenses.no")}
                  </Table.Td>
                  <Table.Td c={expense.supplier ? undefined : "dimmed"}>{expense.supplier ?? "—"}</Table.Td>
                  <Table.Td c={expense.transacation_date ? undefined : "dimmed"}>
                    {formatDate(expense.transacation_date)}
                  </Table.Td>
                  <Table.Td c={expense.approver ? undefined : "dimmed"}>{expense.approver ?? "—"}</Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <RowActions
                        gap={4}
                        justify="flex-end"
                        editLabel={t("expenses.edit", { title: expense.title })}
                        deleteLabel={t("expenses.delete", { title: expense.title })}
                        onEdit={() => form.open(expense)}
                        onDelete={() => askDelete(expense)}
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableCard>
      </Stack>
    );
  }

  return (
    <>
      {content}
      {canEdit && (
        <ExpenseFormModal
          organizationId={organizationId}
          projectId={projectId}
          opened={form.opened}
          expense={form.item}
          onClose={form.close}
        />
      )}
    </>
  );
}
