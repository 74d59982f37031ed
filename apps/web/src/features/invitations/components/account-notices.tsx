import { Button, Stack, Text } from "@mantine/core";
import type { User } from "@timetrap/domain";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { lazyComponent } from "../../../lib/lazy-component";
import { useMyInvitations } from "../api/get-my-invitations";

// Offers are rare: their code (with its formatted headline and dates) comes when there is one, not with every page.
const InvitationOffer = lazyComponent(() => import("./invitation-offer").then((module) => module.InvitationOffer));
const DeclineInvitationButton = lazyComponent(() =>
  import("./invitation-offer").then((module) => module.DeclineInvitationButton),
);
// The reminder is for the first days of an account only: its code comes when it is shown.
const VerifyEmailNotice = lazyComponent(() =>
  import("./verify-email-notice").then((module) => module.VerifyEmailNotice),
);

/**
 * Above every page of the shell: the reminder to verify the e-mail, and the invitations of a person who already
 * belongs to an organization. One organization per person: accepting needs leaving the current one first, from
 * the profile, after which the onboarding offers the invitation.
 */
export function AccountNotices({ user }: { user: User }) {
  const { t } = useTranslation();
  const [verifyHidden, setVerifyHidden] = useState(false);
  const profilePath = `/user/${user.uid}/profile`;
  const onProfile = useLocation().pathname === profilePath;
  const organization = user.organization;
  const invitations = useMyInvitations({ enabled: user.email_verified && organization !== null });
  const shown = organization ? (invitations.data ?? []) : [];

  if ((user.email_verified || verifyHidden) && shown.length === 0) return null;
  return (
    <Stack gap="sm" mb="lg">
      <Suspense fallback={null}>
        {!user.email_verified && !verifyHidden && (
          <VerifyEmailNotice user={user} onClose={() => setVerifyHidden(true)} />
        )}
        {shown.map((invitation) => (
          <InvitationOffer
            key={invitation.uid}
            invitation={invitation}
            note={
              <Text size="sm" mt="xs">
                {t("invitations.leaveFirst", { organization: organization?.name })}
              </Text>
            }
            actions={
              <>
                {!onProfile && (
                  <Button component={Link} to={profilePath} variant="light">
                    {t("invitations.openProfile")}
                  </Button>
                )}
                <DeclineInvitationButton invitation={invitation} />
              </>
            }
          />
        ))}
      </Suspense>
    </Stack>
  );
}
