import {
  Avatar,
  Button,
  EmptyState,
  Group,
  List,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { IconLock, IconUsersGroup } from "@tabler/icons-react";
import { activityHours, type ReportPeriodQuery, type TeamReportUser } from "@timetrap/domain";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../components/query-states";
import { SortableTh, sortRows, useSort } from "../../../components/sortable-table";
import { TableCard } from "../../../components/table-card";
import { isApiError } from "../../../lib/api-client";
import { useDecimalFormat } from "../../../lib/number-format";
import { useCan } from "../../../lib/permissions";
import { useTeamReport } from "../api/get-team-report";
import { Ring, TotalsRow } from "./report-rings";

/**
 * Spec part 1 §6: the team tab needs the plan's TEAM_DASHBOARD unit. What the plan lacks is said plainly, with the
 * way to a plan that has it (for whoever may change the plan).
 */
export function TeamPlanNotice({ organizationId, planName }: { organizationId: string; planName: string }) {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <Paper withBorder radius="lg" py={48} px="xl" data-testid="team-plan-notice">
      <EmptyState
        size="lg"
        withIndicatorBackground
        icon={<IconLock size={28} stroke={1.6} />}
        title={t("dashboard.team.planTitle")}
        description={t("dashboard.team.planDescription", { plan: planName })}
      >
        <List size="sm" c="dimmed" ta="left" mx="auto" maw={420} mt="xs" spacing={4}>
          <List.Item>{t("dashboard.team.planLacks.rings")}</List.Item>
          <List.Item>{t("dashboard.team.planLacks.table")}</List.Item>
          <List.Item>{t("dashboard.team.planLacks.categories")}</List.Item>
        </List>
        <EmptyState.Actions>
          {can("edit", "organization") ? (
            <Button component={Link} to={`/organization/${organizationId}/subscription`}>
              {t("dashboard.team.upgrade")}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              {t("dashboard.team.askAdmin")}
            </Text>
          )}
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}

type Column = "user" | "logged" | "billable" | "planned" | "difference";

function CategoriesBar({ member }: { member: TeamReportUser }) {
  const { t } = useTranslation();
  const hours = useDecimalFormat(1);
  const total = member.task_categories_report.reduce((sum, category) => sum + category.elapsed_time, 0);
  if (total === 0) {
    return (
      <Text size="xs" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Progress.Root size={10} radius="xl" miw={120}>
      {member.task_categories_report.map((category) => {
        const name = category.category_name ?? t("dashboard.team.noCategory");
        return (
          <Tooltip
            key={category.category_id ?? "none"}
            label={`${name}: ${t("reportsCommon.hours", { value: hours(activityHours(category.elapsed_time)) })}`}
          >
            <Progress.Section
              value={(category.elapsed_time / total) * 100}
              color={category.color ?? "gray.4"}
              aria-label={name}
            />
          </Tooltip>
        );
      })}
    </Progress.Root>
  );
}

/** Spec part 1 §2 "Dashboard", Team: the team's totals, then one row per person with rings, sortable. */
export function TeamTab({
  period,
  organizationId,
  planName,
  planBlocked,
}: {
  period: ReportPeriodQuery;
  organizationId: string;
  planName: string;
  /** The plan's config already says no: nothing is asked. */
  planBlocked: boolean;
}) {
  const { t, i18n } = useTranslation();
  const report = useTeamReport(period, { enabled: !planBlocked });
  const { sort, toggle } = useSort<Column>();
  const hours = useDecimalFormat(1);
  const signed = (seconds: number) => {
    const value = activityHours(seconds);
    return t("reportsCommon.hours", { value: `${value > 0 ? "+" : ""}${hours(value)}` });
  };

  const rows = useMemo(
    () =>
      sortRows(
        report.data?.users ?? [],
        sort,
        (member, column) => {
          switch (column) {
            case "user":
              return member.nominative;
            case "logged":
              return member.totals.work_log_percentage;
            case "billable":
              return member.totals.billable_percentage;
            case "planned":
              return member.totals.planned;
            case "difference":
              return member.totals.plan_versus_actual.difference;
          }
        },
        i18n.language,
      ),
    [report.data, sort, i18n.language],
  );

  if (planBlocked || (report.isError && isPlanRefusal(report.error))) {
    return <TeamPlanNotice organizationId={organizationId} planName={planName} />;
  }
  if (report.isPending) return <LoadingState />;
  if (report.isError) {
    return (
      <LoadErrorState
        title={t("dashboard.team.loadError")}
        error={report.error}
        onRetry={() => void report.refetch()}
      />
    );
  }
  const columns: { key: Column; label: string; align?: "right" }[] = [
    { key: "user", label: t("dashboard.team.columns.user") },
    { key: "logged", label: t("dashboard.team.columns.logged") },
    { key: "billable", label: t("dashboard.team.columns.billable") },
    { key: "planned", label: t("dashboard.team.columns.planned"), align: "right" },
    { key: "difference", label: t("dashboard.team.columns.difference"), align: "right" },
  ];

  let table: ReactNode;
  if (rows.length === 0) {
    table = <EmptyListState framed icon={IconUsersGroup} title={t("dashboard.team.empty")} />;
  } else {
    table = (
      <TableCard minWidth={820}>
        <Table horizontalSpacing="md" verticalSpacing="xs" tabularNums highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <SortableTh
                  key={column.key}
                  label={column.label}
                  sortKey={column.key}
                  sort={sort}
                  onSort={toggle}
                  ta={column.align}
                />
              ))}
              <Table.Th>{t("dashboard.team.columns.categories")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((member) => (
              <Table.Tr key={member.user_id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={member.image_url} name={member.nominative} color="initials" size={32} alt="" />
                    <div>
                      <Text size="sm" fw={500}>
                        {member.nominative}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t("dashboard.team.perDay", { hours: hours(member.contractual_hours) })}
                      </Text>
                    </div>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Ring
                      percentage={member.totals.work_log_percentage}
                      color="blue"
                      size={52}
                      label={t("dashboard.rings.logged")}
                    />
                    <Text size="sm">{t("reportsCommon.hours", { value: hours(activityHours(member.work_log)) })}</Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Ring
                      percentage={member.totals.billable_percentage}
                      color="teal"
                      size={52}
                      label={t("dashboard.rings.billable")}
                    />
                    <Text size="sm">
                      {t("reportsCommon.hours", { value: hours(activityHours(member.billable_work_log)) })}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td ta="right">
                  {t("reportsCommon.hours", { value: hours(activityHours(member.totals.planned)) })}
                </Table.Td>
                <Table.Td ta="right">{signed(member.totals.plan_versus_actual.difference)}</Table.Td>
                <Table.Td>
                  <CategoriesBar member={member} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableCard>
    );
  }

  return (
    <Stack gap="lg">
      <TotalsRow totals={report.data.totals} />
      <section aria-labelledby="team-table-title">
        <Title order={2} fz="lg" mb="sm" id="team-table-title">
          {t("dashboard.team.tableTitle")}
        </Title>
        {table}
      </section>
    </Stack>
  );
}

/** Whether an answer is the plan's refusal of the team dashboard (rather than a missing right or a failure). */
function isPlanRefusal(error: unknown): boolean {
  return isApiError(error) && error.code === "PLAN_LIMIT_REACHED";
}
