import { Accordion, SimpleGrid, Stack } from "@mantine/core";
import type { Project } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { ProjectLinks } from "./project-links";
import { ProjectMembers } from "./project-members";
import { ProjectNoteField } from "./project-note-field";
import { ProjectUpdates } from "./project-updates";

/** Spec part 2 §2 "Project detail": two collapsible sections, Details (open at first) and Updates. */
export function ProjectDetailsTab({
  organizationId,
  project,
  canEdit,
}: {
  organizationId: string;
  project: Project;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Accordion multiple defaultValue={["details"]} variant="separated" radius="lg">
      <Accordion.Item value="details" bg="var(--mantine-color-body)">
        <Accordion.Control>{t("projectDetail.sections.details")}</Accordion.Control>
        <Accordion.Panel>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" verticalSpacing="xl">
            <Stack gap="xl">
              <ProjectNoteField organizationId={organizationId} projectId={project.uid} canEdit={canEdit} />
              <ProjectLinks organizationId={organizationId} projectId={project.uid} canEdit={canEdit} />
            </Stack>
            <ProjectMembers project={project} />
          </SimpleGrid>
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="updates" bg="var(--mantine-color-body)">
        <Accordion.Control>{t("projectDetail.sections.updates")}</Accordion.Control>
        <Accordion.Panel>
          <ProjectUpdates organizationId={organizationId} projectId={project.uid} canEdit={canEdit} />
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
