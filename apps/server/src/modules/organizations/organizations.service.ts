import {
  type AccessViolation,
  type Action,
  accessViolation,
  accessViolationMessages,
  type CreateOrganizationInput,
  type CreateOrganizationResponse,
  can,
  defaultOrganizationLanguage,
  defaultRolesIn,
  defaultTimeOffKinds,
  defaultWorkflowStatuses,
  isUnitBlocked,
  normalizeDomain,
  type Organization,
  type OrganizationSettings,
  occupiesSeat,
  type PlanConfigEntry,
  partitionDomains,
  type Role,
  type Subject,
  type UpdateOrganizationInput,
  type UpdateOrganizationResponse,
  type UserStatus,
} from "@timetrap/domain";
import { type Database, isUniqueViolation } from "../../db/database.js";
import { AppError, forbidden, notFound } from "../../http/app-error.js";
import type { AuditService } from "../audit/audit.service.js";
import type { SessionClient } from "../sessions/session-client.js";
import type { InvitationQueries } from "./invitations.repository.js";
import type {
  MemberRow,
  MembershipRow,
  OrganizationQueries,
  OrganizationRow,
  OrganizationsRepository,
  PlanRow,
  RoleRow,
} from "./organizations.repository.js";

export interface Membership {
  organization: Organization;
  role: Role;
}

/** A person in an organization, with their role. */
export interface Member {
  userId: string;
  email: string;
  nominative: string;
  imageUrl: string | null;
  status: UserStatus;
  role: Role;
}

/** How a change moves one member, for the access rules: their status or role afterwards. */
export type MemberChange = (member: Member) => Pick<Member, "status" | "role">;

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;

/** Every organization starts on this plan (seeded by a migration). */
const initialPlanCode = "free";

function toRole(row: RoleRow): Role {
  return { uid: row.id, name: row.name, acls: row.acls };
}

function toMember(row: MemberRow): Member {
  return {
    userId: row.user.id,
    email: row.user.email,
    nominative: row.user.nominative,
    imageUrl: row.user.imageUrl,
    status: row.user.status,
    role: toRole(row.role),
  };
}

function seatLimitMessage(config: readonly PlanConfigEntry[], verb: "invite" | "activate"): string {
  const limit = config.find((entry) => entry.unitType === "USER")?.tierLimit;
  if (typeof limit !== "number") return "Your plan does not include more users. Upgrade the plan to add them";
  return `Your plan allows ${limit} user${limit === 1 ? "" : "s"}. Upgrade the plan to ${verb} more`;
}

function toOrganization(row: OrganizationRow, plan: PlanRow, domains: string[]): Organization {
  return {
    uid: row.id,
    name: row.name,
    domains,
    language: row.language,
    plan: {
      uid: plan.id,
      code: plan.code,
      name: plan.name,
      config: plan.config,
      subscription: plan.subscription ?? null,
    },
    subscription_id: row.subscriptionId,
    require_two_factor: row.requireTwoFactor,
    settings: settingsOf(row),
  };
}

function settingsOf(row: OrganizationRow): OrganizationSettings {
  return {
    approval_period: row.approvalPeriod,
    lock_before: row.lockBefore,
    prevent_overlapping_activities: row.preventOverlappingActivities,
  };
}

/** The submitted domains, normalized and in their order, that were malformed or held by another organization. */
function rejectedDomains(submitted: readonly string[], accepted: readonly string[]): string[] {
  const rejected: string[] = [];
  for (const domain of submitted.map(normalizeDomain)) {
    if (!accepted.includes(domain) && !rejected.includes(domain)) rejected.push(domain);
  }
  return rejected;
}

