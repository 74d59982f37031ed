import { Alert, Grid, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconHourglassLow } from "@tabler/icons-react";
import { activityHours, type Project, type ProjectStatistics } from "@timetrap/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LoadErrorState, LoadingState } from "../../../../components/query-states";
import { formatDate, formatEuro } from "../../../../lib/format";
import { useDecimalFormat } from "../../../../lib/number-format";
import { useSignedInUser } from "../../../../lib/session";
import { useProjectStatistics } from "../../api/get-project-statistics";
import { BudgetChart, ForecastChart } from "./insights-charts";

function Figure({
  label,
  value,
  hint,
  color,
  testId,
}: {
  label: string;
  value: string;
  hint?: ReactNode;
  color?: string;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={22} fw={700} lh={1.3} c={color} style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" mt={2}>
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** A figure's parts (hours, cost) stay whole; a narrow card breaks the line between them. */
function Line({ label, value, strong }: { label: string; value: string | string[]; strong?: boolean }) {
  const parts = Array.isArray(value) ? value : [value];
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start">
      <Text size="sm" fw={strong ? 600 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 600} ta="right">
        {parts.map((part, index) => (
          <span key={part}>
            {index > 0 && " · "}
            <span style={{ whiteSpace: "nowrap" }}>{part}</span>
          </span>
        ))}
      </Text>
    </Group>
  );
}

function Insights({ statistics }: { statistics: ProjectStatistics }) {
  const { t } = useTranslation();
  const oneDecimal = useDecimalFormat(1);
  const twoDecimals = useDecimalFormat(2);
  const hoursOf = (hours: number) => t("reportsCommon.hours", { value: oneDecimal(hours) });
  const percent = (value: number | null) =>
    value === null ? "—" : t("reportsCommon.percent", { value: twoDecimals(value) });
  const signed = (text: string, value: number) => (value > 0 ? `+${text}` : text);
  const pva = statistics.plan_versus_actual;
  const noBudget = statistics.budget <= 0;
  const runway = statistics.budget_runway;

  let runwayText: string;
  if (noBudget) runwayText = t("insights.runway.noBudget");
  else if (runway.runs_out_on) runwayText = t("insights.runway.runsOut", { date: formatDate(runway.runs_out_on) });
  else runwayText = t("insights.runway.never");

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Figure
          testId="insights-budget"
          label={t("insights.figures.budget")}
          value={noBudget ? "—" : formatEuro(statistics.budget)}
          hint={
            noBudget
              ? undefined
              : t("insights.figures.targetBudget", {
                  amount: formatEuro(statistics.target_budget),
                  margin: twoDecimals(statistics.target_marginability_percentage),
                })
          }
        />
        <Figure
          testId="insights-used"
          label={t("insights.figures.used")}
          value={formatEuro(statistics.current_budget_used)}
          hint={t("insights.figures.usedHint", {
            logged: formatEuro(statistics.total_work_log_cost),
            expenses: formatEuro(statistics.total_final_balance_expenses),
          })}
        />
        <Figure
          testId="insights-available"
          label={t("insights.figures.available")}
          value={noBudget ? "—" : formatEuro(statistics.available_budget)}
          color={!noBudget && statistics.available_budget < 0 ? "red" : undefined}
        />
        <Figure
          testId="insights-margin"
          label={t("insights.figures.margin")}
          value={percent(statistics.current_marginality_percentage)}
          color={
            statistics.current_marginality_percentage !== null &&
            statistics.current_marginality_percentage < statistics.target_marginability_percentage
              ? "orange"
              : undefined
          }
          hint={t("insights.figures.marginWithOverheads", {
            margin: percent(statistics.overhead_share.marginability_with_overheads),
            overheads: formatEuro(statistics.overhead_share.amount),
          })}
        />
      </SimpleGrid>

      {statistics.without_contract > 0 && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t("reportsCommon.withoutContract", { hours: oneDecimal(activityHours(statistics.without_contract)) })}
        </Alert>
      )}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="lg" p="md" h="100%">
            <Text size="sm" c="dimmed" fw={500} mb="xs">
              {t("insights.hours.title")}
            </Text>
            <Stack gap={6}>
              <Line
                label={t("insights.hours.confirmed")}
                value={[hoursOf(statistics.total_confirmed_hours), formatEuro(statistics.total_confirmed_hours_cost)]}
              />
              <Line
                label={t("insights.hours.unconfirmed")}
                value={[
                  hoursOf(statistics.total_unconfirmed_hours),
                  formatEuro(statistics.total_unconfirmed_hours_cost),
                ]}
              />
              <Line
                label={t("insights.hours.planned")}
                value={[hoursOf(statistics.total_planned_hours), formatEuro(statistics.total_planned_hours_cost)]}
              />
              <Line
                strong
                label={t("insights.hours.cumulative")}
                value={formatEuro(statistics.cumulative_total_costs)}
              />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="lg" p="md" h="100%" data-testid="insights-plan-versus-actual">
            <Text size="sm" c="dimmed" fw={500} mb="xs">
              {t("reportsCommon.planVersusActual.title")}
            </Text>
            <Stack gap={6}>
              <Line
                label={t("reportsCommon.planVersusActual.planned")}
                value={[hoursOf(activityHours(pva.planned)), formatEuro(pva.planned_cost)]}
              />
              <Line
                label={t("reportsCommon.planVersusActual.logged")}
                value={[hoursOf(activityHours(pva.logged)), formatEuro(pva.logged_cost)]}
              />
              <Line
                strong
                label={t("reportsCommon.planVersusActual.difference")}
                value={[
                  signed(hoursOf(activityHours(pva.difference)), pva.difference),
                  signed(formatEuro(pva.difference_cost), pva.difference_cost),
                ]}
              />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="lg" p="md" h="100%" data-testid="insights-runway">
            <Group gap="xs" mb="xs" wrap="nowrap">
              <IconHourglassLow size={16} color="var(--mantine-color-dimmed)" />
              <Text size="sm" c="dimmed" fw={500}>
                {t("insights.runway.title")}
              </Text>
            </Group>
            <Text fw={600}>{runwayText}</Text>
            {!noBudget && (
              <Text size="sm" c="dimmed" mt={4}>
                {t("insights.runway.weeklyCost", { amount: formatEuro(runway.weekly_cost) })}
              </Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <BudgetChart statistics={statistics} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ForecastChart statistics={statistics} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * Spec part 2 §2 "Project detail", Insights: the budget figures and two charts, with plan versus actual, the budget
 * runway and the margin with the organization's overheads beside the spec's margin (decision 012). Loaded with the tab,
 * since its charts are the only ones of the project page (decision 013).
 */
export function ProjectInsightsTab({ organizationId, project }: { organizationId: string; project: Project }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const statistics = useProjectStatistics(me.uid, organizationId, project.uid);
  if (statistics.isPending) return <LoadingState />;
  if (statistics.isError) {
    return (
      <LoadErrorState
        title={t("insights.loadError")}
        error={statistics.error}
        onRetry={() => void statistics.refetch()}
      />
    );
  }
  return <Insights statistics={statistics.data} />;
}
