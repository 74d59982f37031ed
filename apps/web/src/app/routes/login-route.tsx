import { Anchor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AuthLayout } from "../../features/auth/components/auth-layout";
import { LoginForm } from "../../features/auth/components/login-form";
import { PasskeySignInButton } from "../../features/passkeys/components/passkey-sign-in-button";
import { browserHasWebAuthn } from "../../features/passkeys/passkey-failure";

export function LoginRoute() {
  const { t } = useTranslation();
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
      <LoginForm passkeySignIn={browserHasWebAuthn() ? <PasskeySignInButton /> : null} />
    </AuthLayout>
  );
}
