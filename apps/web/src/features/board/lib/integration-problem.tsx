import { Alert, Button, Group, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isApiError } from "../../../lib/api-client";
import { useSignedInUser } from "../../../lib/session";

/**
 * What went wrong reaching an outside service from the board (decisions 029, 032): the person has not connected it,
 * the service refused the stored credential and it must be connected again, or the service (or the way to it) failed.
 */
export type IntegrationProblem = "notConnected" | "needsReconnect" | "failed";

export function integrationProblemOf(error: unknown): IntegrationProblem {
  if (isApiError(error) && error.code === "INTEGRATION_NOT_CONNECTED") return "notConnected";
  if (isApiError(error) && error.code === "INTEGRATION_NEEDS_RECONNECT") return "needsReconnect";
  return "failed";
}

/** The server's words ("Todoist API: …"), unless there were none (the network failed). */
export function problemReasonOf(error: unknown): string | null {
  return isApiError(error) && error.status !== 0 && error.ErrorMessage ? error.ErrorMessage : null;
}

/** The person's integrations page, where a service is connected (again). */
export function useIntegrationsPath(): string {
  const me = useSignedInUser();
  return `/user/${encodeURIComponent(me.uid)}/integrations`;
}

/**
 * A failed call to an outside service as a block of the side panel, with the way out: the integrations page to connect
 * it (again), or a retry.
 */
export function IntegrationProblemAlert({
  problem,
  title,
  description,
  linkLabel,
  onRetry,
}: {
  problem: IntegrationProblem;
  title: string;
  description: string | null;
  /** The way to the integrations page (connect, or connect again). */
  linkLabel: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const integrations = useIntegrationsPath();
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
            {linkLabel}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
