import { Badge, type MantineColor } from "@mantine/core";
import type { UserStatus } from "@timetrap/domain";
import { useTranslation } from "react-i18next";

const statusColor: Record<UserStatus, MantineColor> = { active: "teal", inactive: "gray", invited: "orange" };

export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColor[status]} variant="light" radius="sm">
      {t(`users.status.${status}`)}
    </Badge>
  );
}
