import { Anchor } from "@mantine/core";
import type { MfaRequiredResponse } from "@timetrap/domain";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { FullPageLoader } from "../../components/full-page-loader";
import { AuthLayout } from "../../features/auth/components/auth-layout";
import { ChangePasswordForm } from "../../features/auth/components/change-password-form";
import { useSession } from "../../lib/session";
import { pages } from "../pages";

export function ChangePasswordRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const [challenge, setChallenge] = useState<MfaRequiredResponse | null>(null);
  return (
    <AuthLayout
      title={t("screens.changePassword.title")}
      subtitle={t("screens.changePassword.description")}
      footer={
        <Anchor component={Link} to="/login" fw={600} size="sm">
          {t("screens.lostPassword.backToLogin")}
        </Anchor>
      }
    >
      {challenge ? (
        <Suspense fallback={<FullPageLoader />}>
          <pages.secondFactorStep
            challenge={challenge}
            onSignedIn={(response) => {
              session.signIn(response);
              navigate("/", { replace: true });
            }}
            // The new password is set; only the sign-in starts again.
            onRestart={() => navigate("/login", { replace: true })}
          />
        </Suspense>
      ) : (
        <ChangePasswordForm
          email={params.get("email") ?? ""}
          token={params.get("token") || null}
          onChanged={() => navigate("/", { replace: true })}
          onSecondFactor={setChallenge}
        />
      )}
    </AuthLayout>
  );
}
