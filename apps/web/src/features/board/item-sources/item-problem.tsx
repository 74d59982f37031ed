import { Alert, Button, Group, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import type { ItemService } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isApiError } from "../../../lib/api-client";
import { useSignedInUser } from "../../../lib/session";
import { itemServiceNames } from "./source-item";

/**
 * What went wrong reaching a service (decisions 029, 032): the person has not connected it, the service refused the
 * stored credential and it must be connected again, or the service (or the way to it) failed: its words, to try again.
 */
export type ItemProblem = "notConnected" | "needsReconnect" | "failed";

export function itemProblemOf(error: unknown): ItemProblem {
  if (isApiError(error) && error.code === "INTEGRATION_NOT_CONNECTED") return "notConnected";
  if (isApiError(error) && error.code === "INTEGRATION_NEEDS_RECONNECT") return "needsReconnect";
  return "failed";
}

/**
 * Whether the person has to go to the integrations page first (not connected, or to connect again): the source then
 * shows that alone, without filters that could filter nothing.
 */
export function isConnectionProblem(error: unknown): boolean {
  return itemProblemOf(error) !== "failed";
}

/** The server's words ("Todoist: …"), unless there were none (the network failed). */
function reasonOf(error: unknown): string | null {
  return isApiError(error) && error.status !== 0 && error.ErrorMessage ? error.ErrorMessage : null;
}

/** A failed call to a service, said with the way out: the integrations page to connect it (again), or a retry. */
export function ItemProblemState({
  service,
  error,
  onRetry,
}: {
  service: ItemService;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const name = itemServiceNames[service];
  const problem = itemProblemOf(error);
  const reason = reasonOf(error);
  const integrations = `/user/${encodeURIComponent(me.uid)}/integrations`;
  const title = {
    notConnected: t("itemSources.problem.notConnected", { name }),
    needsReconnect: t("itemSources.problem.needsReconnect", { name }),
    failed: t("itemSources.problem.failed", { name }),
  }[problem];
  // Not connected: how to connect; to connect again or failed: why, in the server's words.
  const description = problem === "notConnected" ? t("itemSources.problem.connectHint", { name }) : reason;

  return (
    <Alert
      color={problem === "failed" ? "red" : "yellow"}
      variant="light"
      icon={<IconAlertCircle size={18} />}
      title={title}
    >
      {description && (
        <Text size="sm" mb="sm">
          {description}
        </Text>
      )}
      <Group gap="xs">
        {problem === "failed" ? (
          <Button variant="light" color="red" size="compact-sm" onClick={onRetry}>
            {t("queryState.retry")}
          </Button>
        ) : (
          <Button component={Link} to={integrations} variant="light" size="compact-sm">
            {problem === "notConnected"
              ? t("itemSources.problem.connect", { name })
              : t("itemSources.problem.reconnect")}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
