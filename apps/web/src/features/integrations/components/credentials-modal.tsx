import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { Integration } from "@timetrap/domain";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCreateIntegration } from "../../../api/integrations";
import { isApiError } from "../../../lib/api-client";
import {
  type CredentialsService,
  type CredentialsValues,
  credentialsComplete,
  credentialsErrors,
  emptyCredentials,
  integrationInputOf,
} from "../lib/credentials-form";
import { serviceName } from "./integration-row";

export interface CredentialsModalProps {
  userId: string;
  /** The service being connected; null while the modal is closed. */
  service: CredentialsService | null;
  /** The integration being connected again (its e-mail and site are filled in), if any. */
  integration: Integration | null;
  onClose: () => void;
  onConnected: (service: CredentialsService) => void;
}

function CredentialsForm({
  userId,
  service,
  integration,
  onClose,
  onConnected,
}: Omit<CredentialsModalProps, "service"> & { service: CredentialsService }) {
  const { t } = useTranslation();
  const create = useCreateIntegration(userId);
  const [values, setValues] = useState<CredentialsValues>(() => ({
    ...emptyCredentials,
    email: integration?.metadata.account_email ?? "",
    domain: integration?.metadata.domain ?? "",
  }));
  const [submitted, setSubmitted] = useState(false);
  // The server's refusal (a credential the service did not accept, the plan's limit), shown until the next try.
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  const name = serviceName(service, service);
  const errors = credentialsErrors(userId, service, values);
  const complete = credentialsComplete(service, values);

  const change = (field: keyof CredentialsValues) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!complete || Object.keys(errors).length > 0 || create.isPending) return;
    setRefusal(null);
    create.mutate(integrationInputOf(userId, service, values), {
      onSuccess: () => onConnected(service),
      onError: (error) => {
        if (!isApiError(error)) console.error(error);
        setRefusal(isApiError(error) ? error.ErrorMessage : t("common.genericError"));
        // The message is read out and in view, above the fields the person may now correct.
        requestAnimationFrame(() => refusalRef.current?.focus());
      },
    });
  };

  const fieldError = (field: keyof CredentialsValues, text: string) =>
    (submitted || values[field].trim() !== "") && errors[field] ? text : undefined;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {t(service === "paymo" ? "integrations.credentials.intro.paymo" : "integrations.credentials.intro.jira")}
        </Text>
        {refusal && (
          <Alert
            ref={refusalRef}
            tabIndex={-1}
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={t("integrations.callback.failed", { service: name })}
            role="alert"
          >
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {refusal}
            </Text>
          </Alert>
        )}
        {service === "jira" && (
          <>
            <TextInput
              label={t("integrations.credentials.email")}
              type="email"
              autoComplete="email"
              required
              value={values.email}
              onChange={change("email")}
              error={fieldError("email", t("integrations.credentials.invalidEmail"))}
              data-autofocus
            />
            <TextInput
              label={t("integrations.credentials.domain")}
              placeholder={t("integrations.credentials.domainPlaceholder")}
              autoComplete="url"
              required
              value={values.domain}
              onChange={change("domain")}
              error={fieldError("domain", t("integrations.credentials.invalidDomain"))}
            />
          </>
        )}
        <PasswordInput
          label={t(service === "paymo" ? "integrations.credentials.apiKey" : "integrations.credentials.apiToken")}
          description={t("integrations.credentials.stored", { service: name })}
          autoComplete="off"
          required
          value={values.apiKey}
          onChange={change("apiKey")}
          data-autofocus={service === "paymo" || undefined}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            {t("common.cancel")}
          </Button>
          {/* Spec §5: the service's fields are needed; nothing else is bounded here. */}
          <Button type="submit" loading={create.isPending} disabled={!complete}>
            {t("integrations.credentials.connect")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Spec part 1 §2 and §4 "Integrations": the modal that asks Paymo for its API key, and Jira for the account's e-mail,
 * the site and an API token. The server checks them with the service before keeping them; a refusal is shown here,
 * with the values kept, for the person to correct.
 */
export function CredentialsModal({ service, onClose, ...props }: CredentialsModalProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery("(max-width: 47.99em)", undefined, { getInitialValueInEffect: false });
  // The last service stays drawn while the modal fades out.
  const shown = useRef<CredentialsService | null>(null);
  if (service) shown.current = service;
  const current = service ?? shown.current;
  return (
    <Modal
      opened={service !== null}
      onClose={onClose}
      size="md"
      fullScreen={phone ?? false}
      title={current ? t("integrations.credentials.title", { service: serviceName(current, current) }) : ""}
    >
      {current && <CredentialsForm key={current} service={current} onClose={onClose} {...props} />}
    </Modal>
  );
}
