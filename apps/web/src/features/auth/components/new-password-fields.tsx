import { PasswordInput } from "@mantine/core";
import { passwordMinLength } from "@timetrap/domain";
import { useTranslation } from "react-i18next";

/** A new password and its confirmation, as on sign-up and on the change-password screen. */
export function NewPasswordFields({
  label,
  password,
  confirmPassword,
  onPasswordChange,
  onConfirmPasswordChange,
}: {
  label: string;
  password: string;
  confirmPassword: string;
  onPasswordChange: (value: string) => void;
  onConfirmPasswordChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const passwordsDiffer = confirmPassword !== "" && confirmPassword !== password;
  return (
    <>
      <PasswordInput
        label={label}
        description={t("screens.login.passwordHint", { min: passwordMinLength })}
        autoComplete="new-password"
        value={password}
        onChange={(event) => onPasswordChange(event.currentTarget.value)}
        required
      />
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
