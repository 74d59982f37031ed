import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { freePlanCode, type OrganizationSubscription, planName, type UnitType } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { useDowngradeSubscription, useOrganizationSubscription } from "../../../api/subscription";
import { isApiError } from "../../../lib/api-client";
import { notifyRequestError, notifySuccess } from "../../../lib/notify";
import { dateText, unitName } from "./plan-texts";

/**
 * The downgrade's confirmation (issue 14): a refusal (409, naming what to remove first) stays in the dialog; Paddle's
 * cancellation at the period's end says until when the plan stays; a move to free at once shows the new plan.
 */
export function DowngradeDialog({
  opened,
  onClose,
  organizationId,
  freePlanName,
}: {
  opened: boolean;
  onClose: () => void;
  organizationId: string;
  freePlanName: string;
}) {
  const { t } = useTranslation();
  const downgrade = useDowngradeSubscription(organizationId);
  // The page's own query (already fetched): its blockers are what the refusal names, said in the reader's language.
  const blockers = useOrganizationSubscription(organizationId).data?.downgrade_blockers ?? [];
  const refusal =
    downgrade.error && isApiError(downgrade.error) && downgrade.error.status === 409 ? downgrade.error : null;

  const close = () => {
    downgrade.reset();
    onClose();
  };

  const confirm = () =>
    downgrade.mutate(undefined, {
      onSuccess: (subscription: OrganizationSubscription) => {
        const scheduled = subscription.scheduled_change;
        if (subscription.plan.code !== freePlanCode && scheduled) {
          notifySuccess({ message: t("subscription.downgrade.scheduled", { date: dateText(scheduled.effective_at) }) });
        } else {
          notifySuccess({ message: t("subscription.downgrade.done", { plan: planName(subscription.plan, t) }) });
        }
        close();
      },
      onError: (error) => {
        if (!(isApiError(error) && error.status === 409)) notifyRequestError(error);
      },
    });

  return (
    <Modal opened={opened} onClose={close} centered title={t("subscription.downgrade.title", { plan: freePlanName })}>
      <Stack gap="md">
        <Text size="sm">{t("subscription.downgrade.message")}</Text>
        {refusal && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={t("subscription.downgrade.refused")}
          >
            {blockers.length > 0 ? (
              <Stack gap={4}>
                {blockers.map((blocker) => (
                  <Text key={blocker.unit} size="sm">
                    {t("subscription.downgrade.blocker", {
                      unit: unitName(t, blocker.unit as UnitType),
                      usage: blocker.usage,
                      limit: blocker.limit,
                      excess: blocker.excess,
                    })}
                  </Text>
                ))}
              </Stack>
            ) : (
              refusal.ErrorMessage
            )}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t("common.cancel")}
          </Button>
          <Button color="red" loading={downgrade.isPending} disabled={Boolean(refusal)} onClick={confirm}>
            {t("subscription.downgrade.confirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
