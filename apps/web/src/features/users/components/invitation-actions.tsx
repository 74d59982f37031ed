import { Button, Group } from "@mantine/core";
import { IconMailForward, IconMailOff } from "@tabler/icons-react";
import type { Invitation } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { useConfirmAction } from "../../../components/confirm-action";
import { mutationToasts } from "../../../lib/notify";
import { useResendInvitation } from "../api/resend-invitation";
import { useRevokeInvitation } from "../api/revoke-invitation";

/**
 * Resend (a new link valid seven days again; the earlier ones stop working) and revoke (the link stops working and
 * the seat of the plan is freed), for someone with the right to create users.
 */
export function InvitationActions({ organizationId, invitation }: { organizationId: string; invitation: Invitation }) {
  const { t } = useTranslation();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const confirmAction = useConfirmAction();
  const busy = resend.isPending || revoke.isPending;
  const ids = { organizationId, invitationId: invitation.uid };

  const askRevoke = () =>
    confirmAction({
      title: t("users.revokeTitle"),
      message: t("users.revokeMessage", { name: invitation.nominative, email: invitation.email }),
      confirmLabel: t("users.revokeInvitation"),
      run: () => revoke.mutateAsync(ids),
      successMessage: t("users.invitationRevoked", { email: invitation.email }),
    });

  return (
    <Group gap={4} justify="flex-end" preventGrowOverflow={false}>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconMailForward size={16} />}
        loading={resend.isPending}
        disabled={busy}
        onClick={() => resend.mutate(ids, mutationToasts(t("users.invitationResent", { email: invitation.email })))}
      >
        {t("users.resendInvitation")}
      </Button>
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        leftSection={<IconMailOff size={16} />}
        loading={revoke.isPending}
        disabled={busy}
        onClick={askRevoke}
      >
        {t("users.revokeInvitation")}
      </Button>
    </Group>
  );
}
