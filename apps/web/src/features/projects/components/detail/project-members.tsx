import { Badge, Group, Stack, Text, Title } from "@mantine/core";
import { type MemberTag, type Project, projectTeamRows, type UserRef } from "@timetrap/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PersonAvatar } from "../user-avatar-group";

const tagColors: Record<MemberTag, string> = {
  sales: "grape",
  responsible: "blue",
  accountable: "indigo",
  consulted: "teal",
  informed: "gray",
};

function PersonRow({ person, children }: { person: UserRef; children: ReactNode }) {
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start">
      <PersonAvatar user={person} size={36} />
      <Stack gap={4} miw={0}>
        <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
          {person.nominative}
        </Text>
        <Group gap={4}>{children}</Group>
      </Stack>
    </Group>
  );
}

/**
 * Spec part 2 §6: the project manager, then the members with their tags: sales (shown as Account Manager) and
 * the RACI roles. Tags keep the spec's order whatever order they were given in; each person is listed once.
 */
export function ProjectMembers({ project }: { project: Project }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {t("projectDetail.members.title")}
      </Title>
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
        {projectTeamRows(project).map((row) => (
          <PersonRow key={row.user.uid} person={row.user}>
            {row.manager && (
              <Badge size="sm" variant="filled" color="dark">
                {t("projectDetail.members.manager")}
              </Badge>
            )}
            {row.tags.map((tag) => (
              <Badge key={tag} size="sm" variant="light" color={tagColors[tag]}>
                {t(`projectDetail.members.tags.${tag}`)}
              </Badge>
            ))}
          </PersonRow>
        ))}
      </Stack>
      {project.members.length === 0 && (
        <Text size="sm" c="dimmed">
          {t("projectDetail.members.empty")}
        </Text>
      )}
    </Stack>
  );
}
