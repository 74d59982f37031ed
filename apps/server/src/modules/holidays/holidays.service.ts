import {
  type CalendarDate,
  type HolidayCountryEntry,
  type HolidayDay,
  type HolidayGroup,
  type HolidayGroupInput,
  type HolidayGroupPatch,
  holidayGroupDefaultRefusal,
  holidayGroupDeletionRefusal,
  holidayGroupIdOf,
  isDefaultOnCreate,
  type Language,
} from "@timetrap/domain";
import type { Database } from "../../db/database.js";
import { AppError, notFound } from "../../http/app-error.js";
import type { AuditService } from "../audit/audit.service.js";
import type { OrganizationsService } from "../organizations/organizations.service.js";
import type { SessionClient } from "../sessions/session-client.js";
import type { HolidayDayRow, HolidayGroupRow, HolidayQueries, HolidaysRepository } from "./holidays.repository.js";
import { holidayCountries, isRegionOf, publicHolidaysOf } from "./public-holidays.js";

export type HolidaysService = ReturnType<typeof createHolidaysService>;

const editOrganization = { action: "edit", subject: "organization" } as const;

function toGroup(row: HolidayGroupRow, memberCount: number, days: readonly HolidayDayRow[]): HolidayGroup {
  return {
    id: row.id,
    name: row.name,
    country: row.country,
    region: row.region,
    convention: row.convention,
    is_default: row.isDefault,
    member_count: memberCount,
    days: days
      .filter((day) => day.groupId === row.id)
      .map((day) => ({ date: day.date, name: day.name, half_day: day.halfDay })),
  };
}

/** What the audit log keeps of a group: its terms and own days, without the counts that change by themselves. */
const auditedGroup = ({ id: _id, member_count: _count, ...terms }: HolidayGroup) => terms;

/** A region the country does not have: a 400 naming the field, as the schema's own refusals do. */
function assertRegion(country: string, region: string | null): void {
  if (region === null || isRegionOf(country, region)) return;
  throw new AppError("VALIDATION_FAILED", `${region} is not a region of ${country}`, [
    { field: "body.region", message: `${region} is not a region of ${country}: see GET holiday-countries` },
  ]);
}

