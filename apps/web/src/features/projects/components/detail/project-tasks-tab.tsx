import { Anchor, Avatar, Badge, Button, Group, Table, Text } from "@mantine/core";
import { IconChecklist, IconDownload, IconPlus } from "@tabler/icons-react";
import { overdueColor, type Project, priorityNames, round1, type Task, toCsv } from "@timetrap/domain";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useTasks } from "../../../../api/tasks";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../../components/query-states";
import { SortableTh, sortRows, useSort } from "../../../../components/sortable-table";
import { TableCard } from "../../../../components/table-card";
import { PriorityLabel, toPriority } from "../../../../components/task-priority";
import { dueDay } from "../../../../lib/due-date";
import { formatDate } from "../../../../lib/format";
import { taskModalSearch } from "../../../../lib/task-modal-url";
import { downloadFile } from "../../download-file";

type Column = "name" | "dueDate" | "activityHours" | "priority" | "user" | "state";
const columns: readonly Column[] = ["name", "dueDate", "activityHours", "priority", "user", "state"];

/** Spec part 2 §2: rows and header are 48 px high. */
const rowHeight = 48;

/** Spec part 2 §9: activity hours to one decimal. */
function useHoursFormat() {
  const { i18n } = useTranslation();
  return useMemo(
    () => new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    [i18n.language],
  );
}

/** A file name from the project's title, without the characters file systems refuse. */
function csvFileName(title: string, suffix: string): string {
  const base = title
    .replace(/[\\/:*?"<>|]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return `${base || "project"} - ${suffix}.csv`;
}

function DueDate({ task, now }: { task: Task; now: number }) {
  const day = dueDay(task.due_date);
  if (!day) return <Text c="dimmed">—</Text>;
  // Spec part 1 §4: the overdue colour warns about open work; a completed task is no longer late.
  const color = task.complete ? "gray" : (overdueColor(task.due_date, now) ?? "gray");
  return (
    <Badge variant="light" color={color} radius="sm" style={{ textTransform: "none" }}>
      {formatDate(day)}
    </Badge>
  );
}

/** Spec part 2 §2 "Project detail", Tasks: a sortable table with CSV download and a button for a new task. */
export function ProjectTasksTab({ organizationId, project }: { organizationId: string; project: Project }) {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const tasks = useTasks(organizationId, { projectId: project.uid });
  const { sort, toggle } = useSort<Column>();
  const hours = useHoursFormat();
  // Read once per render: the colours compare with the moment the table was drawn.
  const now = Date.now();

  const stateName = (task: Task) => t(task.complete ? "tasks.states.completed" : "tasks.states.open");
  const priorityName = (task: Task) => t(`tasks.priorities.${priorityNames[toPriority(task.priority)]}`);

  const rows = useMemo(
    () =>
      sortRows(
        tasks.data ?? [],
        sort,
        (task, column) => {
          switch (column) {
            case "name":
              return task.name;
            case "dueDate":
              return task.due_date;
            case "activityHours":
              return task.total_work_time;
            case "priority":
              return task.priority;
            case "user":
              return task.user?.nominative;
            case "state":
              return task.complete ? 1 : 0;
          }
        },
        i18n.language,
      ),
    [tasks.data, sort, i18n.language],
  );

  // An action that opens a dialog, so a button; the dialog itself is reached through the address.
  const addButton = (
    <Button
      leftSection={<IconPlus size={16} />}
      onClick={() => navigate({ search: taskModalSearch(searchParams, { projectId: project.uid }) })}
    >
      {t("tasks.projectTab.add")}
    </Button>
  );

  const download = () => {
    const header = columns.map((column) => t(`tasks.projectTab.columns.${column}`));
    const csvRows = rows.map((task) => [
      task.name,
      task.due_date === null ? null : formatDate(dueDay(task.due_date)),
      round1(task.total_work_time),
      priorityName(task),
      task.user?.nominative ?? null,
      stateName(task),
    ]);
    // Spec part 2 §9: separator ; with a byte-order mark; the decimal comma is the timesheet's only, as in the
    // projects export.
    downloadFile(
      toCsv(header, csvRows),
      csvFileName(project.title, t("tasks.projectTab.fileName")),
      "text/csv;charset=utf-8",
    );
  };

  let content: ReactNode;
  if (tasks.isPending) {
    content = <LoadingState />;
  } else if (tasks.isError) {
    content = (
      <LoadErrorState
        title={t("tasks.projectTab.loadError")}
        error={tasks.error}
        onRetry={() => void tasks.refetch()}
      />
    );
  } else if (tasks.data.length === 0) {
    content = (
      <EmptyListState
        framed
        icon={IconChecklist}
        title={t("tasks.projectTab.empty")}
        description={t("tasks.projectTab.emptyDescription")}
        action={addButton}
      />
    );
  } else {
    content = (
      <TableCard minWidth={820}>
        <Table horizontalSpacing="md" verticalSpacing={0} highlightOnHover tabularNums>
          <Table.Thead>
            <Table.Tr h={rowHeight}>
              {columns.map((column) => (
                <SortableTh
                  key={column}
                  label={t(`tasks.projectTab.columns.${column}`)}
                  sortKey={column}
                  sort={sort}
                  onSort={toggle}
                  ta={column === "activityHours" ? "right" : undefined}
                  // Room for the longest state, "Completato", without cutting its badge.
                  miw={column === "state" ? 150 : undefined}
                />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((task) => (
              <Table.Tr key={task.uid} h={rowHeight}>
                <Table.Td maw={320}>
                  <Anchor
                    component={Link}
                    to={taskModalSearch(searchParams, { taskId: task.uid })}
                    size="sm"
                    fw={500}
                    c={task.complete ? "dimmed" : undefined}
                    td={task.complete ? "line-through" : undefined}
                    style={{ overflowWrap: "anywhere" }}
                  >
                    {task.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <DueDate task={task} now={now} />
                </Table.Td>
                <Table.Td ta="right">{hours.format(task.total_work_time)}</Table.Td>
                <Table.Td>
                  <PriorityLabel priority={task.priority} />
                </Table.Td>
                <Table.Td>
                  {task.user ? (
                    <Group gap="xs" wrap="nowrap">
                      <Avatar src={task.user.image_url} name={task.user.nominative} color="initials" size={24} alt="" />
                      <Text size="sm" truncate>
                        {task.user.nominative}
                      </Text>
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t("tasks.unassigned")}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge variant={task.complete ? "outline" : "light"} color={task.complete ? "gray" : "blue"}>
                    {stateName(task)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableCard>
    );
  }

  return (
    <>
      {tasks.isSuccess && tasks.data.length > 0 && (
        <Group justify="flex-end" gap="sm" mb="md">
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download}>
            {t("tasks.projectTab.download")}
          </Button>
          {addButton}
        </Group>
      )}
      {content}
    </>
  );
}
