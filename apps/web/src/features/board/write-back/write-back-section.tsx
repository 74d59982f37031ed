import { Alert, Anchor, Button, Group, Loader, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconExternalLink, IconRefresh } from "@tabler/icons-react";
import { isItemService, itemUrlOf, loggedTimeText, type TimeBlockingEvent } from "@timetrap/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useUserIntegrations } from "../../../api/integrations";
import { useRetryWriteBack, useWriteBacks } from "../../../api/write-backs";
import { notifyRequestError } from "../../../lib/notify";
import { useSignedInUser } from "../../../lib/session";
import styles from "./write-back.module.css";
import { writeBackTexts } from "./write-back-texts";
import {
  itemServiceNames,
  type WriteBackSectionState,
  writeBackSectionStateOf,
  writeBackWeekOf,
} from "./write-back-view";

/** `YYYY-MM-DD` as dd/MM/yyyy (spec §5). */
function dayText(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}/${month}/${year}`;
}

/**
 * The event form's part for a block dropped from Todoist, Asana, Paymo or Jira (decision 032): the link back to the
 * item, and on one's own block the state of its time written back to the tool: on its way, written, failed with the
 * reason and a retry, or off with the way to turn it on.
 */
export function WriteBackSection({ event }: { event: TimeBlockingEvent }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const own = event.user_id === me.uid;
  const service = isItemService(event.source) ? event.source : null;
  const integrations = useUserIntegrations(me.uid, { enabled: own && service !== null });
  const writeBacks = useWriteBacks(me.uid, own && service ? writeBackWeekOf(event.start_time) : null);
  const retry = useRetryWriteBack(me.uid);
  if (!service) return null;

  const name = itemServiceNames[service];
  const integration = integrations.data
    ? (integrations.data.services.find((state) => state.service === service)?.integration ?? null)
    : undefined;
  const state = writeBackSectionStateOf({
    event,
    own,
    writeBack: writeBacks.data?.find((writeBack) => writeBack.event_id === event.id),
    integration,
  });
  const url = itemUrlOf(service, event.source_id, integration?.metadata.domain ?? null);
  const integrationsPage = `/user/${encodeURIComponent(me.uid)}/integrations`;

  return (
    <div className={styles.section} data-testid="write-back-section">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {t("writeBack.section.source", { service: name })}
          {/* A Jira key names the issue as people say it; the other tools' ids mean nothing to read. */}
          {service === "jira" && event.source_id && <span className={styles.itemId}> · {event.source_id}</span>}
        </Text>
        {url && (
          <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={4} wrap="nowrap" component="span">
              {t("writeBack.section.open", { service: name })}
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        )}
      </Group>
      <div aria-live="polite">
        <StateLine
          state={state}
          service={name}
          integrationsPage={integrationsPage}
          retrying={retry.isPending}
          onRetry={() => retry.mutate(event.id, { onError: notifyRequestError })}
        />
      </div>
    </div>
  );
}

function StateLine({
  state,
  service,
  integrationsPage,
  retrying,
  onRetry,
}: {
  state: WriteBackSectionState;
  service: string;
  integrationsPage: string;
  retrying: boolean;
  onRetry: () => void;
}): ReactNode {
  const { t } = useTranslation();
  const toIntegrations = (label: string) => (
    <Anchor component={Link} to={integrationsPage} size="sm">
      {label}
    </Anchor>
  );
  switch (state.kind) {
    case "pending":
      return (
        <>
          <Group gap="xs" mt={6} wrap="nowrap">
            <Loader size={14} aria-hidden />
            <Text size="sm">{t("writeBack.section.pending", { time: loggedTimeText(state.seconds), service })}</Text>
          </Group>
          {state.error && (
            <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: "anywhere" }}>
              {t("writeBack.section.lastAttempt", { error: state.error })}
            </Text>
          )}
        </>
      );
    case "written":
      return (
        <Group gap="xs" mt={6} wrap="wrap">
          <IconCircleCheck size={18} color="var(--mantine-color-teal-8)" aria-hidden />
          <Text size="sm" fw={600} c="teal.9">
            {t("writeBack.section.written", { service })}
          </Text>
          <Text size="sm" c="dimmed">
            {state.day
              ? t("writeBack.section.writtenDetail", { time: loggedTimeText(state.seconds), date: dayText(state.day) })
              : loggedTimeText(state.seconds)}
          </Text>
        </Group>
      );
    case "failed":
      return (
        <Alert
          mt="xs"
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t("writeBack.section.failed", { service })}
        >
          {state.error && (
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {state.error}
            </Text>
          )}
          <Button
            mt="xs"
            size="xs"
            color="red"
            leftSection={<IconRefresh size={14} />}
            loading={retrying}
            onClick={onRetry}
          >
            {t("writeBack.section.retry")}
          </Button>
        </Alert>
      );
    case "off":
      return state.later ? (
        <Group gap="xs" mt={6} wrap="wrap">
          <Text size="sm">{t("writeBack.section.offThen", { service })}</Text>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            loading={retrying}
            onClick={onRetry}
          >
            {t("writeBack.section.writeNow", { service })}
          </Button>
        </Group>
      ) : (
        <Text size="sm" mt={6}>
          {t("writeBack.section.off", { service })} · {toIntegrations(t("writeBack.section.turnOn"))}
        </Text>
      );
    case "not_connected":
      return (
        <Text size="sm" mt={6}>
          {t("writeBack.section.notConnected", { service })} {toIntegrations(t("writeBack.section.connect"))}
        </Text>
      );
    case "not_yet":
      return (
        <Text size="sm" c="dimmed" mt={6}>
          {t("writeBack.section.notYet", { service })}
        </Text>
      );
    case "none":
      return null;
  }
}

/** The section once its texts have come. */
export const loadWriteBackSection = () => writeBackTexts().then(() => WriteBackSection);
