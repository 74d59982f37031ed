import { Group, ScrollArea, Select, Stack, Switch } from "@mantine/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePaymoTasks } from "../../../api/paymo";
import { filterByProjectAndDay, localDay, sortByDue } from "./item-filters";
import { ItemList, OwnItemsNote, RefreshButton } from "./item-list";
import { ItemProblemState, isConnectionProblem } from "./item-problem";
import { paymoItems } from "./source-item";

/** The project selector's first option; a project's value is its id after a prefix, so none can be taken for it. */
const allProjects = "all";
const projectValue = "project:";

/**
 * Spec part 1 §2 "Side panel", paymo: the incomplete tasks of the person's active Paymo projects as cards to drag onto
 * the board, filtered by project and to today's (the filter compares the due date with today), and a refresh button.
 */
export function PaymoSource({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const tasks = usePaymoTasks();
  const refetch = () => void tasks.refetch();
  const [chosenProject, setChosenProject] = useState<string | null>(null);
  const [todayOnly, setTodayOnly] = useState(false);

  const projectOptions = useMemo(() => {
    const collator = new Intl.Collator(i18n.language, { sensitivity: "base" });
    return [...(tasks.data?.projects ?? [])]
      .sort((a, b) => collator.compare(a.name, b.name))
      .map((project) => ({ value: `${projectValue}${project.id}`, label: project.name }));
  }, [tasks.data, i18n.language]);
  // A project gone from Paymo since it was chosen (a refresh) leaves the filter.
  const chosen = projectOptions.find((option) => option.value === chosenProject)?.value ?? null;
  const projectId = chosen === null ? null : chosen.slice(projectValue.length);
  const items = useMemo(() => (tasks.data ? paymoItems(tasks.data) : []), [tasks.data]);
  const now = Date.now();
  const shown = sortByDue(filterByProjectAndDay(items, { projectId, todayOnly }, localDay(now)));

  if (tasks.isError && isConnectionProblem(tasks.error)) {
    return <ItemProblemState service="paymo" error={tasks.error} onRetry={refetch} />;
  }

  return (
    <Stack gap="sm" h="100%" mih={0}>
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <Select
            size="xs"
            flex={1}
            aria-label={t("itemSources.filter.project")}
            data={[{ value: allProjects, label: t("itemSources.filter.allProjects") }, ...projectOptions]}
            value={chosen ?? allProjects}
            onChange={(value) => setChosenProject(value === allProjects ? null : value)}
            allowDeselect={false}
            searchable
            nothingFoundMessage={t("itemSources.filter.noProjects")}
            disabled={!tasks.data}
            comboboxProps={{ withinPortal: true }}
          />
          <RefreshButton fetching={tasks.isFetching} pending={tasks.isPending} onRefresh={refetch} />
        </Group>
        <Switch
          size="xs"
          label={t("itemSources.filter.todayOnly")}
          checked={todayOnly}
          onChange={(event) => setTodayOnly(event.currentTarget.checked)}
        />
      </Stack>
      <OwnItemsNote service="paymo" userId={userId} />
      <ScrollArea flex={1} type="auto" offsetScrollbars>
        <ItemList
          service="paymo"
          query={tasks}
          onRetry={refetch}
          items={shown}
          filtered={projectId !== null || todayOnly}
          now={now}
        />
      </ScrollArea>
    </Stack>
  );
}
