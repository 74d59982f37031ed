import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { notifyRequestError, notifySuccess } from "../lib/notify";

export interface ConfirmedAction {
  title: string;
  /** What will happen, in words the reader recognises (the item's name, its dates). */
  message: ReactNode;
  confirmLabel: string;
  /** The call; nothing is sent before the confirmation. */
  run: () => Promise<unknown>;
  successMessage: string;
}

/**
 * Asks before an action that cannot be taken back (deleting, revoking); once confirmed, runs it and tells how
 * it went in a toast.
 */
export function useConfirmAction(): (action: ConfirmedAction) => void {
  const { t } = useTranslation();
  return ({ title, message, confirmLabel, run, successMessage }) =>
    modals.openConfirmModal({
      title,
      centered: true,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: confirmLabel, cancel: t("common.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () => {
        run().then(() => notifySuccess({ message: successMessage }), notifyRequestError);
      },
    });
}
