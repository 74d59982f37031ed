import type { AuditKind, AuditValues } from "@timetrap/domain";
import type { SessionClient } from "../sessions/session-client.js";
import type { UsersService } from "../users/users.service.js";
import type { AuditService } from "./audit.service.js";

export type RecordAccountEvent = ReturnType<typeof createAccountEvents>;

/**
 * Events about one person's account (sign-ins, second factors, passkeys) go to the log of the organization the person
 * belongs to at that moment, none outside one (decision 020): every module that records them asks the same way.
 */
export function createAccountEvents({
  audit,
  users,
}: {
  audit: Pick<AuditService, "record">;
  users: Pick<UsersService, "findAccountWithOrganization">;
}) {
  return async function recordAccountEvent({
    kind,
    userId,
    actorId = userId,
    client,
    target = { type: "user", id: userId, label: null },
    before,
    after,
  }: {
    kind: AuditKind;
    userId: string;
    /** Who did it: the person themself unless said otherwise (null when nobody was signed in). */
    actorId?: string | null;
    client: SessionClient | null;
    target?: { type: string; id: string | null; label: string | null };
    before?: AuditValues | null;
    after?: AuditValues | null;
  }): Promise<void> {
    const organizationId = (await users.findAccountWithOrganization({ userId }))?.organizationId ?? null;
    await audit.record({
      kind,
      organizationId,
      actorId,
      userId,
      target,
      client,
      before: before ?? null,
      after: after ?? null,
    });
  };
}
