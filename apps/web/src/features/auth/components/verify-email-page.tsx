import { Button, Center, Loader, Stack, ThemeIcon } from "@mantine/core";
import { IconCircleCheck, IconLinkOff } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { getMeQueryOptions } from "../../../api/get-me";
import { isApiError } from "../../../lib/api-client";
import { useSession } from "../../../lib/session";
import { useVerifyEmail } from "../api/verify-email";
import { AuthLayout } from "./auth-layout";

/**
 * `/verify-email?token=…`, the link of the verification e-mail. It is sent once, on arrival: the link works only
 * once, so a second call (React's development double effects, a re-render) would report a valid link as used.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const session = useSession();
  const queryClient = useQueryClient();
  const verify = useVerifyEmail();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || !token || !session.initialized) return;
    sent.current = true;
    verify.mutate(
      { token },
      {
        onSuccess: (user) => {
          // The person reading is the one verified: their notices change at once (no reminder, invitations shown).
          const meKey = getMeQueryOptions().queryKey;
          if (queryClient.getQueryData(meKey)?.uid === user.uid) queryClient.setQueryData(meKey, user);
        },
      },
    );
  }, [token, session.initialized, verify, queryClient]);

  const continueButton = (
    <Button component={Link} to="/" fullWidth size="md">
      {session.user ? t("verifyEmail.continue") : t("verifyEmail.logIn")}
    </Button>
  );

  if (verify.isSuccess) {
    return (
      <AuthLayout title={t("verifyEmail.doneTitle")} subtitle={t("verifyEmail.done", { email: verify.data.email })}>
        <Stack gap="lg" align="center">
          <ThemeIcon size={56} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={32} />
          </ThemeIcon>
          {continueButton}
        </Stack>
      </AuthLayout>
    );
  }

  if (!token || verify.isError) {
    const voidLink = !token || (isApiError(verify.error) && verify.error.status === 400);
    return (
      <AuthLayout
        title={voidLink ? t("verifyEmail.invalidTitle") : t("common.error")}
        subtitle={
          voidLink
            ? t("verifyEmail.invalid")
            : isApiError(verify.error) && verify.error.status !== 0
              ? verify.error.ErrorMessage
              : t("common.genericError")
        }
      >
        <Stack gap="lg" align="center">
          <ThemeIcon size={56} radius="xl" color="red" variant="light">
            <IconLinkOff size={30} />
          </ThemeIcon>
          {continueButton}
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t("verifyEmail.checkingTitle")}>
      <Center py="md" role="status" aria-label={t("common.loading")}>
        <Loader type="dots" />
      </Center>
    </AuthLayout>
  );
}
