import {
  can,
  type Language,
  type UpdateUserInput,
  type User,
  type UserStatus,
  withPreferenceDefaults,
} from "@timetrap/domain";
import { isUniqueViolation } from "../../db/database.js";
import { AppError, forbidden, notFound } from "../../http/app-error.js";
import type { OrganizationsService } from "../organizations/organizations.service.js";
import type { UserChanges, UserRow, UsersRepository } from "./users.repository.js";

/** What other modules (auth) read about an account; never sent as is. */
export type Account = UserRow;

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService({
  repository,
  organizations,
}: {
  repository: UsersRepository;
  organizations: OrganizationsService;
}) {
  async function toUser(row: UserRow): Promise<User> {
    const membership = await organizations.findMembership({ userId: row.id });
    return {
      uid: row.id,
      email: row.email,
      nominative: row.nominative,
      image_url: row.imageUrl,
      preferences: withPreferenceDefaults(row.preferences),
      status: row.status,
      integrations: [],
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

  /** Another user's record: only the status, by someone with edit on user in the same organization. */
  async function othersChanges(actorId: string, userId: string, input: UpdateUserInput): Promise<UserChanges> {
    const [actor, target] = await Promise.all([
      organizations.findMembership({ userId: actorId }),
      organizations.findMembership({ userId }),
    ]);
    if (!actor || !target || actor.organization.uid !== target.organization.uid) throw notFound("User");
    const { status, ...rest } = input;
    if (status === undefined || Object.keys(rest).length > 0) {
      throw forbidden("You can only change your own settings; on other users, only the status");
    }
    if (!can(actor.role, "edit", "user")) throw forbidden("You need the right to edit user");
    return { status };
  }

  return {
    async getUser({ userId }: { userId: string }): Promise<User> {
      return toUser(await requireAccount(userId));
    },

    async findAccountById({ userId }: { userId: string }): Promise<Account | undefined> {
      return repository.findById(userId);
    },

    async findAccountByEmail({ email }: { email: string }): Promise<Account | undefined> {
      return repository.findByEmail(email);
    },

    async findAccountByGoogleSub({ googleSub }: { googleSub: string }): Promise<Account | undefined> {
      return repository.findByGoogleSub(googleSub);
    },

    async createAccount(values: {
      email: string;
      nominative: string;
      language: Language;
      passwordHash?: string;
      googleSub?: string;
      imageUrl?: string | null;
    }): Promise<Account> {
      try {
        return await repository.insert({ ...values, status: "active" });
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
    }: {
      userId: string;
      passwordHash: string;
      nominative?: string;
    }): Promise<Account> {
      const current = await requireAccount(userId);
      const status: UserStatus = current.status === "invited" ? "active" : current.status;
      const row = await repository.updatePassword(userId, {
        passwordHash,
        status,
        ...(nominative === undefined ? {} : { nominative }),
      });
      if (!row) throw notFound("User");
      return row;
    },

    /** Remembers the Google account of a user found by verified e-mail; an invited user becomes active. */
    async linkGoogleAccount({ userId, googleSub }: { userId: string; googleSub: string }): Promise<Account> {
      const current = await requireAccount(userId);
      const row = await repository.update(userId, {
        googleSub,
        status: current.status === "invited" ? "active" : current.status,
      });
      if (!row) throw notFound("User");
      return row;
    },

    async updateUser({
      actorId,
      userId,
      input,
    }: {
      actorId: string;
      userId: string;
      input: UpdateUserInput;
    }): Promise<User> {
      const changes =
        actorId === userId
          ? ownChanges(await requireAccount(userId), input)
          : await othersChanges(actorId, userId, input);
      const row = await repository.update(userId, changes);
      if (!row) throw notFound("User");
      return toUser(row);
    },
  };
}
