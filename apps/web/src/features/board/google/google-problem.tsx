import { Anchor, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  IntegrationProblemAlert,
  integrationProblemOf,
  problemReasonOf,
  useIntegrationsPath,
} from "../lib/integration-problem";
import styles from "./google.module.css";

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
  const problem = integrationProblemOf(error);
  const reason = problemReasonOf(error);
  const integrations = useIntegrationsPath();
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
    <IntegrationProblemAlert
      problem={problem}
      title={title}
      description={description}
      linkLabel={linkLabel}
      onRetry={onRetry}
    />
  );
}
