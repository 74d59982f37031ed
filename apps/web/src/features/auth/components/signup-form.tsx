import { Button, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api-client";
import { notifyError } from "../../../lib/notify";
import { useSession } from "../../../lib/session";
import { useSignUp } from "../api/sign-up";
import { EmailField } from "./email-field";
import { NewPasswordFields } from "./new-password-fields";
import { usePasswordStrength } from "./use-password-strength";

export function SignupForm() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const signUp = useSignUp();
  const [nominative, setNominative] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");

  const strength = usePasswordStrength(password, { email, nominative });
  const strongEnough = (strength.state === "ready" || strength.state === "unavailable") && strength.acceptable;

  const canSubmit = nominative.trim() !== "" && email.trim() !== "" && strongEnough && confirmPassword === password;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    signUp.mutate(
      { nominative, email, password, language: i18n.resolvedLanguage === "en" ? "en" : "it" },
      {
        onSuccess: (response) => session.signIn(response),
        onError: (error) => {
          let message = t("screens.login.signUpError");
          if (isApiError(error) && error.status === 409) message = t("screens.login.emailAlreadyRegistered");
          // 400 names what is wrong (for example a password shorter than the minimum): show the server's words.
          else if (isApiError(error) && error.status === 400) message = error.ErrorMessage;
          notifyError({ title: t("screens.login.signUpError"), message });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t("screens.login.nominative")}
          autoComplete="name"
          value={nominative}
          onChange={(event) => setNominative(event.currentTarget.value)}
          required
        />
        <EmailField value={email} onChange={setEmail} />
        <NewPasswordFields
          label={t("screens.login.password")}
          password={password}
          confirmPassword={confirmPassword}
          strength={strength}
          onPasswordChange={setPassword}
          onConfirmPasswordChange={setConfirmPassword}
        />
        <Button type="submit" fullWidth size="md" mt="xs" disabled={!canSubmit} loading={signUp.isPending}>
          {t("screens.login.signUp")}
        </Button>
      </Stack>
    </form>
  );
}
