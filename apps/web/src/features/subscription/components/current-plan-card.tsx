import { Alert, Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconCalendarEvent, IconCheck, IconX } from "@tabler/icons-react";
import type { OrganizationSubscription } from "@timetrap/domain";
import { planName } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { type UnitUsageView, unitUsages } from "../lib/plan-units";
import { allowanceText, dateText, priceText, statusBadge, unitName } from "./plan-texts";

/** Spec part 2 §2 "Subscription": the current plan, its status, and each unit with its usage. */
export function CurrentPlanCard({
  subscription,
  onChangePlan,
}: {
  subscription: OrganizationSubscription;
  onChangePlan: () => void;
}) {
  const { t } = useTranslation();
  const { plan, status, scheduled_change: scheduled, current_period_end: periodEnd } = subscription;
  const badge = statusBadge(t, status);
  const cancels = scheduled?.action === "cancel" ? scheduled.effective_at : null;

  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={4} miw={0}>
            <Text size="sm" c="dimmed" fw={600}>
              {t("subscription.currentPlan")}
            </Text>
            <Group gap="sm" align="center">
              <Title order={2} fz={24} data-testid="current-plan-name">
                {planName(plan, t)}
              </Title>
              {cancels ? (
                <Badge color="orange" variant="light">
                  {t("subscription.status.cancelsOn", { date: dateText(cancels) })}
                </Badge>
              ) : (
                <Badge color={badge.color} variant="light">
                  {badge.label}
                </Badge>
              )}
            </Group>
            <Text fw={600}>{priceText(t, plan)}</Text>
            {periodEnd && !cancels && status === "active" && (
              <Text size="sm" c="dimmed">
                {t("subscription.renewsOn", { date: dateText(periodEnd) })}
              </Text>
            )}
          </Stack>
          <Button onClick={onChangePlan}>{t("subscription.changePlan")}</Button>
        </Group>
      </Card>

      {status === "past_due" && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t("subscription.pastDue.title")}
        >
          {t("subscription.pastDue.message")}
        </Alert>
      )}
      {cancels && (
        <Alert color="orange" variant="light" icon={<IconCalendarEvent size={18} />}>
          {t("subscription.scheduledDowngrade", { plan: planName(plan, t), date: dateText(cancels) })}
        </Alert>
      )}

      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz={18} mb="md">
          {t("subscription.unitsTitle")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
          {unitUsages(plan, subscription.usage).map((view) => (
            <UnitUsage key={view.allowance.unit} view={view} />
          ))}
        </SimpleGrid>
      </Card>
    </Stack>
  );
}

/** One unit: "Users 3 of 5" with its bar, "Integrations 2 per person", "Team dashboard included". */
function UnitUsage({ view }: { view: UnitUsageView }) {
  const { t } = useTranslation();
  const { allowance, used, percent, full } = view;
  const name = unitName(t, allowance.unit);
  let value: string;
  if (allowance.kind === "limited" && !allowance.perPerson && used !== null) {
    value = t("subscription.usage.of", { used, limit: allowance.limit });
  } else if (allowance.kind === "unlimited" && !allowance.perPerson && used !== null) {
    value = t("subscription.usage.noLimit", { used });
  } else {
    value = allowanceText(t, allowance);
  }
  const excluded = allowance.kind === "excluded";
  return (
    <Stack gap={6} data-testid={`unit-${allowance.unit}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={600} size="sm">
          {name}
        </Text>
        <Group gap={4} wrap="nowrap">
          {allowance.unit === "TEAM_DASHBOARD" &&
            (excluded ? <IconX size={16} aria-hidden /> : <IconCheck size={16} aria-hidden />)}
          <Text size="sm" c={full ? "orange.9" : excluded ? "dimmed" : undefined} fw={full ? 600 : undefined}>
            {value}
          </Text>
        </Group>
      </Group>
      {percent !== null && (
        <Progress
          value={percent}
          color={full ? "orange" : undefined}
          size="md"
          radius="xl"
          aria-label={`${name}: ${value}`}
        />
      )}
    </Stack>
  );
}
