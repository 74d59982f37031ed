import { Alert, Stack, Text } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import type { ConnectErrorCode, IntegrationService, IntegrationServiceState, UserIntegrations } from "@timetrap/domain";
import type { ParseKeys } from "i18next";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import {
  useConnectUrl,
  useDeleteIntegration,
  useUpdateIntegrationSettings,
  useUserIntegrations,
} from "../../../api/integrations";
import { openConfirmation } from "../../../components/confirm-action";
import { FormPage, PageHeader } from "../../../components/page-header";
import { LoadErrorState, LoadingState } from "../../../components/query-states";
import { notifyError, notifyRequestError, notifySuccess } from "../../../lib/notify";
import { useSignedInUser } from "../../../lib/session";
import { readConnectOutcome, withoutConnectOutcome } from "../lib/connect-outcome";
import { type CredentialsService, isCredentialsService } from "../lib/credentials-form";
import { connectedServices, integrationView } from "../lib/integration-view";
import { openConsentPage } from "../lib/open-consent-page";
import { CredentialsModal } from "./credentials-modal";
import { IntegrationRow, planWarningColor, serviceName } from "./integration-row";

const connectErrorTexts = {
  access_denied: "integrations.callback.accessDenied",
  invalid_state: "integrations.callback.invalidState",
  expired_state: "integrations.callback.expiredState",
  exchange_failed: "integrations.callback.exchangeFailed",
  limit_reached: "integrations.callback.limitReached",
  not_configured: "integrations.callback.notConfigured",
} as const satisfies Record<ConnectErrorCode, ParseKeys>;

/**
 * Spec part 1 §2 "Integrations page and profile" (/user/{userId}/integrations): one toggle per service. A person's
 * connections are their own: another person's page is not shown, whatever the role (decision 029).
 */
export function IntegrationsPage() {
  const { t } = useTranslation();
  const { userId = "" } = useParams();
  const me = useSignedInUser();
  if (userId !== me.uid) {
    return (
      <FormPage>
        <PageHeader title={t("integrations.title")} />
        <Alert color="yellow" variant="light" icon={<IconLock size={18} />}>
          {t("integrations.noAccess")}
        </Alert>
      </FormPage>
    );
  }
  return <IntegrationsScreen userId={userId} />;
}

/**
 * A toast's words about a service, drawn in the language the page settles in: the person's own language is applied
 * once the session is read, which may be after the toast was shown.
 */
function ConnectOutcomeText({ text, service }: { text: ParseKeys; service: IntegrationService | null }) {
  const { t } = useTranslation();
  return <>{t(text, { service: serviceName(service, t("integrations.callback.aService")) })}</>;
}

/**
 * Back from the service's consent page: a toast says how it went, then the callback's parameters leave the address,
 * so that a reload or a bookmark does not tell it again.
 */
function useConnectOutcomeNotice() {
  const [searchParams, setSearchParams] = useSearchParams();
  const told = useRef(false);
  useEffect(() => {
    const outcome = readConnectOutcome(searchParams);
    if (!outcome || told.current) return;
    told.current = true;
    const { service } = outcome;
    if (outcome.kind === "connected") {
      notifySuccess({ message: <ConnectOutcomeText text="integrations.callback.connected" service={service} /> });
    } else {
      notifyError({
        title: <ConnectOutcomeText text="integrations.callback.failed" service={service} />,
        message: (
          <ConnectOutcomeText
            text={outcome.code ? connectErrorTexts[outcome.code] : "integrations.callback.unknown"}
            service={service}
          />
        ),
      });
    }
    setSearchParams(withoutConnectOutcome(searchParams), { replace: true });
  }, [searchParams, setSearchParams]);
}

