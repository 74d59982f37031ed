import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";

/** Spec part 1 §8: toasts appear at the bottom left. */
export function NotificationsContainer() {
  return <Notifications position="bottom-left" zIndex={1000} />;
}
