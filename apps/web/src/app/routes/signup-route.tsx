import { Anchor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AuthLayout } from "../../features/auth/components/auth-layout";
import { SignupForm } from "../../features/auth/components/signup-form";

export function SignupRoute() {
  const { t } = useTranslation();
  return (
    <AuthLayout
      title={t("screens.login.signUpTitle")}
      subtitle={t("screens.login.signUpSubtitle")}
      footer={
        <>
          {t("screens.login.alreadySignup")}{" "}
          <Anchor component={Link} to="/login" fw={600} size="sm">
            {t("screens.login.ctaLogin")}
          </Anchor>
        </>
      }
    >
      <SignupForm />
    </AuthLayout>
  );
}
