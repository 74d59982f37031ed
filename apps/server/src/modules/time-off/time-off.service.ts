import {
  type CalendarDate,
  type Contract,
  can,
  canMoveTimeOff,
  type DayOff,
  type DaysOffQuery,
  daysOffIn,
  initialTimeOffStatus,
  type Role,
  type TimeOff,
  type TimeOffAllowance,
  type TimeOffAllowanceInput,
  type TimeOffBalanceEntry,
  type TimeOffBalancesQuery,
  type TimeOffInput,
  type TimeOffKind,
  type TimeOffKindInput,
  type TimeOffKindPatch,
  type TimeOffPatch,
  type TimeOffQuery,
  timeOffBalance,
  timeOffClashes,
  timeOffDaysByDate,
  timeZoneOfPreferences,
  todayIn,
} from "@timetrap/domain";
import { type Database, isForeignKeyViolation } from "../../db/database.js";
import { AppError, forbidden, notFound } from "../../http/app-error.js";
import type { AuditService } from "../audit/audit.service.js";
import type { ContractsService } from "../contracts/contracts.service.js";
import type { HolidaysService } from "../holidays/holidays.service.js";
import type { OrganizationsService } from "../organizations/organizations.service.js";
import type { SessionClient } from "../sessions/session-client.js";
import type { UsersService } from "../users/users.service.js";
import type { TimeOffKindRow, TimeOffRepository, TimeOffRow } from "./time-off.repository.js";

export type TimeOffService = ReturnType<typeof createTimeOffService>;

const editOrganization = { action: "edit", subject: "organization" } as const;

function toKind(row: TimeOffKindRow): TimeOffKind {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    paid: row.paid,
    needs_approval: row.needsApproval,
    yearly_allowance_days: row.yearlyAllowanceDays,
  };
}

function toTimeOff(row: TimeOffRow): TimeOff {
  return {
    id: row.id,
    user_id: row.userId,
    kind_id: row.kindId,
    start_date: row.startDate,
    end_date: row.endDate,
    half_day: row.halfDay,
    hours: row.hours,
    note: row.note,
    status: row.status,
    created_by: row.createdBy,
    decided_by: row.decidedBy,
    decided_at: row.decidedAt ? row.decidedAt.getTime() : null,
    decision_note: row.decisionNote,
    created_at: row.createdAt.getTime(),
  };
}

/** dd/MM/yyyy, as the spec writes dates in messages. */
const displayDate = (date: CalendarDate) => date.split("-").reverse().join("/");

const period = (t: Pick<TimeOff, "start_date" | "end_date">) =>
  t.start_date === t.end_date
    ? `on ${displayDate(t.start_date)}`
    : `from ${displayDate(t.start_date)} to ${displayDate(t.end_date)}`;

const editTeam = (role: Role) => can(role, "edit", "team");
const readTeam = (role: Role) => can(role, "read", "team");

