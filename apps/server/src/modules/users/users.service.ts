import {
  can,
  type Language,
  occupiesSeat,
  type UpdateUserInput,
  type User,
  type UserStatus,
  withPreferenceDefaults,
} from "@timetrap/domain";
import { type Database, isUniqueViolation } from "../../db/database.js";
import { AppError, forbidden, notFound } from "../../http/app-error.js";
import type { AuditService } from "../audit/audit.service.js";
import type { OrganizationsService } from "../organizations/organizations.service.js";
import type { SessionClient } from "../sessions/session-client.js";
import type { SessionsService } from "../sessions/sessions.service.js";
import type { UserChanges, UserQueries, UserRow, UsersRepository, UserWithOrganization } from "./users.repository.js";

/** What other modules (auth) read about an account; never sent as is. */
export type Account = UserRow;

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService({
  repository,
  organizations,
  sessions,
  audit,
}: {
  repository: UsersRepository;
  organizations: OrganizationsService;
  sessions: Pick<SessionsService, "endAllSessions">;
  audit: Pick<AuditService, "record">;
}) {
  const on = (tx: Database | undefined): UserQueries => (tx ? repository.within(tx) : repository);

  async function toUser(row: UserRow): Promise<User> {
    const [membership, services] = await Promise.all([
      organizations.findMembership({ userId: row.id }),
      repository.findIntegrationServices(row.id),
    ]);
    return {
      uid: row.id,
      email: row.email,
      email_verified: row.emailVerifiedAt !== null,
      nominative: row.nominative,
      image_url: row.imageUrl,
      preferences: withPreferenceDefaults(row.preferences),
      status: row.status,
      integrations: services.map((service) => ({ service })),
      organization: membership?.organization ?? null,
      role: membership?.role ?? null,
      hourly_cost: row.hourlyCost,
      contractual_hours: row.contractualHours,
      productivity_target: row.productivityTarget,
      terms_of_use: row.termsOfUse,
      privacy_policy: row.privacyPolicy,
      cookie_consent: row.cookieConsent,
      external_uid: row.externalUid,
      language: row.language,
    };
  }

  async function requireAccount(userId: string): Promise<UserRow> {
    const row = await repository.findById(userId);
    if (!row) throw notFound("User");
    return row;
  }

  /** What a user may change on their own record. */
  function ownChanges(row: UserRow, input: UpdateUserInput): UserChanges {
    if (input.status !== undefined) throw forbidden("You cannot change your own status");
    const changes: UserChanges = {};
    if (input.language !== undefined) changes.language = input.language;
    if (input.terms_of_use !== undefined) changes.termsOfUse = input.terms_of_use;
    if (input.privacy_policy !== undefined) changes.privacyPolicy = input.privacy_policy;
    if (input.cookie_consent !== undefined) changes.cookieConsent = input.cookie_consent;
    if (input.preferences !== undefined) {
      changes.preferences = withPreferenceDefaults({
        ...withPreferenceDefaults(row.preferences),
        ...input.preferences,
      });
    }
    return changes;
  }

  /**
   * Another user's status, by someone with edit on user in the same organization. Activating needs a free
   * seat of the plan; no change may leave the organization without someone to administer access.
   */
  async function changeOthersStatus(
    actorId: string,
    userId: string,
    input: UpdateUserInput,
    client: SessionClient,
  ): Promise<void> {
    const [actor, targetOrganizationId] = await Promise.all([
      organizations.findMembership({ userId: actorId }),
      organizations.findOrganizationIdOfUser({ userId }),
    ]);
    if (!actor || actor.organization.uid !== targetOrganizationId) throw notFound("User");
    const { status, ...rest } = input;
    if (status === undefined || Object.keys(rest).length > 0) {
      throw forbidden("You can only change your own settings; on other users, only the status");
    }
    if (!can(actor.role, "edit", "user")) throw forbidden("You need the right to edit user");
    const organizationId = actor.organization.uid;
    await organizations.withOrganizationLocked({ organizationId }, async (tx) => {
      const target = await organizations.requireMember({ organizationId, userId, tx });
      if (occupiesSeat(status) && !occupiesSeat(target.status)) {
        await organizations.assertSeatAvailable({
          organizationId,
          planConfig: actor.organization.plan.config,
          verb: "activate",
          tx,
        });
      }
      await organizations.assertAccessKept({
        actorId,
        organizationId,
        tx,
        change: (member) => (member.userId === userId ? { ...member, status } : member),
      });
      // Sessions and invitation links of an inactive user are refused where they are checked (auth), from now on.
      await on(tx).update(userId, { status });
      if (target.status === status) return;
      await audit.record({
        kind: "user.status_changed",
        organizationId,
        actorId,
        userId,
        target: { type: "user", id: userId, label: target.nominative },
        client,
        before: { status: target.status },
        after: { status },
        tx,
      });
    });
    // Ended too, so that reactivating the user does not bring back the devices that were signed in before.
    if (status === "inactive") await sessions.endAllSessions({ userId });
  }

  return {
    async getUser({ userId }: { userId: string }): Promise<User> {
      return toUser(await requireAccount(userId));
    },

    async findAccountById({ userId }: { userId: string }): Promise<Account | undefined> {
      return repository.findById(userId);
    },

    /** Each known user's name by id: the audit log names people who may have left the organization since. */
    async findNames({ userIds }: { userIds: readonly string[] }): Promise<Map<string, string>> {
      return new Map((await repository.findNames(userIds)).map((row) => [row.id, row.nominative]));
    },

    /** An account's preferences and organization id (null without one) in one read; undefined when unknown. */
    async findAccountWithOrganization({ userId }: { userId: string }): Promise<UserWithOrganization | undefined> {
      return repository.findWithOrganization(userId);
    },

    async findAccountByEmail({ email, tx }: { email: string; tx?: Database }): Promise<Account | undefined> {
      return on(tx).findByEmail(email);
    },

    /** Holds the user's row until the caller's transaction ends; false for an unknown user. */
    lockAccount({ userId, tx }: { userId: string; tx: Database }): Promise<boolean> {
      return on(tx).lockById(userId);
    },

    async findAccountByGoogleSub({ googleSub }: { googleSub: string }): Promise<Account | undefined> {
      return repository.findByGoogleSub(googleSub);
    },

    /** A new active account; `emailVerifiedAt` when its creation already proves the mailbox (Google, an invitation link). */
    async createAccount({
      tx,
      ...values
    }: {
      email: string;
      nominative: string;
      language: Language;
      passwordHash?: string;
      googleSub?: string;
      imageUrl?: string | null;
      emailVerifiedAt?: Date;
      tx?: Database;
    }): Promise<Account> {
      try {
        return await on(tx).insert({ ...values, status: "active" });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError("CONFLICT", "This e-mail address is already registered");
        throw error;
      }
    },

    /** Sets a new password, ending earlier sessions; an invited user becomes active. */
    async setPassword({
      userId,
      passwordHash,
      nominative,
      tx,
    }: {
      userId: string;
      passwordHash: string;
      nominative?: string;
      tx?: Database;
    }): Promise<Account> {
      const current = await on(tx).findById(userId);
      if (!current) throw notFound("User");
      const status: UserStatus = current.status === "invited" ? "active" : current.status;
      const row = await on(tx).updatePassword(userId, {
        passwordHash,
        status,
        ...(nominative === undefined ? {} : { nominative }),
      });
      if (!row) throw notFound("User");
      return row;
    },

    /**
     * Remembers the Google account of a user found by verified e-mail, which also verifies the account's e-mail;
     * an invited user becomes active.
     */
    async linkGoogleAccount({ userId, googleSub }: { userId: string; googleSub: string }): Promise<Account> {
      const current = await requireAccount(userId);
      const row = await repository.update(userId, {
        googleSub,
        status: current.status === "invited" ? "active" : current.status,
        emailVerifiedAt: current.emailVerifiedAt ?? new Date(),
      });
      if (!row) throw notFound("User");
      return row;
    },

    /** An account that left its organization (or was removed) is active again: an inactive status was that organization's. */
    async reactivateAccount({ userId, tx }: { userId: string; tx?: Database }): Promise<void> {
      await on(tx).update(userId, { status: "active" });
    },

    /** Marks the account's e-mail verified; the first proof's time is kept. */
    async markEmailVerified({ userId, at, tx }: { userId: string; at: Date; tx?: Database }): Promise<Account> {
      const current = await on(tx).findById(userId);
      if (!current) throw notFound("User");
      if (current.emailVerifiedAt) return current;
      const row = await on(tx).update(userId, { emailVerifiedAt: at });
      if (!row) throw notFound("User");
      return row;
    },

    async updateUser({
      actorId,
      userId,
      input,
      client,
    }: {
      actorId: string;
      userId: string;
      input: UpdateUserInput;
      client: SessionClient;
    }): Promise<User> {
      if (actorId === userId) {
        const row = await repository.update(userId, ownChanges(await requireAccount(userId), input));
        if (!row) throw notFound("User");
        return toUser(row);
      }
      await changeOthersStatus(actorId, userId, input, client);
      return toUser(await requireAccount(userId));
    },
  };
}
