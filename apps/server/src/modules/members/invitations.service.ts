import { createHash } from "node:crypto";
import {
  canRespondToInvitation,
  type Invitation,
  type InvitationLink,
  inAppAcceptRefusal,
  invitationState,
  type Language,
} from "@timetrap/domain";
import { type Database, isUniqueViolation } from "../../db/database.js";
import { AppError, forbidden, notFound } from "../../http/app-error.js";
import type { AuditService } from "../audit/audit.service.js";
import type { InvitationDetailsRow, InvitationRow } from "../organizations/invitations.repository.js";
import type { OrganizationsService } from "../organizations/organizations.service.js";
import type { SessionClient } from "../sessions/session-client.js";
import type { Account, UsersService } from "../users/users.service.js";

export type InvitationsService = ReturnType<typeof createInvitationsService>;

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export const voidInvitation = () =>
  new AppError(
    "INVALID_TOKEN",
    "This invitation is not valid any more. Please ask the person who invited you to send a new one",
  );

const alreadyInAnOrganization = () =>
  new AppError("CONFLICT", "You are already a member of an organization. Leave it first to join another one");

export function toInvitation(row: InvitationDetailsRow, now: Date): Invitation {
  const { invitation } = row;
  return {
    uid: invitation.id,
    organization_id: invitation.organizationId,
    organization_name: row.organization.name,
    email: invitation.email,
    nominative: invitation.nominative,
    role: { uid: row.role.id, name: row.role.name },
    state: invitationState({ status: invitation.status, expires_at: invitation.expiresAt }, now),
    expires_at: invitation.expiresAt.getTime(),
    created_at: invitation.createdAt.getTime(),
    invited_by: row.inviter ? { uid: row.inviter.id, nominative: row.inviter.nominative } : null,
  };
}

/** How the account that accepts is found or made, inside the accepting transaction. */
type AccountOf = (invitation: InvitationRow, tx: Database) => Promise<Account>;

/**
 * The person's side of an invitation (decision 008): the invitations addressed to their verified e-mail, and
 * accepting or declining one, in the app or through the e-mailed link.
 */
