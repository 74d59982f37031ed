import { Button, EmptyState, Group, Paper, Tabs, Title } from "@mantine/core";
import {
  IconChartHistogram,
  IconChecklist,
  IconClockHour4,
  IconFileInvoice,
  IconInfoCircle,
  IconMapOff,
  IconPencil,
  IconTrash,
} from "@tabler/icons-react";
import { canEditProject, type Project } from "@timetrap/domain";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { useConfirmAction } from "../../../../components/confirm-action";
import { BackLink, ListPage } from "../../../../components/page-header";
import { LoadErrorState, LoadingState } from "../../../../components/query-states";
import { ScrollingTabsList } from "../../../../components/scrolling-tabs-list";
import { isApiError } from "../../../../lib/api-client";
import { useCan } from "../../../../lib/permissions";
import { useSignedInUser } from "../../../../lib/session";
import { useDeleteProject } from "../../api/delete-project";
import { useProject } from "../../api/get-project";
import { ProjectFormModal } from "../project-form-modal";
import { ProjectDetailsTab } from "./project-details-tab";
import { ProjectExpensesTab } from "./project-expenses-tab";
import { ProjectSummary } from "./project-summary";
import { ProjectTasksTab } from "./project-tasks-tab";

// The Insights tab draws the project page's only charts, and the Activities tab is a report of its own: each loads
// when opened (decision 013).
const ProjectInsightsTab = lazy(() =>
  import("./project-insights-tab").then((module) => ({ default: module.ProjectInsightsTab })),
);
const ProjectActivitiesTab = lazy(() =>
  import("./project-activities-tab").then((module) => ({ default: module.ProjectActivitiesTab })),
);

const tabs = ["insights", "details", "expenses", "tasks", "activities"] as const;
type Tab = (typeof tabs)[number];

function isTab(value: string | null): value is Tab {
  return (tabs as readonly (string | null)[]).includes(value);
}

function ProjectNotFound({ listPath }: { listPath: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" py={56} px="xl">
      <EmptyState
        size="lg"
        withIndicatorBackground
        icon={<IconMapOff size={30} stroke={1.6} />}
        title={t("projectDetail.notFound")}
        description={t("projectDetail.notFoundDescription")}
      >
        <EmptyState.Actions>
          <Button component={Link} to={listPath} variant="light">
            {t("projectDetail.backToProjects")}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}

function ProjectView({
  organizationId,
  project,
  listPath,
}: {
  organizationId: string;
  project: Project;
  listPath: string;
}) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const can = useCan();
  const navigate = useNavigate();
  const confirmAction = useConfirmAction();
  const remove = useDeleteProject(organizationId);
  const [searchParams, setSearchParams] = useSearchParams();
  const [editing, setEditing] = useState(false);
  const canEdit = canEditProject(me.role, me.uid, project);
  const requestedTab = searchParams.get("tab");
  const tab: Tab = isTab(requestedTab) ? requestedTab : "details";

  // The open tab is kept in the address, so a reload or a link shows the same section.
  const changeTab = (value: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value && value !== "details") next.set("tab", value);
        else next.delete("tab");
        return next;
      },
      { replace: true },
    );

  const askDelete = () =>
    confirmAction({
      title: t("projectDetail.deleteTitle"),
      message: t("projectDetail.deleteMessage", { title: project.title }),
      confirmLabel: t("projectDetail.deleteConfirm"),
      run: () => remove.mutateAsync(project.uid).then(() => navigate(listPath, { replace: true })),
      successMessage: t("projectDetail.deleted"),
    });

  return (
    <>
      <Group justify="space-between" align="flex-start" gap="md" mb="md">
        <Title order={1} fz={{ base: 22, sm: 26 }} miw={0} style={{ overflowWrap: "anywhere" }}>
          {project.title}
        </Title>
        {(canEdit || can("delete", "project")) && (
          <Group gap="xs">
            {canEdit && (
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
                {t("projectDetail.edit")}
              </Button>
            )}
            {can("delete", "project") && (
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={askDelete}>
                {t("projectDetail.delete")}
              </Button>
            )}
          </Group>
        )}
      </Group>
      <ProjectSummary project={project} />
      <Tabs
        value={tab}
        onChange={changeTab}
        mt="lg"
        keepMounted={false}
        // On a phone the tabs stay on one line and scroll sideways rather than stacking.
        styles={{ list: { flexWrap: "nowrap", overflowX: "auto", overflowY: "hidden" }, tab: { flexShrink: 0 } }}
      >
        <ScrollingTabsList value={tab} aria-label={t("projectDetail.tabs.label")} mb="md">
          <Tabs.Tab value="insights" leftSection={<IconChartHistogram size={16} />}>
            {t("projectDetail.tabs.insights")}
          </Tabs.Tab>
          <Tabs.Tab value="details" leftSection={<IconInfoCircle size={16} />}>
            {t("projectDetail.tabs.details")}
          </Tabs.Tab>
          <Tabs.Tab value="expenses" leftSection={<IconFileInvoice size={16} />}>
            {t("projectDetail.tabs.expenses")}
          </Tabs.Tab>
          <Tabs.Tab value="tasks" leftSection={<IconChecklist size={16} />}>
            {t("projectDetail.tabs.tasks")}
          </Tabs.Tab>
          <Tabs.Tab value="activities" leftSection={<IconClockHour4 size={16} />}>
            {t("projectDetail.tabs.activities")}
          </Tabs.Tab>
        </ScrollingTabsList>
        <Tabs.Panel value="insights">
          <Suspense fallback={<LoadingState />}>
            <ProjectInsightsTab organizationId={organizationId} project={project} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="details">
          <ProjectDetailsTab organizationId={organizationId} project={project} canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="expenses">
          <ProjectExpensesTab organizationId={organizationId} projectId={project.uid} canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="tasks">
          <ProjectTasksTab organizationId={organizationId} project={project} />
        </Tabs.Panel>
        <Tabs.Panel value="activities">
          <Suspense fallback={<LoadingState />}>
            <ProjectActivitiesTab organizationId={organizationId} projectId={project.uid} />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
      {canEdit && (
        <ProjectFormModal
          opened={editing}
          organizationId={organizationId}
          project={project}
          onClose={() => setEditing(false)}
        />
      )}
    </>
  );
}

/** Spec part 2 §2 "Project detail": /user/{userId}/projects/{projectId}?organizationId={organizationId}. */
export function ProjectDetailPage() {
  const { t } = useTranslation();
  const { userId = "", projectId = "" } = useParams();
  const [searchParams] = useSearchParams();
  const me = useSignedInUser();
  const organizationId = searchParams.get("organizationId") || me.organization?.uid || "";
  const project = useProject(organizationId, projectId);
  const listPath = `/user/${userId}/projects?organizationId=${encodeURIComponent(organizationId)}`;

  let content: ReactNode;
  if (project.isPending) {
    content = <LoadingState />;
  } else if (project.isError) {
    // A project of another organization answers 404 too (decision 006): for the reader it does not exist.
    content =
      isApiError(project.error) && project.error.status === 404 ? (
        <ProjectNotFound listPath={listPath} />
      ) : (
        <LoadErrorState
          title={t("projectDetail.loadError")}
          error={project.error}
          onRetry={() => void project.refetch()}
        />
      );
  } else {
    content = <ProjectView organizationId={organizationId} project={project.data} listPath={listPath} />;
  }

  return (
    <ListPage>
      <BackLink to={listPath}>{t("projectDetail.backToProjects")}</BackLink>
      {content}
    </ListPage>
  );
}
