import type { HolidaySource, WrittenHoliday } from "@timetrap/domain";
import { and, asc, eq, gte, inArray, lte, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { holidayDays, holidayGroups, organizationMembers } from "../../db/schema.js";

export type HolidayGroupRow = typeof holidayGroups.$inferSelect;
export type HolidayDayRow = Pick<typeof holidayDays.$inferSelect, "groupId" | "date" | "name" | "halfDay" | "source">;
export type HolidayGroupValues = Pick<
  typeof holidayGroups.$inferInsert,
  "name" | "country" | "region" | "convention" | "isDefault"
>;

export type HolidayQueries = ReturnType<typeof holidayQueries>;

export type HolidaysRepository = HolidayQueries & {
  /** Runs `work` in one transaction, with the queries bound to it. */
  transaction<T>(work: (queries: HolidayQueries, tx: Database) => Promise<T>): Promise<T>;
  within(tx: Database): HolidayQueries;
};

export function createHolidaysRepository(db: Database): HolidaysRepository {
  return {
    ...holidayQueries(db),
    transaction: (work) => db.transaction((tx) => work(holidayQueries(tx), tx)),
    within: (tx) => holidayQueries(tx),
  };
}

// Several hundred days a group: inserted in slices, well under the drivers' limit of parameters per statement.
const insertSlice = 500;

const dayColumns = {
  groupId: holidayDays.groupId,
  date: holidayDays.date,
  name: holidayDays.name,
  halfDay: holidayDays.halfDay,
  source: holidayDays.source,
};

function holidayQueries(db: Database) {
  const inOrganization = (organizationId: string, id: string) =>
    and(eq(holidayGroups.organizationId, organizationId), eq(holidayGroups.id, id));

  return {
    /** The organization's groups, the default first, then by name. */
    listGroups(organizationId: string): Promise<HolidayGroupRow[]> {
      return db
        .select()
        .from(holidayGroups)
        .where(eq(holidayGroups.organizationId, organizationId))
        .orderBy(sql`${holidayGroups.isDefault} desc`, sql`lower(${holidayGroups.name})`, asc(holidayGroups.id));
    },

    async findGroup(organizationId: string, id: string): Promise<HolidayGroupRow | undefined> {
      const [row] = await db.select().from(holidayGroups).where(inOrganization(organizationId, id));
      return row;
    },

    /** Members per group: those who chose it, and for the default those who chose none. */
    async memberCounts(organizationId: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ groupId: holidayGroups.id, count: sql<number>`count(${organizationMembers.userId})::int` })
        .from(holidayGroups)
        .leftJoin(
          organizationMembers,
          and(
            eq(organizationMembers.organizationId, holidayGroups.organizationId),
            sql`(${organizationMembers.holidayGroupId} = ${holidayGroups.id} or (${organizationMembers.holidayGroupId} is null and ${holidayGroups.isDefault}))`,
          ),
        )
        .where(eq(holidayGroups.organizationId, organizationId))
        .groupBy(holidayGroups.id);
      return new Map(rows.map((row) => [row.groupId, Number(row.count)]));
    },

    async insertGroup(organizationId: string, values: HolidayGroupValues): Promise<HolidayGroupRow> {
      const [row] = await db
        .insert(holidayGroups)
        .values({ ...values, organizationId })
        .returning();
      return row!;
    },

    async updateGroup(
      organizationId: string,
      id: string,
      values: Partial<HolidayGroupValues>,
    ): Promise<HolidayGroupRow | undefined> {
      const [row] = await db
        .update(holidayGroups)
        .set({ ...values, updatedAt: new Date() })
        .where(inOrganization(organizationId, id))
        .returning();
      return row;
    },

    /** The default moves: every other group of the organization stops being it (before one becomes it). */
    async clearDefault(organizationId: string, exceptId?: string): Promise<void> {
      await db
        .update(holidayGroups)
        .set({ isDefault: false, updatedAt: new Date() })
        .where(
          and(
            eq(holidayGroups.organizationId, organizationId),
            eq(holidayGroups.isDefault, true),
            ...(exceptId ? [ne(holidayGroups.id, exceptId)] : []),
          ),
        );
    },

    /** Its days go with it; its members fall back to the default (the foreign key sets their group to null). */
    async deleteGroup(organizationId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(holidayGroups)
        .where(inOrganization(organizationId, id))
        .returning({ id: holidayGroups.id });
      return rows.length > 0;
    },

    /** Replaces the group's days of one source with `days`. */
    async replaceDays(
      organizationId: string,
      groupId: string,
      source: HolidaySource,
      days: readonly WrittenHoliday[],
    ): Promise<void> {
      await db.delete(holidayDays).where(and(eq(holidayDays.groupId, groupId), eq(holidayDays.source, source)));
      for (let i = 0; i < days.length; i += insertSlice) {
        await db.insert(holidayDays).values(
          days.slice(i, i + insertSlice).map((day) => ({
            organizationId,
            groupId,
            date: day.date,
            name: day.name,
            halfDay: day.half_day,
            source,
          })),
        );
      }
    },

    /** The own days of the groups, by date. */
    ownDays(groupIds: readonly string[]): Promise<HolidayDayRow[]> {
      if (groupIds.length === 0) return Promise.resolve([]);
      return db
        .select(dayColumns)
        .from(holidayDays)
        .where(and(inArray(holidayDays.groupId, [...groupIds]), eq(holidayDays.source, "own")))
        .orderBy(asc(holidayDays.date));
    },

    /** A group's days (both sources) from `from` to `to`, by date, public before own on a date. */
    daysBetween(groupId: string, from: string, to: string): Promise<HolidayDayRow[]> {
      return db
        .select(dayColumns)
        .from(holidayDays)
        .where(and(eq(holidayDays.groupId, groupId), gte(holidayDays.date, from), lte(holidayDays.date, to)))
        .orderBy(asc(holidayDays.date), sql`${holidayDays.source} = 'own'`);
    },

    /** Each member's own group (null: the default). */
    async memberGroupIds(organizationId: string, userIds: readonly string[]): Promise<Map<string, string | null>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ userId: organizationMembers.userId, groupId: organizationMembers.holidayGroupId })
        .from(organizationMembers)
        .where(
          and(
            eq(organizationMembers.organizationId, organizationId),
            inArray(organizationMembers.userId, [...userIds]),
          ),
        );
      return new Map(rows.map((row) => [row.userId, row.groupId]));
    },

    /** False when the user is not a member of the organization. */
    async setMemberGroup(organizationId: string, userId: string, groupId: string | null): Promise<boolean> {
      const rows = await db
        .update(organizationMembers)
        .set({ holidayGroupId: groupId })
        .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
        .returning({ userId: organizationMembers.userId });
      return rows.length > 0;
    },
  };
}
