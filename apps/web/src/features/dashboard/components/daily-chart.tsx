import { Paper, Text, useMantineTheme } from "@mantine/core";
import { activityHours, type UserReportDay, weekdayOf } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { ComboChart } from "../../../components/charts/combo-chart";
import { formatDate } from "../../../lib/format";
import { useDecimalFormat } from "../../../lib/number-format";

/** The week's days: hours logged and planned as bars, the day's capacity as a dashed level. */
export function DailyChart({ days }: { days: UserReportDay[] }) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const hours = useDecimalFormat(1);
  const labels = days.map(
    (day) => `${t(`dashboard.chart.weekdays.${weekdayOf(day.date)}`)} ${formatDate(day.date).slice(0, 5)}`,
  );
  return (
    <Paper withBorder radius="lg" p="md">
      <Text size="sm" c="dimmed" fw={500} mb="sm">
        {t("dashboard.chart.title")}
      </Text>
      <ComboChart
        labels={labels}
        ariaLabel={t("dashboard.chart.title")}
        formatValue={(value) => t("reportsCommon.hours", { value: hours(value) })}
        height={260}
        series={[
          {
            type: "bar",
            label: t("dashboard.chart.logged"),
            data: days.map((day) => activityHours(day.work_log)),
            color: theme.colors.blue[6],
          },
          {
            type: "bar",
            label: t("dashboard.chart.planned"),
            data: days.map((day) => activityHours(day.planned)),
            color: theme.colors.violet[3],
          },
          {
            type: "line",
            label: t("dashboard.chart.capacity"),
            data: days.map((day) => activityHours(day.capacity)),
            color: theme.colors.gray[6],
            dashed: true,
            flat: true,
            stepped: true,
          },
        ]}
      />
    </Paper>
  );
}
