import { Group, ScrollArea, Select, Stack, Switch } from "@mantine/core";
import { IconBriefcaseOff } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type AsanaTaskScope,
  asanaKeys,
  useAsanaProjects,
  useAsanaTasks,
  useAsanaWorkspaces,
  useCompleteAsanaTask,
} from "../../../api/asana";
import { EmptyListState } from "../../../components/query-states";
import { isApiError } from "../../../lib/api-client";
import { integrationProblemOf } from "../lib/integration-problem";
import { filterByProjectAndDay, localDay, sortByDue } from "./item-filters";
import { ItemList, OwnItemsNote, RefreshButton, useItemCompletion } from "./item-list";
import { ItemProblemState, isConnectionProblem } from "./item-problem";
import { asanaItems } from "./source-item";

/** The project selector's option for every project of the workspace (the person's tasks there). */
const allProjects = "all";

/**
 * Spec part 1 §2 "Side panel", asana: a workspace selector, a project selector with an all-projects option (the
 * person's incomplete tasks in the workspace), a today filter, a refresh button, and completing a task, which removes
 * its card. A failed fetch of the tasks is also told in a browser alert (spec part 1 §8).
 */
export function AsanaSource({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const workspaces = useAsanaWorkspaces();
  const [chosenWorkspace, setChosenWorkspace] = useState<string | null>(null);
  const [chosenProject, setChosenProject] = useState(allProjects);
  const [todayOnly, setTodayOnly] = useState(false);

  const collator = useMemo(() => new Intl.Collator(i18n.language, { sensitivity: "base" }), [i18n.language]);
  const workspaceOptions = (workspaces.data ?? []).map((workspace) => ({
    value: workspace.gid,
    label: workspace.name,
  }));
  // Asana's first workspace until another is chosen (or when the chosen one is gone).
  const workspaceId = workspaceOptions.some((option) => option.value === chosenWorkspace)
    ? chosenWorkspace
    : (workspaceOptions[0]?.value ?? null);
  const projects = useAsanaProjects(workspaceId);
  const projectOptions = useMemo(
    () => [
      { value: allProjects, label: t("itemSources.filter.allProjects") },
      ...[...(projects.data ?? [])]
        .sort((a, b) => collator.compare(a.name, b.name))
        .map((project) => ({ value: project.gid, label: project.name })),
    ],
    [projects.data, collator, t],
  );
  const projectId =
    chosenProject !== allProjects && projects.data?.some((project) => project.gid === chosenProject)
      ? chosenProject
      : null;
  const scope: AsanaTaskScope | null =
    workspaceId === null
      ? null
      : projectId
        ? { kind: "project", id: projectId }
        : { kind: "workspace", id: workspaceId };
  const tasks = useAsanaTasks(scope);
  const complete = useCompleteAsanaTask();
  const refetchTasks = () => void tasks.refetch();
  const completion = useItemCompletion(complete, refetchTasks);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: asanaKeys.all });

  // Spec part 1 §8: a failed fetch of the tasks is an alert, once per failure; a service not connected (or to connect
  // again) is not a failure of the fetch but the panel's own state, with the way to the integrations page.
  const failedAt = tasks.isError && integrationProblemOf(tasks.error) === "failed" ? tasks.errorUpdatedAt : 0;
  const failure = tasks.error;
  useEffect(() => {
    if (!failedAt) return;
    const reason = isApiError(failure) && failure.status !== 0 ? failure.ErrorMessage : null;
    const title = t("itemSources.problem.failed", { name: "Asana" });
    window.alert(reason ? `${title}\n${reason}` : title);
  }, [failedAt, failure, t]);

  const items = useMemo(() => asanaItems(tasks.data ?? []), [tasks.data]);
  const now = Date.now();
  // The tasks are already the chosen project's: only the day is filtered here.
  const shown = sortByDue(filterByProjectAndDay(items, { projectId: null, todayOnly }, localDay(now)));
  const noWorkspace = workspaces.isSuccess && workspaceOptions.length === 0;

  const refused = [workspaces, tasks].find((query) => query.isError && isConnectionProblem(query.error));
  if (refused) return <ItemProblemState service="asana" error={refused.error} onRetry={refresh} />;

  return (
    <Stack gap="sm" h="100%" mih={0}>
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <Select
            size="xs"
            flex={1}
            aria-label={t("itemSources.filter.workspace")}
            data={workspaceOptions}
            value={workspaceId}
            onChange={(value) => {
              setChosenWorkspace(value);
              setChosenProject(allProjects);
            }}
            allowDeselect={false}
            disabled={workspaceOptions.length === 0}
            comboboxProps={{ withinPortal: true }}
          />
          <RefreshButton
            fetching={workspaces.isFetching || projects.isFetching || tasks.isFetching}
            pending={workspaces.isPending || tasks.isPending}
            onRefresh={refresh}
          />
        </Group>
        <Select
          size="xs"
          aria-label={t("itemSources.filter.project")}
          data={projectOptions}
          value={projectId ?? allProjects}
          onChange={(value) => setChosenProject(value ?? allProjects)}
          allowDeselect={false}
          searchable
          nothingFoundMessage={t("itemSources.filter.noProjects")}
          disabled={workspaceId === null}
          error={projects.isError ? t("itemSources.filter.projectsLoadError") : undefined}
          comboboxProps={{ withinPortal: true }}
        />
        <Switch
          size="xs"
          label={t("itemSources.filter.todayOnly")}
          checked={todayOnly}
          onChange={(event) => setTodayOnly(event.currentTarget.checked)}
        />
      </Stack>
      <OwnItemsNote service="asana" userId={userId} />
      <ScrollArea flex={1} type="auto" offsetScrollbars>
        {noWorkspace ? (
          <EmptyListState icon={IconBriefcaseOff} title={t("itemSources.noWorkspaces")} />
        ) : (
          <ItemList
            service="asana"
            query={
              workspaces.isError
                ? workspaces
                : { isPending: workspaces.isPending || tasks.isPending, isError: tasks.isError, error: tasks.error }
            }
            onRetry={refresh}
            items={shown}
            filtered={projectId !== null || todayOnly}
            now={now}
            completion={completion}
          />
        )}
      </ScrollArea>
    </Stack>
  );
}
