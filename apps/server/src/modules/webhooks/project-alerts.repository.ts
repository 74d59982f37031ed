import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { projectAlerts, webhooks } from "../../db/schema.js";

/** `budget:50`, `budget:80`, `budget:100` or `margin`: one row per alert sent for a project. */
export type ProjectAlert = `budget:${number}` | "margin";

export type ProjectAlertsQueries = ReturnType<typeof createProjectAlertsRepository>;

export function createProjectAlertsRepository(db: Database) {
  return {
    /**
     * Whether an enabled webhook of the organization subscribes to any of `events`: one query on the webhooks'
     * organization index, so that logging time stays cheap where nobody listens.
     */
    async anySubscribed(organizationId: string, events: readonly string[]): Promise<boolean> {
      const [row] = await db
        .select({ id: webhooks.id })
        .from(webhooks)
        .where(
          and(
            eq(webhooks.organizationId, organizationId),
            eq(webhooks.enabled, true),
            sql`(${sql.join(
              events.map((event) => sql`${webhooks.events} @> ${JSON.stringify([event])}::jsonb`),
              sql` or `,
            )})`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async alertsOf(projectId: string): Promise<string[]> {
      const rows = await db
        .select({ alert: projectAlerts.alert })
        .from(projectAlerts)
        .where(eq(projectAlerts.projectId, projectId));
      return rows.map((row) => row.alert);
    },

    /**
     * Records the alert as sent; false when it already was. The primary key decides between two workers checking the
     * same project at once: the second one's insert waits for the first's commit and then inserts nothing.
     */
    async claim(projectId: string, alert: ProjectAlert): Promise<boolean> {
      const rows = await db
        .insert(projectAlerts)
        .values({ projectId, alert })
        .onConflictDoNothing()
        .returning({ alert: projectAlerts.alert });
      return rows.length > 0;
    },

    /** Re-arms alerts (the margin's, once the margin is back at or above the target). */
    async clear(projectId: string, alerts: readonly ProjectAlert[]): Promise<void> {
      await db
        .delete(projectAlerts)
        .where(and(eq(projectAlerts.projectId, projectId), inArray(projectAlerts.alert, [...alerts])));
    },
  };
}
