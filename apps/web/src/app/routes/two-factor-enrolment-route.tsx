import { Anchor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { logOut } from "../../features/auth/api/log-out";
import { AuthLayout } from "../../features/auth/components/auth-layout";
import { TotpEnrolment } from "../../features/two-factor/components/totp-enrolment";
import { useSession } from "../../lib/session";

/**
 * `/two-factor/enrol`: a member of an organization that requires a second factor, signed in without one, sets it up
 * here before reaching the app (decision 018). The session can do nothing else meanwhile but sign out.
 */
export function TwoFactorEnrolmentRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();

  const signOut = async () => {
    await logOut();
    session.signOut();
    navigate("/login", { replace: true });
  };

  return (
    <AuthLayout
      title={t("twoFactor.enrol.title")}
      subtitle={t("twoFactor.enrol.description", { organization: session.user?.organization?.name ?? "" })}
      footer={
        <Anchor component="button" type="button" size="sm" fw={600} onClick={() => void signOut()}>
          {t("twoFactor.enrol.signOut")}
        </Anchor>
      }
    >
      <TotpEnrolment
        onDone={() => {
          session.enrolled();
          navigate("/", { replace: true });
        }}
      />
    </AuthLayout>
  );
}
