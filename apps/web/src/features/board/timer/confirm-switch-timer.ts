import { openConfirmation } from "../../../components/confirm-action";
import { i18n } from "../../../lib/i18n";

/** Spec part 1 §4 "Timer": starting a timer while another runs asks first; on confirmation the other is stopped. */
export function confirmSwitchTimer(onConfirm: () => void): void {
  openConfirmation({
    modalId: "confirm-switch-timer",
    title: i18n.t("timer.switchTitle"),
    message: i18n.t("timer.switchMessage"),
    confirmLabel: i18n.t("timer.switchConfirm"),
    onConfirm,
  });
}
