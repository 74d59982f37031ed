import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { notifyRequestError, notifySuccess } from "../lib/notify";

export interface DeletionRequest {
  title: string;
  /** What will be deleted, in words the reader recognises (its name, its dates). */
  message: ReactNode;
  confirmLabel: string;
  /** The call that deletes; nothing is sent before the confirmation. */
  remove: () => Promise<unknown>;
  successMessage: string;
}

/** Asks before deleting; once confirmed, deletes and tells how it went in a toast. */
export function useConfirmDeletion(): (request: DeletionRequest) => void {
  const { t } = useTranslation();
  return ({ title, message, confirmLabel, remove, successMessage }) =>
    modals.openConfirmModal({
      title,
      centered: true,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: confirmLabel, cancel: t("common.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () => {
        remove().then(() => notifySuccess({ message: successMessage }), notifyRequestError);
      },
    });
}
