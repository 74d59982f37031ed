import { Badge, Text } from "@mantine/core";
import type { DeliveryState, Webhook, WebhookEvent } from "@timetrap/domain";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { displayDateFormat } from "../../../lib/display-date";

/** Each event's texts under `webhooks.events` (an event's name has dots, which a key cannot hold). */
export const eventTextKey = {
  "project.status.change": "statusChange",
  "project.budget.threshold": "budgetThreshold",
  "project.margin.at_risk": "marginAtRisk",
} as const satisfies Record<WebhookEvent, string>;

export const whenFormat = `${displayDateFormat} HH:mm`;

export function formatWhen(at: string): string {
  return dayjs(at).format(whenFormat);
}

/** A delivered event's name in the reader's words: a subscribed event's label, the test event's, or the name. */
export function useEventLabel(): (event: string) => string {
  const { t } = useTranslation();
  return (event) => {
    if (event === "webhook.test") return t("webhooks.events.test");
    const key = eventTextKey[event as WebhookEvent];
    return key ? t(`webhooks.events.${key}.label`) : event;
  };
}

/** A webhook's state: active, failing since when, or disabled (and why, when the server did it). */
export function WebhookStatusBadge({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation();
  if (webhook.status === "disabled") {
    return (
      <div>
        <Badge variant="light" color="gray" size="sm">
          {t("webhooks.status.disabled")}
        </Badge>
        <Text size="xs" c="dimmed" mt={4}>
          {webhook.disabled_reason ?? t("webhooks.status.disabledByAdmin")}
        </Text>
      </div>
    );
  }
  if (webhook.status === "failing") {
    return (
      <div>
        <Badge variant="light" color="orange" size="sm">
          {t("webhooks.status.failing")}
        </Badge>
        {webhook.failing_since && (
          <Text size="xs" c="dimmed" mt={4}>
            {t("webhooks.status.failingSince", { when: formatWhen(webhook.failing_since) })}
          </Text>
        )}
      </div>
    );
  }
  return (
    <Badge variant="light" color="teal" size="sm">
      {t("webhooks.status.active")}
    </Badge>
  );
}

const stateColors: Record<DeliveryState, string> = { pending: "blue", succeeded: "teal", dead: "red" };

/** A delivery's state: waiting for an attempt, delivered (a 2xx), or given up after its last attempt. */
export function DeliveryStateBadge({ state }: { state: string }) {
  const { t } = useTranslation();
  const known = state in stateColors ? (state as DeliveryState) : null;
  return (
    <Badge variant="light" size="sm" color={known ? stateColors[known] : "gray"}>
      {known ? t(`webhooks.deliveries.states.${known}`) : state}
    </Badge>
  );
}

/** The last delivery of a webhook: when, how it went, and the receiver's status code. */
export function LastDelivery({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation();
  const last = webhook.last_delivery;
  if (!last) {
    return (
      <Text size="sm" c="dimmed">
        {t("webhooks.neverDelivered")}
      </Text>
    );
  }
  return (
    <div>
      <DeliveryStateBadge state={last.state} />
      <Text size="xs" c="dimmed" mt={4}>
        {last.status_code === null
          ? formatWhen(last.at)
          : t("webhooks.lastDeliveryWithCode", { when: formatWhen(last.at), code: last.status_code })}
      </Text>
    </div>
  );
}
