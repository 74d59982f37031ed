import { Button, Divider, Stack, Text, Title } from "@mantine/core";
import type { Invitation, User } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { notifyRequestError, notifySuccess } from "../../../lib/notify";
import { useAcceptInvitation } from "../api/accept-invitation";
import { useMyInvitations } from "../api/get-my-invitations";
import { DeclineInvitationButton, InvitationOffer } from "./invitation-offer";
import { VerifyEmailNotice } from "./verify-email-notice";

function AcceptInvitationButton({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation();
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  // mutateAsync: the accepted membership closes the onboarding dialog and unmounts this button, which would drop
  // callbacks given to mutate().
  const run = async () => {
    try {
      const user = await accept.mutateAsync({ invitationId: invitation.uid });
      notifySuccess({ message: t("invitations.joined", { organization: invitation.organization_name }) });
      navigate(`/user/${user.uid}/board`, { replace: true });
    } catch (error) {
      notifyRequestError(error);
    }
  };
  return (
    <Button loading={accept.isPending} onClick={() => void run()}>
      {t("invitations.accept")}
    </Button>
  );
}

/**
 * The onboarding's organization step, before the form that creates one: the invitations the person may accept
 * instead. An unverified e-mail sees none yet (the server lists them only once it is verified), so it is told how
 * to verify it.
 */
export function OnboardingInvitations({ user }: { user: User }) {
  const { t } = useTranslation();
  const invitations = useMyInvitations({ enabled: user.email_verified });

  if (!user.email_verified) return <VerifyEmailNotice user={user} />;
  if (!invitations.data?.length) return null;
  return (
    <Stack gap="sm">
      <div>
        <Title order={2} fz={22}>
          {t("invitations.joinTitle")}
        </Title>
        <Text c="dimmed" mt={4}>
          {t("invitations.joinDescription")}
        </Text>
      </div>
      {invitations.data.map((invitation) => (
        <InvitationOffer
          key={invitation.uid}
          invitation={invitation}
          actions={
            <>
              <AcceptInvitationButton invitation={invitation} />
              <DeclineInvitationButton invitation={invitation} />
            </>
          }
        />
      ))}
      <Divider my="sm" label={t("invitations.orCreate")} labelPosition="center" />
    </Stack>
  );
}
