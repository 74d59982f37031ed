import { Badge, Group, Text } from "@mantine/core";
import { type Invitation, invitationState } from "@timetrap/domain";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { displayDateFormat } from "../../../lib/display-date";

/**
 * The state of an invitation as a reader sees it now: the list may have been loaded before its expiry came.
 * The list holds only invitations not answered yet, so only pending and expired reach here.
 */
export function isInvitationExpired(invitation: Invitation, now: number): boolean {
  if (invitation.state === "expired") return true;
  return invitationState({ status: "pending", expires_at: invitation.expires_at }, now) === "expired";
}

/** The Invited badge with the day the link stops working, or the Expired badge with the day it stopped. */
export function InvitationStatus({ invitation, now }: { invitation: Invitation; now: number }) {
  const { t } = useTranslation();
  const expired = isInvitationExpired(invitation, now);
  const date = dayjs(invitation.expires_at).format(displayDateFormat);
  return (
    <Group gap={8} preventGrowOverflow={false}>
      <Badge color={expired ? "red" : "orange"} variant="light" radius="sm">
        {expired ? t("users.invitationExpired") : t("users.status.invited")}
      </Badge>
      <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
        {expired ? t("users.expiredOn", { date }) : t("users.expiresOn", { date })}
      </Text>
    </Group>
  );
}
