import {
  can,
  type DayRange,
  isPeriodStart,
  lockDateLabel,
  lockOfDays,
  type Period,
  periodLockMessage,
  periodOf,
  periodStartMessage,
  type TimesheetAction,
  type TimesheetApprovalRow,
  type TimesheetPeriod,
  timesheetTransition,
  timeZoneOfPreferences,
} from "@timetrap/domain";
import { lockActivitiesOf } from "../../db/activity-lock.js";
import type { Database } from "../../db/database.js";
import { AppError, forbidden, notFound } from "../../http/app-error.js";
import type { AuditService } from "../audit/audit.service.js";
import type { OrganizationsService } from "../organizations/organizations.service.js";
import type { ReportsRepository } from "../reports/reports.repository.js";
import type { SessionClient } from "../sessions/session-client.js";
import type { TimesheetApprovalsRepository, TimesheetPeriodRow } from "./timesheet-approvals.repository.js";

export type TimesheetApprovalsService = ReturnType<typeof createTimesheetApprovalsService>;

/** The decisions of an approver; each is written to the audit log. */
export type TimesheetDecision = Extract<TimesheetAction, "approve" | "reject" | "reopen">;

const auditKindOf = {
  approve: "timesheet.approved",
  reject: "timesheet.rejected",
  reopen: "timesheet.reopened",
} as const;

function badPeriodStart(message: string): AppError {
  return new AppError("VALIDATION_FAILED", message, [{ field: "params.periodStart", message }]);
}

function toPeriod(userId: string, period: Period, row: TimesheetPeriodRow | undefined): TimesheetPeriod {
  return {
    user_id: userId,
    period_start: period.start,
    period_end: period.end,
    status: row?.status ?? "open",
    submitted_at: row?.submittedAt ? row.submittedAt.getTime() : null,
    decided_by: row?.decidedBy ?? null,
    decided_at: row?.decidedAt ? row.decidedAt.getTime() : null,
    note: row?.note ?? "",
  };
}

