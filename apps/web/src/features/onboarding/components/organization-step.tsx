import { Button, Code, Group, List, Stack, Text, TextInput, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { organizationNameSchema, type User } from "@timetrap/domain";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { DomainListInput } from "../../../components/domain-list-input";
import { currentLanguage, i18n } from "../../../lib/i18n";
import { useCreateOrganization } from "../api/create-organization";

function showInvalidDomainsAlert(domains: string[]): void {
  const modalId = "invalid-domains";
  modals.open({
    modalId,
    title: i18n.t("components.onboarding.invalidDomainsTitle"),
    centered: true,
    children: (
      <Stack gap="md">
        <Text size="sm">{i18n.t("components.onboarding.invalidDomainsMessage")}</Text>
        <List size="sm" withPadding>
          {domains.map((domain) => (
            <List.Item key={domain}>
              <Code>{domain}</Code>
            </List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed">
          {i18n.t("components.onboarding.invalidDomainsNote")}
        </Text>
        <Group justify="flex-end">
          <Button onClick={() => modals.close(modalId)}>{i18n.t("common.ok")}</Button>
        </Group>
      </Stack>
    ),
  });
}

function showCreationFailedAlert(error: unknown): void {
  const modalId = "organization-creation-failed";
  let serialized: string;
  try {
    serialized = JSON.stringify(error, null, 2) ?? String(error);
  } catch {
    serialized = String(error);
  }
  modals.open({
    modalId,
    title: i18n.t("components.onboarding.createOrganizationError"),
    centered: true,
    children: (
      <Stack gap="md">
        <Code block>{serialized}</Code>
        <Text size="sm">{i18n.t("components.onboarding.createOrganizationError")}</Text>
        <Group justify="flex-end">
          <Button onClick={() => modals.close(modalId)}>{i18n.t("common.ok")}</Button>
        </Group>
      </Stack>
    ),
  });
}

export function OrganizationStep({ user, invitations }: { user: User; invitations?: ReactNode }) {
  const { t } = useTranslation();
  const createOrganization = useCreateOrganization();
  const [name, setName] = useState("");
  const [domains, setDomains] = useState<string[]>([]);
  const nameValid = organizationNameSchema.safeParse(name).success;

  // mutateAsync rather than per-call callbacks: success closes this dialog (the user now has an
  // organization), and callbacks given to mutate() are dropped once the component unmounts.
  const confirm = async () => {
    try {
      const { invalidDomains } = await createOrganization.mutateAsync({
        userId: user.uid,
        data: { name: name.trim(), domains, language: currentLanguage() },
      });
      if (invalidDomains.length > 0) showInvalidDomainsAlert(invalidDomains);
    } catch (error) {
      console.error(error);
      showCreationFailedAlert(error);
    }
  };

  return (
    <Stack gap="lg">
      {invitations}
      <div>
        <Title order={2} fz={22}>
          {t("components.onboarding.organizationTitle")}
        </Title>
        <Text c="dimmed" mt={4}>
          {t("components.onboarding.organizationDescription")}
        </Text>
      </div>
      <TextInput
        label={t("components.onboarding.organizationName")}
        placeholder={t("components.onboarding.organizationNamePlaceholder")}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        required
        data-autofocus
      />
      <DomainListInput
        value={domains}
        onChange={setDomains}
        label={t("components.onboarding.domains")}
        description={t("components.onboarding.domainsDescription")}
      />
      <Group justify="flex-end">
        <Button onClick={() => void confirm()} disabled={!nameValid} loading={createOrganization.isPending}>
          {t("common.confirm")}
        </Button>
      </Group>
    </Stack>
  );
}
