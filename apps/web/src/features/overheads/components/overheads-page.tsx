import { Button, Table } from "@mantine/core";
import { IconPlus, IconReceipt2 } from "@tabler/icons-react";
import type { Overhead } from "@timetrap/domain";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useConfirmAction } from "../../../components/confirm-action";
import { HiddenLabelTh } from "../../../components/hidden-label-th";
import { BackLink, ListPage, PageHeader } from "../../../components/page-header";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../components/query-states";
import { RowActions } from "../../../components/row-actions";
import { TableCard } from "../../../components/table-card";
import { formatDate, formatEuro } from "../../../lib/format";
import { useCan } from "../../../lib/permissions";
import { useDeleteOverhead } from "../api/delete-overhead";
import { useOverheads } from "../api/get-overheads";
import { OverheadFormModal } from "./overhead-form-modal";

/** Spec part 2 §2 "Overheads": from, to and amount, with add, edit, delete and a way back to the users. */
export function OverheadsPage() {
  const { t } = useTranslation();
  const { orgId = "" } = useParams();
  const can = useCan();
  // Decision 005: overheads sit with users; reading needs read user, writing edit user.
  const canWrite = can("edit", "user");
  const overheads = useOverheads(orgId);
  const remove = useDeleteOverhead(orgId);
  const confirmAction = useConfirmAction();
  const [form, setForm] = useState<{ opened: boolean; overhead: Overhead | null }>({ opened: false, overhead: null });

  const addButton = canWrite && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ opened: true, overhead: null })}>
      {t("overheads.add")}
    </Button>
  );

  const askDelete = (overhead: Overhead) =>
    confirmAction({
      title: t("overheads.deleteTitle"),
      message: t("overheads.deleteMessage", {
        amount: formatEuro(overhead.amount),
        from: formatDate(overhead.from_date),
        to: formatDate(overhead.to_date),
      }),
      confirmLabel: t("overheads.deleteConfirm"),
      run: () => remove.mutateAsync(overhead.uid),
      successMessage: t("overheads.deleted"),
    });

  let content: ReactNode;
  if (overheads.isPending) {
    content = <LoadingState />;
  } else if (overheads.isError) {
    content = (
      <LoadErrorState
        title={t("overheads.loadError")}
        error={overheads.error}
        onRetry={() => void overheads.refetch()}
      />
    );
  } else if (overheads.data.length === 0) {
    content = (
      <EmptyListState
        framed
        icon={IconReceipt2}
        title={t("overheads.empty")}
        description={t("overheads.emptyDescription")}
        action={addButton}
      />
    );
  } else {
    content = (
      <TableCard minWidth={canWrite ? 420 : 340}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover tabularNums>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("overheads.from")}</Table.Th>
              <Table.Th>{t("overheads.to")}</Table.Th>
              <Table.Th ta="right">{t("overheads.amount")}</Table.Th>
              {canWrite && <HiddenLabelTh w={96} label={t("overheads.actions")} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {overheads.data.map((overhead) => {
              const from = formatDate(overhead.from_date);
              return (
                <Table.Tr key={overhead.uid}>
                  <Table.Td>{from}</Table.Td>
                  <Table.Td c={overhead.to_date ? undefined : "dimmed"}>{formatDate(overhead.to_date)}</Table.Td>
                  <Table.Td ta="right">{formatEuro(overhead.amount)}</Table.Td>
                  {canWrite && (
                    <Table.Td>
                      <RowActions
                        gap={4}
                        justify="flex-end"
                        editLabel={t("overheads.edit", { from })}
                        deleteLabel={t("overheads.delete", { from })}
                        onEdit={() => setForm({ opened: true, overhead })}
                        onDelete={() => askDelete(overhead)}
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </TableCard>
    );
  }

  return (
    <ListPage>
      <BackLink to={`/organization/${orgId}/users`}>{t("overheads.back")}</BackLink>
      <PageHeader
        title={t("menu.overheads")}
        description={t("overheads.description")}
        action={overheads.isSuccess && overheads.data.length > 0 && addButton}
      />
      {content}
      <OverheadFormModal
        orgId={orgId}
        opened={form.opened}
        overhead={form.overhead}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
      />
    </ListPage>
  );
}
