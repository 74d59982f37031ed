import { openConfirmation } from "../../../components/confirm-action";
import { i18n } from "../../../lib/i18n";

/** Spec part 1 §2: logout asks first; on confirmation the caller ends the session. */
export function confirmLogout(onConfirm: () => void): void {
  openConfirmation({
    modalId: "confirm-logout",
    title: i18n.t("components.logout.title"),
    message: i18n.t("components.logout.message"),
    confirmLabel: i18n.t("components.logout.confirm"),
    destructive: true,
    onConfirm,
  });
}
