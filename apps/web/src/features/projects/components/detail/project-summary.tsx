import { ColorSwatch, Grid, Group, Paper, Stack, Text } from "@mantine/core";
import type { Project } from "@timetrap/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../../lib/format";
import { workflowStatusName } from "../../../../lib/workflow-status-name";
import { PersonAvatar, UserAvatarGroup } from "../user-avatar-group";

/** Two facts side by side on a phone, three or four on wider screens; people take a whole row on a phone. */
const factSpan = { base: 6, sm: 4, lg: 3 };
const peopleSpan = { base: 12, sm: 4, lg: 3 };

function Fact({ label, span = factSpan, children }: { label: string; span?: typeof factSpan; children: ReactNode }) {
  return (
    <Grid.Col span={span}>
      <Stack gap={4} miw={0}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
          {label}
        </Text>
        {children}
      </Stack>
    </Grid.Col>
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

/** A value with a coloured dot; unlike a badge its words wrap in a narrow column instead of being cut. */
function Marked({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" align="baseline">
      <ColorSwatch color={`var(--mantine-color-${color}-6)`} size={10} withShadow={false} style={{ flexShrink: 0 }} />
      <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </Group>
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
      <Grid columnGap={{ base: "md", sm: "lg" }} rowGap="md">
        <Fact label={t("projectDetail.summary.customer")}>
          <Value>{project.customer?.nominative}</Value>
          {contact && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {t("projectDetail.summary.contact")}: {contact}
            </Text>
          )}
        </Fact>
        <Fact label={t("projectDetail.summary.status")}>
          <Marked color="cyan">{workflowStatusName(project.status, t)}</Marked>
        </Fact>
        <Fact label={t("projectDetail.summary.billing")}>
          <Marked color={project.not_billable ? "gray" : "teal"}>
            {project.not_billable ? t("projectDetail.summary.notBillable") : t("projectDetail.summary.billable")}
          </Marked>
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
        <Fact label={t("projectDetail.summary.projectManager")} span={peopleSpan}>
          <Group gap="xs" wrap="nowrap" miw={0}>
            <PersonAvatar user={project.project_manager} size={32} />
            <Text size="sm" fw={500} truncate>
              {project.project_manager.nominative}
            </Text>
          </Group>
        </Fact>
        {accountManagers.length > 0 && (
          <Fact label={t("projectDetail.summary.accountManagers")} span={peopleSpan}>
            <UserAvatarGroup users={accountManagers} size={32} label={t("projectDetail.summary.accountManagers")} />
          </Fact>
        )}
      </Grid>
    </Paper>
  );
}
