import { Anchor, Button, Divider, Group, PasswordInput, Stack } from "@mantine/core";
import { isMfaRequired, type MfaRequiredResponse, type SignInResponse } from "@timetrap/domain";
import { type FormEvent, type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useConfig } from "../../../api/get-config";
import { isApiError } from "../../../lib/api-client";
import { lazyComponent } from "../../../lib/lazy-component";
import { notifyError } from "../../../lib/notify";
import { useSession } from "../../../lib/session";
import { useSignIn } from "../api/sign-in";
import { useSignInWithGoogle } from "../api/sign-in-with-google";
import { EmailField } from "./email-field";

// Google's button only where the server configures it: its code is no part of the screen otherwise (decision 016).
const GoogleSignInButton = lazyComponent(() =>
  import("./google-sign-in-button").then((module) => module.GoogleSignInButton),
);

/**
 * `onSecondFactor`: the password (or Google) was right and the account has a second factor; the screen goes on to the
 * code step with the ticket (decision 018). `passkeySignIn`: another way in under the password form, given by the
 * route where the browser can use passkeys.
 */
export function LoginForm({
  onSecondFactor,
  passkeySignIn,
}: {
  onSecondFactor: (challenge: MfaRequiredResponse) => void;
  passkeySignIn?: ReactNode;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const config = useConfig();
  const signIn = useSignIn();
  const googleSignIn = useSignInWithGoogle();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");

  const canSubmit = email.trim() !== "" && password !== "";

  const signedIn = (response: SignInResponse) => {
    if (isMfaRequired(response)) onSecondFactor(response);
    else session.signIn(response);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    signIn.mutate(
      { email, password },
      {
        onSuccess: signedIn,
        onError: (error) => {
          // 429 carries the server's own words on when to try again.
          if (isApiError(error) && error.status === 429) {
            notifyError({ title: t("screens.login.loginError"), message: error.ErrorMessage });
          } else {
            notifyError({ message: t("screens.login.loginError") });
          }
        },
      },
    );
  };

  const googleClientId = config.data?.googleClientId;

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <EmailField value={email} onChange={setEmail} />
          <PasswordInput
            label={t("screens.login.password")}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            required
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to="/lost-password" size="sm">
              {t("screens.login.lostPassword")}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" disabled={!canSubmit} loading={signIn.isPending}>
            {t("screens.login.login")}
          </Button>
        </Stack>
      </form>
      {(passkeySignIn || googleClientId) && <Divider label={t("screens.login.or")} labelPosition="center" />}
      {passkeySignIn}
      {googleClientId && (
        <Suspense fallback={null}>
          <GoogleSignInButton
            clientId={googleClientId}
            onCredential={(credential) =>
              googleSignIn.mutate(
                { credential },
                {
                  onSuccess: signedIn,
                  // Spec part 1 §8: a failed sign-in with the calendar-service account is only logged.
                  onError: (error) => console.error("Google sign-in failed", error),
                },
              )
            }
          />
        </Suspense>
      )}
    </Stack>
  );
}