export function createInvitationsService({
  organizations,
  users,
  audit,
}: {
  organizations: OrganizationsService;
  users: UsersService;
  audit: Pick<AuditService, "record">;
}) {
  /** The person's answer to an invitation, for the organization's log, in the answer's transaction. */
  const answerEvent = (
    kind: "invitation.accepted" | "invitation.declined",
    invitation: InvitationRow,
    personId: string | null,
    client: SessionClient,
    tx: Database,
  ) =>
    audit.record({
      kind,
      organizationId: invitation.organizationId,
      actorId: personId,
      userId: personId,
      target: { type: "invitation", id: invitation.id, label: invitation.email },
      client,
      tx,
    });

  /**
   * Accepts under the organization's lock and the invitation's row lock, in one transaction: of two accepts, or an
   * accept and a revocation, one wins and the other finds the invitation answered; a failure writes nothing.
   */
  async function accept(details: InvitationDetailsRow, accountOf: AccountOf, client: SessionClient): Promise<Account> {
    const { organizationId, id: invitationId } = details.invitation;
    try {
      return await organizations.withOrganizationLocked({ organizationId }, async (tx) => {
        const at = new Date();
        const invitation = await organizations.invitations.lock({ invitationId, tx });
        if (
          !invitation ||
          !canRespondToInvitation({ status: invitation.status, expires_at: invitation.expiresAt }, at)
        ) {
          throw voidInvitation();
        }
        const account = await accountOf(invitation, tx);
        if (await organizations.findOrganizationIdOfUser({ userId: account.id, tx })) throw alreadyInAnOrganization();
        // The seat was counted while the invitation was pending: accepting moves it from the invitation to the member.
        await organizations.addMember({ organizationId, userId: account.id, roleId: invitation.roleId, tx });
        if (
          !(await organizations.invitations.close({
            invitationId,
            status: "accepted",
            respondedBy: account.id,
            at,
            tx,
          }))
        ) {
          throw voidInvitation();
        }
        await answerEvent("invitation.accepted", invitation, account.id, client, tx);
        return account;
      });
    } catch (error) {
      // The person joined another organization meanwhile, through that organization's lock.
      if (isUniqueViolation(error, "organization_members_user_id_unique")) throw alreadyInAnOrganization();
      // An account was created for the address meanwhile (a sign-up): the link must be followed again.
      if (isUniqueViolation(error, "users_email_unique")) {
        throw new AppError("CONFLICT", "An account with this e-mail was just created. Please open the link again");
      }
      throw error;
    }
  }

  /** Marks a pending invitation declined under the organization's lock; 400 INVALID_TOKEN when it is not pending any more. */
  async function closeDeclined(
    details: InvitationDetailsRow,
    respondedBy: string | null,
    client: SessionClient,
  ): Promise<void> {
    const { id: invitationId, organizationId } = details.invitation;
    await organizations.withOrganizationLocked({ organizationId }, async (tx) => {
      const invitation = await organizations.invitations.lock({ invitationId, tx });
      const at = new Date();
      if (!invitation || !canRespondToInvitation({ status: invitation.status, expires_at: invitation.expiresAt }, at)) {
        throw voidInvitation();
      }
      await organizations.invitations.close({ invitationId, status: "declined", respondedBy, at, tx });
      await answerEvent("invitation.declined", invitation, respondedBy, client, tx);
    });
  }

  /** The invitation of a link, or 400 INVALID_TOKEN; an answered, revoked, expired or replaced link is void. */
  async function detailsOfLink(token: string): Promise<InvitationDetailsRow> {
    const details = await organizations.invitations.findDetailsByTokenHash({ tokenHash: sha256(token) });
    const invitation = details?.invitation;
    if (
      !invitation ||
      !canRespondToInvitation({ status: invitation.status, expires_at: invitation.expiresAt }, new Date())
    ) {
      throw voidInvitation();
    }
    return details;
  }

  /**
   * An account already proved to own the address joins as it is; an account nobody verified may have been made by
   * someone else with this address, so following the link (proof of the mailbox) takes it over with a new password,
   * as a password reset would.
   */
  function linkAccount(
    input: { password?: string; nominative?: string; passwordHash: () => Promise<string> },
    language: Language,
  ): AccountOf {
    return async (invitation, tx) => {
      const at = new Date();
      const existing = await users.findAccountByEmail({ email: invitation.email, tx });
      if (existing?.status === "inactive") throw voidInvitation();
      if (existing?.emailVerifiedAt) return existing;
      if (input.password === undefined) {
        const message = "Choose a password to create your account";
        throw new AppError("VALIDATION_FAILED", message, [{ field: "body.password", message }]);
      }
      const passwordHash = await input.passwordHash();
      const nominative = input.nominative ?? invitation.nominative;
      if (existing) {
        await users.setPassword({ userId: existing.id, passwordHash, nominative, tx });
        return users.markEmailVerified({ userId: existing.id, at, tx });
      }
      return users.createAccount({
        email: invitation.email,
        nominative,
        language,
        passwordHash,
        emailVerifiedAt: at,
        tx,
      });
    };
  }

  return {
    /** Pending, unexpired invitations to the user's e-mail once it is verified (an unverified one proves nothing). */
    async listMyInvitations({ userId }: { userId: string }): Promise<Invitation[]> {
      const account = await users.findAccountById({ userId });
      if (!account?.emailVerifiedAt) return [];
      const now = new Date();
      const rows = await organizations.invitations.listOpenForEmail({ email: account.email, now });
      return rows.map((row) => toInvitation(row, now));
    },

    /** Accepting in the app: only with the verified e-mail the invitation was sent to. */
    async acceptInApp({
      userId,
      invitationId,
      client,
    }: {
      userId: string;
      invitationId: string;
      client: SessionClient;
    }): Promise<void> {
      const [account, details, organizationId] = await Promise.all([
        users.findAccountById({ userId }),
        organizations.invitations.findDetails({ invitationId }),
        organizations.findOrganizationIdOfUser({ userId }),
      ]);
      if (!account || !details) throw notFound("Invitation");
      const { invitation } = details;
      const refusal = inAppAcceptRefusal(
        {
          userEmail: account.email,
          emailVerified: account.emailVerifiedAt !== null,
          hasOrganization: organizationId !== null,
          invitation: { email: invitation.email, status: invitation.status, expires_at: invitation.expiresAt },
        },
        new Date(),
      );
      if (refusal === "other_email") throw notFound("Invitation");
      if (refusal === "not_verified") throw forbidden("Verify your e-mail address before accepting an invitation");
      if (refusal === "not_pending") throw voidInvitation();
      if (refusal === "has_organization") throw alreadyInAnOrganization();
      await accept(details, async () => account, client);
    },

    /** Declining leaves no trace but the answer; the seat is free again. */
    async decline({
      userId,
      invitationId,
      client,
    }: {
      userId: string;
      invitationId: string;
      client: SessionClient;
    }): Promise<void> {
      const [account, details] = await Promise.all([
        users.findAccountById({ userId }),
        organizations.invitations.findDetails({ invitationId }),
      ]);
      // The invitation is addressed to the mailbox: only its proven owner answers it.
      if (!account || !details || details.invitation.email !== account.email) throw notFound("Invitation");
      if (!account.emailVerifiedAt) throw forbidden("Verify your e-mail address before answering an invitation");
      await closeDeclined(details, account.id, client);
    },

    /** Declining from the link, which proves the mailbox: no account or session is needed. */
    async declineByLink({ token, client }: { token: string; client: SessionClient }): Promise<void> {
      const details = await detailsOfLink(token);
      const account = await users.findAccountByEmail({ email: details.invitation.email });
      await closeDeclined(details, account?.id ?? null, client);
    },

    /** What the anonymous invitation page shows; 400 INVALID_TOKEN for a void link. */
    async describeLink({ token }: { token: string }): Promise<InvitationLink> {
      const details = await detailsOfLink(token);
      const { invitation } = details;
      const account = await users.findAccountByEmail({ email: invitation.email });
      return {
        email: invitation.email,
        nominative: invitation.nominative,
        organization_name: details.organization.name,
        inviter_nominative: details.inviter?.nominative ?? null,
        // An account nobody verified is taken over with a new password, so the page asks for one (see linkAccount).
        has_account: Boolean(account?.emailVerifiedAt),
        state: invitationState({ status: invitation.status, expires_at: invitation.expiresAt }, new Date()),
      };
    },

    /** Accepting through the link, which proves the mailbox: the account is made or joins, and is verified. */
    async acceptByLink(input: {
      token: string;
      password?: string;
      nominative?: string;
      passwordHash: () => Promise<string>;
      client: SessionClient;
    }): Promise<Account> {
      const details = await detailsOfLink(input.token);
      // A new account speaks the organization's language until its owner chooses another.
      return accept(details, linkAccount(input, details.organization.language), input.client);
    },

    /**
     * A `/change-password?email&token` link e-mailed before invitations had their own page: the migration kept its
     * token's hash on the invitation. Null when no invitation has this token (it may be a reset link).
     */
    async acceptLegacyLink(input: {
      email: string;
      token: string;
      passwordHash: () => Promise<string>;
      client: SessionClient;
    }): Promise<Account | null> {
      const details = await organizations.invitations.findDetailsByTokenHash({ tokenHash: sha256(input.token) });
      if (!details) return null;
      const { invitation } = details;
      if (
        invitation.email !== input.email ||
        !canRespondToInvitation({ status: invitation.status, expires_at: invitation.expiresAt }, new Date())
      ) {
        throw voidInvitation();
      }
      // The old page always chose a password: the mailbox's owner sets it, as a reset would.
      return accept(
        details,
        async (row, tx) => {
          const existing = await users.findAccountByEmail({ email: row.email, tx });
          if (existing?.status === "inactive") throw voidInvitation();
          const passwordHash = await input.passwordHash();
          if (!existing) {
            return users.createAccount({
              email: row.email,
              nominative: row.nominative,
              language: details.organization.language,
              passwordHash,
              emailVerifiedAt: new Date(),
              tx,
            });
          }
          await users.setPassword({ userId: existing.id, passwordHash, tx });
          return users.markEmailVerified({ userId: existing.id, at: new Date(), tx });
        },
        input.client,
      );
    },
  };
}
