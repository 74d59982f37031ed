import { randomBytes } from "node:crypto";
import {
  accessViolationMessages,
  type CalendarDate,
  type Contract,
  canMemberGo,
  type Invitation,
  type InviteUserInput,
  invitationLifetimeDays,
  invitationOccupiesSeat,
  type OrganizationUser,
  type PlanConfigEntry,
  todayIn,
  type UpdateMemberInput,
  withPreferenceDefaults,
} from "@timetrap/domain";
import type { Database } from "../../db/database.js";
import { AppError, forbidden, notFound } from "../../http/app-error.js";
import { invitationEmail, invitationLink } from "../../mail/invitation-email.js";
import type { Mailer } from "../../mail/mailer.js";
import type { AuditService } from "../audit/audit.service.js";
import type { ContractsService } from "../contracts/contracts.service.js";
import type { HolidaysService } from "../holidays/holidays.service.js";
import type { InvitationRow } from "../organizations/invitations.repository.js";
import type { Member, OrganizationsService } from "../organizations/organizations.service.js";
import type { RolesService } from "../roles/roles.service.js";
import type { SessionClient } from "../sessions/session-client.js";
import type { TimersService } from "../timers/timers.service.js";
import type { TwoFactorService } from "../two-factor/two-factor.service.js";
import type { UsersService } from "../users/users.service.js";
import { sha256, toInvitation } from "./invitations.service.js";

export type MembersService = ReturnType<typeof createMembersService>;

export interface InvitationOutcome {
  /** False when the address was already invited here: the invitation was renewed and a new link sent. */
  created: boolean;
  invitation: Invitation;
}

function toOrganizationUser(
  member: Member,
  contract: Contract | null,
  twoFactor: boolean,
  holidayGroupId: string | null,
): OrganizationUser {
  return {
    uid: member.userId,
    nominative: member.nominative,
    email: member.email,
    image_url: member.imageUrl,
    status: member.status,
    role: { uid: member.role.uid, name: member.role.name },
    contract_type: contract?.contract_type ?? null,
    contractual_hours: contract?.contractual_hours ?? null,
    two_factor: twoFactor,
    holiday_group_id: holidayGroupId,
  };
}

/** Today where the reader is, so "the contract in force today" is the one they expect; else the server's day. */
function todayInZone(timeZone: string | null): CalendarDate {
  try {
    return todayIn(timeZone ?? undefined);
  } catch {
    // A time zone the runtime does not know: the preferences accept any text.
    return todayIn();
  }
}

const invitationLifetimeMs = invitationLifetimeDays * 24 * 60 * 60_000;

const notPending = (state: string) => new AppError("CONFLICT", `This invitation is ${state}: invite the person again`);

