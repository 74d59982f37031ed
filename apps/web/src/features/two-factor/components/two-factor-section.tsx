import { Badge, Button, Flex, Group, Modal, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { IconShieldCheck, IconShieldOff } from "@tabler/icons-react";
import { type ConfirmTwoFactorInput, secondFactorCodeSchema, type TwoFactorStatus } from "@timetrap/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ProfileSection } from "../../../components/profile-section";
import { LoadErrorState, LoadingState } from "../../../components/query-states";
import { isApiError } from "../../../lib/api-client";
import { notifySuccess } from "../../../lib/notify";
import { useDisableTotp } from "../api/disable-totp";
import { useTwoFactorStatus } from "../api/get-two-factor-status";
import { useRegenerateRecoveryCodes } from "../api/regenerate-recovery-codes";
import { RecoveryCodesPanel } from "./recovery-codes-panel";
import { TotpEnrolment } from "./totp-enrolment";

type Dialog = "enable" | "regenerate" | "disable" | null;

/**
 * The profile's "Two-factor authentication" (decision 018): whether the authenticator app is on, turning it on (QR
 * code, key, first code, recovery codes), new recovery codes and turning it off, each confirmed with the password and a
 * code.
 */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  return (
    <ProfileSection
      id="two-factor-title"
      title={t("twoFactor.profile.title")}
      aside={
        status.data && (
          <Badge
            variant="light"
            color={status.data.totp_enabled ? "teal" : "gray"}
            leftSection={status.data.totp_enabled ? <IconShieldCheck size={14} /> : <IconShieldOff size={14} />}
          >
            {status.data.totp_enabled ? t("twoFactor.profile.on") : t("twoFactor.profile.off")}
          </Badge>
        )
      }
      description={t("twoFactor.profile.description")}
    >
      {status.isPending ? (
        <LoadingState />
      ) : status.isError ? (
        <LoadErrorState
          error={status.error}
          title={t("twoFactor.profile.loadError")}
          onRetry={() => void status.refetch()}
        />
      ) : (
        <StatusBody status={status.data} onOpen={setDialog} />
      )}
      <Modal
        opened={dialog === "enable"}
        onClose={close}
        title={t("twoFactor.setup.title")}
        size="lg"
        closeOnClickOutside={false}
      >
        {dialog === "enable" && (
          <TotpEnrolment
            onDone={() => {
              close();
              void status.refetch();
              notifySuccess({ message: t("twoFactor.profile.enabled") });
            }}
          />
        )}
      </Modal>
      <Modal
        opened={dialog === "regenerate" || dialog === "disable"}
        onClose={close}
        title={dialog === "disable" ? t("twoFactor.profile.disableTitle") : t("twoFactor.profile.regenerateTitle")}
        closeOnClickOutside={false}
      >
        {status.data && dialog === "disable" && <DisableForm hasPassword={status.data.has_password} onDone={close} />}
        {status.data && dialog === "regenerate" && (
          <RegenerateForm hasPassword={status.data.has_password} onDone={close} />
        )}
      </Modal>
    </ProfileSection>
  );
}

function StatusBody({ status, onOpen }: { status: TwoFactorStatus; onOpen: (dialog: Dialog) => void }) {
  const { t } = useTranslation();
  if (!status.totp_enabled) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {status.required_by_organization ? t("twoFactor.profile.requiredOff") : t("twoFactor.profile.offText")}
        </Text>
        <Button onClick={() => onOpen("enable")}>{t("twoFactor.profile.enable")}</Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm">{t("twoFactor.profile.onText")}</Text>
      <Text size="sm" c={status.recovery_codes_left <= 2 ? "red" : "dimmed"}>
        {t("twoFactor.profile.codesLeft", { count: status.recovery_codes_left })}
      </Text>
      {status.required_by_organization && (
        <Text size="sm" c="dimmed">
          {t("twoFactor.profile.requiredOn")}
        </Text>
      )}
      <Flex direction={{ base: "column", xs: "row" }} gap="sm">
        <Button variant="default" onClick={() => onOpen("regenerate")}>
          {t("twoFactor.profile.regenerate")}
        </Button>
        <Button variant="outline" color="red" onClick={() => onOpen("disable")}>
          {t("twoFactor.profile.disable")}
        </Button>
      </Flex>
    </Stack>
  );
}

