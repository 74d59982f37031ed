import { Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconRefresh } from "@tabler/icons-react";
import { i18n } from "../../lib/i18n";

const noticeId = "service-worker-update";
const updateCheckIntervalMs = 60 * 60 * 1000;

/** Spec part 1 §2: a persistent notice with a refresh button while a new version waits. */
function showUpdateNotice(onRefresh: () => void): void {
  notifications.show({
    id: noticeId,
    autoClose: false,
    withCloseButton: false,
    color: "indigo",
    icon: <IconRefresh size={18} />,
    title: i18n.t("components.serviceWorker.title"),
    message: (
      <Group justify="space-between" wrap="nowrap" mt={4} gap="sm">
        <Text size="sm" c="dimmed">
          {i18n.t("components.serviceWorker.message")}
        </Text>
        <Button size="compact-sm" onClick={onRefresh} leftSection={<IconRefresh size={14} />}>
          {i18n.t("components.serviceWorker.refresh")}
        </Button>
      </Group>
    ),
  });
}

/**
 * Registers /sw.js. When a new worker has installed beside the active one, the notice offers to
 * refresh: the waiting worker is told to take over, and the page reloads once it controls the page.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  let refreshRequested = false;

  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!refreshRequested) return;
    refreshRequested = false;
    window.location.reload();
  });

  const offer = (worker: ServiceWorker) =>
    showUpdateNotice(() => {
      refreshRequested = true;
      notifications.hide(noticeId);
      worker.postMessage({ type: "SKIP_WAITING" });
    });

  window.addEventListener("load", () => {
    navigator.serviceWorker
      .register("/sw.js")
      .then((registration) => {
        // Only an update waits: on the very first install there is no controller yet.
        if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
        registration.addEventListener("updatefound", () => {
          const installing = registration.installing;
          installing?.addEventListener("statechange", () => {
            if (installing.state === "installed" && navigator.serviceWorker.controller) offer(installing);
          });
        });
        const check = () => registration.update().catch(() => undefined);
        window.setInterval(check, updateCheckIntervalMs);
        document.addEventListener("visibilitychange", () => {
          if (document.visibilityState === "visible") void check();
        });
      })
      .catch((error: unknown) => console.error("Service worker registration failed", error));
  });
}
