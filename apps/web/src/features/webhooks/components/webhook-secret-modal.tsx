import { Alert, Button, Code, Group, List, Modal, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { webhookSignatureToleranceSeconds } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { CopySecretButton } from "../../../components/copy-secret-button";

const secretField = { input: { fontFamily: "var(--mantine-font-family-monospace)" } } as const;

/**
 * A webhook's signing secret, shown this once (after creating the webhook or rotating its secret), with how a receiver
 * checks a delivery with it. It closes only through Done, so that a stray click does not lose the secret.
 */
export function WebhookSecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={secret !== null}
      onClose={onClose}
      size="lg"
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      title={t("webhooks.secret.title")}
    >
      {secret !== null && (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t("webhooks.secret.once")}
          </Alert>
          <TextInput
            label={t("webhooks.secret.label")}
            value={secret}
            readOnly
            styles={secretField}
            onFocus={(event) => event.currentTarget.select()}
          />
          <div>
            <Text size="sm" fw={600} mb={6}>
              {t("webhooks.secret.howTitle")}
            </Text>
            <List size="sm" spacing={6}>
              <List.Item>
                {t("webhooks.secret.howTimestamp")} <Code>X-Timetrap-Timestamp</Code>
              </List.Item>
              <List.Item>
                {t("webhooks.secret.howSignature")} <Code>X-Timetrap-Signature: sha256=…</Code>
              </List.Item>
              <List.Item>
                {t("webhooks.secret.howCompute")}
                <Code block mt={6} style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
                  sha256=hex(HMAC_SHA256(secret, timestamp + "." + body))
                </Code>
              </List.Item>
              <List.Item>
                {t("webhooks.secret.howTolerance", { minutes: webhookSignatureToleranceSeconds / 60 })}
              </List.Item>
            </List>
          </div>
          <Group justify="flex-end" gap="sm">
            <CopySecretButton
              value={secret}
              copyLabel={t("webhooks.secret.copy")}
              copiedLabel={t("webhooks.secret.copied")}
            />
            <Button variant="default" onClick={onClose}>
              {t("webhooks.secret.done")}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
