import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  List,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconCheck, IconCreditCardOff, IconMinus } from "@tabler/icons-react";
import {
  type OrganizationSubscription,
  planName,
  type SubscriptionPlan,
  type SubscriptionPlans,
} from "@timetrap/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { monthlyEuro, planAllowances } from "../lib/plan-units";
import { CheckoutStep } from "./checkout-step";
import { allowanceText, dateText, priceText, unitName } from "./plan-texts";

/** The operator's command that sets a plan on a server without payments (issue 14). */
export function planCommand(organizationId: string): string {
  return `npm run plan -- --organization ${organizationId} --plan unlimited`;
}

export type PickerStep = { kind: "plans" } | { kind: "checkout"; plan: SubscriptionPlan & { price_id: string } };

/**
 * Spec part 2 §2 and §4 "Plan picker": full screen, the plans step then the checkout step, and back. While a paid
 * checkout waits for Paddle's webhook it shows the activating state instead.
 */
export function PlanPicker({
  opened,
  onClose,
  step,
  onStep,
  plans,
  subscription,
  organizationId,
  activating,
  activatingSlow,
  onCompleted,
  onFailed,
  onDowngrade,
}: {
  opened: boolean;
  onClose: () => void;
  step: PickerStep;
  onStep: (step: PickerStep) => void;
  plans: SubscriptionPlans;
  subscription: OrganizationSubscription;
  organizationId: string;
  /** The plan paid for, while its webhook is awaited. */
  activating: string | null;
  activatingSlow: boolean;
  onCompleted: (plan: SubscriptionPlan) => void;
  onFailed: (closed: boolean) => void;
  onDowngrade: () => void;
}) {
  const { t } = useTranslation();
  const { payments } = plans;
  const token = payments.client_token;

  let content: ReactNode;
  if (activating) {
    content = (
      <Stack align="center" gap="md" py={64} maw={560} mx="auto" ta="center" role="status">
        <Loader />
        <Title order={2} fz={22}>
          {t("subscription.activating.title")}
        </Title>
        <Text c="dimmed">{t("subscription.activating.message", { plan: activating })}</Text>
        {activatingSlow && <Text size="sm">{t("subscription.activating.slow")}</Text>}
      </Stack>
    );
  } else if (step.kind === "checkout" && payments.configured && token) {
    const plan = step.plan;
    content = (
      <CheckoutStep
        plan={plan}
        payments={{ ...payments, client_token: token }}
        organizationId={organizationId}
        onBack={() => onStep({ kind: "plans" })}
        onCompleted={() => onCompleted(plan)}
        onFailed={onFailed}
      />
    );
  } else {
    content = (
      <Stack gap="lg" maw={960} mx="auto" w="100%">
        <Text c="dimmed">
          {payments.configured
            ? t("subscription.picker.description")
            : t("subscription.picker.descriptionWithoutPayments")}
        </Text>
        {!payments.configured && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconCreditCardOff size={18} />}
            title={t("subscription.picker.notConfigured.title")}
          >
            <Text size="sm">{t("subscription.picker.notConfigured.message")}</Text>
            <Code block mt="xs" style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
              {planCommand(organizationId)}
            </Code>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {plans.plans.map((plan) => (
            <PlanCard
              key={plan.uid}
              plan={plan}
              subscription={subscription}
              paymentsConfigured={payments.configured}
              onSelect={(priceId) => onStep({ kind: "checkout", plan: { ...plan, price_id: priceId } })}
              onDowngrade={onDowngrade}
            />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen
      title={t("subscription.picker.title")}
      closeButtonProps={{ "aria-label": t("common.close") }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
    >
      {content}
    </Modal>
  );
}

function PlanCard({
  plan,
  subscription,
  paymentsConfigured,
  onSelect,
  onDowngrade,
}: {
  plan: SubscriptionPlan;
  subscription: OrganizationSubscription;
  paymentsConfigured: boolean;
  onSelect: (priceId: string) => void;
  onDowngrade: () => void;
}) {
  const { t } = useTranslation();
  const current = plan.code === subscription.plan.code;
  const free = monthlyEuro(plan) === null;
  const cancels =
    subscription.scheduled_change?.action === "cancel" ? subscription.scheduled_change.effective_at : null;

  let action: ReactNode;
  if (current) {
    action = (
      <Button variant="light" disabled fullWidth>
        {t("subscription.picker.current")}
      </Button>
    );
  } else if (free) {
    action = cancels ? (
      <Text size="sm" c="dimmed" ta="center">
        {t("subscription.picker.downgradeScheduled", { date: dateText(cancels) })}
      </Text>
    ) : (
      <Button variant="outline" color="red" fullWidth onClick={onDowngrade}>
        {t("subscription.picker.downgrade")}
      </Button>
    );
  } else {
    const priceId = plan.price_id;
    action = (
      <Button
        fullWidth
        disabled={!paymentsConfigured || !priceId}
        onClick={() => priceId && onSelect(priceId)}
        aria-label={t("subscription.picker.selectPlan", { plan: planName(plan, t) })}
      >
        {t("subscription.picker.select")}
      </Button>
    );
  }

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      data-testid={`plan-${plan.code}`}
      style={current ? { borderColor: "var(--mantine-primary-color-filled)", borderWidth: 2 } : undefined}
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" gap="xs">
          <Title order={3} fz={20}>
            {planName(plan, t)}
          </Title>
          {current && <Badge variant="light">{t("subscription.picker.current")}</Badge>}
        </Group>
        <Text fz={26} fw={700} lh={1.1}>
          {priceText(t, plan)}
        </Text>
        <List spacing="xs" size="sm" center style={{ flexGrow: 1 }}>
          {planAllowances(plan).map((allowance) => (
            <List.Item
              key={allowance.unit}
              icon={
                <ThemeIcon
                  size={20}
                  radius="xl"
                  variant="light"
                  color={allowance.kind === "excluded" ? "gray" : "teal"}
                  aria-hidden
                >
                  {allowance.kind === "excluded" ? <IconMinus size={12} /> : <IconCheck size={12} />}
                </ThemeIcon>
              }
            >
              <Text span size="sm" fw={600}>
                {unitName(t, allowance.unit)}
              </Text>
              <Text span size="sm" c={allowance.kind === "excluded" ? "dimmed" : undefined}>
                {`: ${allowanceText(t, allowance)}`}
              </Text>
            </List.Item>
          ))}
        </List>
        {action}
      </Stack>
    </Card>
  );
}
