import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconCheck } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { isApiError } from "./api-client";
import { i18n } from "./i18n";

/** Toasts of the spec: errors and successes, shown bottom left by the Notifications host. */
export function notifyError({ title, message }: { title?: ReactNode; message: ReactNode }): void {
  notifications.show({
    color: "red",
    title,
    message,
    icon: <IconAlertTriangle size={18} />,
    autoClose: 6000,
  });
}

export function notifySuccess({ title, message }: { title?: ReactNode; message: ReactNode }): void {
  notifications.show({
    color: "teal",
    title,
    message,
    icon: <IconCheck size={18} />,
  });
}

/**
 * A call that failed: the server's own words when it answered (a 409 names the conflict, a 403 the missing
 * right), else a generic line. Only the unexpected failures are logged; a refusal is an answer, not a bug.
 */
export function notifyRequestError(error: unknown): void {
  if (!isApiError(error)) console.error(error);
  notifyError({
    title: i18n.t("common.error"),
    message: isApiError(error) ? error.ErrorMessage : i18n.t("common.genericError"),
  });
}

/** The callbacks of a mutation that tells how it went: a success toast, then `onDone`; or the error toast. */
export function mutationToasts(successMessage: string, onDone?: () => void) {
  return {
    onSuccess: () => {
      notifySuccess({ message: successMessage });
      onDone?.();
    },
    onError: notifyRequestError,
  };
}
