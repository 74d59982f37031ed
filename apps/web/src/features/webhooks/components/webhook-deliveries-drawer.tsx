import { Accordion, Badge, Button, Code, Drawer, Group, Paper, Stack, Text } from "@mantine/core";
import { IconHistory, IconRepeat, IconSend } from "@tabler/icons-react";
import type { DeliveryAttempt, Webhook, WebhookDelivery } from "@timetrap/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useRedeliverWebhookDelivery, useSendWebhookTest, useWebhookDeliveries } from "../../../api/webhooks";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../components/query-states";
import { mutationToasts } from "../../../lib/notify";
import { DeliveryStateBadge, formatWhen, useEventLabel } from "./webhook-texts";

/** One attempt: when, the receiver's status code and how long it took, then why it failed and the answer's first bytes. */
function AttemptItem({ attempt }: { attempt: DeliveryAttempt }) {
  const { t } = useTranslation();
  const ok = attempt.error === null && attempt.status_code !== null && attempt.status_code < 300;
  return (
    <Paper withBorder radius="sm" p="xs" data-testid="webhook-attempt">
      <Group gap="xs" wrap="wrap">
        <Text size="xs" fw={500}>
          {formatWhen(attempt.at)}
        </Text>
        <Badge variant="outline" size="sm" color={ok ? "teal" : "red"}>
          {attempt.status_code === null
            ? t("webhooks.deliveries.noStatus")
            : t("webhooks.deliveries.statusCode", { code: attempt.status_code })}
        </Badge>
        <Text size="xs" c="dimmed">
          {t("webhooks.deliveries.duration", { ms: attempt.duration_ms })}
        </Text>
      </Group>
      {attempt.error && (
        <Text size="xs" c="red.8" mt={6}>
          {attempt.error}
        </Text>
      )}
      {attempt.response_excerpt ? (
        <Code
          block
          fz="xs"
          mt={6}
          aria-label={t("webhooks.deliveries.answer")}
          style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", maxHeight: 160, overflow: "auto" }}
        >
          {attempt.response_excerpt}
        </Code>
      ) : (
        !attempt.error && (
          <Text size="xs" c="dimmed" mt={6}>
            {t("webhooks.deliveries.emptyAnswer")}
          </Text>
        )
      )}
    </Paper>
  );
}

function DeliveryItem({ orgId, webhookId, delivery }: { orgId: string; webhookId: string; delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const eventLabel = useEventLabel();
  const redeliver = useRedeliverWebhookDelivery(orgId);
  return (
    <Accordion.Item value={delivery.uid} data-testid="webhook-delivery">
      <Accordion.Control>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} truncate>
              {eventLabel(delivery.event)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatWhen(delivery.created_at)} ·{" "}
              {t("webhooks.deliveries.attempts", { count: delivery.attempts.length })}
            </Text>
          </div>
          <DeliveryStateBadge state={delivery.state} />
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          {delivery.next_attempt_at && delivery.state === "pending" && (
            <Text size="xs" c="dimmed">
              {t("webhooks.deliveries.nextAttempt", { when: formatWhen(delivery.next_attempt_at) })}
            </Text>
          )}
          {delivery.attempts.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("webhooks.deliveries.noAttempts")}
            </Text>
          ) : (
            <Stack gap={6}>
              {delivery.attempts.map((attempt, index) => (
                // Attempts have no id of their own and are never reordered.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <AttemptItem key={index} attempt={attempt} />
              ))}
            </Stack>
          )}
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRepeat size={14} />}
              loading={redeliver.isPending}
              onClick={() =>
                redeliver.mutate(
                  { webhookId, deliveryId: delivery.uid },
                  mutationToasts(t("webhooks.deliveries.redelivered")),
                )
              }
            >
              {t("webhooks.deliveries.redeliver")}
            </Button>
          </Group>
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/** A webhook's delivery log, newest first, a page at a time; each delivery with its attempts and "Send again". */
export function WebhookDeliveriesDrawer({
  orgId,
  webhook,
  opened,
  onClose,
}: {
  orgId: string;
  /** Kept while the drawer closes, so that its content stays until it has gone. */
  webhook: Webhook | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const deliveries = useWebhookDeliveries(orgId, opened && webhook ? webhook.uid : null);
  const sendTest = useSendWebhookTest(orgId);
  const items = deliveries.data?.pages.flatMap((page) => page.items) ?? [];

  let content: ReactNode;
  if (!webhook) content = null;
  else if (deliveries.isPending) content = <LoadingState />;
  else if (deliveries.isError)
    content = <LoadErrorState error={deliveries.error} onRetry={() => void deliveries.refetch()} />;
  else if (items.length === 0)
    content = (
      <EmptyListState
        icon={IconHistory}
        title={t("webhooks.deliveries.empty")}
        description={t("webhooks.deliveries.emptyDescription")}
      />
    );
  else
    content = (
      <Stack gap="sm">
        <Accordion variant="separated" radius="md" chevronPosition="left">
          {items.map((delivery) => (
            <DeliveryItem key={delivery.uid} orgId={orgId} webhookId={webhook.uid} delivery={delivery} />
          ))}
        </Accordion>
        {deliveries.hasNextPage && (
          <Group justify="center">
            <Button
              variant="default"
              size="xs"
              loading={deliveries.isFetchingNextPage}
              onClick={() => void deliveries.fetchNextPage()}
            >
              {t("webhooks.deliveries.loadMore")}
            </Button>
          </Group>
        )}
      </Stack>
    );

  return (
    <Drawer
      opened={opened && webhook !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>{t("webhooks.deliveries.title")}</Text>
          <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: "break-all" }}>
            {webhook?.url}
          </Text>
        </div>
      }
    >
      {webhook && (
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" c="dimmed" style={{ flex: "1 1 220px" }}>
              {t("webhooks.deliveries.description")}
            </Text>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconSend size={14} />}
              loading={sendTest.isPending}
              onClick={() => sendTest.mutate(webhook.uid, mutationToasts(t("webhooks.testSent")))}
            >
              {t("webhooks.sendTest")}
            </Button>
          </Group>
          {content}
        </Stack>
      )}
    </Drawer>
  );
}
