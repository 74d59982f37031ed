import {
  type CalendarDate,
  type Contract,
  type InviteUserInput,
  type Language,
  type OrganizationUser,
  occupiesSeat,
  type PlanConfigEntry,
  todayIn,
  type UpdateMemberInput,
  withPreferenceDefaults,
} from "@timetrap/domain";
import { type Database, isUniqueViolation } from "../../db/database.js";
import { AppError } from "../../http/app-error.js";
import { type InvitationEmailOptions, invitationEmail } from "../../mail/invitation-email.js";
import type { Mailer } from "../../mail/mailer.js";
import type { AuthService } from "../auth/auth.service.js";
import type { ContractsService } from "../contracts/contracts.service.js";
import type { Member, OrganizationsService } from "../organizations/organizations.service.js";
import type { RolesService } from "../roles/roles.service.js";
import type { UsersService } from "../users/users.service.js";

export type MembersService = ReturnType<typeof createMembersService>;

export interface InvitationOutcome {
  /** False when the e-mail was already invited here and only a new link went out. */
  created: boolean;
  user: OrganizationUser;
}

function toOrganizationUser(member: Member, contract: Contract | null): OrganizationUser {
  return {
    uid: member.userId,
    nominative: member.nominative,
    email: member.email,
    image_url: member.imageUrl,
    status: member.status,
    role: { uid: member.role.uid, name: member.role.name },
    contract_type: contract?.contract_type ?? null,
    contractual_hours: contract?.contractual_hours ?? null,
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

interface InvitationContext {
  organizationId: string;
  planConfig: readonly PlanConfigEntry[];
  /** The organization's: the invited person has not chosen a language yet. */
  language: Language;
  roleId: string;
  input: InviteUserInput;
}

/** The unique indexes that decide between two invitations racing for one e-mail. */
const invitationRaces = ["users_email_unique", "organization_members_user_id_unique"];

export function createMembersService({
  organizations,
  users,
  roles,
  contracts,
  auth,
  mailer,
  settings,
}: {
  organizations: OrganizationsService;
  users: UsersService;
  roles: RolesService;
  contracts: ContractsService;
  auth: AuthService;
  mailer: Mailer;
  settings: { appUrl: string };
}) {
  async function withContracts(actorId: string, organizationId: string, members: Member[]) {
    const actor = await users.findAccountById({ userId: actorId });
    const today = todayInZone(withPreferenceDefaults(actor?.preferences ?? {}).timeZone);
    const inForce = await contracts.contractsInForce({
      organizationId,
      userIds: members.map((m) => m.userId),
      date: today,
    });
    return members.map((member) => toOrganizationUser(member, inForce.get(member.userId) ?? null));
  }

  async function organizationUser(actorId: string, organizationId: string, userId: string) {
    const member = await organizations.requireMember({ organizationId, userId });
    const [user] = await withContracts(actorId, organizationId, [member]);
    return user!;
  }

  /**
   * One attempt at an invitation, inside the organization's lock: what to answer and which e-mail to send
   * once the transaction has committed.
   */
  async function invite(
    tx: Database,
    { organizationId, planConfig, language, roleId, input }: InvitationContext,
  ): Promise<{ created: boolean; userId: string; mail: Omit<InvitationEmailOptions, "inviter" | "organization"> }> {
    const mailBase = { to: input.email, language };
    const account = await users.findAccountByEmail({ email: input.email, tx });
    if (account) {
      const holder = await organizations.findOrganizationIdOfUser({ userId: account.id, tx });
      if (holder && holder !== organizationId) {
        throw new AppError("CONFLICT", "This e-mail belongs to a user of another organization");
      }
      if (holder && account.status !== "invited") {
        throw new AppError("CONFLICT", `${account.email} is already a user of this organization`);
      }
      if (!holder) {
        if (occupiesSeat(account.status)) {
          await organizations.assertSeatAvailable({ organizationId, planConfig, verb: "invite", tx });
        }
        await organizations.addMember({ organizationId, userId: account.id, roleId, tx });
      }
      // An account that chose a password joins with it; one still invited (here, or nowhere yet) needs a link.
      if (account.status !== "invited") {
        return {
          created: true,
          userId: account.id,
          mail: { ...mailBase, nominative: account.nominative, kind: "sign-in", link: `${settings.appUrl}/login` },
        };
      }
      const link = await auth.createInvitationLink({ userId: account.id, email: account.email, tx });
      return {
        created: !holder,
        userId: account.id,
        mail: { ...mailBase, nominative: account.nominative, kind: "set-password", link },
      };
    }
    await organizations.assertSeatAvailable({ organizationId, planConfig, verb: "invite", tx });
    const created = await users.createInvitedAccount({
      email: input.email,
      nominative: input.nominative,
      language,
      tx,
    });
    await organizations.addMember({ organizationId, userId: created.id, roleId, tx });
    const link = await auth.createInvitationLink({ userId: created.id, email: created.email, tx });
    return {
      created: true,
      userId: created.id,
      mail: { ...mailBase, nominative: created.nominative, kind: "set-password", link },
    };
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
        onlyActive ? members.filter((m) => m.status === "active") : members,
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
     * Invites a person by e-mail (decision 005): a new invited account, an account without organization
     * joining, or a new link for someone still invited here. Two requests for one e-mail are decided by the
     * unique e-mail and membership indexes; the loser runs again and gets the answer a later request would.
     */
    async inviteUser({
      actorId,
      organizationId,
      input,
    }: {
      actorId: string;
      organizationId: string;
      input: InviteUserInput;
    }): Promise<InvitationOutcome> {
      const { organization } = await organizations.authorize({
        actorId,
        organizationId,
        right: { action: "create", subject: "user" },
      });
      const role = await roles.requireRole({ organizationId, roleId: input.organization_role_id });
      const context: InvitationContext = {
        organizationId,
        planConfig: organization.plan.config,
        language: organization.language,
        roleId: role.uid,
        input,
      };
      const attempt = () => organizations.withOrganizationLocked({ organizationId }, (tx) => invite(tx, context));
      let outcome: Awaited<ReturnType<typeof attempt>>;
      try {
        outcome = await attempt();
      } catch (error) {
        if (!invitationRaces.some((constraint) => isUniqueViolation(error, constraint))) throw error;
        outcome = await attempt();
      }
      const inviter = await users.findAccountById({ userId: actorId });
      mailer.dispatch(
        invitationEmail({
          ...outcome.mail,
          inviter: inviter?.nominative ?? organization.name,
          organization: organization.name,
        }),
      );
      return { created: outcome.created, user: await organizationUser(actorId, organizationId, outcome.userId) };
    },

    /** Gives a member another role of the organization, unless that would break the access rules. */
    async updateMember({
      actorId,
      organizationId,
      userId,
      input,
    }: {
      actorId: string;
      organizationId: string;
      userId: string;
      input: UpdateMemberInput;
    }): Promise<OrganizationUser> {
      await organizations.authorize({ actorId, organizationId, right: { action: "edit", subject: "user" } });
      const role = await roles.requireRole({ organizationId, roleId: input.role_id });
      await organizations.withOrganizationLocked({ organizationId }, async (tx) => {
        await organizations.requireMember({ organizationId, userId, tx });
        await organizations.assertAccessKept({
          actorId,
          organizationId,
          tx,
          change: (member) => (member.userId === userId ? { ...member, role } : member),
        });
        await organizations.setMemberRole({ organizationId, userId, roleId: role.uid, tx });
      });
      return organizationUser(actorId, organizationId, userId);
    },
  };
}
