import { Grid, Group, Paper, RingProgress, SimpleGrid, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { activityHours, type ReportTotals } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { formatEuro } from "../../../lib/format";
import { useDecimalFormat } from "../../../lib/number-format";

/** A ring's arc stops at a full circle; the label says how far past it the week went. */
const arc = (percentage: number | null) => Math.min(100, Math.max(0, percentage ?? 0));

export function Ring({
  percentage,
  color,
  size,
  label,
}: {
  percentage: number | null;
  color: string;
  size: number;
  /** What the ring measures, for screen readers. */
  label: string;
}) {
  const { t } = useTranslation();
  const oneDecimal = useDecimalFormat(1);
  const text = percentage === null ? "—" : t("reportsCommon.percent", { value: oneDecimal(percentage) });
  return (
    <RingProgress
      size={size}
      thickness={size > 80 ? 11 : 5}
      roundCaps
      sections={[{ value: arc(percentage), color }]}
      aria-label={`${label}: ${text}`}
      role="img"
      label={
        <Text ta="center" fw={700} size={size > 80 ? "lg" : "xs"}>
          {text}
        </Text>
      }
    />
  );
}

/** Spec part 1 §2 "Dashboard": work logged and billable hours against the week's capacity. */
export function ReportRings({ totals }: { totals: ReportTotals }) {
  const { t } = useTranslation();
  const hours = useDecimalFormat(1);
  // Below the spec's 768 px breakpoint the rings shrink so their figures keep a line each.
  const phone = useMediaQuery("(max-width: 767px)");
  const capacity = hours(activityHours(totals.capacity));
  const rings = [
    {
      key: "logged",
      label: t("dashboard.rings.logged"),
      percentage: totals.work_log_percentage,
      seconds: totals.work_log,
      color: "blue",
    },
    {
      key: "billable",
      label: t("dashboard.rings.billable"),
      percentage: totals.billable_percentage,
      seconds: totals.billable_work_log,
      color: "teal",
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      {rings.map((ring) => (
        <Paper key={ring.key} withBorder radius="lg" p="md" data-testid={`ring-${ring.key}`}>
          <Group wrap="nowrap" gap="md">
            <Ring percentage={ring.percentage} color={ring.color} size={phone ? 88 : 110} label={ring.label} />
            <Stack gap={2} miw={0}>
              <Text size="sm" c="dimmed" fw={500}>
                {ring.label}
              </Text>
              <Text fz={22} fw={700} lh={1.2}>
                {t("reportsCommon.hours", { value: hours(activityHours(ring.seconds)) })}
              </Text>
              <Text size="sm" c="dimmed">
                {t("dashboard.rings.ofCapacity", { capacity })}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** Beyond the spec: planned against logged time, in hours and in cost (decision 012). */
export function PlanVersusActualCard({ totals }: { totals: ReportTotals }) {
  const { t } = useTranslation();
  const hours = useDecimalFormat(1);
  const pva = totals.plan_versus_actual;
  const difference = activityHours(pva.difference);
  const sign = (value: number) => (value > 0 ? "+" : "");
  const rows = [
    {
      label: t("reportsCommon.planVersusActual.planned"),
      value: t("reportsCommon.hours", { value: hours(activityHours(pva.planned)) }),
      cost: formatEuro(pva.planned_cost),
    },
    {
      label: t("reportsCommon.planVersusActual.logged"),
      value: t("reportsCommon.hours", { value: hours(activityHours(pva.logged)) }),
      cost: formatEuro(pva.logged_cost),
    },
  ];
  return (
    <Paper withBorder radius="lg" p="md" data-testid="plan-versus-actual">
      <Text size="sm" c="dimmed" fw={500} mb="xs">
        {t("reportsCommon.planVersusActual.title")}
      </Text>
      <Stack gap={6}>
        {rows.map((row) => (
          <Group key={row.label} justify="space-between" wrap="nowrap">
            <Text size="sm">{row.label}</Text>
            <Text size="sm" fw={600} ta="right">
              {row.value}{" "}
              <Text span size="xs" c="dimmed">
                ({row.cost})
              </Text>
            </Text>
          </Group>
        ))}
        <Group
          justify="space-between"
          wrap="nowrap"
          pt={6}
          style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}
        >
          <Text size="sm" fw={600}>
            {t("reportsCommon.planVersusActual.difference")}
          </Text>
          <Text size="sm" fw={700} c={difference > 0 ? "orange" : difference < 0 ? "teal" : undefined}>
            {t("reportsCommon.hours", { value: `${sign(difference)}${hours(difference)}` })}{" "}
            <Text span size="xs" fw={600}>
              ({sign(pva.difference_cost)}
              {formatEuro(pva.difference_cost)})
            </Text>
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The rings beside plan versus actual; stacked on a phone. */
export function TotalsRow({ totals }: { totals: ReportTotals }) {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <ReportRings totals={totals} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <PlanVersusActualCard totals={totals} />
      </Grid.Col>
    </Grid>
  );
}