export function createOrganizationsService({
  repository,
  audit,
}: {
  repository: OrganizationsRepository;
  audit: Pick<AuditService, "record">;
}) {
  const { invitations } = repository;
  /** The queries on the caller's transaction when there is one. */
  const on = (tx: Database | undefined): OrganizationQueries => (tx ? repository.within(tx) : repository);
  const invitationsOn = (tx: Database | undefined): InvitationQueries => (tx ? invitations.within(tx) : invitations);

  async function membershipOf(repo: OrganizationQueries, row: MembershipRow): Promise<Membership> {
    const domains = await repo.findDomains(row.organization.id);
    return { organization: toOrganization(row.organization, row.plan, domains), role: toRole(row.role) };
  }

  /** Sets the organization's domains and answers which submitted ones were refused. */
  async function assignDomains(repo: OrganizationQueries, organizationId: string, submitted: readonly string[]) {
    const { valid } = partitionDomains(submitted);
    const owners = await repo.findDomainOwners(valid);
    const free = valid.filter((d) => (owners.get(d) ?? organizationId) === organizationId);
    await repo.replaceDomains(organizationId, free);
    const held = await repo.findDomains(organizationId);
    return { domains: held, invalidDomains: rejectedDomains(submitted, held) };
  }

  /**
   * A request about another user: 404 unless that user is in the actor's organization (so ids of other
   * organizations reveal nothing), then 403.
   */
  async function assertActingOnSelf(actorId: string, userId: string): Promise<void> {
    if (actorId === userId) return;
    const [actor, target] = await Promise.all([
      repository.findMembershipByUserId(actorId),
      repository.findMembershipByUserId(userId),
    ]);
    if (!actor || !target || actor.organization.id !== target.organization.id) throw notFound("User");
    throw forbidden("You can only do this for your own account");
  }

  /** The actor's membership of `organizationId`: 404 when they are not in it, so other organizations reveal nothing. */
  async function requireMember(actorId: string, organizationId: string) {
    const row = await repository.findMembershipByUserId(actorId);
    if (!row || row.organization.id !== organizationId) throw notFound("Organization");
    return row;
  }

  /** The actor's membership of `organizationId` with the permission checked: 404 outside it, 403 without the right. */
  async function requireMembership(actorId: string, organizationId: string, action: Action, subject: Subject) {
    const row = await requireMember(actorId, organizationId);
    if (!can(toRole(row.role), action, subject)) throw forbidden(`You need the right to ${action} ${subject}`);
    return row;
  }

  /** The seats the plan's USER unit counts: active members and pending, unexpired invitations (decision 008). */
  async function countSeats(organizationId: string, tx: Database | undefined): Promise<number> {
    const [members, openInvitations] = await Promise.all([
      on(tx).findMembers(organizationId),
      invitationsOn(tx).countOpen(organizationId, new Date()),
    ]);
    return members.filter((m) => occupiesSeat(m.user.status)).length + openInvitations;
  }

  return {
    /** The organization's usage of the plan's USER unit, as the invite and activation limit counts it. */
    countSeats: ({ organizationId, tx }: { organizationId: string; tx?: Database }) => countSeats(organizationId, tx),

    /**
     * For every organization-scoped route: the actor's organization and role, after checking they belong to
     * `organizationId` (else 404) and, when `right` is given, that their role has it (else 403). Pass a
     * function as `right` for rules that are more than one action on one subject.
     */
    async authorize({
      actorId,
      organizationId,
      right,
    }: {
      actorId: string;
      organizationId: string;
      right?: { action: Action; subject: Subject } | { allowed: (role: Role) => boolean; description: string };
    }): Promise<Membership> {
      const row = await requireMember(actorId, organizationId);
      const role = toRole(row.role);
      if (right && "allowed" in right && !right.allowed(role))
        throw forbidden(`You need the right to ${right.description}`);
      if (right && "action" in right && !can(role, right.action, right.subject)) {
        throw forbidden(`You need the right to ${right.action} ${right.subject}`);
      }
      return membershipOf(repository, row);
    },

    /** The user's organization (with plan and domains) and role, or null for a user without one. */
    async findMembership({ userId }: { userId: string }): Promise<Membership | null> {
      const row = await repository.findMembershipByUserId(userId);
      return row ? membershipOf(repository, row) : null;
    },

    async getOrganization({
      actorId,
      organizationId,
    }: {
      actorId: string;
      organizationId: string;
    }): Promise<Organization> {
      const row = await requireMembership(actorId, organizationId, "read", "organization");
      return (await membershipOf(repository, row)).organization;
    },

    async createOrganization({
      actorId,
      userId,
      input,
    }: {
      actorId: string;
      userId: string;
      input: CreateOrganizationInput;
    }): Promise<CreateOrganizationResponse> {
      await assertActingOnSelf(actorId, userId);
      const alreadyMember = new AppError("CONFLICT", "You already belong to an organization");
      if (await repository.findMembershipByUserId(userId)) throw alreadyMember;
      try {
        return await repository.transaction(async (repo) => {
          const plan = await repo.findPlanByCode(initialPlanCode);
          if (!plan) throw new Error(`plan "${initialPlanCode}" is missing: were the migrations applied?`);
          const organization = await repo.insertOrganization({
            name: input.name,
            language: input.language ?? defaultOrganizationLanguage,
            planId: plan.id,
          });
          const roles = await repo.insertRoles(organization.id, defaultRolesIn(organization.language));
          const admin = roles.find((r) => r.key === "admin");
          if (!admin) throw new Error("the default roles have no admin");
          await repo.insertWorkflowStatuses(organization.id, defaultWorkflowStatuses);
          await repo.insertTimeOffKinds(organization.id, defaultTimeOffKinds(organization.language));
          await repo.insertMember({ organizationId: organization.id, userId, roleId: admin.id });
          const { domains, invalidDomains } = await assignDomains(repo, organization.id, input.domains);
          return { organization: toOrganization(organization, plan, domains), role: toRole(admin), invalidDomains };
        });
      } catch (error) {
        // Two creations racing for one user: the unique membership decides, the loser gets the same 409.
        if (isUniqueViolation(error, "organization_members_user_id_unique")) throw alreadyMember;
        throw error;
      }
    },

    async listMembers({ organizationId, tx }: { organizationId: string; tx?: Database }): Promise<Member[]> {
      return (await on(tx).findMembers(organizationId)).map(toMember);
    },

    async findMember({
      organizationId,
      userId,
      tx,
    }: {
      organizationId: string;
      userId: string;
      tx?: Database;
    }): Promise<Member | null> {
      const row = await on(tx).findMember(organizationId, userId);
      return row ? toMember(row) : null;
    },

    /** The member of `organizationId`, or 404 "User not found" for anyone else (other organizations included). */
    async requireMember({
      organizationId,
      userId,
      tx,
    }: {
      organizationId: string;
      userId: string;
      tx?: Database;
    }): Promise<Member> {
      const row = await on(tx).findMember(organizationId, userId);
      if (!row) throw notFound("User");
      return toMember(row);
    },

    /** The organization the user belongs to and their role in it, or null; lighter than `findMembership`. */
    async findRoleOfUser({ userId }: { userId: string }): Promise<{ organizationId: string; role: Role } | null> {
      const row = await repository.findRoleOfUser(userId);
      return row ? { organizationId: row.organizationId, role: toRole(row.role) } : null;
    },

    /** The organization the user belongs to, or null. */
    /**
     * The organization's settings of approval and of the overlap guard (decision 026), on the caller's transaction when
     * given: the activity writes read them under the person's lock.
     */
    async findSettings({
      organizationId,
      tx,
    }: {
      organizationId: string;
      tx?: Database;
    }): Promise<OrganizationSettings> {
      const found = await on(tx).findOrganizationById(organizationId);
      if (!found) throw notFound("Organization");
      return settingsOf(found.organization);
    },

    async findOrganizationIdOfUser({ userId, tx }: { userId: string; tx?: Database }): Promise<string | null> {
      return (await on(tx).findOrganizationIdOfUser(userId)) ?? null;
    },

    /**
     * Runs `work` in one transaction that first locks the organization: changes of members, roles and
     * statuses of one organization run one at a time, so two of them cannot each pass a check (a free seat,
     * someone left to administer access) that only one of them may pass.
     */
    withOrganizationLocked<T>({ organizationId }: { organizationId: string }, work: (tx: Database) => Promise<T>) {
      return repository.transaction(async (queries, tx) => {
        if (!(await queries.lockOrganization(organizationId))) throw notFound("Organization");
        return work(tx);
      });
    },

    /**
     * 403 PLAN_LIMIT_REACHED when the plan's USER limit leaves no seat for one more: active members and pending,
     * unexpired invitations hold the seats (decision 008). Run it under `withOrganizationLocked`, so that two
     * requests cannot both take the last seat.
     */
    async assertSeatAvailable({
      organizationId,
      planConfig,
      verb,
      tx,
    }: {
      organizationId: string;
      planConfig: readonly PlanConfigEntry[];
      verb: "invite" | "activate";
      tx?: Database;
    }): Promise<void> {
      const seats = await countSeats(organizationId, tx);
      if (isUnitBlocked(planConfig, "USER", seats)) {
        throw new AppError("PLAN_LIMIT_REACHED", seatLimitMessage(planConfig, verb));
      }
    },

    /**
     * 409 when `change` would leave the organization without an active member holding every right on roles
     * and users, or would take those rights from the actor (see `accessViolation`). Members `change` leaves
     * as they are may be returned unchanged.
     */
    async assertAccessKept({
      actorId,
      organizationId,
      change,
      tx,
    }: {
      actorId: string;
      organizationId: string;
      change: MemberChange;
      tx?: Database;
    }): Promise<void> {
      const before = (await on(tx).findMembers(organizationId)).map(toMember);
      const after = before.map((member) => ({ ...member, ...change(member) }));
      const violation: AccessViolation | null = accessViolation(actorId, before, after);
      if (violation) throw new AppError("CONFLICT", accessViolationMessages[violation]);
    },

    /** Puts a user in the organization; a user already in one fails on the unique membership. */
    async addMember({
      organizationId,
      userId,
      roleId,
      tx,
    }: {
      organizationId: string;
      userId: string;
      roleId: string;
      tx?: Database;
    }): Promise<void> {
      await on(tx).insertMember({ organizationId, userId, roleId });
    },

    /** Ends a membership; 404 when the user is not a member of the organization. */
    async removeMember({
      organizationId,
      userId,
      tx,
    }: {
      organizationId: string;
      userId: string;
      tx?: Database;
    }): Promise<void> {
      if (!(await on(tx).deleteMember(organizationId, userId))) throw notFound("User");
    },

    /**
     * The invitations of every organization: offers of a membership, kept beside the memberships they may become.
     * The members module decides who may do what with them; these are only their reads and writes.
     */
    invitations: {
      findDetails: ({ invitationId, tx }: { invitationId: string; tx?: Database }) =>
        invitationsOn(tx).findDetails(invitationId),
      findDetailsByTokenHash: ({ tokenHash, tx }: { tokenHash: string; tx?: Database }) =>
        invitationsOn(tx).findDetailsByTokenHash(tokenHash),
      listPendingOfOrganization: ({ organizationId }: { organizationId: string }) =>
        invitations.listPendingOfOrganization(organizationId),
      listOpenForEmail: ({ email, now }: { email: string; now: Date }) => invitations.listOpenForEmail(email, now),
      findPending: ({ organizationId, email, tx }: { organizationId: string; email: string; tx?: Database }) =>
        invitationsOn(tx).findPending(organizationId, email),
      lock: ({ invitationId, tx }: { invitationId: string; tx: Database }) => invitationsOn(tx).lock(invitationId),
      insert: ({ values, tx }: { values: Parameters<InvitationQueries["insert"]>[0]; tx?: Database }) =>
        invitationsOn(tx).insert(values),
      renew: ({
        invitationId,
        values,
        tx,
      }: {
        invitationId: string;
        values: Parameters<InvitationQueries["renew"]>[1];
        tx?: Database;
      }) => invitationsOn(tx).renew(invitationId, values),
      close: ({
        invitationId,
        status,
        respondedBy,
        at,
        tx,
      }: {
        invitationId: string;
        status: Parameters<InvitationQueries["close"]>[1];
        respondedBy: string | null;
        at: Date;
        tx?: Database;
      }) => invitationsOn(tx).close(invitationId, status, respondedBy, at),
    },

    async setMemberRole({
      organizationId,
      userId,
      roleId,
      tx,
    }: {
      organizationId: string;
      userId: string;
      roleId: string;
      tx?: Database;
    }): Promise<void> {
      await on(tx).updateMemberRole(organizationId, userId, roleId);
    },

    async updateOrganization({
      actorId,
      userId,
      organizationId,
      input,
      client,
    }: {
      actorId: string;
      userId: string;
      organizationId: string;
      input: UpdateOrganizationInput;
      client: SessionClient;
    }): Promise<UpdateOrganizationResponse> {
      await assertActingOnSelf(actorId, userId);
      await requireMembership(actorId, organizationId, "edit", "organization");
      return repository.transaction(async (repo, tx) => {
        const previous = await repo.findOrganizationById(organizationId);
        const previousDomains = await repo.findDomains(organizationId);
        if (input.name !== undefined) await repo.updateOrganizationName(organizationId, input.name);
        if (input.require_two_factor !== undefined) {
          await repo.setRequireTwoFactor(organizationId, input.require_two_factor);
        }
        if (input.settings !== undefined) {
          const { approval_period, lock_before, prevent_overlapping_activities } = input.settings;
          await repo.updateSettings(organizationId, {
            ...(approval_period === undefined ? {} : { approvalPeriod: approval_period }),
            ...(lock_before === undefined ? {} : { lockBefore: lock_before }),
            ...(prevent_overlapping_activities === undefined
              ? {}
              : { preventOverlappingActivities: prevent_overlapping_activities }),
          });
        }
        const invalidDomains =
          input.domains === undefined ? [] : (await assignDomains(repo, organizationId, input.domains)).invalidDomains;
        const found = await repo.findOrganizationById(organizationId);
        if (!found || !previous) throw notFound("Organization");
        const domains = await repo.findDomains(organizationId);
        const event = { organizationId, actorId, userId: null, client, tx };
        const organizationTarget = { type: "organization", id: organizationId, label: found.organization.name };
        if (previous.organization.name !== found.organization.name) {
          const [before, after] = [{ name: previous.organization.name }, { name: found.organization.name }];
          await audit.record({ ...event, kind: "organization.updated", target: organizationTarget, before, after });
        }
        const [settingsBefore, settingsAfter] = [settingsOf(previous.organization), settingsOf(found.organization)];
        const changed = (Object.keys(settingsAfter) as Array<keyof OrganizationSettings>).filter(
          (key) => settingsBefore[key] !== settingsAfter[key],
        );
        if (changed.length > 0) {
          // Who moved the lock date or turned the guard off is what an auditor asks about a changed timesheet.
          const pick = (settings: OrganizationSettings) =>
            Object.fromEntries(changed.map((key) => [key, settings[key]]));
          await audit.record({
            ...event,
            kind: "organization.updated",
            target: organizationTarget,
            before: pick(settingsBefore),
            after: pick(settingsAfter),
          });
        }
        for (const domain of domains.filter((d) => !previousDomains.includes(d))) {
          const target = { type: "domain", id: null, label: domain };
          await audit.record({ ...event, kind: "organization.domain_added", target, after: { domain } });
        }
        for (const domain of previousDomains.filter((d) => !domains.includes(d))) {
          const target = { type: "domain", id: null, label: domain };
          await audit.record({ ...event, kind: "organization.domain_removed", target, before: { domain } });
        }
        return { organization: toOrganization(found.organization, found.plan, domains), invalidDomains };
      });
    },
  };
}