/** The password (where the account has one) and a code: what turning off and new codes ask for. */
function ConfirmFields({
  hasPassword,
  value,
  onChange,
  errors,
}: {
  hasPassword: boolean;
  value: { password: string; code: string };
  onChange: (value: { password: string; code: string }) => void;
  errors: { password?: string; code?: string };
}) {
  const { t } = useTranslation();
  return (
    <>
      {hasPassword && (
        <PasswordInput
          label={t("screens.login.password")}
          autoComplete="current-password"
          value={value.password}
          onChange={(event) => onChange({ ...value, password: event.currentTarget.value })}
          error={errors.password}
          required
        />
      )}
      <TextInput
        label={t("twoFactor.profile.confirmCodeLabel")}
        description={t("twoFactor.profile.confirmCodeHint")}
        inputWrapperOrder={["label", "input", "description", "error"]}
        autoComplete="one-time-code"
        value={value.code}
        onChange={(event) => onChange({ ...value, code: event.currentTarget.value })}
        error={errors.code}
        required
      />
    </>
  );
}

/** Reads the server's refusal into the field it names (a wrong password or code is a 400 naming it). */
function useConfirmation(hasPassword: boolean) {
  const { t } = useTranslation();
  const [value, setValue] = useState({ password: "", code: "" });
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});

  const input = (): ConfirmTwoFactorInput | null => {
    const code = secondFactorCodeSchema.safeParse(value.code);
    const missingPassword = hasPassword && value.password === "";
    if (!code.success || missingPassword) {
      setErrors({
        ...(missingPassword ? { password: t("twoFactor.profile.passwordRequired") } : {}),
        ...(code.success ? {} : { code: t("twoFactor.profile.codeFormat") }),
      });
      return null;
    }
    setErrors({});
    return hasPassword ? { password: value.password, code: code.data } : { code: code.data };
  };

  const refused = (failure: unknown) => {
    const field = isApiError(failure) ? failure.details?.[0]?.field : undefined;
    if (field === "body.password") setErrors({ password: t("twoFactor.profile.wrongPassword") });
    else if (field === "body.code") setErrors({ code: t("twoFactor.profile.wrongCode") });
    else setErrors({ code: isApiError(failure) ? failure.ErrorMessage : t("common.genericError") });
  };

  return { value, setValue, errors, input, refused };
}

function DisableForm({ hasPassword, onDone }: { hasPassword: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const disable = useDisableTotp();
  const confirmation = useConfirmation(hasPassword);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = confirmation.input();
    if (!input) return;
    disable.mutate(input, {
      onSuccess: () => {
        notifySuccess({ message: t("twoFactor.profile.disabled") });
        onDone();
      },
      onError: confirmation.refused,
    });
  };

  return (
    <ConfirmForm
      hasPassword={hasPassword}
      confirmation={confirmation}
      text={t("twoFactor.profile.disableText")}
      submitLabel={t("twoFactor.profile.disable")}
      danger
      pending={disable.isPending}
      onSubmit={submit}
      onCancel={onDone}
    />
  );
}

function RegenerateForm({ hasPassword, onDone }: { hasPassword: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const regenerate = useRegenerateRecoveryCodes();
  const confirmation = useConfirmation(hasPassword);

  if (regenerate.data) return <RecoveryCodesPanel codes={regenerate.data.recovery_codes} onDone={onDone} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = confirmation.input();
    if (input) regenerate.mutate(input, { onError: confirmation.refused });
  };

  return (
    <ConfirmForm
      hasPassword={hasPassword}
      confirmation={confirmation}
      text={t("twoFactor.profile.regenerateText")}
      submitLabel={t("twoFactor.profile.regenerate")}
      pending={regenerate.isPending}
      onSubmit={submit}
      onCancel={onDone}
    />
  );
}

/** The password (where there is one) and a code, asked before turning the app off or renewing the recovery codes. */
function ConfirmForm({
  hasPassword,
  confirmation,
  text,
  submitLabel,
  danger = false,
  pending,
  onSubmit,
  onCancel,
}: {
  hasPassword: boolean;
  confirmation: ReturnType<typeof useConfirmation>;
  text: string;
  submitLabel: string;
  danger?: boolean;
  pending: boolean;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{text}</Text>
        <ConfirmFields
          hasPassword={hasPassword}
          value={confirmation.value}
          onChange={confirmation.setValue}
          errors={confirmation.errors}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" color={danger ? "red" : undefined} loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
