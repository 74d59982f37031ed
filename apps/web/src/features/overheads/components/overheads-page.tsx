import {
  ActionIcon,
  Alert,
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
  VisuallyHidden,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconAlertTriangle, IconArrowLeft, IconPencil, IconPlus, IconReceipt2, IconTrash } from "@tabler/icons-react";
import type { Overhead } from "@timetrap/domain";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { formatDate, formatEuro } from "../../../lib/format";
import { notifyError, notifySuccess } from "../../../lib/notify";
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
  const [form, setForm] = useState<{ opened: boolean; overhead: Overhead | null }>({ opened: false, overhead: null });

  const openNew = () => setForm({ opened: true, overhead: null });

  const askDelete = (overhead: Overhead) =>
    modals.openConfirmModal({
      title: t("overheads.deleteTitle"),
      centered: true,
      children: (
        <Text size="sm">
          {t("overheads.deleteMessage", {
            amount: formatEuro(overhead.amount),
            from: formatDate(overhead.from_date),
            to: formatDate(overhead.to_date),
          })}
        </Text>
      ),
      labels: { confirm: t("overheads.deleteConfirm"), cancel: t("common.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(overhead.uid, {
          onSuccess: () => notifySuccess({ message: t("overheads.deleted") }),
          onError: (error) => {
            console.error(error);
            notifyError({ title: t("common.error"), message: error.message });
          },
        }),
    });

  let content: ReactNode;
  if (overheads.isPending) {
    content = (
      <Group justify="center" py="xl">
        <Loader aria-label={t("common.loading")} />
      </Group>
    );
  } else if (overheads.isError) {
    content = (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t("overheads.loadError")}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{overheads.error.message}</Text>
          <Button variant="light" color="red" size="xs" onClick={() => void overheads.refetch()}>
            {t("queryState.retry")}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (overheads.data.length === 0) {
    content = (
      <Paper withBorder radius="lg" py={56} px="xl">
        <EmptyState
          size="lg"
          withIndicatorBackground
          icon={<IconReceipt2 size={30} stroke={1.6} />}
          title={t("overheads.empty")}
          description={t("overheads.emptyDescription")}
        >
          {canWrite && (
            <EmptyState.Actions>
              <Button leftSection={<IconPlus size={16} />} onClick={openNew}>
                {t("overheads.add")}
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      </Paper>
    );
  } else {
    content = (
      <Paper withBorder radius="lg" p={0} style={{ overflow: "hidden" }}>
        <Table.ScrollContainer minWidth={canWrite ? 420 : 340} type="native">
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover tabularNums>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("overheads.from")}</Table.Th>
                <Table.Th>{t("overheads.to")}</Table.Th>
                <Table.Th ta="right">{t("overheads.amount")}</Table.Th>
                {canWrite && (
                  <Table.Th w={96}>
                    <VisuallyHidden>{t("overheads.actions")}</VisuallyHidden>
                  </Table.Th>
                )}
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
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            aria-label={t("overheads.edit", { from })}
                            onClick={() => setForm({ opened: true, overhead })}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t("overheads.delete", { from })}
                            onClick={() => askDelete(overhead)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    );
  }

  return (
    <Box maw={900} mx="auto">
      <Button
        component={Link}
        to={`/organization/${orgId}/users`}
        variant="subtle"
        size="compact-sm"
        leftSection={<IconArrowLeft size={16} />}
        mb="sm"
        ml={-8}
      >
        {t("overheads.back")}
      </Button>
      <Group justify="space-between" align="flex-end" mb="lg" gap="md">
        <div>
          <Title order={1} fz={26}>
            {t("menu.overheads")}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t("overheads.description")}
          </Text>
        </div>
        {canWrite && overheads.isSuccess && overheads.data.length > 0 && (
          <Button leftSection={<IconPlus size={16} />} onClick={openNew}>
            {t("overheads.add")}
          </Button>
        )}
      </Group>
      {content}
      <OverheadFormModal
        orgId={orgId}
        opened={form.opened}
        overhead={form.overhead}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
      />
    </Box>
  );
}
