import { Anchor, Badge, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconBriefcase, IconUsers } from "@tabler/icons-react";
import { type Project, projectUpdateStatusColors, splitMyProjects } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyListState } from "../../../components/query-states";
import { workflowStatusName } from "../../../lib/workflow-status-name";
import { PersonAvatar, UserAvatarGroup } from "./user-avatar-group";

/** Spec part 2 §2: the latest update's status, else the project's workflow status (light blue, as "Open"). */
export function ProjectStatusBadge({ project }: { project: Project }) {
  const { t } = useTranslation();
  const update = project.latest_update;
  return update ? (
    <Badge variant="light" color={projectUpdateStatusColors[update.status]} style={{ flexShrink: 0 }}>
      {t(`projects.updateStatus.${update.status}`)}
    </Badge>
  ) : (
    <Badge variant="light" color="cyan" style={{ flexShrink: 0 }}>
      {workflowStatusName(project.status, t)}
    </Badge>
  );
}

function ProjectCard({ project, href }: { project: Project; href: string }) {
  const { t } = useTranslation();
  const team = project.members.map((m) => m.user).filter((user) => user.uid !== project.project_manager.uid);
  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-label={project.title}>
      <Stack gap="sm" h="100%">
        <div>
          <ProjectStatusBadge project={project} />
          <Anchor component={Link} to={href} fw={600} size="md" lineClamp={2} display="block" mt="xs">
            {project.title}
          </Anchor>
          <Text size="sm" c="dimmed" truncate>
            {project.customer?.nominative ?? t("projects.noCustomer")}
          </Text>
        </div>
        <div style={{ marginTop: "auto" }}>
          <Group justify="space-between" mb={4}>
            <Text size="xs" c="dimmed">
              {t("projects.progress")}
            </Text>
            <Text size="xs" fw={500}>
              {project.progress}%
            </Text>
          </Group>
          <Progress value={project.progress} size="sm" aria-label={t("projects.progress")} />
        </div>
        <Group justify="space-between" wrap="nowrap">
          <PersonAvatar
            user={project.project_manager}
            size="sm"
            aria-label={t("projects.projectManager", { name: project.project_manager.nominative })}
          />
          {team.length > 0 && <UserAvatarGroup users={team} label={t("projects.team")} />}
        </Group>
      </Stack>
    </Card>
  );
}

function Section({
  title,
  projects,
  empty,
  icon,
  projectHref,
}: {
  title: string;
  projects: Project[];
  empty: string;
  icon: typeof IconBriefcase;
  projectHref: (project: Project) => string;
}) {
  return (
    <section aria-label={title}>
      <Group gap="xs" mb="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Badge variant="default" radius="sm">
          {projects.length}
        </Badge>
      </Group>
      {projects.length === 0 ? (
        <EmptyListState framed icon={icon} title={empty} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {projects.map((project) => (
            <ProjectCard key={project.uid} project={project} href={projectHref(project)} />
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}

/** Spec part 2 §2 "My-projects view": cards of the projects the user leads, then of those they work on. */
export function MyProjects({
  projects,
  userId,
  projectHref,
  searching,
}: {
  projects: readonly Project[];
  userId: string;
  projectHref: (project: Project) => string;
  /** While a search narrows the projects, an empty section says that nothing matches. */
  searching: boolean;
}) {
  const { t } = useTranslation();
  const { managed, member } = splitMyProjects(projects, userId);
  return (
    <Stack gap="xl">
      <Section
        title={t("projects.managed")}
        projects={managed}
        empty={searching ? t("projects.noMatches") : t("projects.managedEmpty")}
        icon={IconBriefcase}
        projectHref={projectHref}
      />
      <Section
        title={t("projects.member")}
        projects={member}
        empty={searching ? t("projects.noMatches") : t("projects.memberEmpty")}
        icon={IconUsers}
        projectHref={projectHref}
      />
    </Stack>
  );
}
