import { Badge, Text } from "@mantine/core";
import { IconShieldCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/**
 * Whether a member signs in with a second factor (an authenticator app or a passkey), as the users list shows it.
 * `named`: the badge says what it is about, where no column header does (the phone list).
 */
export function TwoFactorBadge({ enabled, named = false }: { enabled: boolean; named?: boolean }) {
  const { t } = useTranslation();
  if (!enabled) {
    return (
      <Text size="sm" c="dimmed">
        {t("twoFactor.users.off")}
      </Text>
    );
  }
  return (
    <Badge variant="light" color="teal" leftSection={<IconShieldCheck size={12} />}>
      {named ? t("twoFactor.users.badge") : t("twoFactor.users.on")}
    </Badge>
  );
}
