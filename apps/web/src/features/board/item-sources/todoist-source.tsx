import { Button, Divider, Group, Popover, Radio, ScrollArea, Stack, Text } from "@mantine/core";
import { IconChevronDown, IconFilter } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCloseTodoistTask, useTodoistTasks } from "../../../api/todoist";
import { filterTodoist, localDay, sortByDue, type TodoistFilter } from "./item-filters";
import { ItemList, OwnItemsNote, RefreshButton, useItemCompletion } from "./item-list";
import { ItemProblemState, isConnectionProblem } from "./item-problem";
import classes from "./item-sources.module.css";
import { todoistItems } from "./source-item";

const filterValue = (filter: TodoistFilter) =>
  filter.kind === "project" ? `project:${filter.projectId}` : filter.kind;

function filterOf(value: string): TodoistFilter {
  if (value.startsWith("project:")) return { kind: "project", projectId: value.slice("project:".length) };
  return value === "today" ? { kind: "today" } : { kind: "all" };
}

/**
 * Spec part 1 §2 "Side panel", todoist: the person's active Todoist tasks as cards to drag onto the board, a filter
 * popover (every task, today's, or one project's), a refresh button, and completing a task (Todoist's close), which
 * removes its card.
 */
export function TodoistSource({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const tasks = useTodoistTasks();
  const close = useCloseTodoistTask();
  const refetch = () => void tasks.refetch();
  const completion = useItemCompletion(close, refetch);
  const [chosen, setChosen] = useState<TodoistFilter>({ kind: "all" });
  const [opened, setOpened] = useState(false);

  const projects = tasks.data?.projects ?? [];
  // A project gone from Todoist since it was chosen (a refresh) leaves the filter: every task is shown again.
  const filter: TodoistFilter =
    chosen.kind === "project" && tasks.data && !projects.some((project) => project.id === chosen.projectId)
      ? { kind: "all" }
      : chosen;
  const items = useMemo(() => (tasks.data ? todoistItems(tasks.data) : []), [tasks.data]);
  // Read once per render: the today filter and the due dates' colours compare with the moment the list was drawn.
  const now = Date.now();
  const today = localDay(now);
  const shown = sortByDue(filterTodoist(items, filter, today));

  const filterLabel =
    filter.kind === "project"
      ? (projects.find((project) => project.id === filter.projectId)?.name ?? "")
      : t(filter.kind === "today" ? "itemSources.filter.today" : "itemSources.filter.all");

  if (tasks.isError && isConnectionProblem(tasks.error)) {
    return <ItemProblemState service="todoist" error={tasks.error} onRetry={refetch} />;
  }

  return (
    <Stack gap="sm" h="100%" mih={0}>
      <Group gap="xs" wrap="nowrap">
        {/* The filter button stays in view at the panel's top: the list scrolls under it, never the button away. */}
        <Popover
          opened={opened}
          onChange={setOpened}
          position="bottom-start"
          shadow="md"
          width={250}
          withinPortal
          hideDetached={false}
        >
          <Popover.Target>
            <Button
              variant="default"
              size="xs"
              flex={1}
              miw={0}
              // The chosen filter reads from the left, beside its icon; the chevron keeps to the right.
              styles={{ inner: { justifyContent: "flex-start" }, label: { flex: 1, minWidth: 0 } }}
              leftSection={<IconFilter size={14} />}
              rightSection={<IconChevronDown size={14} />}
              onClick={() => setOpened((current) => !current)}
              disabled={!tasks.data}
              aria-label={t("itemSources.filter.button", { filter: filterLabel })}
            >
              <Text span size="xs" truncate>
                {filterLabel}
              </Text>
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Radio.Group
              value={filterValue(filter)}
              onChange={(value) => {
                setChosen(filterOf(value));
                setOpened(false);
              }}
              label={t("itemSources.filter.show")}
            >
              <ScrollArea.Autosize className={classes.filterOptions} type="auto" offsetScrollbars>
                <Stack gap="xs" mt="xs">
                  <Radio value="all" label={t("itemSources.filter.all")} />
                  <Radio
                    value="today"
                    label={t("itemSources.filter.today")}
                    description={t("itemSources.filter.todayHint")}
                  />
                  {projects.length > 0 && <Divider label={t("itemSources.filter.projects")} labelPosition="left" />}
                  {projects.map((project) => (
                    <Radio key={project.id} value={`project:${project.id}`} label={project.name} />
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            </Radio.Group>
          </Popover.Dropdown>
        </Popover>
        <RefreshButton fetching={tasks.isFetching} pending={tasks.isPending} onRefresh={refetch} />
      </Group>
      <OwnItemsNote service="todoist" userId={userId} />
      <ScrollArea flex={1} type="auto" offsetScrollbars>
        <ItemList
          service="todoist"
          query={tasks}
          onRetry={refetch}
          items={shown}
          filtered={filter.kind !== "all"}
          now={now}
          completion={completion}
        />
      </ScrollArea>
    </Stack>
  );
}
