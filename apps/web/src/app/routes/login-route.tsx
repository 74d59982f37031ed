import { Anchor } from "@mantine/core";
import type { MfaRequiredResponse } from "@timetrap/domain";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FullPageLoader } from "../../components/full-page-loader";
import { AuthLayout } from "../../features/auth/components/auth-layout";
import { LoginForm } from "../../features/auth/components/login-form";
import { PasskeySignInButton } from "../../features/passkeys/components/passkey-sign-in-button";
import { useSession } from "../../lib/session";
import { browserHasWebAuthn } from "../../lib/web-authn-support";
import { pages } from "../pages";

export function LoginRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const [challenge, setChallenge] = useState<MfaRequiredResponse | null>(null);
  return (
    <AuthLayout
      brandTitle
      subtitle={t("screens.login.subtitle")}
      footer={
        <>
          {t("screens.login.notSignup")}{" "}
          <Anchor component={Link} to="/signup" fw={600} size="sm">
            {t("screens.login.ctaSignup")}
          </Anchor>
        </>
      }
    >
      {challenge ? (
        <Suspense fallback={<FullPageLoader />}>
          <pages.secondFactorStep
            challenge={challenge}
            onSignedIn={(response) => session.signIn(response)}
            onRestart={() => setChallenge(null)}
          />
        </Suspense>
      ) : (
        <LoginForm
          onSecondFactor={setChallenge}
          passkeySignIn={browserHasWebAuthn() ? <PasskeySignInButton /> : null}
        />
      )}
    </AuthLayout>
  );
}
