import { useNotifications } from "@mantine/notifications";
import { Suspense, useState } from "react";
import { lazyComponent } from "../lib/lazy-component";

/** The toasts' container (and its transitions), fetched when the first toast is shown, not with the first page. */
export const NotificationsContainer = lazyComponent(() =>
  import("./notifications-container").then((module) => module.NotificationsContainer),
);

/**
 * Draws the toasts once there is one. `notifications.show()` only fills a store, which is part of the first load: a
 * toast shown before the container has come waits there and appears with it. Once drawn, the container stays.
 */
export function NotificationsHost() {
  const { notifications, queue } = useNotifications();
  const [drawn, setDrawn] = useState(false);
  if (!drawn && (notifications.length > 0 || queue.length > 0)) setDrawn(true);
  if (!drawn) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  );
}