export function createTimesheetApprovalsService({
  repository,
  organizations,
  audit,
  figures,
}: {
  repository: TimesheetApprovalsRepository;
  organizations: Pick<OrganizationsService, "authorize" | "findRoleOfUser" | "findMember" | "findSettings">;
  audit: Pick<AuditService, "record">;
  /** The reports' one aggregate of logged time and capacity per day: the list's figures are the reports' own. */
  figures: Pick<ReportsRepository, "members" | "dailyFigures">;
}) {
  /**
   * The actor's organization and role, once `userId` is one of its members (else 404, so that ids of other
   * organizations reveal nothing), and that member.
   */
  async function personInActorsOrganization(actorId: string, userId: string) {
    const actor = await organizations.findRoleOfUser({ userId: actorId });
    if (!actor) throw notFound("User");
    const person = await organizations.findMember({ organizationId: actor.organizationId, userId });
    if (!person) throw notFound("User");
    return { organizationId: actor.organizationId, role: actor.role, person };
  }

  /**
   * The period starting on `periodStart`: a stored one keeps its own end (made when the organization approved by
   * another period); a new one must start a period of the organization's kind (400 otherwise).
   */
  async function periodAt(
    organizationId: string,
    periodStart: string,
    row: TimesheetPeriodRow | undefined,
    tx?: Database,
  ): Promise<Period> {
    if (row) return { start: row.periodStart, end: row.periodEnd };
    const { approval_period: kind } = await organizations.findSettings({ organizationId, ...(tx ? { tx } : {}) });
    if (!isPeriodStart(periodStart, kind)) throw badPeriodStart(periodStartMessage(kind));
    return periodOf(periodStart, kind);
  }

  /**
   * One transition, in a transaction holding the person's activities (the lock every write of them takes), so that no
   * write slips into a period while it is approved.
   */
  async function transition({
    organizationId,
    userId,
    periodStart,
    action,
    values,
    onSaved,
  }: {
    organizationId: string;
    userId: string;
    periodStart: string;
    action: TimesheetAction;
    values: (now: Date) => Partial<Pick<TimesheetPeriodRow, "submittedAt" | "decidedBy" | "decidedAt" | "note">>;
    onSaved?: (before: TimesheetPeriodRow | undefined, after: TimesheetPeriodRow, tx: Database) => Promise<void>;
  }): Promise<TimesheetPeriod> {
    return repository.transaction(async (queries, tx) => {
      await lockActivitiesOf(tx, userId);
      const row = await queries.findPeriod(organizationId, userId, periodStart);
      const period = await periodAt(organizationId, periodStart, row, tx);
      const next = timesheetTransition(row?.status ?? "open", action);
      if (!next.ok) throw new AppError("CONFLICT", next.message);
      const saved = await queries.savePeriod(organizationId, userId, period, {
        status: next.status,
        submittedAt: row?.submittedAt ?? null,
        decidedBy: row?.decidedBy ?? null,
        decidedAt: row?.decidedAt ?? null,
        note: row?.note ?? "",
        ...values(new Date()),
      });
      await onSaved?.(row, saved, tx);
      return toPeriod(userId, period, saved);
    });
  }

  /** Submit and withdraw: the person themselves, and nobody else (another member's period is a 403). */
  async function ownTransition(
    action: "submit" | "withdraw",
    { actorId, userId, periodStart }: { actorId: string; userId: string; periodStart: string },
  ): Promise<TimesheetPeriod> {
    const { organizationId } = await personInActorsOrganization(actorId, userId);
    if (actorId !== userId) throw forbidden(`Only the person themselves can ${action} their timesheet`);
    return transition({
      organizationId,
      userId,
      periodStart,
      action,
      values: (now) => (action === "submit" ? { submittedAt: now } : {}),
    });
  }

  return {
    /** The period's state: one's own, or anyone's of the organization with `read timesheet`. */
    async getPeriod({
      actorId,
      userId,
      periodStart,
    }: {
      actorId: string;
      userId: string;
      periodStart: string;
    }): Promise<TimesheetPeriod> {
      const { organizationId, role } = await personInActorsOrganization(actorId, userId);
      if (actorId !== userId && !can(role, "read", "timesheet"))
        throw forbidden("You need the right to read timesheet");
      const row = await repository.findPeriod(organizationId, userId, periodStart);
      return toPeriod(userId, await periodAt(organizationId, periodStart, row), row);
    },

    submit(input: { actorId: string; userId: string; periodStart: string }) {
      return ownTransition("submit", input);
    },

    withdraw(input: { actorId: string; userId: string; periodStart: string }) {
      return ownTransition("withdraw", input);
    },

    /**
     * Approves, rejects or reopens a member's period (`edit timesheet`), with its note, written to the audit log with
     * the state and note before and after.
     */
    async decide({
      actorId,
      organizationId,
      userId,
      periodStart,
      action,
      note,
      client,
    }: {
      actorId: string;
      organizationId: string;
      userId: string;
      periodStart: string;
      action: TimesheetDecision;
      note: string;
      client: SessionClient;
    }): Promise<TimesheetPeriod> {
      await organizations.authorize({ actorId, organizationId, right: { action: "edit", subject: "timesheet" } });
      const person = await organizations.findMember({ organizationId, userId });
      if (!person) throw notFound("User");
      return transition({
        organizationId,
        userId,
        periodStart,
        action,
        values: (now) => ({ decidedBy: actorId, decidedAt: now, note }),
        onSaved: async (before, after, tx) => {
          await audit.record({
            kind: auditKindOf[action],
            organizationId,
            actorId,
            userId: null,
            target: {
              type: "timesheet",
              id: after.id,
              label: `${person.nominative}, ${lockDateLabel(after.periodStart)} – ${lockDateLabel(after.periodEnd)}`,
            },
            client,
            before: { status: before?.status ?? "open", note: before?.note ?? "" },
            after: { status: after.status, note: after.note },
            tx,
          });
        },
      });
    },

    /**
     * Every active member's period starting on `periodStart` (`read timesheet`): its state, and the logged time and
     * capacity the reports compute for those days.
     */
    async listApprovals({
      actorId,
      organizationId,
      periodStart,
    }: {
      actorId: string;
      organizationId: string;
      periodStart: string;
    }): Promise<TimesheetApprovalRow[]> {
      await organizations.authorize({ actorId, organizationId, right: { action: "read", subject: "timesheet" } });
      const { approval_period: kind } = await organizations.findSettings({ organizationId });
      if (!isPeriodStart(periodStart, kind)) {
        const message = periodStartMessage(kind).replace("periodStart", "period_start");
        throw new AppError("VALIDATION_FAILED", message, [{ field: "query.period_start", message }]);
      }
      const period = periodOf(periodStart, kind);
      const people = (await figures.members(organizationId)).filter((member) => member.status === "active");
      const [rows, days] = await Promise.all([
        repository.listPeriods(organizationId, periodStart),
        figures.dailyFigures({
          organizationId,
          zones: people.map((member, ord) => ({
            user_id: member.user_id,
            tz: timeZoneOfPreferences(member.preferences),
            ord,
          })),
          from: period.start,
          to: period.end,
        }),
      ]);
      const totals = new Map<string, { logged: number; credited: number; capacity: number }>();
      for (const day of days) {
        const total = totals.get(day.user_id) ?? { logged: 0, credited: 0, capacity: 0 };
        total.logged += day.work_log;
        total.credited += day.credited;
        total.capacity += day.capacity;
        totals.set(day.user_id, total);
      }
      const byPerson = new Map(rows.map((row) => [row.userId, row]));
      return people.map((member) => {
        const row = byPerson.get(member.user_id);
        const state = toPeriod(member.user_id, row ? { start: row.periodStart, end: row.periodEnd } : period, row);
        const { logged, credited, capacity } = totals.get(member.user_id) ?? { logged: 0, credited: 0, capacity: 0 };
        return {
          user_id: member.user_id,
          nominative: member.nominative,
          image_url: member.image_url,
          period_start: state.period_start,
          period_end: state.period_end,
          status: state.status,
          logged,
          capacity,
          // Holidays of the worked convention count as worked, as in the reports' rings (decision 026).
          difference: logged + credited - capacity,
          submitted_at: state.submitted_at,
          decided_at: state.decided_at,
          note: state.note,
        };
      });
    },

    /**
     * For every write of a person's activities, on its transaction: takes the person's lock, and answers 423 naming the
     * period when any of `ranges` (days in the person's zone) is in an approved period of theirs or before the
     * organization's `lock_before`. Answers the organization's settings, read under the lock, for the overlap guard.
     */
    async assertActivitiesUnlocked({
      tx,
      organizationId,
      userId,
      ranges,
    }: {
      tx: Database;
      organizationId: string;
      userId: string;
      ranges: readonly DayRange[];
    }): Promise<{ preventOverlappingActivities: boolean }> {
      await lockActivitiesOf(tx, userId);
      const settings = await organizations.findSettings({ organizationId, tx });
      if (ranges.length > 0) {
        const approvedPeriods = await repository.within(tx).approvedPeriodsReaching(organizationId, userId, ranges);
        for (const range of ranges) {
          const lock = lockOfDays(range, { approvedPeriods, lockBefore: settings.lock_before });
          if (lock) throw new AppError("PERIOD_LOCKED", periodLockMessage(lock));
        }
      }
      return { preventOverlappingActivities: settings.prevent_overlapping_activities };
    },
  };
}
