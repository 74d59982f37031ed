import { sql } from "drizzle-orm";
import type { Database } from "./database.js";

/** The first key of the person's activities lock: any number no other advisory lock of the app uses. */
const activitiesLockClass = 7_412_026;

/**
 * Holds the person's activities until the transaction `tx` ends (decision 026): every write of one of their activities
 * takes it before it checks the period lock and the overlap guard, and so do the approval and the reopening of their
 * periods. Two overlapping creates then run one after the other, and the second sees the first; a write cannot slip into
 * a period while it is being approved. A transaction-level advisory lock, which both PostgreSQL and PGlite have; it must
 * be called on a transaction, or it is released at once.
 */
export async function lockActivitiesOf(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${activitiesLockClass}, hashtext(${userId}))`);
}
