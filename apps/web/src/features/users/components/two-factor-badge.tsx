import { Badge, Text } from "@mantine/core";
import { IconShieldCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** Whether a member signs in with a second factor (an authenticator app or a passkey), as the users list shows it. */
export function TwoFactorBadge({ enabled }: { enabled: boolean }) {
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
      {t("twoFactor.users.on")}
    </Badge>
  );
}