export function createMembersService({
  organizations,
  users,
  roles,
  contracts,
  timers,
  mailer,
  audit,
  settings,
  twoFactor,
  holidays,
}: {
  organizations: OrganizationsService;
  users: UsersService;
  roles: RolesService;
  contracts: ContractsService;
  timers: Pick<TimersService, "stopTimer">;
  mailer: Mailer;
  audit: Pick<AuditService, "record">;
  settings: { appUrl: string };
  twoFactor: Pick<TwoFactorService, "usersWithSecondFactor">;
  holidays: Pick<HolidaysService, "memberGroupIds" | "setMemberGroup">;
}) {
  /** An invitation's event for the organization's log, in the change's transaction. */
  const invitationEvent = (
    kind: "invitation.sent" | "invitation.resent" | "invitation.revoked",
    context: { actorId: string; organizationId: string; client: SessionClient; tx: Database },
    invitation: { id: string; email: string },
    after?: Record<string, unknown>,
  ) =>
    audit.record({
      kind,
      organizationId: context.organizationId,
      actorId: context.actorId,
      userId: null,
      target: { type: "invitation", id: invitation.id, label: invitation.email },
      client: context.client,
      after: after ?? null,
      tx: context.tx,
    });

  async function withContracts(actorId: string, organizationId: string, members: Member[]) {
    const actor = await users.findAccountById({ userId: actorId });
    const today = todayInZone(withPreferenceDefaults(actor?.preferences ?? {}).timeZone);
    const userIds = members.map((m) => m.userId);
    const [inForce, withSecondFactor, holidayGroups] = await Promise.all([
      contracts.contractsInForce({ organizationId, userIds, date: today }),
      twoFactor.usersWithSecondFactor({ userIds }),
      holidays.memberGroupIds({ organizationId, userIds }),
    ]);
    return members.map((member) =>
      toOrganizationUser(
        member,
        inForce.get(member.userId) ?? null,
        withSecondFactor.has(member.userId),
        holidayGroups.get(member.userId) ?? null,
      ),
    );
  }

  async function organizationUser(actorId: string, organizationId: string, userId: string) {
    const member = await organizations.requireMember({ organizationId, userId });
    const [user] = await withContracts(actorId, organizationId, [member]);
    return user!;
  }

  /** The invitation, answered after the transaction that wrote it committed, with the e-mail sent then too. */
  async function sendInvitation(
    actorId: string,
    invitationId: string,
    token: string,
    organization: { name: string },
  ): Promise<Invitation> {
    const details = await organizations.invitations.findDetails({ invitationId });
    if (!details) throw notFound("Invitation");
    const { invitation } = details;
    const inviter = await users.findAccountById({ userId: actorId });
    await mailer.send(
      invitationEmail({
        to: invitation.email,
        nominative: invitation.nominative,
        inviter: inviter?.nominative ?? organization.name,
        organization: organization.name,
        language: details.organization.language,
        link: invitationLink(settings.appUrl, token),
      }),
    );
    return toInvitation(details, new Date());
  }

  /** A new link, valid for the full lifetime again; an expired invitation takes its seat back, if there is one. */
  async function renew(
    tx: Database,
    invitation: InvitationRow,
    context: { actorId: string; organizationId: string; planConfig: readonly PlanConfigEntry[] },
    changes: { nominative?: string; roleId?: string } = {},
  ): Promise<string> {
    const now = new Date();
    if (!invitationOccupiesSeat({ status: invitation.status, expires_at: invitation.expiresAt }, now)) {
      await organizations.assertSeatAvailable({
        organizationId: context.organizationId,
        planConfig: context.planConfig,
        verb: "invite",
        tx,
      });
    }
    const token = randomBytes(32).toString("base64url");
    await organizations.invitations.renew({
      invitationId: invitation.id,
      values: {
        tokenHash: sha256(token),
        expiresAt: new Date(now.getTime() + invitationLifetimeMs),
        invitedBy: context.actorId,
        ...changes,
      },
      tx,
    });
    return token;
  }

  /** The organization's invitation, held until the transaction ends; 404 for another organization's. */
  async function lockInvitation(tx: Database, organizationId: string, invitationId: string): Promise<InvitationRow> {
    const invitation = await organizations.invitations.lock({ invitationId, tx });
    if (!invitation || invitation.organizationId !== organizationId) throw notFound("Invitation");
    return invitation;
  }

  /**
   * A member going (removed or leaving): their running timer stops first, through the timers' own rules, so its time
   * is logged on the event while they can still write their board. Their events, contracts and time stay, attributed.
   */
  async function stopTimerOf(userId: string): Promise<void> {
    try {
      await timers.stopTimer({ actorId: userId, userId });
    } catch (error) {
      if (error instanceof AppError && error.code === "NOT_FOUND") return;
      throw error;
    }
  }

  /** Ends the membership under the organization's lock, unless nobody would be left to administer access. */
  async function endMembership(
    organizationId: string,
    userId: string,
    lastAdminMessage: string,
    event: { kind: "member.left" | "member.removed"; actorId: string; client: SessionClient },
  ): Promise<void> {
    await organizations.withOrganizationLocked({ organizationId }, async (tx) => {
      const members = await organizations.listMembers({ organizationId, tx });
      const leaving = members.find((member) => member.userId === userId);
      if (!leaving) throw notFound("User");
      if (!canMemberGo(userId, members)) throw new AppError("CONFLICT", lastAdminMessage);
      await organizations.removeMember({ organizationId, userId, tx });
      // Deactivation was about this organization: without it the account is theirs to use again.
      await users.reactivateAccount({ userId, tx });
      const target = { type: "user", id: userId, label: leaving.nominative };
      const before = { role: leaving.role.name, status: leaving.status };
      await audit.record({ ...event, organizationId, userId, target, before, tx });
    });
  }

  /** The checks of `endMembership` before the timer stops, so that a refused removal changes nothing. */
  async function assertMayGo(organizationId: string, userId: string, lastAdminMessage: string): Promise<void> {
    const members = await organizations.listMembers({ organizationId });
    if (!members.some((member) => member.userId === userId)) throw notFound("User");
    if (!canMemberGo(userId, members)) throw new AppError("CONFLICT", lastAdminMessage);
  }

  return {
    async listUsers({
      actorId,
      organizationId,
      onlyActive,
    }: {
      actorId: string;
      organizationId: string;
      onlyActive: boolean;
    }): Promise<OrganizationUser[]> {
      // Any member: colleagues are needed to assign work and plan the team (decision 005).
      await organizations.authorize({ actorId, organizationId });
      const members = await organizations.listMembers({ organizationId });
      return withContracts(
        actorId,
        organizationId,
        members.filter((m) => (onlyActive ? m.status === "active" : m.status !== "invited")),
      );
    },

    async getUser({
      actorId,
      organizationId,
      userId,
    }: {
      actorId: string;
      organizationId: string;
      userId: string;
    }): Promise<OrganizationUser> {
      await organizations.authorize({ actorId, organizationId });
      return organizationUser(actorId, organizationId, userId);
    },

    /**
     * Invites a person by e-mail (decision 008): a pending invitation, never a membership. The answer is the same
     * whoever owns the address (a new person, an account, a member of another organization): nothing changes for
     * them until they accept. An address already pending here gets its invitation renewed. Decided under the
     * organization's lock, so two invitations cannot both take the last seat.
     */
    async inviteUser({
      actorId,
      organizationId,
      input,
      client,
    }: {
      actorId: string;
      organizationId: string;
      input: InviteUserInput;
      client: SessionClient;
    }): Promise<InvitationOutcome> {
      const { organization } = await organizations.authorize({
        actorId,
        organizationId,
        right: { action: "create", subject: "user" },
      });
      const role = await roles.requireRole({ organizationId, roleId: input.organization_role_id });
      const context = { actorId, organizationId, planConfig: organization.plan.config };
      const outcome = await organizations.withOrganizationLocked({ organizationId }, async (tx) => {
        const account = await users.findAccountByEmail({ email: input.email, tx });
        if (account && (await organizations.findMember({ organizationId, userId: account.id, tx }))) {
          throw new AppError("CONFLICT", `${input.email} is already a user of this organization`);
        }
        const pending = await organizations.invitations.findPending({ organizationId, email: input.email, tx });
        const terms = { nominative: input.nominative, role: role.name };
        const event = { actorId, organizationId, client, tx };
        if (pending) {
          const token = await renew(tx, pending, context, { nominative: input.nominative, roleId: role.uid });
          await invitationEvent("invitation.sent", event, pending, terms);
          return { created: false, invitationId: pending.id, token };
        }
        await organizations.assertSeatAvailable({ organizationId, planConfig: context.planConfig, verb: "invite", tx });
        const token = randomBytes(32).toString("base64url");
        const created = await organizations.invitations.insert({
          values: {
            organizationId,
            email: input.email,
            nominative: input.nominative,
            roleId: role.uid,
            invitedBy: actorId,
            tokenHash: sha256(token),
            expiresAt: new Date(Date.now() + invitationLifetimeMs),
          },
          tx,
        });
        await invitationEvent("invitation.sent", event, created, terms);
        return { created: true, invitationId: created.id, token };
      });
      return {
        created: outcome.created,
        invitation: await sendInvitation(actorId, outcome.invitationId, outcome.token, organization),
      };
    },

    /** The organization's pending invitations, expired ones included, newest first (needs read on user). */
    async listInvitations({ actorId, organizationId }: { actorId: string; organizationId: string }) {
      await organizations.authorize({ actorId, organizationId, right: { action: "read", subject: "user" } });
      const now = new Date();
      const rows = await organizations.invitations.listPendingOfOrganization({ organizationId });
      return rows.map((row) => toInvitation(row, now));
    },

    /** A new link valid for 7 more days; the earlier links stop working (needs create on user). */
    async resendInvitation({
      actorId,
      organizationId,
      invitationId,
      client,
    }: {
      actorId: string;
      organizationId: string;
      invitationId: string;
      client: SessionClient;
    }): Promise<Invitation> {
      const { organization } = await organizations.authorize({
        actorId,
        organizationId,
        right: { action: "create", subject: "user" },
      });
      const context = { actorId, organizationId, planConfig: organization.plan.config };
      const token = await organizations.withOrganizationLocked({ organizationId }, async (tx) => {
        const invitation = await lockInvitation(tx, organizationId, invitationId);
        if (invitation.status !== "pending") throw notPending(invitation.status);
        const token = await renew(tx, invitation, context);
        await invitationEvent("invitation.resent", { actorId, organizationId, client, tx }, invitation);
        return token;
      });
      return sendInvitation(actorId, invitationId, token, organization);
    },

    /** Takes an invitation back: its link stops working and its seat is free (needs create on user). */
    async revokeInvitation({
      actorId,
      organizationId,
      invitationId,
      client,
    }: {
      actorId: string;
      organizationId: string;
      invitationId: string;
      client: SessionClient;
    }): Promise<void> {
      await organizations.authorize({ actorId, organizationId, right: { action: "create", subject: "user" } });
      await organizations.withOrganizationLocked({ organizationId }, async (tx) => {
        const invitation = await lockInvitation(tx, organizationId, invitationId);
        if (invitation.status !== "pending") throw notPending(invitation.status);
        await organizations.invitations.close({
          invitationId,
          status: "revoked",
          respondedBy: null,
          at: new Date(),
          tx,
        });
        await invitationEvent("invitation.revoked", { actorId, organizationId, client, tx }, invitation);
      });
    },

    /**
     * An admin removes a member (needs delete on user): never oneself (that is leaving) and never the last one who
     * administers access. Their time stays in the organization's reports, attributed.
     */
    async removeMember({
      actorId,
      organizationId,
      userId,
      client,
    }: {
      actorId: string;
      organizationId: string;
      userId: string;
      client: SessionClient;
    }): Promise<void> {
      await organizations.authorize({ actorId, organizationId, right: { action: "delete", subject: "user" } });
      if (userId === actorId) {
        throw new AppError("CONFLICT", "You cannot remove yourself: leave the organization instead");
      }
      const message = accessViolationMessages["organization-would-lose-administration"];
      await assertMayGo(organizationId, userId, message);
      await stopTimerOf(userId);
      await endMembership(organizationId, userId, message, { kind: "member.removed", actorId, client });
    },

    /** A member leaves the organization, unless they are the last one who administers access. */
    async leaveOrganization({
      actorId,
      userId,
      organizationId,
      client,
    }: {
      actorId: string;
      userId: string;
      organizationId: string;
      client: SessionClient;
    }): Promise<void> {
      await organizations.authorize({ actorId, organizationId });
      if (userId !== actorId) {
        throw forbidden("You can only leave an organization yourself; an admin removes others from the users list");
      }
      const message =
        "You are the last user with every right on roles and users: give them to someone else before leaving";
      await assertMayGo(organizationId, userId, message);
      await stopTimerOf(userId);
      await endMembership(organizationId, userId, message, { kind: "member.left", actorId, client });
    },

    /**
     * Gives a member another role of the organization (`edit` on `user`), unless that would break the access rules,
     * and puts them in a holiday group (`edit` on `organization`; null: the default).
     */
    async updateMember({
      actorId,
      organizationId,
      userId,
      input,
      client,
    }: {
      actorId: string;
      organizationId: string;
      userId: string;
      input: UpdateMemberInput;
      client: SessionClient;
    }): Promise<OrganizationUser> {
      if (input.role_id !== undefined) {
        await organizations.authorize({ actorId, organizationId, right: { action: "edit", subject: "user" } });
      }
      if (input.holiday_group_id !== undefined) {
        await organizations.authorize({ actorId, organizationId, right: { action: "edit", subject: "organization" } });
      }
      const role =
        input.role_id === undefined ? null : await roles.requireRole({ organizationId, roleId: input.role_id });
      await organizations.withOrganizationLocked({ organizationId }, async (tx) => {
        const current = await organizations.requireMember({ organizationId, userId, tx });
        const target = { type: "user", id: userId, label: current.nominative };
        if (input.holiday_group_id !== undefined) {
          const change = await holidays.setMemberGroup({ organizationId, userId, groupId: input.holiday_group_id, tx });
          if (change.changed) {
            await audit.record({
              kind: "member.holiday_group_changed",
              organizationId,
              actorId,
              userId,
              target,
              client,
              before: { holiday_group: change.before },
              after: { holiday_group: change.after },
              tx,
            });
          }
        }
        if (!role) return;
        await organizations.assertAccessKept({
          actorId,
          organizationId,
          tx,
          change: (member) => (member.userId === userId ? { ...member, role } : member),
        });
        await organizations.setMemberRole({ organizationId, userId, roleId: role.uid, tx });
        if (current.role.uid === role.uid) return;
        await audit.record({
          kind: "member.role_changed",
          organizationId,
          actorId,
          userId,
          target,
          client,
          before: { role: current.role.name },
          after: { role: role.name },
          tx,
        });
      });
      return organizationUser(actorId, organizationId, userId);
    },
  };
}
