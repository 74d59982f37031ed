import { PasswordInput, Stack, Text } from "@mantine/core";
import { passwordMinLength } from "@timetrap/domain";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { lazyComponent } from "../../../lib/lazy-component";
import type { PasswordStrengthState } from "./use-password-strength";

// The meter's bar comes with its verdict, as the dictionaries do (decision 016): the sign-up screen draws without it.
const PasswordStrengthBar = lazyComponent(() =>
  import("./password-strength-bar").then((module) => module.PasswordStrengthBar),
);

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
  const checking = (
    <Text size="xs" c="dimmed">
      {t("screens.login.passwordStrength.checking")}
    </Text>
  );
  if (strength.state === "loading") {
    PasswordStrengthBar.preload().catch(() => {});
    return checking;
  }
  return (
    <Suspense fallback={checking}>
      <PasswordStrengthBar strength={strength} />
    </Suspense>
  );
}
