import { Button, Group, SegmentedControl, TextInput, Tooltip } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconBriefcase, IconCategory, IconPlus, IconSearch } from "@tabler/icons-react";
import { isUnitBlocked, matchesProjectSearch, type PlanConfigEntry, type Project } from "@timetrap/domain";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { useProjects } from "../../../api/get-projects";
import { ListPage, PageHeader } from "../../../components/page-header";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../components/query-states";
import { useCan } from "../../../lib/permissions";
import { useSignedInUser } from "../../../lib/session";
import { CategoriesDrawer } from "./categories-drawer";
import { MyProjects } from "./my-projects";
import { ProjectFormModal } from "./project-form-modal";
import { ProjectsTable } from "./projects-table";

type ProjectView = "my-projects" | "all-projects";

/** Spec part 2 §2: the view is the `v` parameter, my-projects unless it says all-projects. */
function projectViewOf(value: string | null): ProjectView {
  return value === "all-projects" ? "all-projects" : "my-projects";
}

/** Why the plan does not allow another project, or null when it does. */
function projectBlock(
  config: readonly PlanConfigEntry[] | null | undefined,
  projects: readonly Project[] | undefined,
): { limit: number | null } | null {
  if (!isUnitBlocked(config, "PROJECT", projects?.length)) return null;
  const entry = config?.find((e) => e.unitType === "PROJECT");
  return { limit: entry?.enabled && entry.tierLimited ? entry.tierLimit : null };
}

/** Spec part 2 §2 "Projects list": the user's projects as cards, or every project in a table. */
export function ProjectsPage() {
  const { t } = useTranslation();
  const { userId = "" } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const me = useSignedInUser();
  const can = useCan();
  const organizationId = searchParams.get("organizationId") ?? me.organization?.uid ?? "";
  const view = projectViewOf(searchParams.get("v"));
  const projects = useProjects(organizationId);
  const [search, setSearch] = useState("");
  // Spec part 2 §9: the search applies 300 ms after the last keystroke.
  const [debouncedSearch] = useDebouncedValue(search, 300);
  // `?new=project` (the task form's way to a first project) opens the new project's form at once.
  const [adding, setAdding] = useState(() => searchParams.get("new") === "project" && can("create", "project"));
  const [categoriesOpened, setCategoriesOpened] = useState(false);

  const found = useMemo(
    () => (projects.data ?? []).filter((project) => matchesProjectSearch(project, debouncedSearch)),
    [projects.data, debouncedSearch],
  );

  const projectHref = (project: Project) =>
    `/user/${encodeURIComponent(userId)}/projects/${encodeURIComponent(project.uid)}?organizationId=${encodeURIComponent(organizationId)}`;

  const setView = (next: string) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set("v", projectViewOf(next));
        return params;
      },
      { replace: true },
    );

  const organization = me.organization?.uid === organizationId ? me.organization : null;
  // Until the list arrives the count is unknown and a limited plan keeps the button greyed.
  const block = projectBlock(organization?.plan.config, projects.data);
  const addButton = can("create", "project") && (
    <Tooltip
      label={
        block?.limit !== null && block?.limit !== undefined
          ? t("projects.planLimitReached", { limit: block.limit })
          : t("projects.planExcludesProjects")
      }
      disabled={!block || projects.isPending}
      multiline
      maw={280}
    >
      {/* A disabled button sends no pointer events, so the tooltip hangs on a wrapper. */}
      <span>
        <Button leftSection={<IconPlus size={16} />} disabled={!!block} onClick={() => setAdding(true)}>
          {t("projects.newProject")}
        </Button>
      </span>
    </Tooltip>
  );

  let content: ReactNode;
  if (projects.isPending) {
    content = <LoadingState />;
  } else if (projects.isError) {
    content = (
      <LoadErrorState title={t("projects.loadError")} error={projects.error} onRetry={() => void projects.refetch()} />
    );
  } else if (projects.data.length === 0) {
    content = (
      <EmptyListState
        framed
        icon={IconBriefcase}
        title={t("projects.empty")}
        description={can("create", "project") ? t("projects.emptyDescription") : t("projects.emptyReadOnly")}
        action={addButton}
      />
    );
  } else if (view === "all-projects") {
    content = <ProjectsTable projects={found} projectHref={projectHref} />;
  } else {
    content = (
      <MyProjects
        projects={found}
        userId={me.uid}
        projectHref={projectHref}
        searching={debouncedSearch.trim() !== ""}
      />
    );
  }

  const hasProjects = projects.isSuccess && projects.data.length > 0;

  return (
    <ListPage>
      <PageHeader
        title={t("menu.projects")}
        description={t("projects.description")}
        action={
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconCategory size={16} />}
              onClick={() => setCategoriesOpened(true)}
            >
              {t("projects.categoriesButton")}
            </Button>
            {hasProjects && addButton}
          </Group>
        }
      />
      {hasProjects && (
        <Group justify="space-between" gap="sm" mb="lg">
          <SegmentedControl
            aria-label={t("projects.views.label")}
            value={view}
            onChange={setView}
            data={[
              { value: "my-projects", label: t("projects.views.myProjects") },
              { value: "all-projects", label: t("projects.views.allProjects") },
            ]}
          />
          <TextInput
            aria-label={t("projects.search")}
            placeholder={t("projects.searchPlaceholder")}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={{ base: "100%", sm: 340 }}
            size="sm"
          />
        </Group>
      )}
      {content}
      <ProjectFormModal
        opened={adding}
        organizationId={organizationId}
        onClose={() => {
          setAdding(false);
          if (searchParams.has("new")) {
            setSearchParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.delete("new");
                return next;
              },
              { replace: true },
            );
          }
        }}
      />
      <CategoriesDrawer
        organizationId={organizationId}
        opened={categoriesOpened}
        canEdit={can("edit", "project")}
        onClose={() => setCategoriesOpened(false)}
      />
    </ListPage>
  );
}
