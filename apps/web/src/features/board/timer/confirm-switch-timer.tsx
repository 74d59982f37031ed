import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { i18n } from "../../../lib/i18n";

/** Spec part 1 §4 "Timer": starting a timer while another runs asks first; on confirmation the other is stopped. */
export function confirmSwitchTimer(onConfirm: () => void): void {
  modals.openConfirmModal({
    modalId: "confirm-switch-timer",
    title: i18n.t("timer.switchTitle"),
    centered: true,
    children: <Text size="sm">{i18n.t("timer.switchMessage")}</Text>,
    labels: { confirm: i18n.t("timer.switchConfirm"), cancel: i18n.t("common.cancel") },
    onConfirm,
  });
}
