import { Alert, Button, Code, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { totpCodeSchema } from "@timetrap/domain";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api-client";
import { useEnableTotp } from "../api/enable-totp";
import { useSetUpTotp } from "../api/set-up-totp";
import { RecoveryCodesPanel } from "./recovery-codes-panel";
import { TotpQrCode } from "./totp-qr-code";

/** The key in groups of four, as people copy it into an app by hand. */
const groupedKey = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/**
 * Turning the authenticator app on: scan the QR code (or type the key), confirm with a first code, then keep the
 * recovery codes. `onDone` once the person says they saved them.
 */
export function TotpEnrolment({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const setUp = useSetUpTotp();
  const enable = useEnableTotp();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  // One setup per enrolment: React runs effects twice in development, and each setup replaces the secret.
  const started = useRef(false);

  const startSetUp = setUp.mutate;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startSetUp();
  }, [startSetUp]);

  if (enable.data) return <RecoveryCodesPanel codes={enable.data.recovery_codes} onDone={onDone} />;

  if (setUp.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {isApiError(setUp.error) ? setUp.error.ErrorMessage : t("common.genericError")}
      </Alert>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(t("twoFactor.signIn.codeFormat"));
      return;
    }
    setError(null);
    enable.mutate(
      { code: parsed.data },
      {
        onError: (failure) => {
          if (isApiError(failure) && failure.status === 400) setError(t("twoFactor.setup.wrongCode"));
          else setError(isApiError(failure) ? failure.ErrorMessage : t("common.genericError"));
        },
      },
    );
  };

  const secret = setUp.data?.secret;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t("twoFactor.setup.scan")}</Text>
        <Group align="flex-start" wrap="wrap" gap="lg">
          <TotpQrCode url={setUp.data?.otpauth_url ?? null} label={t("twoFactor.setup.qrLabel")} />
          <Stack gap={6} style={{ flex: "1 1 200px", minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {t("twoFactor.setup.keyTitle")}
            </Text>
            <Text size="sm" c="dimmed">
              {t("twoFactor.setup.keyHint")}
            </Text>
            <Code block fz="sm" data-testid="totp-secret" style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
              {secret ? groupedKey(secret) : "…"}
            </Code>
          </Stack>
        </Group>
        <TextInput
          label={t("twoFactor.setup.codeLabel")}
          description={t("twoFactor.setup.codeHint")}
          inputWrapperOrder={["label", "input", "description", "error"]}
          placeholder="123 456"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={error}
          styles={{ input: { letterSpacing: "0.15em", fontVariantNumeric: "tabular-nums" } }}
          required
        />
        <Button type="submit" loading={enable.isPending} disabled={!secret || code.trim() === ""}>
          {t("twoFactor.setup.turnOn")}
        </Button>
      </Stack>
    </form>
  );
}
