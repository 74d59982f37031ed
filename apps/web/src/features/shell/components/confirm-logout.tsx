import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { i18n } from "../../../lib/i18n";

/** Spec part 1 §2: logout asks first; on confirmation the caller ends the session. */
export function confirmLogout(onConfirm: () => void): void {
  modals.openConfirmModal({
    modalId: "confirm-logout",
    title: i18n.t("components.logout.title"),
    centered: true,
    children: <Text size="sm">{i18n.t("components.logout.message")}</Text>,
    labels: { confirm: i18n.t("components.logout.confirm"), cancel: i18n.t("common.cancel") },
    confirmProps: { color: "red" },
    onConfirm,
  });
}
