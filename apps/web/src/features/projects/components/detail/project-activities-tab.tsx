import { Avatar, Badge, Button, Group, Pagination, Table, Text } from "@mantine/core";
import { IconClockHour4, IconDownload } from "@tabler/icons-react";
import { hoursMinutes, type ProjectReportSortColumn } from "@timetrap/domain";
import dayjs from "dayjs";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../../components/query-states";
import { nextSort, type Sort, SortableTh } from "../../../../components/sortable-table";
import { TableCard } from "../../../../components/table-card";
import { notifyRequestError } from "../../../../lib/notify";
import { useDownloadProjectReportCsv } from "../../api/download-project-report-csv";
import { type ProjectReportOrder, useProjectReport } from "../../api/get-project-report";

type Column = "user" | "title" | "task" | "category" | "project" | "startTime" | "endTime" | "elapsedTime";
const columns: readonly Column[] = [
  "user",
  "title",
  "task",
  "category",
  "project",
  "startTime",
  "endTime",
  "elapsedTime",
];

/** The headers the server sorts by, with its name for each; every entry is of this project, so not by project. */
const serverColumn: Partial<Record<Column, ProjectReportSortColumn>> = {
  user: "user",
  title: "title",
  task: "task",
  category: "category",
  startTime: "start",
  endTime: "end",
  elapsedTime: "elapsed",
};

const pageSize = 100;

/** Spec part 2 §1: dates dd/MM/yyyy; the time of day beside them, in the browser's zone as the board shows it. */
const dateTime = (instant: number) => dayjs(instant).format("DD/MM/YYYY HH:mm");

/** The order asked of the server for a header's sort; none is the server's own, newest first. */
function orderOf(sort: Sort<Column> | null): ProjectReportOrder | null {
  const column = sort ? serverColumn[sort.key] : undefined;
  return sort && column ? { sort: column, direction: sort.direction } : null;
}

/**
 * Spec part 2 §2 "Project detail", Activities: the project's time entries (user, title, linked task, category,
 * project, start, end, elapsed time), newest first, sortable, with the server's CSV of them all. The server sorts:
 * a header's click asks it again for the first page in that order, and every page (and the CSV) keeps it.
 */
export function ProjectActivitiesTab({ organizationId, projectId }: { organizationId: string; projectId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<Sort<Column> | null>(null);
  const order = orderOf(sort);
  const report = useProjectReport(organizationId, projectId, page, pageSize, order);
  const download = useDownloadProjectReportCsv();
  const toggle = (column: Column) => {
    setSort((current) => nextSort(current, column));
    setPage(1);
  };
  const rows = report.data?.entries ?? [];

  let content: ReactNode;
  if (report.isPending) {
    content = <LoadingState />;
  } else if (report.isError) {
    content = (
      <LoadErrorState title={t("activities.loadError")} error={report.error} onRetry={() => void report.refetch()} />
    );
  } else if (report.data.total === 0) {
    content = (
      <EmptyListState
        framed
        icon={IconClockHour4}
        title={t("activities.empty")}
        description={t("activities.emptyDescription")}
      />
    );
  } else {
    const pages = Math.max(1, Math.ceil(report.data.total / pageSize));
    content = (
      <>
        <TableCard minWidth={1000}>
          <Table horizontalSpacing="md" verticalSpacing="xs" highlightOnHover tabularNums>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) =>
                  serverColumn[column] ? (
                    <SortableTh
                      key={column}
                      label={t(`activities.columns.${column}`)}
                      sortKey={column}
                      sort={sort}
                      onSort={toggle}
                      ta={column === "elapsedTime" ? "right" : undefined}
                    />
                  ) : (
                    <Table.Th key={column}>{t(`activities.columns.${column}`)}</Table.Th>
                  ),
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Avatar
                        src={entry.user.image_url}
                        name={entry.user.nominative}
                        color="initials"
                        size={24}
                        alt=""
                      />
                      <Text size="sm" truncate>
                        {entry.user.nominative}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td maw={240}>
                    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                      {entry.title}
                    </Text>
                  </Table.Td>
                  <Table.Td>{entry.task?.name ?? <Text c="dimmed">—</Text>}</Table.Td>
                  <Table.Td>
                    {entry.category ? (
                      <Badge variant="dot" color={entry.category.color} style={{ textTransform: "none" }}>
                        {entry.category.name}
                      </Badge>
                    ) : (
                      <Text c="dimmed">—</Text>
                    )}
                  </Table.Td>
                  <Table.Td>{entry.project.title}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{dateTime(entry.start_time)}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{dateTime(entry.end_time)}</Table.Td>
                  <Table.Td ta="right">{hoursMinutes(entry.elapsed_time)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={7}>{t("activities.total", { count: report.data.total })}</Table.Th>
                <Table.Th ta="right">{hoursMinutes(report.data.total_elapsed_time)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </TableCard>
        {pages > 1 && (
          <Group justify="center" mt="md">
            <Pagination total={pages} value={page} onChange={setPage} aria-label={t("activities.pages")} />
          </Group>
        )}
      </>
    );
  }

  return (
    <>
      {report.isSuccess && report.data.total > 0 && (
        <Group justify="flex-end" mb="md">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={download.isPending}
            onClick={() => download.mutate({ organizationId, projectId, order }, { onError: notifyRequestError })}
          >
            {t("activities.download")}
          </Button>
        </Group>
      )}
      {content}
    </>
  );
}
