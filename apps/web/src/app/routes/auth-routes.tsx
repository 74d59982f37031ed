import { Anchor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AuthLayout } from "../../features/auth/components/auth-layout";
import { ChangePasswordForm } from "../../features/auth/components/change-password-form";
import { LoginForm } from "../../features/auth/components/login-form";
import { LostPasswordForm } from "../../features/auth/components/lost-password-form";
import { SignupForm } from "../../features/auth/components/signup-form";

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
      <LoginForm />
    </AuthLayout>
  );
}

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

export function LostPasswordRoute() {
  const { t } = useTranslation();
  return (
    <AuthLayout
      title={t("screens.lostPassword.title")}
      subtitle={t("screens.lostPassword.description")}
      footer={
        <Anchor component={Link} to="/login" fw={600} size="sm">
          {t("screens.lostPassword.backToLogin")}
        </Anchor>
      }
    >
      <LostPasswordForm />
    </AuthLayout>
  );
}

export function ChangePasswordRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
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
      <ChangePasswordForm
        email={params.get("email") ?? ""}
        token={params.get("token") || null}
        onChanged={() => navigate("/", { replace: true })}
      />
    </AuthLayout>
  );
}
