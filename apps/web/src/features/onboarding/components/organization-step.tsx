import { Badge, Button, CloseButton, Code, Group, List, Stack, Text, TextInput, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconPlus } from "@tabler/icons-react";
import { canAddDomain, normalizeDomain, organizationNameSchema, type User } from "@timetrap/domain";
import { type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";
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

export function OrganizationStep({ user }: { user: User }) {
  const { t } = useTranslation();
  const createOrganization = useCreateOrganization();
  const [name, setName] = useState("");
  const [domain, setDomain] = useState("");
  const [domains, setDomains] = useState<string[]>([]);

  const domainAddable = canAddDomain(domain, domains);
  const nameValid = organizationNameSchema.safeParse(name).success;

  const addDomain = () => {
    if (!domainAddable) return;
    setDomains((current) => [...current, normalizeDomain(domain)]);
    setDomain("");
  };

  const onDomainKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    addDomain();
  };

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
      <Stack gap="xs">
        <TextInput
          label={t("components.onboarding.domains")}
          description={t("components.onboarding.domainsDescription")}
          placeholder="example.com"
          value={domain}
          onChange={(event) => setDomain(event.currentTarget.value)}
          onKeyDown={onDomainKeyDown}
          rightSectionWidth={116}
          rightSection={
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={addDomain}
              disabled={!domainAddable}
            >
              {t("components.onboarding.addDomain")}
            </Button>
          }
        />
        {domains.length > 0 ? (
          <Group gap={6} aria-label={t("components.onboarding.domains")}>
            {domains.map((item) => (
              <Badge
                key={item}
                size="lg"
                variant="light"
                radius="sm"
                tt="none"
                fw={500}
                pr={4}
                rightSection={
                  <CloseButton
                    size="xs"
                    variant="transparent"
                    aria-label={t("components.onboarding.removeDomain", { domain: item })}
                    onClick={() => setDomains((current) => current.filter((d) => d !== item))}
                  />
                }
              >
                {item}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            {t("components.onboarding.noDomains")}
          </Text>
        )}
      </Stack>
      <Group justify="flex-end">
        <Button onClick={() => void confirm()} disabled={!nameValid} loading={createOrganization.isPending}>
          {t("common.confirm")}
        </Button>
      </Group>
    </Stack>
  );
}
