import { Alert, Anchor, Button, Divider, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconAlertTriangle, IconKey } from "@tabler/icons-react";
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
import { browserHasWebAuthn, type PasskeyNotice, passkeyFailureNotice } from "../../../lib/passkey-failure";
import { useCompleteSecondFactor } from "../api/complete-second-factor";

export interface SecondFactorStepProps {
  challenge: MfaRequiredResponse;
  onSignedIn: (response: AuthResponse) => void;
  /** Back to the first step: the ticket has ended, or the person chose to. */
  onRestart: () => void;
}

/** What a way draws: the step's props, and how to say that the ticket has ended. */
export type SecondFactorViewProps = Omit<SecondFactorStepProps, "onRestart"> & { onEnded: () => void };

/** What a way of passing the second step draws, and the link that switches to it. */
export interface SecondFactorMethodView {
  switchLabel: (t: TFunction) => string;
  render: (props: SecondFactorViewProps) => ReactNode;
}

/**
 * The ways this screen knows, in the order offered: the first the person has is drawn, the others are links to switch
 * to. A passkey beside a code is not a link but a button under the code's form, which starts the ceremony at once.
 */
export const secondFactorMethodViews: Partial<Record<SecondFactorMethod, SecondFactorMethodView>> = {
  totp: {
    switchLabel: (t) => t("twoFactor.signIn.useApp"),
    render: (props) => <CodeForm kind="totp" {...props} />,
  },
  passkey: {
    switchLabel: (t) => t("twoFactor.signIn.usePasskey"),
    render: (props) => <PasskeyWay prominent {...props} />,
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
  const { methods } = props.challenge;
  const offered = (Object.keys(secondFactorMethodViews) as SecondFactorMethod[]).filter((known) =>
    methods.includes(known),
  );
  const [method, setMethod] = useState<SecondFactorMethod | undefined>(offered[0]);
  // The ticket is one for all the ways: once the server says it has ended, none of them can finish.
  const [ended, setEnded] = useState(false);
  const view = method ? secondFactorMethodViews[method] : undefined;
  const passkeyBeside = method !== "passkey" && offered.includes("passkey");
  const viewProps: SecondFactorViewProps = {
    challenge: props.challenge,
    onSignedIn: props.onSignedIn,
    onEnded: () => setEnded(true),
  };

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
      {ended ? (
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {t("twoFactor.signIn.ended")}
          </Alert>
          <Button onClick={props.onRestart} fullWidth>
            {t("twoFactor.signIn.signInAgain")}
          </Button>
        </Stack>
      ) : view ? (
        <div key={method}>{view.render(viewProps)}</div>
      ) : (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t("twoFactor.signIn.noMethod")}
        </Alert>
      )}
      {passkeyBeside && !ended && (
        <>
          <Divider label={t("twoFactor.signIn.or")} labelPosition="center" />
          <PasskeyWay {...viewProps} />
        </>
      )}
      <Stack gap={6} align="center">
        {!ended &&
          offered
            .filter((other) => other !== method && !(other === "passkey" && passkeyBeside))
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

/**
 * The passkey way: the button fetches the options for the ticket, runs the browser's ceremony (its library fetched
 * then) and signs in as a code does. Drawn alone (`prominent`) when it is the way shown, or under a code's form.
 */
function PasskeyWay({
  challenge,
  onSignedIn,
  onEnded,
  prominent = false,
}: SecondFactorViewProps & { prominent?: boolean }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<PasskeyNotice | null>(null);

  const start = () => {
    if (!browserHasWebAuthn()) {
      setNotice({ tone: "failure", message: t("twoFactor.signIn.passkeyUnsupported") });
      return;
    }
    setPending(true);
    setNotice(null);
    import("../api/complete-second-factor-with-passkey")
      .then((module) => module.completeSecondFactorWithPasskey({ ticket: challenge.ticket }))
      .then(onSignedIn, (error: unknown) => {
        if (isApiError(error) && error.code === "INVALID_TOKEN") onEnded();
        else if (isApiError(error) && error.status === 401)
          setNotice({ tone: "failure", message: t("twoFactor.signIn.passkeyRefused") });
        else if (isApiError(error) && (error.status === 429 || error.status === 403))
          setNotice({ tone: "failure", message: error.ErrorMessage });
        else if (isApiError(error)) setNotice({ tone: "failure", message: t("common.genericError") });
        else
          setNotice(
            passkeyFailureNotice(error, t, {
              cancelled: t("twoFactor.signIn.passkeyCancelled"),
              unsupported: t("twoFactor.signIn.passkeyUnsupported"),
            }),
          );
      })
      .finally(() => setPending(false));
  };

  return (
    <Stack gap="xs">
      {prominent && (
        <Text size="sm" c="dimmed">
          {t("twoFactor.signIn.passkeyHint")}
        </Text>
      )}
      <Button
        variant={prominent ? "filled" : "default"}
        fullWidth
        size="md"
        leftSection={<IconKey size={18} />}
        loading={pending}
        onClick={start}
        data-autofocus={prominent || undefined}
      >
        {t("twoFactor.signIn.usePasskey")}
      </Button>
      {notice && (
        <Text size="sm" ta="center" c={notice.tone === "calm" ? "dimmed" : "red"} role="status">
          {notice.message}
        </Text>
      )}
    </Stack>
  );
}

function CodeForm({
  kind,
  challenge,
  onSignedIn,
  onEnded,
}: SecondFactorViewProps & { kind: "totp" | "recovery_code" }) {
  const { t } = useTranslation();
  const complete = useCompleteSecondFactor();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
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
            onEnded();
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
