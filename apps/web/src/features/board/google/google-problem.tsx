import { Alert, Anchor, Button, Group, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isApiError } from "../../../lib/api-client";
import { useSignedInUser } from "../../../lib/session";
import styles from "./google.module.css";

/**
 * What went wrong reaching Google Calendar (decision 029): the person has not connected it, Google refused the stored
 * access and it must be connected again, or Google (or the way to it) failed: its message, to try again.
 */
export type GoogleProblem = "notConnected" | "needsReconnect" | "failed";

export function googleProblemOf(error: unknown): GoogleProblem {
  if (isApiError(error) && error.code === "INTEGRATION_NOT_CONNECTED") return "notConnected";
  if (isApiError(error) && error.code === "INTEGRATION_NEEDS_RECONNECT") return "needsReconnect";
  return "failed";
}

/** The server's words ("Google Calendar API: …"), unless there were none (the network failed). */
function reasonOf(error: unknown): string | null {
  return isApiError(error) && error.status !== 0 && error.ErrorMessage ? error.ErrorMessage : null;
}

/**
 * A failed call to Google Calendar, said with the way out: the integrations page to connect it (again), or a retry.
 * In the side panel a block of its own; above the board's grid (`compact`) one line, as the board's other notes.
 */
export function GoogleProblemState({
  error,
  onRetry,
  compact = false,
}: {
  error: unknown;
  onRetry: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const problem = googleProblemOf(error);
  const reason = reasonOf(error);
  const integrations = `/user/${encodeURIComponent(me.uid)}/integrations`;
  const title = {
    notConnected: t("googleCalendar.problem.notConnected"),
    needsReconnect: t("googleCalendar.problem.needsReconnect"),
    failed: t(compact ? "googleCalendar.problem.eventsFailed" : "googleCalendar.problem.calendarsFailed"),
  }[problem];
  // Not connected: how to connect; to connect again or failed: why, in the server's words.
  const description = problem === "notConnected" ? t("googleCalendar.problem.connectHint") : reason;
  const linkLabel =
    problem === "notConnected" ? t("googleCalendar.problem.connect") : t("googleCalendar.problem.reconnect");

  if (compact) {
    return (
      <div className={styles.note} role="status" data-testid="google-calendar-note">
        <IconAlertCircle size={16} aria-hidden />
        <Text span size="sm" fw={600}>
          {title}
        </Text>
        {description && (
          <Text span size="sm">
            {description}
          </Text>
        )}
        {problem === "failed" ? (
          <Anchor component="button" type="button" size="sm" onClick={onRetry}>
            {t("queryState.retry")}
          </Anchor>
        ) : (
          <Anchor component={Link} to={integrations} size="sm">
            {linkLabel}
          </Anchor>
        )}
      </div>
    );
  }

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
