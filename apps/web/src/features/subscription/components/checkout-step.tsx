import { Box, Button, Card, Center, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { SubscriptionPlan, SubscriptionPlans } from "@timetrap/domain";
import { planName } from "@timetrap/domain";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSignedInUser } from "../../../lib/session";
import {
  checkoutFrameClass,
  checkoutFrameInitialHeight,
  checkoutOpenOptions,
  checkoutOutcome,
} from "../lib/checkout-options";
import { listenToPaddle, loadPaddle } from "../lib/paddle";
import { priceText } from "./plan-texts";

/**
 * The plan picker's checkout step (spec part 2 §2, §4): Paddle's inline checkout in the page, for the plan chosen, with
 * the way back to the plans. The plan does not change here: a completed checkout only says the payment was received,
 * and the page waits for Paddle's webhook (decision 031).
 */
export function CheckoutStep({
  plan,
  payments,
  organizationId,
  onBack,
  onCompleted,
  onFailed,
}: {
  plan: SubscriptionPlan & { price_id: string };
  payments: SubscriptionPlans["payments"] & { client_token: string };
  organizationId: string;
  onBack: () => void;
  onCompleted: () => void;
  /** A refused payment or an error of the checkout (`closed` when the checkout itself went away). */
  onFailed: (closed: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const me = useSignedInUser();
  const [loaded, setLoaded] = useState(false);
  // The callbacks of the latest render, for events that arrive whenever Paddle sends them.
  const handlers = useRef({ onCompleted, onFailed });
  handlers.current = { onCompleted, onFailed };

  const { price_id: priceId } = plan;
  const { environment, client_token: token } = payments;
  const language = i18n.language;
  useEffect(() => {
    let left = false;
    let close: (() => void) | null = null;
    const stopListening = listenToPaddle((event) => {
      const outcome = checkoutOutcome(event);
      if (outcome === "loaded") setLoaded(true);
      else if (outcome === "completed") handlers.current.onCompleted();
      else if (outcome === "failed") handlers.current.onFailed(false);
      else if (outcome === "closed") handlers.current.onFailed(true);
    });
    loadPaddle({ environment, token }).then(
      (paddle) => {
        if (left) return;
        paddle.Checkout.open(
          checkoutOpenOptions({ priceId, email: me.email, userId: me.uid, organizationId, locale: language }),
        );
        close = () => paddle.Checkout.close();
      },
      (error: unknown) => {
        console.error(error);
        if (!left) handlers.current.onFailed(false);
      },
    );
    // Leaving the step (back, closing the picker) stops listening first: the checkout closed on purpose is no failure.
    return () => {
      left = true;
      stopListening();
      close?.();
    };
  }, [environment, token, priceId, me.email, me.uid, organizationId, language]);

  return (
    <Stack gap="md" maw={640} mx="auto" w="100%">
      <Group>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack} ml={-8}>
          {t("subscription.checkout.back")}
        </Button>
      </Group>
      <div>
        <Title order={2} fz={22}>
          {t("subscription.checkout.title", { plan: planName(plan, t) })}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t("subscription.checkout.summary", { price: priceText(t, plan), email: me.email })}
        </Text>
      </div>
      <Card withBorder radius="lg" padding="md" pos="relative">
        {!loaded && (
          <Center pos="absolute" inset={0} role="status" aria-label={t("subscription.checkout.loading")}>
            <Stack align="center" gap="xs">
              <Loader type="dots" />
              <Text size="sm" c="dimmed">
                {t("subscription.checkout.loading")}
              </Text>
            </Stack>
          </Center>
        )}
        <Box className={checkoutFrameClass} mih={checkoutFrameInitialHeight} data-testid="checkout-frame" />
      </Card>
      <Text size="xs" c="dimmed">
        {t("subscription.checkout.paddleNote")}
      </Text>
    </Stack>
  );
}
