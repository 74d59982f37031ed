import { TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** The e-mail input of the login, sign-up and recovery forms. */
export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="email"
      label={t("screens.login.email")}
      placeholder={t("screens.login.emailPlaceholder")}
      autoComplete="email"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      required
    />
  );
}
