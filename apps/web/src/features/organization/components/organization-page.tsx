import { Alert, Badge, Box, Button, Code, Group, List, Paper, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertTriangle, IconInfoCircle, IconLock } from "@tabler/icons-react";
import { type Organization, organizationNameSchema, planName } from "@timetrap/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { DomainListInput } from "../../../components/domain-list-input";
import { FormPage, PageHeader } from "../../../components/page-header";
import { LoadErrorState, LoadingState } from "../../../components/query-states";
import { notifySuccess } from "../../../lib/notify";
import { useCan } from "../../../lib/permissions";
import { useOrganization } from "../api/get-organization";
import { useUpdateOrganization } from "../api/update-organization";
import { OrganizationAccessTokensSection } from "./organization-access-tokens-section";
import { RequireTwoFactorSection } from "./require-two-factor-section";
import { TimesheetSettingsSection } from "./timesheet-settings-section";

type Outcome = { kind: "invalidDomains"; domains: string[] } | { kind: "failed"; error: unknown } | null;

function serialize(error: unknown): string {
  try {
    return JSON.stringify(error, null, 2) ?? String(error);
  } catch {
    return String(error);
  }
}

function sameDomains(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((domain, index) => domain === b[index]);
}

function OrganizationForm({ organization, canEdit }: { organization: Organization; canEdit: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateOrganization();
  const [name, setName] = useState(organization.name);
  const [domains, setDomains] = useState(organization.domains);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const nameCheck = organizationNameSchema.safeParse(name);
  const dirty = name.trim() !== organization.name || !sameDomains(domains, organization.domains);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!canEdit || !nameCheck.success) return;
    setOutcome(null);
    try {
      const result = await update.mutateAsync({
        orgId: organization.uid,
        data: { name: nameCheck.data, domains },
      });
      // The server keeps only the domains it accepted: the form shows what was saved.
      setName(result.organization.name);
      setDomains(result.organization.domains);
      if (result.invalidDomains.length > 0) setOutcome({ kind: "invalidDomains", domains: result.invalidDomains });
      else notifySuccess({ message: t("organization.updated") });
    } catch (error) {
      console.error(error);
      setOutcome({ kind: "failed", error });
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }} component="form" onSubmit={save} noValidate>
      <Stack gap="lg">
        {!canEdit && (
          <Alert variant="light" color="gray" icon={<IconLock size={18} />}>
            {t("organization.readOnly")}
          </Alert>
        )}
        <TextInput
          label={t("organization.name")}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={nameCheck.success ? undefined : t("organization.nameRequired")}
          disabled={!canEdit}
          required
          maw={480}
        />
        <Box maw={480}>
          <DomainListInput
            value={domains}
            onChange={setDomains}
            label={t("organization.domains")}
            description={t("organization.domainsDescription")}
            disabled={!canEdit}
          />
        </Box>
        <div>
          <Text size="sm" fw={500}>
            {t("organization.plan")}
          </Text>
          <Group gap="sm" mt={4}>
            <Badge variant="light" size="lg" radius="sm" tt="none">
              {planName(organization.plan, t)}
            </Badge>
            {canEdit && (
              <Button component={Link} to={`/organization/${organization.uid}/subscription`} variant="subtle" size="xs">
                {t("organization.changePlan")}
              </Button>
            )}
          </Group>
        </div>
        {outcome?.kind === "invalidDomains" && (
          <Alert
            color="orange"
            icon={<IconInfoCircle size={18} />}
            title={t("organization.invalidDomainsTitle")}
            withCloseButton
            onClose={() => setOutcome(null)}
          >
            <Stack gap="xs">
              <Text size="sm">{t("organization.invalidDomainsMessage")}</Text>
              <List size="sm" withPadding>
                {outcome.domains.map((domain) => (
                  <List.Item key={domain}>
                    <Code>{domain}</Code>
                  </List.Item>
                ))}
              </List>
              <Text size="sm" c="dimmed">
                {t("organization.invalidDomainsNote")}
              </Text>
            </Stack>
          </Alert>
        )}
        {outcome?.kind === "failed" && (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} />}
            title={t("organization.updateErrorTitle")}
            withCloseButton
            onClose={() => setOutcome(null)}
          >
            <Stack gap="xs">
              <Code block>{serialize(outcome.error)}</Code>
              <Text size="sm">{t("organization.updateError")}</Text>
            </Stack>
          </Alert>
        )}
        {canEdit && (
          <Group justify="flex-end">
            <Button type="submit" disabled={!dirty || !nameCheck.success} loading={update.isPending}>
              {t("common.save")}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** Spec part 2 §2 "Organization detail": name and e-mail domains, editable only with edit on organization. */
export function OrganizationPage() {
  const { t } = useTranslation();
  const { orgId = "" } = useParams();
  const can = useCan();
  const organization = useOrganization(orgId);

  return (
    <FormPage>
      <PageHeader title={t("pages.organizationDetail")} />
      {organization.isPending ? (
        <LoadingState />
      ) : organization.isError ? (
        <LoadErrorState
          title={t("organization.loadError")}
          error={organization.error}
          onRetry={() => void organization.refetch()}
        />
      ) : (
        <>
          <OrganizationForm
            key={organization.data.uid}
            organization={organization.data}
            canEdit={can("edit", "organization")}
          />
          <RequireTwoFactorSection organization={organization.data} canEdit={can("edit", "organization")} />
          <TimesheetSettingsSection
            key={`${organization.data.uid}/timesheet`}
            organization={organization.data}
            canEdit={can("edit", "organization")}
          />
          {can("edit", "organization") && <OrganizationAccessTokensSection orgId={organization.data.uid} />}
        </>
      )}
    </FormPage>
  );
}