export function createTimeOffService({
  repository,
  organizations,
  users,
  contracts,
  holidays,
  audit,
}: {
  repository: TimeOffRepository;
  organizations: OrganizationsService;
  users: Pick<UsersService, "findAccountById" | "lockAccount">;
  contracts: Pick<ContractsService, "contractsOf">;
  holidays: Pick<HolidaysService, "holidaysOfMember">;
  audit: Pick<AuditService, "record">;
}) {
  async function requireKind(organizationId: string, kindId: string) {
    const row = await repository.findKind(organizationId, kindId);
    if (!row) throw notFound("Time off kind");
    return row;
  }

  /** The day it is for a person, in their time zone: what "up to today" means for their balance. */
  async function todayOf(userId: string): Promise<CalendarDate> {
    const account = await users.findAccountById({ userId });
    return todayIn(timeZoneOfPreferences(account?.preferences ?? {}));
  }

  /** What a person's days cost: their contracts and their group's holidays over the period. */
  async function dayTerms(organizationId: string, userId: string, from: CalendarDate, to: CalendarDate) {
    const [terms, days] = await Promise.all([
      contracts.contractsOf({ organizationId, userId }),
      holidays.holidaysOfMember({ organizationId, userId, from, to }),
    ]);
    return {
      contracts: terms satisfies Contract[],
      holidays: new Map(days.map((day) => [day.date, { half_day: day.half_day }])),
    };
  }

  /** The decision's event: approvals and rejections always, a cancellation when someone else cancels. */
  async function decisionEvent(
    context: { actorId: string; organizationId: string; client: SessionClient; tx: Database },
    before: TimeOff,
    after: TimeOff,
    kind: TimeOffKindRow | undefined,
  ) {
    if (after.status === "cancelled" && context.actorId === after.user_id) return;
    const member = await organizations.findMember({
      organizationId: context.organizationId,
      userId: after.user_id,
      tx: context.tx,
    });
    const label = `${member?.nominative ?? ""}: ${kind?.name ?? ""} ${period(after)}`.trim();
    await audit.record({
      kind:
        after.status === "approved"
          ? "time_off.approved"
          : after.status === "rejected"
            ? "time_off.rejected"
            : "time_off.cancelled",
      organizationId: context.organizationId,
      actorId: context.actorId,
      userId: after.user_id,
      target: { type: "time_off", id: after.id, label },
      client: context.client,
      before: { status: before.status },
      after: { status: after.status, note: after.decision_note },
      tx: context.tx,
    });
  }

  return {
    // --- Kinds --------------------------------------------------------------------------------------------------

    /** Every member: a request names its kind. */
    async listKinds({ actorId, organizationId }: { actorId: string; organizationId: string }) {
      await organizations.authorize({ actorId, organizationId });
      return (await repository.listKinds(organizationId)).map(toKind);
    },

    async createKind({
      actorId,
      organizationId,
      input,
    }: {
      actorId: string;
      organizationId: string;
      input: TimeOffKindInput;
    }): Promise<TimeOffKind> {
      await organizations.authorize({ actorId, organizationId, right: editOrganization });
      return toKind(
        await repository.insertKind(organizationId, {
          name: input.name,
          color: input.color,
          paid: input.paid,
          needsApproval: input.needs_approval,
          yearlyAllowanceDays: input.yearly_allowance_days,
        }),
      );
    },

    async updateKind({
      actorId,
      organizationId,
      kindId,
      input,
    }: {
      actorId: string;
      organizationId: string;
      kindId: string;
      input: TimeOffKindPatch;
    }): Promise<TimeOffKind> {
      await organizations.authorize({ actorId, organizationId, right: editOrganization });
      const row = await repository.updateKind(organizationId, kindId, {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.color === undefined ? {} : { color: input.color }),
        ...(input.paid === undefined ? {} : { paid: input.paid }),
        ...(input.needs_approval === undefined ? {} : { needsApproval: input.needs_approval }),
        ...(input.yearly_allowance_days === undefined ? {} : { yearlyAllowanceDays: input.yearly_allowance_days }),
      });
      if (!row) throw notFound("Time off kind");
      return toKind(row);
    },

    /** A kind with time off stays: the time off would lose what it is. */
    async deleteKind({
      actorId,
      organizationId,
      kindId,
    }: {
      actorId: string;
      organizationId: string;
      kindId: string;
    }): Promise<void> {
      await organizations.authorize({ actorId, organizationId, right: editOrganization });
      const kind = await requireKind(organizationId, kindId);
      const inUse = new AppError("CONFLICT", `${kind.name} has time off: it cannot be deleted`);
      if (await repository.kindIsUsed(kindId)) throw inUse;
      try {
        if (!(await repository.deleteKind(organizationId, kindId))) throw notFound("Time off kind");
      } catch (error) {
        // Time off recorded between the check and the delete: the foreign key decides.
        if (isForeignKeyViolation(error, "time_off_kind_fk")) throw inUse;
        throw error;
      }
    },

    // --- Time off -----------------------------------------------------------------------------------------------

    /**
     * A person requests their own time off (approved at once for a kind that needs no approval); with `edit` on
     * `team`, anyone's, approved at once. Under the person's lock, so that two requests cannot both take one day.
     */
    async createTimeOff({
      actorId,
      organizationId,
      input,
    }: {
      actorId: string;
      organizationId: string;
      input: TimeOffInput;
    }): Promise<TimeOff> {
      const { role } = await organizations.authorize({ actorId, organizationId });
      const forSomeoneElse = input.user_id !== actorId;
      await organizations.requireMember({ organizationId, userId: input.user_id });
      if (forSomeoneElse && !editTeam(role)) {
        throw forbidden("You need the right to edit team to record time off for someone else");
      }
      const kind = await requireKind(organizationId, input.kind_id);
      return repository.transaction(async (queries, tx) => {
        if (!(await users.lockAccount({ userId: input.user_id, tx }))) throw notFound("User");
        const existing = await queries.listTimeOff(organizationId, {
          userIds: [input.user_id],
          from: input.start_date,
          to: input.end_date,
          statuses: ["requested", "approved"],
        });
        const clash = existing.map(toTimeOff).find((other) => timeOffClashes(input, other));
        if (clash) {
          throw new AppError(
            "CONFLICT",
            `This time off shares a day with the time off ${period(clash)} (${clash.status})`,
          );
        }
        const status = initialTimeOffStatus({ forSomeoneElse, needsApproval: kind.needsApproval });
        const recordedByManager = forSomeoneElse;
        const row = await queries.insertTimeOff(organizationId, {
          userId: input.user_id,
          kindId: input.kind_id,
          startDate: input.start_date,
          endDate: input.end_date,
          halfDay: input.half_day,
          hours: input.hours,
          note: input.note,
          status,
          createdBy: actorId,
          decidedBy: recordedByManager ? actorId : null,
          decidedAt: recordedByManager ? new Date() : null,
        });
        return toTimeOff(row);
      });
    },

    /**
     * Approves or rejects a request (`edit` on `team`), or cancels a request or approved time off (its person, or
     * `edit` on `team`). Other moves are a 409.
     */
    async decideTimeOff({
      actorId,
      organizationId,
      timeOffId,
      input,
      client,
    }: {
      actorId: string;
      organizationId: string;
      timeOffId: string;
      input: TimeOffPatch;
      client: SessionClient;
    }): Promise<TimeOff> {
      const { role } = await organizations.authorize({ actorId, organizationId });
      return repository.transaction(async (queries, tx) => {
        const row = await queries.findTimeOff(organizationId, timeOffId, { lock: true });
        if (!row) throw notFound("Time off");
        const before = toTimeOff(row);
        const own = before.user_id === actorId;
        if (input.status === "cancelled" ? !own && !editTeam(role) : !editTeam(role)) {
          throw forbidden(
            input.status === "cancelled"
              ? "You need the right to edit team to cancel someone else's time off"
              : "You need the right to edit team to approve or reject time off",
          );
        }
        if (!canMoveTimeOff(before.status, input.status)) {
          throw new AppError("CONFLICT", `This time off is ${before.status}: it cannot be ${input.status}`);
        }
        const updated = await queries.decide(timeOffId, {
          status: input.status,
          decidedBy: actorId,
          decisionNote: input.note ?? "",
        });
        if (!updated) throw notFound("Time off");
        const after = toTimeOff(updated);
        const kind = await queries.findKind(organizationId, after.kind_id);
        await decisionEvent({ actorId, organizationId, client, tx }, before, after, kind);
        return after;
      });
    },

    /** The time off overlapping the dates: one's own always, others' with `read` on `team`. */
    async listTimeOff({
      actorId,
      organizationId,
      query,
    }: {
      actorId: string;
      organizationId: string;
      query: TimeOffQuery;
    }): Promise<TimeOff[]> {
      const { role } = await organizations.authorize({ actorId, organizationId });
      if (query.user_id && query.user_id !== actorId && !readTeam(role)) {
        throw forbidden("You need the right to read team to see someone else's time off");
      }
      const userIds = query.user_id ? [query.user_id] : readTeam(role) ? undefined : [actorId];
      const rows = await repository.listTimeOff(organizationId, {
        ...(userIds ? { userIds } : {}),
        ...(query.start_date ? { from: query.start_date } : {}),
        ...(query.end_date ? { to: query.end_date } : {}),
        ...(query.status ? { statuses: [query.status] } : {}),
      });
      return rows.map(toTimeOff);
    },

    /** A person's balance per kind with an allowance in a year: the person, or `read` on `team`. */
    async listBalances({
      actorId,
      organizationId,
      query,
    }: {
      actorId: string;
      organizationId: string;
      query: TimeOffBalancesQuery;
    }): Promise<TimeOffBalanceEntry[]> {
      const { role } = await organizations.authorize({ actorId, organizationId });
      const userId = query.user_id ?? actorId;
      await organizations.requireMember({ organizationId, userId });
      if (userId !== actorId && !readTeam(role)) {
        throw forbidden("You need the right to read team to see someone else's balances");
      }
      const today = await todayOf(userId);
      const year = query.year ?? Number(today.slice(0, 4));
      const [first, last] = [`${year}-01-01`, `${year}-12-31`];
      const [kinds, allowances, terms] = await Promise.all([
        repository.kindsWithAllowance(organizationId, userId, year),
        repository.allowancesOf(userId, year),
        dayTerms(organizationId, userId, first, last),
      ]);
      const entries = await repository.listTimeOff(organizationId, {
        userIds: [userId],
        from: first,
        to: last,
        statuses: ["requested", "approved"],
        kindIds: kinds.map((kind) => kind.id),
      });
      return kinds.map((kind) => ({
        kind_id: kind.id,
        name: kind.name,
        color: kind.color,
        ...timeOffBalance({
          allowanceDays: allowances.get(kind.id) ?? kind.yearlyAllowanceDays ?? 0,
          year,
          today,
          entries: entries
            .filter((entry) => entry.kindId === kind.id)
            .map((entry) => ({ status: entry.status, daysByDate: timeOffDaysByDate(toTimeOff(entry), terms) })),
        }),
      }));
    },

    /** Sets a person's allowance of a kind in a year (`edit` on `team`). */
    async setAllowance({
      actorId,
      organizationId,
      userId,
      kindId,
      input,
    }: {
      actorId: string;
      organizationId: string;
      userId: string;
      kindId: string;
      input: TimeOffAllowanceInput;
    }): Promise<TimeOffAllowance> {
      await organizations.authorize({ actorId, organizationId, right: { action: "edit", subject: "team" } });
      await organizations.requireMember({ organizationId, userId });
      await requireKind(organizationId, kindId);
      const row = await repository.upsertAllowance(organizationId, {
        userId,
        kindId,
        year: input.year,
        days: input.days,
      });
      return { user_id: row.userId, kind_id: row.kindId, year: row.year, days: row.days };
    },

    /**
     * A person's days off in a period, for the board and the team plan: their group's holidays and their approved and
     * requested time off. The person, or `read` on `team` in their organization; anyone else's id is a 404.
     */
    async daysOff({
      actorId,
      userId,
      query,
    }: {
      actorId: string;
      userId: string;
      query: DaysOffQuery;
    }): Promise<DayOff[]> {
      const actor = await organizations.findRoleOfUser({ userId: actorId });
      if (!actor) throw notFound("User");
      const { organizationId } = actor;
      if (userId !== actorId) {
        await organizations.requireMember({ organizationId, userId });
        if (!readTeam(actor.role)) throw forbidden("You need the right to read team to see someone else's days off");
      }
      const [holidayDays, entries, kinds] = await Promise.all([
        holidays.holidaysOfMember({ organizationId, userId, from: query.start_date, to: query.end_date }),
        repository.listTimeOff(organizationId, {
          userIds: [userId],
          from: query.start_date,
          to: query.end_date,
          statuses: ["requested", "approved"],
        }),
        repository.listKinds(organizationId),
      ]);
      return daysOffIn({
        startDate: query.start_date,
        endDate: query.end_date,
        holidays: holidayDays,
        timeOff: entries.map(toTimeOff),
        kinds: new Map(kinds.map((kind) => [kind.id, { name: kind.name, color: kind.color }])),
      });
    },
  };
}
