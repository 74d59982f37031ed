import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  EmptyState,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconAddressBook, IconAlertTriangle, IconPlus, IconSearch, IconTrash } from "@tabler/icons-react";
import { type Customer, canWriteCustomers } from "@timetrap/domain";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { SortableTh, sortRows, useSort } from "../../../components/sortable-table";
import { useSession } from "../../../lib/session";
import { useCustomers } from "../api/get-customers";
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

  const openNew = () => setForm({ opened: true, customer: null });
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
    content = (
      <Group justify="center" py="xl">
        <Loader aria-label={t("common.loading")} />
      </Group>
    );
  } else if (customers.isError) {
    content = (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t("customers.loadError")}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{customers.error.message}</Text>
          <Button variant="light" color="red" size="xs" onClick={() => void customers.refetch()}>
            {t("queryState.retry")}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (customers.data.length === 0) {
    content = (
      <Paper withBorder radius="lg" py={56} px="xl">
        <EmptyState
          size="lg"
          withIndicatorBackground
          icon={<IconAddressBook size={30} stroke={1.6} />}
          title={t("customers.empty")}
          description={t("customers.emptyDescription")}
        >
          {canCreate && (
            <EmptyState.Actions>
              <Button leftSection={<IconPlus size={16} />} onClick={openNew}>
                {t("customers.newCustomer")}
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      </Paper>
    );
  } else {
    content = (
      <Paper withBorder radius="lg" p={0} style={{ overflow: "hidden" }}>
        <Table.ScrollContainer minWidth={480} type="native">
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <SortableTh key={column.key} label={column.label} sortKey={column.key} sort={sort} onSort={toggle} />
                ))}
                {canDelete && (
                  <Table.Th w={56}>
                    <VisuallyHidden>{t("customers.actions")}</VisuallyHidden>
                  </Table.Th>
                )}
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
        </Table.ScrollContainer>
      </Paper>
    );
  }

  return (
    <Box maw={1100} mx="auto">
      <Group justify="space-between" align="flex-end" mb="lg" gap="md">
        <div>
          <Title order={1} fz={26}>
            {t("menu.customers")}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t("customers.description")}
          </Text>
        </div>
        {canCreate && customers.isSuccess && customers.data.length > 0 && (
          <Button leftSection={<IconPlus size={16} />} onClick={openNew}>
            {t("customers.newCustomer")}
          </Button>
        )}
      </Group>
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
    </Box>
  );
}
