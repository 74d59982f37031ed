import { Alert, Button, Text } from "@mantine/core";
import { IconMailExclamation } from "@tabler/icons-react";
import type { User } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { notifyRequestError, notifySuccess } from "../../../lib/notify";
import { useResendVerificationEmail } from "../api/resend-verification-email";

/**
 * For an account whose e-mail is not verified yet: the link was sent at sign-up, and until it is followed no
 * invitation can be accepted from the app. Asking too often answers 429 with the server's own words.
 */
export function VerifyEmailNotice({ user, onClose }: { user: User; onClose?: () => void }) {
  const { t } = useTranslation();
  const resend = useResendVerificationEmail();
  return (
    <Alert
      color="yellow"
      variant="light"
      radius="md"
      icon={<IconMailExclamation size={20} />}
      title={t("invitations.verify.title")}
      withCloseButton={!!onClose}
      closeButtonLabel={t("invitations.verify.hide")}
      onClose={onClose}
    >
      <Text size="sm">{t("invitations.verify.message", { email: user.email })}</Text>
      <Button
        mt="sm"
        size="xs"
        variant="white"
        color="yellow.9"
        loading={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: () => notifySuccess({ message: t("invitations.verify.sent", { email: user.email }) }),
            onError: notifyRequestError,
          })
        }
      >
        {t("invitations.verify.resend")}
      </Button>
    </Alert>
  );
}
