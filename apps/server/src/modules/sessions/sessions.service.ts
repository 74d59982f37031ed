import {
  deviceOf,
  isSessionLive,
  isSessionSeenStale,
  type PreferencesPatch,
  type Session,
  sessionExpiry,
  sessionIdleDays,
  sessionTouchMinutes,
} from "@timetrap/domain";
import { notFound } from "../../http/app-error.js";
import { unauthenticated } from "../../http/authenticate.js";
import type { AuditService } from "../audit/audit.service.js";
import { createSessionTokens } from "../auth/session-token.js";
import type { SessionClient } from "./session-client.js";
import type { SessionsRepository } from "./sessions.repository.js";

export type SessionsService = ReturnType<typeof createSessionsService>;

/** Who a valid token signs in, and through which session. */
export interface SignedIn {
  userId: string;
  sessionId: string;
}

/** What else the session check read of the signed-in user: their organization (null before joining one), settings. */
export interface SignedInAccount {
  organizationId: string | null;
  preferences: PreferencesPatch;
  /** The session may reach only the enrolment calls (decision 018). */
  enrolmentRequired: boolean;
}

const dayMs = 24 * 60 * 60_000;

// Read through `Date` at each call, so that tests that set the clock move sessions' times too.
const now = () => Date.now();

export function createSessionsService({
  repository,
  authSecret,
  audit,
}: {
  repository: SessionsRepository;
  authSecret: string;
  audit: Pick<AuditService, "record">;
}) {
  const tokens = createSessionTokens(authSecret);
  const sweepTimesAt = (at: number) => ({ now: new Date(at), idleSince: new Date(at - sessionIdleDays * dayMs) });

  return {
    /**
     * Opens a session for a sign-in and answers its token. `enrolmentRequired` opens it for enrolling a second factor
     * only: the person's organization requires one they do not have.
     */
    async startSession({
      userId,
      passwordVersion,
      client,
      enrolmentRequired = false,
    }: {
      userId: string;
      passwordVersion: number;
      client: SessionClient;
      enrolmentRequired?: boolean;
    }): Promise<string> {
      const at = now();
      const expiresAt = new Date(sessionExpiry(at));
      const sessionId = await repository.insert(
        { userId, ip: client.ip, userAgent: client.userAgent, expiresAt, enrolmentRequired },
        sweepTimesAt(at),
      );
      return tokens.sign({ userId, sessionId, passwordVersion }, expiresAt);
    },

    /**
     * The user and session a token names, while the session is live, its user active and the password unchanged since
     * the sign-in; anything else is 401. One statement, plus a write of "last seen" every few minutes of use.
     */
    async verifySession({ token }: { token: string }): Promise<SignedIn & { account: SignedInAccount }> {
      const claims = await tokens.verify(token);
      if (!claims) throw unauthenticated();
      const at = now();
      const state = await repository.findState(claims.sessionId, claims.userId);
      if (
        !state ||
        !isSessionLive({ expiresAt: state.expires_at, lastSeenAt: state.last_seen_at }, at) ||
        state.password_version !== claims.passwordVersion ||
        state.status === "inactive"
      ) {
        throw unauthenticated();
      }
      if (isSessionSeenStale(state.last_seen_at, at)) {
        await repository.touch(claims.sessionId, new Date(at), new Date(at - sessionTouchMinutes * 60_000));
      }
      return {
        userId: claims.userId,
        sessionId: claims.sessionId,
        account: {
          organizationId: state.organization_id,
          preferences: state.preferences,
          enrolmentRequired: state.enrolment_required,
        },
      };
    },

    /** The person's live sessions, newest sign-in first, the asking one marked. */
    async listSessions({ userId, sessionId }: SignedIn): Promise<Session[]> {
      const at = now();
      const rows = await repository.listOf(userId);
      return rows
        .filter((row) =>
          isSessionLive({ expiresAt: row.expiresAt.getTime(), lastSeenAt: row.lastSeenAt.getTime() }, at),
        )
        .map((row) => ({
          id: row.id,
          created_at: row.createdAt.getTime(),
          last_seen_at: row.lastSeenAt.getTime(),
          ip: row.ip,
          device: deviceOf(row.userAgent),
          current: row.id === sessionId,
        }));
    },

    /**
     * Ends one of the person's sessions (the asking one included); another person's id is not found. `how` names the
     * event for the log: a sign-out, or a session ended from the list.
     */
    async endSession({
      userId,
      id,
      how,
      organizationId,
      client,
    }: {
      userId: string;
      id: string;
      how: "sign_out" | "session.ended";
      organizationId: string | null;
      client: SessionClient;
    }): Promise<void> {
      if (!(await repository.delete(userId, id))) throw notFound("Session");
      const target = { type: "session", id, label: null };
      await audit.record({ kind: how, organizationId, actorId: userId, userId, target, client });
    },

    /** Ends every session of the person but the asking one. */
    async endOtherSessions({
      userId,
      sessionId,
      organizationId,
      client,
    }: SignedIn & { organizationId: string | null; client: SessionClient }): Promise<void> {
      await repository.deleteOthers(userId, sessionId);
      await audit.record({ kind: "sessions.ended_others", organizationId, actorId: userId, userId, client });
    },

    /** The person has a second factor now: their sessions opened for enrolment reach the whole app. */
    async liftEnrolmentRequirement({ userId }: { userId: string }): Promise<void> {
      await repository.clearEnrolmentRequired(userId);
    },

    /** Ends every session of the user: their password changed, and whoever changed it signs in anew. */
    async endAllSessions({ userId }: { userId: string }): Promise<void> {
      await repository.deleteAll(userId);
    },
  };
}
