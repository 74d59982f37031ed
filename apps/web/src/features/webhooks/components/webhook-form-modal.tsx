import {
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Radio,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconRefresh } from "@tabler/icons-react";
import {
  type Webhook,
  type WebhookEvent,
  type WebhookWithSecret,
  webhookDescriptionMaxLength,
  webhookEvents,
  webhookUrlMaxLength,
} from "@timetrap/domain";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useWorkflowStatuses } from "../../../api/get-workflow-statuses";
import { useCreateWebhook, useUpdateWebhook } from "../../../api/webhooks";
import { ModalFormFooter } from "../../../components/modal-form-footer";
import { mutationToasts, notifyRequestError, notifySuccess } from "../../../lib/notify";
import { workflowStatusName } from "../../../lib/workflow-status-name";
import { type FieldProblem, type WebhookFormValues, webhookFormValues, webhookPayload } from "../lib/webhook-form";
import { eventTextKey } from "./webhook-texts";

export interface WebhookFormModalProps {
  orgId: string;
  opened: boolean;
  /** The webhook to change; null for a new one. */
  webhook: Webhook | null;
  onClose: () => void;
  /** A new webhook, with the secret it answered this once. */
  onCreated: (webhook: WebhookWithSecret) => void;
  /** "Rotate secret" on the webhook being changed (asked for confirmation by the page). */
  onRotateSecret: (webhook: Webhook) => void;
}

function WebhookForm({ orgId, webhook, onClose, onCreated, onRotateSecret }: Omit<WebhookFormModalProps, "opened">) {
  const { t } = useTranslation();
  const create = useCreateWebhook(orgId);
  const update = useUpdateWebhook(orgId);
  const statuses = useWorkflowStatuses(orgId);
  const [values, setValues] = useState<WebhookFormValues>(() => webhookFormValues(webhook));
  // The url is checked as it is typed only once it has been left a first time (or the form sent).
  const [urlTouched, setUrlTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const pending = create.isPending || update.isPending;

  const result = webhookPayload(values);
  const problems = result.ok ? {} : result.problems;
  const problemText = (problem: FieldProblem | undefined) =>
    problem === undefined
      ? null
      : "key" in problem
        ? t(`webhooks.form.${problem.key}` as "webhooks.form.urlRequired")
        : problem.message;

  const statusOptions = useMemo(
    () => (statuses.data ?? []).map((status) => ({ value: status.uid, label: workflowStatusName(status, t) })),
    [statuses.data, t],
  );

  const change = (patch: Partial<WebhookFormValues>) => setValues((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setUrlTouched(true);
    if (!result.ok) return;
    if (webhook) {
      update.mutate({ webhookId: webhook.uid, data: result.payload }, mutationToasts(t("webhooks.updated"), onClose));
    } else {
      create.mutate(result.payload, {
        onSuccess: (created) => {
          notifySuccess({ message: t("webhooks.created") });
          onClose();
          onCreated(created);
        },
        onError: notifyRequestError,
      });
    }
  };

  const statusChosen = values.events.includes("project.status.change");
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t("webhooks.form.url")}
          description={t("webhooks.form.urlHint")}
          placeholder="https://example.com/hooks/timetrap"
          type="url"
          value={values.url}
          maxLength={webhookUrlMaxLength}
          onChange={(event) => change({ url: event.currentTarget.value })}
          onBlur={() => setUrlTouched(true)}
          error={urlTouched ? problemText(problems.url) : null}
          required
          data-autofocus
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
        />
        <Textarea
          label={t("webhooks.form.description")}
          value={values.description}
          maxLength={webhookDescriptionMaxLength}
          autosize
          minRows={2}
          maxRows={4}
          onChange={(event) => change({ description: event.currentTarget.value })}
          error={problemText(problems.description)}
        />
        <Checkbox.Group
          label={t("webhooks.form.events")}
          value={values.events}
          onChange={(events) => change({ events: events as WebhookEvent[] })}
          error={submitted ? problemText(problems.events) : null}
          required
        >
          <Stack gap="sm" mt="xs">
            {webhookEvents.map((event) => (
              <Checkbox
                key={event}
                value={event}
                label={
                  <Text span size="sm" fw={500}>
                    {t(`webhooks.events.${eventTextKey[event]}.label`)}{" "}
                    <Text span size="xs" c="dimmed" ff="monospace">
                      {event}
                    </Text>
                  </Text>
                }
                description={t(`webhooks.events.${eventTextKey[event]}.description`)}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        {statusChosen && (
          <Paper withBorder radius="md" p="sm">
            <Radio.Group
              label={t("webhooks.form.condition")}
              value={values.statusCondition}
              onChange={(value) => change({ statusCondition: value as WebhookFormValues["statusCondition"] })}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="always" label={t("webhooks.form.conditionAlways")} />
                <Radio value="statuses" label={t("webhooks.form.conditionStatuses")} />
              </Stack>
            </Radio.Group>
            {values.statusCondition === "statuses" && (
              <MultiSelect
                mt="sm"
                label={t("webhooks.form.statuses")}
                placeholder={values.statusIds.length === 0 ? t("webhooks.form.statusesPlaceholder") : undefined}
                data={statusOptions}
                value={values.statusIds}
                onChange={(statusIds) => change({ statusIds })}
                error={submitted ? problemText(problems.statusIds) : null}
                searchable
                clearable
                comboboxProps={{ withinPortal: true }}
              />
            )}
          </Paper>
        )}
        <Switch
          label={t("webhooks.form.enabled")}
          description={t("webhooks.form.enabledHint")}
          checked={values.enabled}
          onChange={(event) => change({ enabled: event.currentTarget.checked })}
        />
        {webhook && (
          <Group justify="space-between" gap="sm" wrap="wrap">
            <div>
              <Text size="sm" fw={500}>
                {t("webhooks.form.secret")}
              </Text>
              <Text size="xs" c="dimmed">
                {t("webhooks.form.secretHint", { hint: webhook.secret_hint })}
              </Text>
            </div>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconRefresh size={14} />}
              onClick={() => onRotateSecret(webhook)}
            >
              {t("webhooks.rotate.button")}
            </Button>
          </Group>
        )}
        <ModalFormFooter pending={pending} onCancel={onClose} />
      </Stack>
    </form>
  );
}

/** Spec part 2 §2 "Webhooks": the modal to add a webhook or change one. */
export function WebhookFormModal({ opened, webhook, onClose, ...props }: WebhookFormModalProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery("(max-width: 47.99em)", undefined, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      fullScreen={phone ?? false}
      title={webhook ? t("webhooks.form.editTitle") : t("webhooks.form.newTitle")}
    >
      <WebhookForm key={webhook?.uid ?? "new"} webhook={webhook} onClose={onClose} {...props} />
    </Modal>
  );
}
