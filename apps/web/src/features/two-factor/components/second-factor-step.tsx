import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import {
  type AuthResponse,
  type MfaRequiredResponse,
  recoveryCodeSchema,
  type SecondFactorMethod,
  totpCodeSchema,
} from "@timetrap/domain";
import type { TFunction } from "i18next";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api-client";
import { useCompleteSecondFactor } from "../api/complete-second-factor";

export interface SecondFactorStepProps {
  challenge: MfaRequiredResponse;
  onSignedIn: (response: AuthResponse) => void;
  /** Back to the first step: the ticket has ended, or the person chose to. */
  onRestart: () => void;
}

/** What a way of passing the second step draws, and the link that switches to it. */
export interface SecondFactorMethodView {
  switchLabel: (t: TFunction) => string;
  render: (props: SecondFactorStepProps) => ReactNode;
}

/**
 * The ways this screen knows, in the order offered. A way the server lists for the person and that has no view here
 * (a passkey until its view is added) is not offered.
 */
export const secondFactorMethodViews: Partial<Record<SecondFactorMethod, SecondFactorMethodView>> = {
  totp: {
    switchLabel: (t) => t("twoFactor.signIn.useApp"),
    render: (props) => <CodeForm kind="totp" {...props} />,
  },
  recovery_code: {
    switchLabel: (t) => t("twoFactor.signIn.useRecoveryCode"),
    render: (props) => <CodeForm kind="recovery_code" {...props} />,
  },
};

/**
 * The code step of a sign-in (decision 018): after the password, the authenticator app's code, or a recovery code, or
 * another way the person has.
 */
export function SecondFactorStep(props: SecondFactorStepProps) {
  const { t } = useTranslation();
  const offered = props.challenge.methods.filter((method) => secondFactorMethodViews[method]);
  const [method, setMethod] = useState<SecondFactorMethod | undefined>(offered[0]);
  const view = method ? secondFactorMethodViews[method] : undefined;

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz={20}>
          {t("twoFactor.signIn.title")}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {t("twoFactor.signIn.description")}
        </Text>
      </div>
      {view ? (
        <div key={method}>{view.render(props)}</div>
      ) : (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t("twoFactor.signIn.noMethod")}
        </Alert>
      )}
      <Stack gap={6} align="center">
        {offered
          .filter((other) => other !== method)
          .map((other) => (
            <Anchor key={other} component="button" type="button" size="sm" onClick={() => setMethod(other)}>
              {secondFactorMethodViews[other]?.switchLabel(t)}
            </Anchor>
          ))}
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={props.onRestart}>
          {t("twoFactor.signIn.backToSignIn")}
        </Anchor>
      </Stack>
    </Stack>
  );
}

function CodeForm({
  kind,
  challenge,
  onSignedIn,
  onRestart,
}: SecondFactorStepProps & { kind: "totp" | "recovery_code" }) {
  const { t } = useTranslation();
  const complete = useCompleteSecondFactor();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [ended, setEnded] = useState<string | null>(null);
  const isTotp = kind === "totp";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = (isTotp ? totpCodeSchema : recoveryCodeSchema).safeParse(code);
    if (!parsed.success) {
      setError(t(isTotp ? "twoFactor.signIn.codeFormat" : "twoFactor.signIn.recoveryCodeFormat"));
      return;
    }
    setError(null);
    complete.mutate(
      { ticket: challenge.ticket, code: parsed.data },
      {
        onSuccess: (response) => onSignedIn(response),
        onError: (failure) => {
          if (isApiError(failure) && failure.code === "INVALID_TOKEN") {
            setEnded(t("twoFactor.signIn.ended"));
          } else if (isApiError(failure) && failure.status === 401) {
            setError(t(isTotp ? "twoFactor.signIn.wrongCode" : "twoFactor.signIn.wrongRecoveryCode"));
            setCode("");
          } else if (isApiError(failure) && (failure.status === 429 || failure.status === 403)) {
            setError(failure.ErrorMessage);
          } else {
            setError(t("common.genericError"));
          }
        },
      },
    );
  };

  if (ended) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {ended}
        </Alert>
        <Button onClick={onRestart} fullWidth>
          {t("twoFactor.signIn.signInAgain")}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t(isTotp ? "twoFactor.signIn.codeLabel" : "twoFactor.signIn.recoveryCodeLabel")}
          description={t(isTotp ? "twoFactor.signIn.codeHint" : "twoFactor.signIn.recoveryCodeHint")}
          inputWrapperOrder={["label", "input", "description", "error"]}
          // No sample digits: after a wrong code the field is emptied, and red sample digits read as the code typed.
          placeholder={isTotp ? undefined : "xxxxx-xxxxx"}
          autoComplete="one-time-code"
          inputMode={isTotp ? "numeric" : "text"}
          autoCapitalize="off"
          spellCheck={false}
          maxLength={isTotp ? 7 : 11}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={error}
          data-autofocus
          autoFocus
          styles={{ input: { letterSpacing: "0.15em", fontVariantNumeric: "tabular-nums" } }}
          required
        />
        <Group grow>
          <Button type="submit" size="md" loading={complete.isPending} disabled={code.trim() === ""}>
            {t("twoFactor.signIn.verify")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
