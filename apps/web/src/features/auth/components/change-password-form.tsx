import { Alert, Button, Stack, TextInput } from "@mantine/core";
import { IconAlertCircle, IconInfoCircle } from "@tabler/icons-react";
import { isMfaRequired, type MfaRequiredResponse } from "@timetrap/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api-client";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSession } from "../../../lib/session";
import { useChangePassword } from "../api/change-password";
import { NewPasswordFields } from "./new-password-fields";
import { usePasswordStrength } from "./use-password-strength";

/**
 * Reached from the e-mailed link `/change-password?email=…&token=…` of an invitation or a password reset.
 * A new password signs the person in (decision 005), in place of anyone signed in on this browser; `onChanged`
 * then takes them home.
 */
export function ChangePasswordForm({
  email,
  token,
  onChanged,
  onSecondFactor,
}: {
  email: string;
  token: string | null;
  onChanged: () => void;
  /** The password is set and the account has a second factor: the screen goes on to the code step. */
  onSecondFactor: (challenge: MfaRequiredResponse) => void;
}) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const session = useSession();
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [missingToken, setMissingToken] = useState(!token);

  const strength = usePasswordStrength(password, { email });
  const strongEnough = (strength.state === "ready" || strength.state === "unavailable") && strength.acceptable;

  const canSubmit = email !== "" && strongEnough && confirmPassword !== "" && password === confirmPassword;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    if (!token) {
      // Spec part 1 §5: a missing token raises 'Missing token' and nothing is sent.
      setMissingToken(true);
      notifyError({ title: t("common.error"), message: t("screens.changePassword.missingToken") });
      return;
    }
    change.mutate(
      { email, password, token },
      {
        onSuccess: (response) => {
          notifySuccess({ message: t("common.actionExecutedSuccessfully") });
          // The link proves the mailbox, not the second factor: the code step follows (decision 018).
          if (isMfaRequired(response)) {
            onSecondFactor(response);
            return;
          }
          session.signIn(response);
          onChanged();
        },
        onError: (error) =>
          notifyError({
            title: t("common.error"),
            message: isApiError(error) && error.status === 400 ? error.ErrorMessage : t("common.genericError"),
          }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {missingToken && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title={t("screens.changePassword.missingToken")}
          >
            {t("screens.changePassword.missingTokenHelp")}
          </Alert>
        )}
        {session.user && session.user.email !== email && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
            {t("screens.changePassword.replacesSession", { current: session.user.email, email })}
          </Alert>
        )}
        <TextInput type="email" label={t("screens.login.email")} value={email} readOnly variant="filled" />
        <NewPasswordFields
          label={t("screens.changePassword.newPassword")}
          password={password}
          confirmPassword={confirmPassword}
          strength={strength}
          onPasswordChange={setPassword}
          onConfirmPasswordChange={setConfirmPassword}
        />
        <Button type="submit" fullWidth size="md" mt="xs" disabled={!canSubmit} loading={change.isPending}>
          {t("screens.changePassword.confirm")}
        </Button>
      </Stack>
    </form>
  );
}
