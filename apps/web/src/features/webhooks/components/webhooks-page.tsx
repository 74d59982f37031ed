import { ActionIcon, Alert, Button, Group, Paper, Stack, Table, Text, Tooltip } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconHistory, IconLock, IconPencil, IconPlus, IconTrash, IconWebhook } from "@tabler/icons-react";
import type { Webhook } from "@timetrap/domain";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useDeleteWebhook, useRotateWebhookSecret, useWebhooks } from "../../../api/webhooks";
import { openConfirmation, useConfirmAction } from "../../../components/confirm-action";
import { HiddenLabelTh } from "../../../components/hidden-label-th";
import { ListPage, PageHeader } from "../../../components/page-header";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../components/query-states";
import { TableCard } from "../../../components/table-card";
import { notifyRequestError } from "../../../lib/notify";
import { useCan } from "../../../lib/permissions";
import { WebhookDeliveriesDrawer } from "./webhook-deliveries-drawer";
import { WebhookFormModal } from "./webhook-form-modal";
import { WebhookSecretModal } from "./webhook-secret-modal";
import { LastDelivery, useEventLabel, WebhookStatusBadge } from "./webhook-texts";

function WebhookActions({
  webhook,
  onLog,
  onEdit,
  onDelete,
}: {
  webhook: Webhook;
  onLog: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label={t("webhooks.deliveries.open")} withArrow>
        <ActionIcon
          variant="subtle"
          aria-label={t("webhooks.deliveries.openFor", { url: webhook.url })}
          onClick={onLog}
        >
          <IconHistory size={16} />
        </ActionIcon>
      </Tooltip>
      <ActionIcon variant="subtle" aria-label={t("webhooks.edit", { url: webhook.url })} onClick={onEdit}>
        <IconPencil size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t("webhooks.delete", { url: webhook.url })}
        onClick={onDelete}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

/** The url, in a monospace that breaks anywhere (a url has no spaces to break at), and the description below it. */
function WebhookTitle({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation();
  const eventLabel = useEventLabel();
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="sm" fw={600} ff="monospace" style={{ wordBreak: "break-all" }}>
        {webhook.url}
      </Text>
      {webhook.description && (
        <Text size="sm" c="dimmed" mt={2}>
          {webhook.description}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        {t("webhooks.eventsList", { events: webhook.events.map(eventLabel).join(", ") })}
      </Text>
    </div>
  );
}

/**
 * Spec part 2 §2 "Webhooks" (issue 14): an organization's webhooks with their state and last delivery, the modal to add
 * or change one, its signing secret shown once, and each one's delivery log. Only for who may edit the organization.
 */
export function WebhooksPage() {
  const { t } = useTranslation();
  const { orgId = "" } = useParams();
  const can = useCan();
  const allowed = can("edit", "organization");
  const webhooks = useWebhooks(orgId, { enabled: allowed });
  const remove = useDeleteWebhook(orgId);
  const rotate = useRotateWebhookSecret(orgId);
  const confirmAction = useConfirmAction();
  const narrow = useMediaQuery("(max-width: 47.99em)", undefined, { getInitialValueInEffect: false });
  const [form, setForm] = useState<{ opened: boolean; webhook: Webhook | null }>({ opened: false, webhook: null });
  const [log, setLog] = useState<{ opened: boolean; webhook: Webhook | null }>({ opened: false, webhook: null });
  const [secret, setSecret] = useState<string | null>(null);

  if (!allowed) {
    return (
      <ListPage>
        <PageHeader title={t("menu.webhooks")} />
        <Alert color="yellow" variant="light" icon={<IconLock size={18} />}>
          {t("webhooks.noAccess")}
        </Alert>
      </ListPage>
    );
  }

  const list = webhooks.data ?? [];
  const openForm = (webhook: Webhook | null) => setForm({ opened: true, webhook });
  const openLog = (webhook: Webhook) => setLog({ opened: true, webhook });
  const askDelete = (webhook: Webhook) =>
    confirmAction({
      title: t("webhooks.deleteTitle"),
      message: t("webhooks.deleteMessage", { url: webhook.url }),
      confirmLabel: t("webhooks.deleteConfirm"),
      run: () => remove.mutateAsync(webhook.uid),
      successMessage: t("webhooks.deleted"),
    });
  const askRotate = (webhook: Webhook) =>
    openConfirmation({
      title: t("webhooks.rotate.title"),
      message: t("webhooks.rotate.message"),
      confirmLabel: t("webhooks.rotate.confirm"),
      destructive: true,
      onConfirm: () => {
        rotate.mutate(webhook.uid, {
          onSuccess: (newSecret) => {
            setForm((current) => ({ ...current, opened: false }));
            setSecret(newSecret);
          },
          onError: notifyRequestError,
        });
      },
    });

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => openForm(null)}>
      {t("webhooks.add")}
    </Button>
  );
  const actionsOf = (webhook: Webhook) => (
    <WebhookActions
      webhook={webhook}
      onLog={() => openLog(webhook)}
      onEdit={() => openForm(webhook)}
      onDelete={() => askDelete(webhook)}
    />
  );

  let content: ReactNode;
  if (webhooks.isPending) {
    content = <LoadingState />;
  } else if (webhooks.isError) {
    content = (
      <LoadErrorState title={t("webhooks.loadError")} error={webhooks.error} onRetry={() => void webhooks.refetch()} />
    );
  } else if (list.length === 0) {
    content = (
      <EmptyListState
        framed
        icon={IconWebhook}
        title={t("webhooks.empty")}
        description={t("webhooks.emptyDescription")}
        action={addButton}
      />
    );
  } else if (narrow) {
    content = (
      <Stack gap="sm">
        {list.map((webhook) => (
          <Paper key={webhook.uid} withBorder radius="lg" p="md" data-testid="webhook-row">
            <WebhookTitle webhook={webhook} />
            <Group justify="space-between" align="flex-start" mt="sm" gap="sm">
              <Group gap="lg" align="flex-start">
                <div>
                  <Text size="xs" c="dimmed" mb={4}>
                    {t("webhooks.columns.status")}
                  </Text>
                  <WebhookStatusBadge webhook={webhook} />
                </div>
                <div>
                  <Text size="xs" c="dimmed" mb={4}>
                    {t("webhooks.columns.lastDelivery")}
                  </Text>
                  <LastDelivery webhook={webhook} />
                </div>
              </Group>
              {actionsOf(webhook)}
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  } else {
    content = (
      <TableCard minWidth={720}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("webhooks.columns.webhook")}</Table.Th>
              <Table.Th w={180}>{t("webhooks.columns.status")}</Table.Th>
              <Table.Th w={180}>{t("webhooks.columns.lastDelivery")}</Table.Th>
              <HiddenLabelTh w={120} label={t("webhooks.columns.actions")} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((webhook) => (
              <Table.Tr key={webhook.uid} data-testid="webhook-row">
                <Table.Td>
                  <WebhookTitle webhook={webhook} />
                </Table.Td>
                <Table.Td style={{ verticalAlign: "top" }}>
                  <WebhookStatusBadge webhook={webhook} />
                </Table.Td>
                <Table.Td style={{ verticalAlign: "top" }}>
                  <LastDelivery webhook={webhook} />
                </Table.Td>
                <Table.Td style={{ verticalAlign: "top" }}>{actionsOf(webhook)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableCard>
    );
  }

  return (
    <ListPage>
      <PageHeader
        title={t("menu.webhooks")}
        description={t("webhooks.description")}
        action={webhooks.isSuccess && list.length > 0 && addButton}
      />
      {content}
      <WebhookFormModal
        orgId={orgId}
        opened={form.opened}
        webhook={form.webhook}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
        onCreated={(created) => setSecret(created.secret)}
        onRotateSecret={askRotate}
      />
      <WebhookSecretModal secret={secret} onClose={() => setSecret(null)} />
      <WebhookDeliveriesDrawer
        orgId={orgId}
        webhook={log.webhook}
        opened={log.opened}
        onClose={() => setLog((current) => ({ ...current, opened: false }))}
      />
    </ListPage>
  );
}
