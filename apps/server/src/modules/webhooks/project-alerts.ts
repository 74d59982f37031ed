import { crossedBudgetThresholds, marginAtRiskNow, round2, type WebhookEvent } from "@timetrap/domain";
import type { Database } from "../../db/database.js";
import type { ClaimedJob, JobHandler, JobQueue } from "../../jobs/job-queue.js";
import type { ProjectsService } from "../projects/projects.service.js";
import { createProjectAlertsRepository } from "./project-alerts.repository.js";
import type { ProjectFiguresEvents } from "./project-alerts-trigger.js";
import type { WebhooksService } from "./webhooks.service.js";

/** The job that checks one project's alerts (payload `{ projectId }`, the job's organization). */
export const projectAlertsCheckJob = "project.alerts.check";

export const projectAlertEvents = [
  "project.budget.threshold",
  "project.margin.at_risk",
] as const satisfies readonly WebhookEvent[];

const budgetAlert = (threshold: number) => `budget:${threshold}` as const;
const marginAlert = "margin";

/**
 * The writes' side: queues a `project.alerts.check` per project in the change's transaction, only where an enabled
 * webhook of the organization subscribes to either event (one indexed query; nothing more where nobody listens).
 */
export function createProjectFiguresEvents({ db, jobs }: { db: Database; jobs: JobQueue }): ProjectFiguresEvents {
  return {
    async projectFiguresChanged(tx, { organizationId, projectIds }) {
      const ids = [...new Set(projectIds.filter((id): id is string => id !== null))];
      if (ids.length === 0) return;
      const on = tx ?? db;
      if (!(await createProjectAlertsRepository(on).anySubscribed(organizationId, projectAlertEvents))) return;
      for (const projectId of ids) {
        await jobs.enqueue(on, { kind: projectAlertsCheckJob, payload: { projectId }, organizationId });
      }
    },
    figuresCommitted() {
      jobs.nudge();
    },
  };
}

/** What a `project.budget.threshold` delivery carries. */
export interface BudgetThresholdData {
  project: { uid: string; title: string };
  threshold: number;
  cost: number;
  budget: number;
}

/** What a `project.margin.at_risk` delivery carries. */
export interface MarginAtRiskData {
  project: { uid: string; title: string };
  current_marginability: number;
  target: number;
}

/**
 * The check: the project's figures as its page shows them (the projects' answer, from the reports' one aggregate of
 * logged time and the expenses' final-balance sum, and the domain's `currentMarginability`), then, in one transaction,
 * the alerts' rows and their deliveries. Cost is what the margin counts: work-log cost plus final-balance expenses.
 */
export function createProjectAlertsHandler({
  db,
  projects,
  webhooks,
}: {
  db: Database;
  projects: Pick<ProjectsService, "findProjectsByIds">;
  webhooks: Pick<WebhooksService, "emitEvent" | "eventsCommitted">;
}): JobHandler {
  async function check(job: ClaimedJob): Promise<void> {
    const projectId = String(job.payload.projectId);
    const organizationId = job.organizationId;
    if (!organizationId) return;
    const [project] = await projects.findProjectsByIds({ organizationId, projectIds: [projectId] });
    // Deleted meanwhile: its alerts went with it.
    if (!project) return;
    const ref = { uid: project.uid, title: project.title };
    const cost = round2(project.total_work_log_cost + project.total_final_balance_expenses);
    const current = project.current_marginability;
    const target = project.marginability_percentage;

    const emitted = await db.transaction(async (tx) => {
      const queries = createProjectAlertsRepository(tx);
      const sent = await queries.alertsOf(projectId);
      let count = 0;
      const alreadySent = sent.flatMap((alert) => (alert.startsWith("budget:") ? [Number(alert.slice(7))] : []));
      for (const threshold of crossedBudgetThresholds(cost, project.budget, alreadySent)) {
        if (!(await queries.claim(projectId, budgetAlert(threshold)))) continue;
        const data: BudgetThresholdData = { project: ref, threshold, cost, budget: project.budget };
        count += await webhooks.emitEvent(tx, {
          organizationId,
          event: "project.budget.threshold",
          toStatusId: null,
          data,
        });
      }
      const armed = !sent.includes(marginAlert);
      if (marginAtRiskNow(current, target, armed)) {
        if (await queries.claim(projectId, marginAlert)) {
          const data: MarginAtRiskData = { project: ref, current_marginability: current!, target };
          count += await webhooks.emitEvent(tx, {
            organizationId,
            event: "project.margin.at_risk",
            toStatusId: null,
            data,
          });
        }
      } else if (!armed && !marginAtRiskNow(current, target, true)) {
        // Back at or above the target (or no budget to measure against): a later drop is told again.
        await queries.clear(projectId, [marginAlert]);
      }
      return count;
    });
    if (emitted > 0) webhooks.eventsCommitted();
  }

  return {
    run: check,
    // A few reads and writes; a failure (the database away) is worth a few quick retries, then the next write checks.
    maxAttempts: 5,
  };
}
