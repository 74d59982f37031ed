import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { calendarFeeds } from "../../db/schema.js";

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

export type CalendarFeedRepository = ReturnType<typeof createCalendarFeedRepository>;

/** A person's feed: one row while it is on, keyed by the person; the secret's hash finds the person from the address. */
export function createCalendarFeedRepository(db: Database) {
  return {
    async findByUser(userId: string): Promise<CalendarFeedRow | undefined> {
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
      return row;
    },

    async findByHash(secretHash: string): Promise<CalendarFeedRow | undefined> {
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.secretHash, secretHash));
      return row;
    },

    /** Turns the feed on, or replaces its secret (and its creation time): the old address stops working at once. */
    async save(values: Pick<CalendarFeedRow, "userId" | "secretHash" | "secret">): Promise<CalendarFeedRow> {
      const [row] = await db
        .insert(calendarFeeds)
        .values(values)
        .onConflictDoUpdate({
          target: calendarFeeds.userId,
          set: { secretHash: values.secretHash, secret: values.secret, createdAt: sql`now()` },
        })
        .returning();
      if (!row) throw new Error("the feed has no row");
      return row;
    },

    /** Turns the feed off (nothing to do when it is off). */
    async remove(userId: string): Promise<void> {
      await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    },
  };
}
