import { Anchor, Badge, Group, Pagination, Table, Text, Title } from "@mantine/core";
import { activityHours, hoursMinutes, type Timesheet, type TimesheetRow } from "@timetrap/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TableCard } from "../../../components/table-card";
import { useDecimalFormat } from "../../../lib/number-format";

/** A year of a team is thousands of rows: they are drawn a page at a time, the export has them all. */
const rowsPerPage = 100;

type Column = "user" | "date" | "weekday" | "workedHours" | "contractualHours" | "timeOff" | "project" | "customer";

/** Spec part 2 §2 "Timesheet report": the common columns, and what each type adds. */
const columnsByType: Record<Timesheet["timesheet_type"], Column[]> = {
  byDay: ["user", "date", "weekday", "workedHours", "contractualHours", "timeOff"],
  byProject: ["user", "date", "weekday", "workedHours", "project", "customer"],
  byClient: ["user", "date", "weekday", "workedHours", "customer"],
};

const rightAligned: ReadonlySet<Column> = new Set(["workedHours", "contractualHours", "timeOff"]);

function RowCell({
  column,
  row,
  userId,
  organizationId,
}: {
  column: Column;
  row: TimesheetRow;
  userId: string;
  organizationId: string;
}) {
  const { t } = useTranslation();
  switch (column) {
    case "user":
      return <Text size="sm">{row.nominative}</Text>;
    case "date":
      // Spec part 2 §1: the timesheet writes dates YYYY-MM-DD.
      return <Text size="sm">{row.work_log_date}</Text>;
    case "weekday":
      return <Text size="sm">{t(`timesheet.weekdays.${row.weekday as "monday"}`)}</Text>;
    case "workedHours":
      return <Text size="sm">{row.worked_hours}</Text>;
    case "contractualHours":
      return row.contractual_hours === null ? (
        <Text size="sm" c="dimmed">
          {t("timesheet.noContract")}
        </Text>
      ) : (
        <Text size="sm">{hoursMinutes(row.contractual_hours * 3600)}</Text>
      );
    case "timeOff":
      // Holidays and approved time off (decision 026): a dash on the many days without.
      return row.time_off > 0 ? (
        <Text size="sm">{hoursMinutes(row.time_off)}</Text>
      ) : (
        <Text size="sm" c="dimmed">
          –
        </Text>
      );
    case "project":
      return row.project_id && row.project_title ? (
        <Anchor
          component={Link}
          to={`/user/${userId}/projects/${row.project_id}?organizationId=${encodeURIComponent(organizationId)}`}
          size="sm"
        >
          {row.project_title}
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed">
          {t("timesheet.noProject")}
        </Text>
      );
    case "customer":
      return row.customer_nominative ? (
        <Text size="sm">{row.customer_nominative}</Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t("timesheet.noCustomer")}
        </Text>
      );
  }
}

export function TimesheetRowsTable({
  timesheet,
  userId,
  organizationId,
}: {
  timesheet: Timesheet;
  userId: string;
  organizationId: string;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const columns = columnsByType[timesheet.timesheet_type];
  const pages = Math.max(1, Math.ceil(timesheet.rows.length / rowsPerPage));
  const current = Math.min(page, pages);
  const visible = timesheet.rows.slice((current - 1) * rowsPerPage, current * rowsPerPage);

  return (
    <section aria-labelledby="timesheet-rows-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg" id="timesheet-rows-title">
          {t("timesheet.rowsTitle")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("timesheet.rowCount", { count: timesheet.rows.length })}
        </Text>
      </Group>
      {timesheet.rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t("timesheet.noRows")}
        </Text>
      ) : (
        <TableCard minWidth={640}>
          <Table horizontalSpacing="md" verticalSpacing="xs" striped highlightOnHover tabularNums>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column} ta={rightAligned.has(column) ? "right" : undefined}>
                    {t(`timesheet.columns.${column}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {visible.map((row) => (
                <Table.Tr key={`${row.user_id}-${row.work_log_date}-${row.project_id ?? row.customer_id ?? ""}`}>
                  {columns.map((column) => (
                    <Table.Td
                      key={column}
                      ta={rightAligned.has(column) ? "right" : undefined}
                      style={{ whiteSpace: "nowrap" }}
                    >
                      <RowCell column={column} row={row} userId={userId} organizationId={organizationId} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableCard>
      )}
      {pages > 1 && (
        <Group justify="center" mt="md">
          <Pagination total={pages} value={current} onChange={setPage} aria-label={t("timesheet.pages")} />
        </Group>
      )}
    </section>
  );
}

/** Spec part 2 §2: totals per user, and the period's total. */
export function TimesheetTotalsTable({ timesheet }: { timesheet: Timesheet }) {
  const { t } = useTranslation();
  const hours = useDecimalFormat(1);
  return (
    <section aria-labelledby="timesheet-totals-title">
      <Title order={2} fz="lg" mb="sm" id="timesheet-totals-title">
        {t("timesheet.totals.title")}
      </Title>
      <TableCard minWidth={560}>
        <Table horizontalSpacing="md" verticalSpacing="xs" tabularNums>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("timesheet.columns.user")}</Table.Th>
              <Table.Th ta="right">{t("timesheet.columns.workedHours")}</Table.Th>
              <Table.Th ta="right">{t("timesheet.totals.contractual")}</Table.Th>
              <Table.Th ta="right">{t("timesheet.totals.timeOff")}</Table.Th>
              <Table.Th>{t("timesheet.totals.notes")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {timesheet.totals.map((total) => (
              <Table.Tr key={total.user_id}>
                <Table.Td>{total.nominative}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {total.worked_hours}
                </Table.Td>
                <Table.Td ta="right">{hoursMinutes(total.contractual_seconds)}</Table.Td>
                <Table.Td ta="right">{hoursMinutes(total.time_off)}</Table.Td>
                <Table.Td>
                  {total.without_contract > 0 && (
                    <Badge color="orange" variant="light" style={{ textTransform: "none" }}>
                      {t("reportsCommon.withoutContract", { hours: hours(activityHours(total.without_contract)) })}
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>{t("timesheet.totals.total")}</Table.Th>
              <Table.Th ta="right">{timesheet.worked_hours}</Table.Th>
              <Table.Th />
              <Table.Th />
              <Table.Th />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </TableCard>
    </section>
  );
}
