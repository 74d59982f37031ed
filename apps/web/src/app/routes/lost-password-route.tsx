import { Anchor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AuthLayout } from "../../features/auth/components/auth-layout";
import { LostPasswordForm } from "../../features/auth/components/lost-password-form";

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
