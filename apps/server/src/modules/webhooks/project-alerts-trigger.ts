import type { Database } from "../../db/database.js";

/**
 * What the modules that change a project's figures (logged time, final-balance expenses, budget and target) know of
 * the project alerts (issue 14, decision 030): an interface, so that their imports do not reach the webhooks.
 */
export interface ProjectFiguresEvents {
  /**
   * In the change's transaction (or on the database when the change has none): queues the cheap check of the
   * projects' alerts, only when the organization has a webhook that subscribes to them.
   */
  projectFiguresChanged(
    tx: Database | undefined,
    change: { organizationId: string; projectIds: readonly (string | null)[] },
  ): Promise<void>;
  /** After the commit: the worker looks for the check now rather than at its next poll. */
  figuresCommitted(): void;
}
