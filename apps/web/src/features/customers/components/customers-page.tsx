import { ActionIcon, Anchor, Button, Stack, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconAddressBook, IconPlus, IconSearch, IconTrash } from "@tabler/icons-react";
import { type Customer, canWriteCustomers } from "@timetrap/domain";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useCustomers } from "../../../api/get-customers";
import { HiddenLabelTh } from "../../../components/hidden-label-th";
import { ListPage, PageHeader } from "../../../components/page-header";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../components/query-states";
import { SortableTh, sortRows, useSort } from "../../../components/sortable-table";
import { TableCard } from "../../../components/table-card";
import { useSession } from "../../../lib/session";
import { CustomerFormModal } from "./customer-form-modal";
import { DeleteCustomerModal } from "./delete-customer-modal";

type Column = "nominative" | "email";
type Filters = Record<Column, string>;

/** Case- and accent-insensitive text, so "caffe" finds "Caffè". */
function fold(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().trim();
}

function matches(customer: Customer, filters: Filters): boolean {
  return (Object.keys(filters) as Column[]).every((column) => {
    const wanted = fold(filters[column]);
    return !wanted || fold(customer[column] ?? "").includes(wanted);
  });
}

const noFilters: Filters = { nominative: "", email: "" };

/** Spec part 2 §2 "Customers": a sortable, filterable table; a name opens the modal. */
export function CustomersPage() {
  const { t, i18n } = useTranslation();
  const { orgId = "" } = useParams();
  const role = useSession().user?.role;
  const canCreate = canWriteCustomers(role, "create");
  const canEdit = canWriteCustomers(role, "edit");
  const canDelete = canWriteCustomers(role, "delete");
  const customers = useCustomers(orgId);
  const { sort, toggle } = useSort<Column>();
  const [filters, setFilters] = useState<Filters>(noFilters);
  // Spec part 2 §9: filters apply 300 ms after the last keystroke.
  const [debouncedFilters] = useDebouncedValue(filters, 300);

  const [form, setForm] = useState<{ opened: boolean; customer: Customer | null }>({ opened: false, customer: null });
  const [deletion, setDeletion] = useState<{ opened: boolean; customer: Customer | null }>({
    opened: false,
    customer: null,
  });

  const rows = useMemo(
    () =>
      sortRows(
        (customers.data ?? []).filter((customer) => matches(customer, debouncedFilters)),
        sort,
        (customer, column) => customer[column],
        i18n.language,
      ),
    [customers.data, debouncedFilters, sort, i18n.language],
  );

  const addButton = canCreate && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ opened: true, customer: null })}>
      {t("customers.newCustomer")}
    </Button>
  );
  const openCustomer = (customer: Customer) => setForm({ opened: true, customer });
  // From the edit modal too: it closes first, so only one dialog holds the focus.
  const askDelete = (customer: Customer) => {
    setForm((current) => ({ ...current, opened: false }));
    setDeletion({ opened: true, customer });
  };
  const filtered = filters.nominative !== "" || filters.email !== "";

  const columns: { key: Column; label: string }[] = [
    { key: "nominative", label: t("customers.nominative") },
    { key: "email", label: t("customers.email") },
  ];

  let content: ReactNode;
  if (customers.isPending) {
    content = <LoadingState />;
  } else if (customers.isError) {
    content = (
      <LoadErrorState
        title={t("customers.loadError")}
        error={customers.error}
        onRetry={() => void customers.refetch()}
      />
    );
  } else if (customers.data.length === 0) {
    content = (
      <EmptyListState
        framed
        icon={IconAddressBook}
        title={t("customers.empty")}
        description={t("customers.emptyDescription")}
        action={addButton}
      />
    );
  } else {
    content = (
      <TableCard minWidth={480}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <SortableTh key={column.key} label={column.label} sortKey={column.key} sort={sort} onSort={toggle} />
              ))}
              {canDelete && <HiddenLabelTh w={56} label={t("customers.actions")} />}
            </Table.Tr>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Td key={column.key} py={6}>
                  <TextInput
                    size="xs"
                    leftSection={<IconSearch size={14} />}
                    aria-label={t("customers.filterBy", { column: column.label })}
                    placeholder={t("customers.filterBy", { column: column.label })}
                    value={filters[column.key]}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      setFilters((current) => ({ ...current, [column.key]: value }));
                    }}
                  />
                </Table.Td>
              ))}
              {canDelete && <Table.Td />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((customer) => (
              <Table.Tr key={customer.uid}>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    fw={500}
                    size="sm"
                    ta="left"
                    onClick={() => openCustomer(customer)}
                  >
                    {customer.nominative}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={customer.email ? undefined : "dimmed"}>
                    {customer.email ?? "—"}
                  </Text>
                </Table.Td>
                {canDelete && (
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("customers.deleteRow", { name: customer.nominative })}
                      onClick={() => askDelete(customer)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={canDelete ? 3 : 2}>
                  <Stack align="center" gap="xs" py="lg">
                    <Text size="sm" c="dimmed">
                      {t("customers.noMatches")}
                    </Text>
                    {filtered && (
                      <Button variant="subtle" size="xs" onClick={() => setFilters(noFilters)}>
                        {t("customers.clearFilters")}
                      </Button>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </TableCard>
    );
  }

  return (
    <ListPage>
      <PageHeader
        title={t("menu.customers")}
        description={t("customers.description")}
        action={customers.isSuccess && customers.data.length > 0 && addButton}
      />
      {content}
      <CustomerFormModal
        orgId={orgId}
        opened={form.opened}
        customer={form.customer}
        readOnly={form.customer ? !canEdit : !canCreate}
        onDelete={canDelete ? askDelete : undefined}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
      />
      <DeleteCustomerModal
        orgId={orgId}
        opened={deletion.opened}
        customer={deletion.customer}
        onClose={() => setDeletion((current) => ({ ...current, opened: false }))}
        onDeleted={() => setDeletion((current) => ({ ...current, opened: false }))}
      />
    </ListPage>
  );
}
