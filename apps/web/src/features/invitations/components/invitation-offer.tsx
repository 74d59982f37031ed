import { Avatar, Box, Button, Group, Paper, Text } from "@mantine/core";
import { IconBuilding } from "@tabler/icons-react";
import type { Invitation } from "@timetrap/domain";
import dayjs from "dayjs";
import type { ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { displayDateFormat } from "../../../lib/display-date";
import { notifyRequestError, notifySuccess } from "../../../lib/notify";
import { useDeclineInvitation } from "../api/decline-invitation";

/** "Name invited you to join Organization", or without a name when the inviting account is gone. */
export function InvitationHeadline({ invitation }: { invitation: Invitation }) {
  const strong = <Text span fw={700} inherit />;
  return invitation.invited_by ? (
    <Trans
      i18nKey="invitations.invitedYou"
      values={{ name: invitation.invited_by.nominative, organization: invitation.organization_name }}
      components={{ strong }}
    />
  ) : (
    <Trans
      i18nKey="invitations.invitedYouNoName"
      values={{ organization: invitation.organization_name }}
      components={{ strong }}
    />
  );
}

/** The decline button: asks nothing, the invitation only disappears from the person's view. */
export function DeclineInvitationButton({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation();
  const decline = useDeclineInvitation();
  // mutateAsync: the declined invitation leaves the list and unmounts this button, which would drop callbacks
  // given to mutate().
  const run = async () => {
    try {
      await decline.mutateAsync({ invitationId: invitation.uid });
      notifySuccess({ message: t("invitations.declined", { organization: invitation.organization_name }) });
    } catch (error) {
      notifyRequestError(error);
    }
  };
  return (
    <Button variant="default" loading={decline.isPending} onClick={() => void run()}>
      {t("invitations.decline")}
    </Button>
  );
}

/** One invitation addressed to the signed-in person: who, to what, as which role, until when, and what to do. */
export function InvitationOffer({
  invitation,
  actions,
  note,
}: {
  invitation: Invitation;
  actions: ReactNode;
  note?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Avatar color="indigo" variant="light" radius="md" size={42}>
          <IconBuilding size={22} />
        </Avatar>
        <Box miw={0} flex={1}>
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            <InvitationHeadline invitation={invitation} />
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            {t("invitations.roleAndExpiry", {
              role: invitation.role.name,
              date: dayjs(invitation.expires_at).format(displayDateFormat),
            })}
          </Text>
          {note}
          <Group gap="sm" mt="sm">
            {actions}
          </Group>
        </Box>
      </Group>
    </Paper>
  );
}
