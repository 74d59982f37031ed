import { PasswordInput, Progress, Stack, Text } from "@mantine/core";
import { passwordMinLength } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import type { PasswordStrengthState } from "./use-password-strength";

const scoreColors = ["red", "red", "orange", "teal", "green"] as const;

/** A new password and its confirmation, as on sign-up and on the change-password screen, with the strength meter. */
export function NewPasswordFields({
  label,
  password,
  confirmPassword,
  strength,
  onPasswordChange,
  onConfirmPasswordChange,
}: {
  label: string;
  password: string;
  confirmPassword: string;
  /** From `usePasswordStrength`; the form keeps its submit disabled until it is acceptable. */
  strength?: PasswordStrengthState;
  onPasswordChange: (value: string) => void;
  onConfirmPasswordChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const passwordsDiffer = confirmPassword !== "" && confirmPassword !== password;
  return (
    <>
      <Stack gap={6}>
        <PasswordInput
          label={label}
          description={t("screens.login.passwordHint", { min: passwordMinLength })}
          autoComplete="new-password"
          value={password}
          onChange={(event) => onPasswordChange(event.currentTarget.value)}
          required
        />
        {strength && <PasswordStrengthMeter strength={strength} />}
      </Stack>
      <PasswordInput
        label={t("screens.login.confirmPassword")}
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(event) => onConfirmPasswordChange(event.currentTarget.value)}
        error={passwordsDiffer ? t("screens.login.passwordsDoNotMatch") : undefined}
        required
      />
    </>
  );
}

function PasswordStrengthMeter({ strength }: { strength: PasswordStrengthState }) {
  const { t } = useTranslation();
  if (strength.state === "empty" || strength.state === "unavailable") return null;
  if (strength.state === "loading") {
    return (
      <Text size="xs" c="dimmed">
        {t("screens.login.passwordStrength.checking")}
      </Text>
    );
  }
  const level = t(`screens.login.passwordStrength.${strength.score}`);
  return (
    <Stack gap={4} data-testid="password-strength">
      <Progress.Root size="sm">
        <Progress.Section
          value={(strength.score + 1) * 20}
          color={scoreColors[strength.score]}
          aria-label={t("screens.login.passwordStrength.label")}
        />
      </Progress.Root>
      <Text size="xs" c={strength.acceptable ? "dimmed" : scoreColors[strength.score]}>
        {t("screens.login.passwordStrength.label")}: {level}
        {strength.reason ? ` — ${strength.reason}` : ""}
      </Text>
    </Stack>
  );
}
