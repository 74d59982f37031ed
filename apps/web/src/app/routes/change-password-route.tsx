import { Anchor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AuthLayout } from "../../features/auth/components/auth-layout";
import { ChangePasswordForm } from "../../features/auth/components/change-password-form";

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
