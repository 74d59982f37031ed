import { Alert, Anchor, Button, Center, Loader, Stack, Text, TextInput, ThemeIcon } from "@mantine/core";
import { IconAlertCircle, IconInfoCircle, IconLinkOff } from "@tabler/icons-react";
import { acceptInvitationLinkInputSchema, type InvitationLink, isMfaRequired } from "@timetrap/domain";
import { type FormEvent, type ReactNode, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { isApiError } from "../../../lib/api-client";
import { notifyRequestError, notifySuccess } from "../../../lib/notify";
import { useSession } from "../../../lib/session";
import { useAcceptInvitationLink } from "../api/accept-invitation-link";
import { useDeclineInvitationFromLink } from "../api/decline-invitation-from-link";
import { useInvitationLink } from "../api/get-invitation-link";
import { AuthLayout } from "./auth-layout";
import { NewPasswordFields } from "./new-password-fields";
import { usePasswordStrength } from "./use-password-strength";

/** Below the card: back to the app for someone signed in, to the login screen otherwise. */
function Footer() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <Anchor component={Link} to={user ? "/" : "/login"} fw={600} size="sm">
      {user ? t("invitationPage.backToApp") : t("invitationPage.goToLogin")}
    </Anchor>
  );
}

/** A link that was revoked, has expired, was answered already or never existed: say so, and offer to sign in. */
function VoidInvitation() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t("invitationPage.invalidTitle")} subtitle={t("invitationPage.invalid")}>
      <Stack gap="lg" align="center">
        <ThemeIcon size={56} radius="xl" color="red" variant="light">
          <IconLinkOff size={30} />
        </ThemeIcon>
        <Button component={Link} to="/login" fullWidth size="md">
          {t("invitationPage.goToLogin")}
        </Button>
      </Stack>
    </AuthLayout>
  );
}

function Headline({ link }: { link: InvitationLink }) {
  const strong = <Text span fw={700} inherit c="var(--mantine-color-text)" />;
  return link.inviter_nominative ? (
    <Trans
      i18nKey="invitations.invitedYou"
      values={{ name: link.inviter_nominative, organization: link.organization_name }}
      components={{ strong }}
    />
  ) : (
    <Trans
      i18nKey="invitations.invitedYouNoName"
      values={{ organization: link.organization_name }}
      components={{ strong }}
    />
  );
}

/**
 * Accepting: an address without an account chooses its name and password here (the link proves the mailbox, so
 * the new account is verified); an existing account only confirms. Either way the answer signs the person in.
 */
function AcceptForm({ token, link }: { token: string; link: InvitationLink }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const accept = useAcceptInvitationLink();
  const [nominative, setNominative] = useState(link.nominative);
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  // Without a verified account for the address a password is chosen here, by the rule of every new password.
  const newAccount = !link.has_account;
  const strength = usePasswordStrength(newAccount ? password : "", { email: link.email, nominative });
  const strongEnough = (strength.state === "ready" || strength.state === "unavailable") && strength.acceptable;
  const canSubmit = !newAccount || (nominative.trim() !== "" && strongEnough && password === confirmPassword);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    const parsed = acceptInvitationLinkInputSchema.safeParse(newAccount ? { token, nominative, password } : { token });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? t("common.genericError"));
      return;
    }
    setProblem(null);
    accept.mutate(parsed.data, {
      onSuccess: (response) => {
        // An account with a second factor joined; it signs in through the code step like any other sign-in.
        if (isMfaRequired(response)) {
          notifySuccess({ message: t("invitationPage.joinedSignIn", { organization: link.organization_name }) });
          navigate("/login", { replace: true });
          return;
        }
        session.signIn(response);
        notifySuccess({ message: t("invitations.joined", { organization: link.organization_name }) });
        navigate(`/user/${response.user.uid}/board`, { replace: true });
      },
      // A password refused by the server (too easy to guess) is told under the fields; the rest in a toast.
      onError: (error) => {
        if (isApiError(error) && error.status === 400 && error.code !== "INVALID_TOKEN") setProblem(error.ErrorMessage);
        else notifyRequestError(error);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {session.user && session.user.email.toLowerCase() !== link.email.toLowerCase() && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
            {t("invitationPage.replacesSession", { current: session.user.email, email: link.email })}
          </Alert>
        )}
        <TextInput
          type="email"
          label={t("screens.login.email")}
          value={link.email}
          readOnly
          variant="filled"
          description={newAccount ? undefined : t("invitationPage.existingAccount")}
          inputWrapperOrder={["label", "input", "description"]}
        />
        {newAccount && (
          <>
            <TextInput
              label={t("screens.login.nominative")}
              autoComplete="name"
              value={nominative}
              onChange={(event) => setNominative(event.currentTarget.value)}
              required
            />
            <NewPasswordFields
              label={t("screens.login.password")}
              password={password}
              confirmPassword={confirmPassword}
              strength={strength}
              onPasswordChange={setPassword}
              onConfirmPasswordChange={setConfirmPassword}
            />
          </>
        )}
        {problem && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {problem}
          </Alert>
        )}
        <Button type="submit" fullWidth size="md" mt="xs" disabled={!canSubmit} loading={accept.isPending}>
          {newAccount ? t("invitationPage.acceptAndCreate") : t("invitationPage.accept")}
        </Button>
        <DeclineButton link={link} token={token} />
      </Stack>
    </form>
  );
}

/** Declining from the link: whoever holds it proves the mailbox, signed in or not. */
function DeclineButton({ link, token }: { link: InvitationLink; token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const decline = useDeclineInvitationFromLink();

  const run = () =>
    decline.mutate(
      { token },
      {
        onSuccess: () => {
          notifySuccess({ message: t("invitations.declined", { organization: link.organization_name }) });
          navigate("/", { replace: true });
        },
        onError: notifyRequestError,
      },
    );
  return (
    <Button variant="default" fullWidth size="md" loading={decline.isPending} onClick={run}>
      {t("invitations.decline")}
    </Button>
  );
}

/** `/invitation?token=…`, the link of an invitation e-mail: who invites the reader to which organization. */
export function InvitationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const link = useInvitationLink(token);

  if (!token) return <VoidInvitation />;
  if (link.isPending) {
    return (
      <AuthLayout title={t("invitationPage.loadingTitle")}>
        <Center py="md" role="status" aria-label={t("common.loading")}>
          <Loader type="dots" />
        </Center>
      </AuthLayout>
    );
  }
  if (link.isError) {
    if (isApiError(link.error) && link.error.status === 400) return <VoidInvitation />;
    return (
      <AuthLayout title={t("common.error")} footer={<Footer />}>
        <Stack gap="md" align="center">
          <Text size="sm" ta="center">
            {isApiError(link.error) && link.error.status !== 0 ? link.error.ErrorMessage : t("common.genericError")}
          </Text>
          <Button variant="light" onClick={() => void link.refetch()}>
            {t("queryState.retry")}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }
  if (link.data.state !== "pending") return <VoidInvitation />;

  const subtitle: ReactNode = <Headline link={link.data} />;
  return (
    <AuthLayout
      title={t("invitationPage.title", { organization: link.data.organization_name })}
      subtitle={subtitle}
      footer={<Footer />}
    >
      <AcceptForm token={token} link={link.data} />
    </AuthLayout>
  );
}
