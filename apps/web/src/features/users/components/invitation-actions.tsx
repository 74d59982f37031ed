import { Button, Group, Stack, Text } from "@mantine/core";
import { IconMailForward, IconMailOff } from "@tabler/icons-react";
import type { OrganizationUser } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { useConfirmAction } from "../../../components/confirm-action";
import { mutationToasts } from "../../../lib/notify";
import { useCan } from "../../../lib/permissions";
import { useInviteUser } from "../api/invite-user";
import { useUpdateUserStatus } from "../api/update-user-status";

/** A control of the user details page, about one member; read-only without the right to edit users. */
export interface MemberControlProps {
  organizationId: string;
  member: OrganizationUser;
  canEdit: boolean;
}

/**
 * An invitation not accepted yet. It can be sent again (a new link; the earlier ones stop working) or revoked:
 * the user becomes inactive, their links stop working and their seat of the plan is freed (decision 005).
 */
export function InvitationActions({ organizationId, member, canEdit }: MemberControlProps) {
  const { t } = useTranslation();
  const can = useCan();
  const invite = useInviteUser();
  const updateStatus = useUpdateUserStatus(organizationId);
  const confirmAction = useConfirmAction();
  // Sending again is the invitation call: the server wants the right to create users, and the role to give.
  const canResend = can("create", "user") && member.role !== null;
  const busy = invite.isPending || updateStatus.isPending;

  const resend = () => {
    if (!member.role) return;
    invite.mutate(
      {
        organizationId,
        data: { email: member.email, nominative: member.nominative, organization_role_id: member.role.uid },
      },
      mutationToasts(t("users.invitationResent", { email: member.email })),
    );
  };

  const revoke = () =>
    confirmAction({
      title: t("users.revokeTitle"),
      message: t("users.revokeMessage", { name: member.nominative }),
      confirmLabel: t("users.revokeInvitation"),
      run: () => updateStatus.mutateAsync({ userId: member.uid, status: "inactive" }),
      successMessage: t("users.invitationRevoked"),
    });

  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm" c="dimmed">
        {t("users.invitationPending")}
      </Text>
      {canEdit && (
        <Group gap="sm">
          {canResend && (
            <Button
              variant="light"
              size="xs"
              leftSection={<IconMailForward size={16} />}
              loading={invite.isPending}
              disabled={busy}
              onClick={resend}
            >
              {t("users.resendInvitation")}
            </Button>
          )}
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconMailOff size={16} />}
            loading={updateStatus.isPending}
            disabled={busy}
            onClick={revoke}
          >
            {t("users.revokeInvitation")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
