import { ActionIcon, Button, Group, ScrollArea, SegmentedControl, Select, Stack, Tooltip } from "@mantine/core";
import { IconChecklist, IconPlus, IconRefresh } from "@tabler/icons-react";
import type { Task } from "@timetrap/domain";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { useProjects } from "../../../api/get-projects";
import { useTasks } from "../../../api/tasks";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../components/query-states";
import { notifyError } from "../../../lib/notify";
import { taskModalSearch } from "../../../lib/task-modal-url";
import type { DropItem } from "../lib/drop-item";
import { projectOptionGroups } from "./project-options";
import { TaskCard } from "./task-card";
import { taskDropItem } from "./task-drop-item";
import classes from "./tasks-source.module.css";
import { useExternalDrag } from "./use-external-drag";

export type TaskFilterMode = "open" | "all";

/** Open tasks first, each part by due date (undated last), then by name. */
function sortTasks(tasks: readonly Task[], locale: string): Task[] {
  const collator = new Intl.Collator(locale, { sensitivity: "base" });
  return [...tasks].sort(
    (a, b) =>
      Number(a.complete) - Number(b.complete) ||
      (a.due_date ?? Number.POSITIVE_INFINITY) - (b.due_date ?? Number.POSITIVE_INFINITY) ||
      collator.compare(a.name, b.name),
  );
}

/**
 * Spec part 1 §2 "Side panel", Tasks: the board owner's tasks as cards to drag onto the board, filtered to the open
 * ones (the spec's list) or all of them, and to one project.
 */
export function TasksSource({ organizationId, userId }: { organizationId: string; userId: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<TaskFilterMode>("open");
  const [projectId, setProjectId] = useState<string | null>(null);
  const tasks = useTasks(organizationId, { userId });
  const projects = useProjects(organizationId);

  // Spec part 1 §8: a failed load of the tasks is also told in a toast, once per failure.
  const failedAt = tasks.isError ? tasks.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) notifyError({ message: t("common.error") });
  }, [failedAt, t]);

  const projectGroups = useMemo(
    () => projectOptionGroups(projects.data ?? [], t("sidePanel.tasks.noProjectCategory"), i18n.language),
    [projects.data, t, i18n.language],
  );

  const shown = useMemo(() => {
    const filtered = (tasks.data ?? []).filter(
      (task) => (mode === "all" || !task.complete) && (projectId === null || task.project?.uid === projectId),
    );
    return sortTasks(filtered, i18n.language);
  }, [tasks.data, mode, projectId, i18n.language]);

  const dropItems = useMemo(
    () =>
      new Map<string, DropItem>(shown.filter((task) => !task.complete).map((task) => [task.uid, taskDropItem(task)])),
    [shown],
  );
  const listRef = useExternalDrag(dropItems);

  const addTask = () => navigate({ search: taskModalSearch(searchParams, projectId ? { projectId } : {}) });

  // Read once per render: the due-date colours compare with the moment the list was drawn.
  const now = Date.now();

  let content: ReactNode;
  if (tasks.isPending) {
    content = <LoadingState />;
  } else if (tasks.isError) {
    content = (
      <LoadErrorState title={t("sidePanel.tasks.loadError")} error={tasks.error} onRetry={() => void tasks.refetch()} />
    );
  } else if (shown.length === 0) {
    content = (
      <EmptyListState
        icon={IconChecklist}
        title={t("sidePanel.tasks.empty")}
        description={t(
          projectId !== null || (mode === "open" && tasks.data.length > 0)
            ? "sidePanel.tasks.emptyFilteredDescription"
            : "sidePanel.tasks.emptyDescription",
        )}
        action={
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={addTask}>
            {t("sidePanel.tasks.add")}
          </Button>
        }
      />
    );
  } else {
    content = (
      <ul ref={listRef} aria-label={t("sidePanel.tasks.list")} className={classes.list}>
        {shown.map((task) => (
          <li key={task.uid}>
            <TaskCard task={task} now={now} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Stack gap="sm" h="100%" mih={0}>
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <SegmentedControl
            size="xs"
            flex={1}
            value={mode}
            onChange={(value) => setMode(value as TaskFilterMode)}
            aria-label={t("sidePanel.tasks.filter")}
            data={[
              { value: "open", label: t("sidePanel.tasks.toComplete") },
              { value: "all", label: t("sidePanel.tasks.all") },
            ]}
          />
          <Tooltip label={t("sidePanel.tasks.refresh")} withArrow>
            <ActionIcon
              variant="default"
              size="md"
              aria-label={t("sidePanel.tasks.refresh")}
              loading={tasks.isFetching}
              onClick={() => {
                void tasks.refetch();
                void projects.refetch();
              }}
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t("sidePanel.tasks.add")} withArrow>
            <ActionIcon variant="filled" size="md" aria-label={t("sidePanel.tasks.add")} onClick={addTask}>
              <IconPlus size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Select
          size="xs"
          aria-label={t("sidePanel.tasks.project")}
          placeholder={t("sidePanel.tasks.allProjects")}
          data={projectGroups}
          value={projectId}
          onChange={setProjectId}
          clearable
          searchable
          nothingFoundMessage={t("sidePanel.tasks.noProjects")}
          error={projects.isError ? t("sidePanel.tasks.projectsLoadError") : undefined}
          comboboxProps={{ withinPortal: true }}
        />
      </Stack>
      <ScrollArea flex={1} type="auto" offsetScrollbars>
        {content}
      </ScrollArea>
    </Stack>
  );
}
