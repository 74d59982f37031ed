import { Center, Paper, Text, useMantineTheme } from "@mantine/core";
import { IconChartBar } from "@tabler/icons-react";
import {
  budgetLimitOf,
  forecastSuggestedMax,
  hasBudgetData,
  hasForecastData,
  type ProjectStatistics,
} from "@timetrap/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ComboChart } from "../../../../components/charts/combo-chart";
import { formatDate, formatEuro } from "../../../../lib/format";

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="md" h="100%">
      <Text size="sm" c="dimmed" fw={500} mb="sm">
        {title}
      </Text>
      {children}
    </Paper>
  );
}

/** Spec part 2 §2: with too little to draw, the spec's sentence instead of an empty chart. */
function NotEnoughData() {
  const { t } = useTranslation();
  return (
    <Center h={260} style={{ flexDirection: "column", gap: 8 }}>
      <IconChartBar size={28} stroke={1.5} color="var(--mantine-color-gray-5)" />
      <Text size="sm" c="dimmed" ta="center" maw={300}>
        {t("insights.charts.notEnoughData")}
      </Text>
    </Center>
  );
}

/** Budget, the cost that keeps the target margin, what is used and what everything will cost, against the limit. */
export function BudgetChart({ statistics }: { statistics: ProjectStatistics }) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const limit = budgetLimitOf(statistics);
  const labels = [
    t("insights.charts.budgetBars.budget"),
    t("insights.charts.budgetBars.target"),
    t("insights.charts.budgetBars.used"),
    t("insights.charts.budgetBars.total"),
  ];
  return (
    <ChartCard title={t("insights.charts.budget")}>
      {hasBudgetData(statistics) ? (
        <ComboChart
          labels={labels}
          ariaLabel={t("insights.charts.budget")}
          formatValue={formatEuro}
          height={260}
          series={[
            {
              type: "bar",
              label: t("insights.charts.amount"),
              data: [
                statistics.budget,
                statistics.target_budget,
                statistics.current_budget_used,
                statistics.cumulative_total_costs,
              ],
              color: [
                theme.colors.indigo[3],
                theme.colors.gray[5],
                statistics.budget > 0 && statistics.current_budget_used > statistics.budget
                  ? theme.colors.red[6]
                  : theme.colors.blue[6],
                theme.colors.violet[4],
              ],
            },
            {
              type: "line",
              label: t("insights.charts.limit"),
              data: labels.map(() => limit),
              color: theme.colors.red[6],
              dashed: true,
              flat: true,
            },
          ]}
        />
      ) : (
        <NotEnoughData />
      )}
    </ChartCard>
  );
}

/** The cumulative cost by day: what happened up to today, then (dashed) what the plan adds. */
export function ForecastChart({ statistics }: { statistics: ProjectStatistics }) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const points = statistics.costs_forecast;
  const limit = budgetLimitOf(statistics);
  const todayIndex = points.findIndex((point) => point.date >= statistics.today);
  return (
    <ChartCard title={t("insights.charts.forecast")}>
      {hasForecastData(statistics) ? (
        <ComboChart
          labels={points.map((point) => formatDate(point.date))}
          ariaLabel={t("insights.charts.forecast")}
          formatValue={formatEuro}
          height={260}
          suggestedMax={forecastSuggestedMax(statistics)}
          series={[
            {
              type: "line",
              label: t("insights.charts.cumulativeCost"),
              data: points.map((point) => point.total_cost),
              color: theme.colors.blue[6],
              flat: points.length > 60,
              dashedFrom: todayIndex >= 0 ? todayIndex : undefined,
            },
            {
              type: "line",
              label: t("insights.charts.limit"),
              data: points.map(() => limit),
              color: theme.colors.red[6],
              dashed: true,
              flat: true,
            },
          ]}
        />
      ) : (
        <NotEnoughData />
      )}
    </ChartCard>
  );
}
