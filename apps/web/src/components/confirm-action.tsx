import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import type { ReactNode } from "react";
import { i18n } from "../lib/i18n";
import { notifyRequestError, notifySuccess } from "../lib/notify";

export interface Confirmation {
  modalId?: string;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** A red confirm button, for what cannot be taken back. */
  destructive?: boolean;
  onConfirm: () => void;
}

/** Asks before going on: the message in a centred modal, with the confirm button and Cancel. */
export function openConfirmation({
  modalId,
  title,
  message,
  confirmLabel,
  destructive = false,
  onConfirm,
}: Confirmation): void {
  modals.openConfirmModal({
    modalId,
    title,
    centered: true,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: confirmLabel, cancel: i18n.t("common.cancel") },
    confirmProps: destructive ? { color: "red" } : undefined,
    onConfirm,
  });
}

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
  return ({ title, message, confirmLabel, run, successMessage }) =>
    openConfirmation({
      title,
      message,
      confirmLabel,
      destructive: true,
      onConfirm: () => {
        run().then(() => notifySuccess({ message: successMessage }), notifyRequestError);
      },
    });
}