export function createHolidaysService({
  repository,
  organizations,
  audit,
}: {
  repository: HolidaysRepository;
  organizations: OrganizationsService;
  audit: Pick<AuditService, "record">;
}) {
  async function groupAnswer(queries: HolidayQueries, organizationId: string, row: HolidayGroupRow) {
    const [counts, days] = await Promise.all([queries.memberCounts(organizationId), queries.ownDays([row.id])]);
    return toGroup(row, counts.get(row.id) ?? 0, days);
  }

  async function requireGroup(queries: HolidayQueries, organizationId: string, groupId: string) {
    const row = await queries.findGroup(organizationId, groupId);
    if (!row) throw notFound("Holiday group");
    return row;
  }

  /** The change's event, in its transaction. */
  const groupEvent = (
    kind: "holiday_group.created" | "holiday_group.updated" | "holiday_group.deleted",
    context: { actorId: string; organizationId: string; client: SessionClient; tx: Database },
    change: { id: string; label: string; before: HolidayGroup | null; after: HolidayGroup | null },
  ) =>
    audit.record({
      kind,
      organizationId: context.organizationId,
      actorId: context.actorId,
      userId: null,
      target: { type: "holiday_group", id: change.id, label: change.label },
      client: context.client,
      before: change.before && auditedGroup(change.before),
      after: change.after && auditedGroup(change.after),
      tx: context.tx,
    });

  /** The group of a member (their own, else the default), or null without groups. */
  async function groupOfMember(queries: HolidayQueries, organizationId: string, userId: string) {
    const [groups, own] = await Promise.all([
      queries.listGroups(organizationId),
      queries.memberGroupIds(organizationId, [userId]),
    ]);
    const id = holidayGroupIdOf(
      own.get(userId) ?? null,
      groups.map((group) => ({ id: group.id, is_default: group.isDefault })),
    );
    return groups.find((group) => group.id === id) ?? null;
  }

  return {
    /** Every member may read them: the board shows each person their holidays. */
    async listGroups({ actorId, organizationId }: { actorId: string; organizationId: string }) {
      await organizations.authorize({ actorId, organizationId });
      const rows = await repository.listGroups(organizationId);
      const [counts, days] = await Promise.all([
        repository.memberCounts(organizationId),
        repository.ownDays(rows.map((row) => row.id)),
      ]);
      return rows.map((row) => toGroup(row, counts.get(row.id) ?? 0, days));
    },

    /**
     * Makes a group with its country's public holidays written out (2000–2060) and its own days, all in one
     * transaction under the organization's lock, so that two first groups cannot both become the default.
     */
    async createGroup({
      actorId,
      organizationId,
      input,
      client,
    }: {
      actorId: string;
      organizationId: string;
      input: HolidayGroupInput;
      client: SessionClient;
    }): Promise<HolidayGroup> {
      const { organization } = await organizations.authorize({ actorId, organizationId, right: editOrganization });
      assertRegion(input.country, input.region);
      const publicDays = publicHolidaysOf(input.country, input.region, organization.language);
      return organizations.withOrganizationLocked({ organizationId }, async (tx) => {
        const queries = repository.within(tx);
        const existing = await queries.listGroups(organizationId);
        const isDefault = isDefaultOnCreate(existing.length, input.is_default);
        if (isDefault) await queries.clearDefault(organizationId);
        const row = await queries.insertGroup(organizationId, {
          name: input.name,
          country: input.country,
          region: input.region,
          convention: input.convention,
          isDefault,
        });
        await queries.replaceDays(organizationId, row.id, "public", publicDays);
        await queries.replaceDays(organizationId, row.id, "own", input.days);
        const group = await groupAnswer(queries, organizationId, row);
        await groupEvent(
          "holiday_group.created",
          { actorId, organizationId, client, tx },
          { id: row.id, label: row.name, before: null, after: group },
        );
        return group;
      });
    },

    /**
     * Changes a group. A new country or region writes its public holidays out again (a new country without a region
     * drops the old country's region); `days` replaces the own days; `is_default: true` moves the default here.
     */
    async updateGroup({
      actorId,
      organizationId,
      groupId,
      input,
      client,
    }: {
      actorId: string;
      organizationId: string;
      groupId: string;
      input: HolidayGroupPatch;
      client: SessionClient;
    }): Promise<HolidayGroup> {
      const { organization } = await organizations.authorize({ actorId, organizationId, right: editOrganization });
      return organizations.withOrganizationLocked({ organizationId }, async (tx) => {
        const queries = repository.within(tx);
        const current = await requireGroup(queries, organizationId, groupId);
        const before = await groupAnswer(queries, organizationId, current);
        const refusal = holidayGroupDefaultRefusal(before, input.is_default);
        if (refusal) throw new AppError("CONFLICT", refusal);
        const country = input.country ?? current.country;
        const countryChanged = country !== current.country;
        const region = input.region !== undefined ? input.region : countryChanged ? null : current.region;
        assertRegion(country, region);
        if (input.is_default && !current.isDefault) await queries.clearDefault(organizationId, groupId);
        const row = await queries.updateGroup(organizationId, groupId, {
          ...(input.name === undefined ? {} : { name: input.name }),
          country,
          region,
          ...(input.convention === undefined ? {} : { convention: input.convention }),
          ...(input.is_default ? { isDefault: true } : {}),
        });
        if (!row) throw notFound("Holiday group");
        if (countryChanged || region !== current.region) {
          await queries.replaceDays(
            organizationId,
            groupId,
            "public",
            publicHolidaysOf(country, region, organization.language),
          );
        }
        if (input.days !== undefined) await queries.replaceDays(organizationId, groupId, "own", input.days);
        const after = await groupAnswer(queries, organizationId, row);
        await groupEvent(
          "holiday_group.updated",
          { actorId, organizationId, client, tx },
          { id: groupId, label: row.name, before, after },
        );
        return after;
      });
    },

    /** Deletes a group; its members fall back to the default. The default goes only when it is the last group. */
    async deleteGroup({
      actorId,
      organizationId,
      groupId,
      client,
    }: {
      actorId: string;
      organizationId: string;
      groupId: string;
      client: SessionClient;
    }): Promise<void> {
      await organizations.authorize({ actorId, organizationId, right: editOrganization });
      await organizations.withOrganizationLocked({ organizationId }, async (tx) => {
        const queries = repository.within(tx);
        const current = await requireGroup(queries, organizationId, groupId);
        const before = await groupAnswer(queries, organizationId, current);
        const refusal = holidayGroupDeletionRefusal(before, (await queries.listGroups(organizationId)).length);
        if (refusal) throw new AppError("CONFLICT", refusal);
        await queries.deleteGroup(organizationId, groupId);
        await groupEvent(
          "holiday_group.deleted",
          { actorId, organizationId, client, tx },
          { id: groupId, label: current.name, before, after: null },
        );
      });
    },

    /** A group's days of a year, public and own, for every member. */
    async daysOfGroup({
      actorId,
      organizationId,
      groupId,
      year,
    }: {
      actorId: string;
      organizationId: string;
      groupId: string;
      year: number;
    }): Promise<HolidayDay[]> {
      await organizations.authorize({ actorId, organizationId });
      await requireGroup(repository, organizationId, groupId);
      const rows = await repository.daysBetween(groupId, `${year}-01-01`, `${year}-12-31`);
      return rows.map((row) => ({ date: row.date, name: row.name, half_day: row.halfDay, source: row.source }));
    },

    countries({ language }: { language: Language }): HolidayCountryEntry[] {
      return holidayCountries(language);
    },

    // --- For other modules -------------------------------------------------------------------------------------

    /** Each member's own group id (null: the default), for the members' answers. */
    memberGroupIds({ organizationId, userIds }: { organizationId: string; userIds: readonly string[] }) {
      return repository.memberGroupIds(organizationId, userIds);
    },

    /** Puts a member in a group of the organization (null: the default); 404 for a group that is not one of its. */
    async setMemberGroup({
      organizationId,
      userId,
      groupId,
      tx,
    }: {
      organizationId: string;
      userId: string;
      groupId: string | null;
      tx: Database;
    }): Promise<{ changed: boolean; before: string | null; after: string | null }> {
      const queries = repository.within(tx);
      const names = new Map((await queries.listGroups(organizationId)).map((group) => [group.id, group.name]));
      if (groupId !== null && !names.has(groupId)) throw notFound("Holiday group");
      const current = (await queries.memberGroupIds(organizationId, [userId])).get(userId) ?? null;
      if (!(await queries.setMemberGroup(organizationId, userId, groupId))) throw notFound("User");
      return {
        changed: current !== groupId,
        before: current === null ? null : (names.get(current) ?? null),
        after: groupId === null ? null : (names.get(groupId) ?? null),
      };
    },

    /** A member's holidays from `from` to `to` (their group's, public and own), by date; none without groups. */
    async holidaysOfMember({
      organizationId,
      userId,
      from,
      to,
    }: {
      organizationId: string;
      userId: string;
      from: CalendarDate;
      to: CalendarDate;
    }): Promise<Array<{ date: CalendarDate; name: string; half_day: boolean }>> {
      const group = await groupOfMember(repository, organizationId, userId);
      if (!group) return [];
      const rows = await repository.daysBetween(group.id, from, to);
      return rows.map((row) => ({ date: row.date, name: row.name, half_day: row.halfDay }));
    },
  };
}
