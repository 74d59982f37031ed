import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconCheck } from "@tabler/icons-react";
import type { ReactNode } from "react";

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