function IntegrationsScreen({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const integrations = useUserIntegrations(userId);
  useConnectOutcomeNotice();

  let content: ReactNode;
  if (integrations.isPending) {
    content = <LoadingState />;
  } else if (integrations.isError) {
    content = (
      <LoadErrorState
        title={t("integrations.loadError")}
        error={integrations.error}
        onRetry={() => void integrations.refetch()}
      />
    );
  } else {
    content = <IntegrationList userId={userId} answer={integrations.data} planConfig={me.organization?.plan.config} />;
  }

  const limit = integrations.data?.limit;
  return (
    <FormPage>
      <PageHeader
        title={t("integrations.title")}
        description={t("integrations.description")}
        action={
          limit && limit.tier_limit !== null ? (
            <Text size="sm" fw={600} c={limit.blocked ? planWarningColor : "dimmed"}>
              {t("integrations.plan.usage", { used: limit.used, limit: limit.tier_limit })}
            </Text>
          ) : undefined
        }
      />
      {content}
    </FormPage>
  );
}

function IntegrationList({
  userId,
  answer,
  planConfig,
}: {
  userId: string;
  answer: UserIntegrations;
  planConfig: Parameters<typeof integrationView>[1]["planConfig"];
}) {
  const { t } = useTranslation();
  const connect = useConnectUrl();
  const disconnect = useDeleteIntegration(userId);
  const settings = useUpdateIntegrationSettings(userId);
  // The service whose toggle was last used, until the browser leaves for the consent page or the change is answered.
  const [busy, setBusy] = useState<IntegrationService | null>(null);
  // The credentials service whose modal is open (spec §4: closed, opened to enable, closed on submit or cancel).
  const [credentials, setCredentials] = useState<CredentialsService | null>(null);
  const connected = connectedServices(answer);
  const planAllowsNone = answer.limit.tier_limit === 0 || (answer.limit.blocked && answer.limit.tier_limit === null);

  const startConnecting = (service: IntegrationService) => {
    if (isCredentialsService(service)) {
      setCredentials(service);
      return;
    }
    setBusy(service);
    connect.mutate(service, {
      // The page stays busy while the browser leaves.
      onSuccess: ({ url }) => openConsentPage(url),
      onError: (error) => {
        setBusy(null);
        notifyRequestError(error);
      },
    });
  };

  const disconnectNow = (service: IntegrationService) => {
    setBusy(service);
    disconnect.mutate(service, {
      onSuccess: () =>
        notifySuccess({ message: t("integrations.disabled", { service: serviceName(service, service) }) }),
      onError: notifyRequestError,
      onSettled: () => setBusy(null),
    });
  };

  // Spec: the redirect-based services are removed at once; the others ask first.
  const startDisconnecting = (state: IntegrationServiceState) => {
    if (state.connection === "redirect") {
      disconnectNow(state.service);
      return;
    }
    openConfirmation({
      title: t("integrations.disable.title"),
      message: t("integrations.disable.message", { service: serviceName(state.service, state.service) }),
      confirmLabel: t("integrations.disable.confirm"),
      destructive: true,
      onConfirm: () => disconnectNow(state.service),
    });
  };

  const changeWriteBack = (service: IntegrationService, on: boolean) =>
    settings.mutate(
      { service, data: { write_back: on } },
      {
        onSuccess: () =>
          notifySuccess({
            message: t(on ? "integrations.writeBack.on" : "integrations.writeBack.off", {
              service: serviceName(service, service),
            }),
          }),
        onError: notifyRequestError,
      },
    );

  return (
    <Stack gap="sm">
      {answer.services.map((state) => (
        <IntegrationRow
          key={state.service}
          state={state}
          view={integrationView(state, { planConfig, limit: answer.limit, connected })}
          planAllowsNone={planAllowsNone}
          busy={busy === state.service}
          onConnect={() => startConnecting(state.service)}
          onDisconnect={() => startDisconnecting(state)}
          writeBackBusy={settings.isPending && settings.variables?.service === state.service}
          onWriteBackChange={(on) => changeWriteBack(state.service, on)}
        />
      ))}
      <CredentialsModal
        userId={userId}
        service={credentials}
        integration={answer.services.find((state) => state.service === credentials)?.integration ?? null}
        onClose={() => setCredentials(null)}
        onConnected={(service) => {
          setCredentials(null);
          notifySuccess({
            message: t("integrations.callback.connected", { service: serviceName(service, service) }),
          });
        }}
      />
    </Stack>
  );
}
