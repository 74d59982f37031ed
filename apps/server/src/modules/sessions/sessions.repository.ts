import type { PreferencesPatch, UserStatus } from "@timetrap/domain";
import { and, desc, eq, lte, ne, sql } from "drizzle-orm";
import { type PgColumn, QueryBuilder } from "drizzle-orm/pg-core";
import { type Database, namedStatement, runNamed } from "../../db/database.js";
import { organizationMembers, sessions, users } from "../../db/schema.js";

export type SessionRow = typeof sessions.$inferSelect;

/** What the check on every request learns of a session and its user. */
export interface SessionState {
  password_version: number;
  status: UserStatus;
  /** Epoch milliseconds. */
  last_seen_at: number;
  /** Epoch milliseconds. */
  expires_at: number;
  /** The user's organization (null before joining one) and preferences, which most requests go on to need. */
  organization_id: string | null;
  preferences: PreferencesPatch;
  /** The session reaches only the enrolment calls until the person sets up a second factor (decision 018). */
  enrolment_required: boolean;
}

/** The moments a sign-in sweeps by: rows that expired by `now` go, and the user's rows last seen by `idleSince`. */
interface SweepTimes {
  now: Date;
  idleSince: Date;
}

/** How many ended rows one sign-in deletes at most, so that a backlog never makes a sign-in slow. */
const sweepBatch = 100;

const epochMs = (column: PgColumn) => sql<number>`round(date_part('epoch', ${column}) * 1000)`;

/**
 * The check run on every authenticated request, in one statement by primary keys: the session's times and the two
 * facts of its user that end it (a new password version, deactivation). It reads the users table itself rather than
 * through the users module: a second round trip on every request is what it saves (decision 009). The user's
 * organization and preferences ride along, for the routes that would otherwise read them in a round trip of their own
 * (the board's, on every week shown).
 */
const checkStatement = namedStatement(
  "sessions_check",
  new QueryBuilder()
    .select({
      password_version: sql<number>`${users.passwordVersion}`.as("password_version"),
      status: sql<string>`${users.status}`.as("status"),
      last_seen_at: epochMs(sessions.lastSeenAt).as("last_seen_at"),
      expires_at: epochMs(sessions.expiresAt).as("expires_at"),
      organization_id: sql<string | null>`${organizationMembers.organizationId}`.as("organization_id"),
      preferences: sql<PreferencesPatch>`${users.preferences}`.as("preferences"),
      enrolment_required: sql<boolean>`${sessions.enrolmentRequired}`.as("enrolment_required"),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(organizationMembers, eq(organizationMembers.userId, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder("id")), eq(sessions.userId, sql.placeholder("userId")))),
);

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

export function createSessionsRepository(db: Database) {
  return {
    /**
     * A new session, in the statement that also deletes ended rows: the user's own idle or expired ones, and a batch of
     * anyone's expired ones (by the expiry index; rows another sign-in is deleting are skipped, not waited for).
     */
    async insert(
      values: { userId: string; ip: string; userAgent: string; expiresAt: Date; enrolmentRequired: boolean },
      { now, idleSince }: SweepTimes,
    ): Promise<string> {
      // Two deletes, each by its own index (expiry; user), and never on the same row.
      const result = (await db.execute(sql`
        with expired as (
          delete from ${sessions}
          where ${sessions.id} in (
            select ${sessions.id} from ${sessions}
            where ${sessions.expiresAt} <= ${now}
            limit ${sweepBatch}
            for update skip locked
          )
        ), idle as (
          delete from ${sessions}
          where ${sessions.userId} = ${values.userId}
            and ${sessions.lastSeenAt} <= ${idleSince}
            and ${sessions.expiresAt} > ${now}
        )
        insert into ${sessions} (user_id, created_at, last_seen_at, expires_at, ip, user_agent, enrolment_required)
        values (${values.userId}, ${now}, ${now}, ${values.expiresAt}, ${values.ip}, ${values.userAgent},
          ${values.enrolmentRequired})
        returning id
      `)) as unknown as { rows: Array<{ id: string }> };
      const [row] = result.rows;
      if (!row) throw new Error("the new session has no id");
      return row.id;
    },

    /** The user's session of that id and the user's state; runs by name on the database itself. */
    async findState(id: string, userId: string): Promise<SessionState | undefined> {
      const [row] = await runNamed<SessionState>(db, checkStatement, { id, userId });
      return row;
    },

    /** Writes "last seen" unless another request did since `staleSince`. */
    async touch(id: string, now: Date, staleSince: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ lastSeenAt: now })
        .where(and(eq(sessions.id, id), lte(sessions.lastSeenAt, staleSince)));
    },

    /** The user's session rows, ended ones not swept yet included, newest sign-in first. */
    listOf(userId: string): Promise<SessionRow[]> {
      return db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.createdAt), desc(sessions.id));
    },

    /** Whether the user had a session of that id (it is gone either way). */
    async delete(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
        .returning({ id: sessions.id });
      return rows.length === 1;
    },

    async deleteOthers(userId: string, keptId: string): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keptId)));
    },

    async clearEnrolmentRequired(userId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ enrolmentRequired: false })
        .where(and(eq(sessions.userId, userId), eq(sessions.enrolmentRequired, true)));
    },

    async deleteAll(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
  };
}
