import type { ItemService } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { IntegrationProblemAlert, integrationProblemOf, problemReasonOf } from "../lib/integration-problem";
import { itemServiceNames } from "./source-item";

/**
 * Whether the person has to go to the integrations page first (not connected, or to connect again): the source then
 * shows that alone, without filters that could filter nothing.
 */
export function isConnectionProblem(error: unknown): boolean {
  return integrationProblemOf(error) !== "failed";
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
  const name = itemServiceNames[service];
  const problem = integrationProblemOf(error);
  const title = {
    notConnected: t("itemSources.problem.notConnected", { name }),
    needsReconnect: t("itemSources.problem.needsReconnect", { name }),
    failed: t("itemSources.problem.failed", { name }),
  }[problem];
  return (
    <IntegrationProblemAlert
      problem={problem}
      title={title}
      // Not connected: how to connect; to connect again or failed: why, in the server's words.
      description={problem === "notConnected" ? t("itemSources.problem.connectHint", { name }) : problemReasonOf(error)}
      linkLabel={
        problem === "notConnected" ? t("itemSources.problem.connect", { name }) : t("itemSources.problem.reconnect")
      }
      onRetry={onRetry}
    />
  );
}
