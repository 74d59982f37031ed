import { Badge, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import type { Project } from "@timetrap/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../../lib/format";
import { workflowStatusName } from "../../../../lib/workflow-status-name";
import { PersonAvatar, UserAvatarGroup } from "../user-avatar-group";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4} miw={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function Value({ children }: { children: ReactNode }) {
  const empty = children === null || children === undefined || children === "";
  return (
    <Text size="sm" fw={500} c={empty ? "dimmed" : undefined} style={{ overflowWrap: "anywhere" }}>
      {empty ? "—" : children}
    </Text>
  );
}

/**
 * Spec part 2 §2 "Project detail": customer and contact, status, billable or not, external reference, start and
 * end date, the project manager and, when there are any, the account managers.
 */
export function ProjectSummary({ project }: { project: Project }) {
  const { t } = useTranslation();
  const contact = [project.contact_name, project.contact_surname].filter(Boolean).join(" ");
  const accountManagers = project.members.filter((member) => member.tags.includes("sales")).map((m) => m.user);

  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="lg" verticalSpacing="md">
        <Fact label={t("projectDetail.summary.customer")}>
          <Value>{project.customer?.nominative}</Value>
          {contact && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {t("projectDetail.summary.contact")}: {contact}
            </Text>
          )}
        </Fact>
        <Fact label={t("projectDetail.summary.status")}>
          <Group>
            <Badge variant="light" color="cyan">
              {workflowStatusName(project.status, t)}
            </Badge>
          </Group>
        </Fact>
        <Fact label={t("projectDetail.summary.billing")}>
          <Group>
            <Badge variant="light" color={project.not_billable ? "gray" : "teal"}>
              {project.not_billable ? t("projectDetail.summary.notBillable") : t("projectDetail.summary.billable")}
            </Badge>
          </Group>
        </Fact>
        <Fact label={t("projectDetail.summary.externalReference")}>
          <Value>{project.external_reference}</Value>
        </Fact>
        <Fact label={t("projectDetail.summary.startDate")}>
          <Value>{project.start_date && formatDate(project.start_date)}</Value>
        </Fact>
        <Fact label={t("projectDetail.summary.endDate")}>
          <Value>{project.end_date && formatDate(project.end_date)}</Value>
        </Fact>
        <Fact label={t("projectDetail.summary.projectManager")}>
          <Group gap="xs" wrap="nowrap" miw={0}>
            <PersonAvatar user={project.project_manager} size={32} />
            <Text size="sm" fw={500} truncate>
              {project.project_manager.nominative}
            </Text>
          </Group>
        </Fact>
        {accountManagers.length > 0 && (
          <Fact label={t("projectDetail.summary.accountManagers")}>
            <UserAvatarGroup users={accountManagers} size={32} label={t("projectDetail.summary.accountManagers")} />
          </Fact>
        )}
      </SimpleGrid>
    </Paper>
  );
}
