import type { Contract, Invitation, OrganizationUser, PlanConfigEntry, Role, User } from "@timetrap/domain";
import { buildOrganization, buildRole, buildUser } from "../../testing/builders";
import { jsonResponse, type StubHandler } from "../../testing/fetch-stub";
import { stubSignedInApi } from "../../testing/signed-in-api";

/** Role ids are uuids on the wire, and the invitation schema checks it. */
export const roleIds = {
  admin: "0b6f3d3c-1c1e-4a59-9d7e-2f1a6b8c9d01",
  manager: "0b6f3d3c-1c1e-4a59-9d7e-2f1a6b8c9d02",
  member: "0b6f3d3c-1c1e-4a59-9d7e-2f1a6b8c9d03",
} as const;

export function role(key: keyof typeof roleIds): Role {
  return { ...buildRole(key), uid: roleIds[key] };
}

export const unlimitedUsers: PlanConfigEntry[] = [
  { unitType: "USER", enabled: true, tierLimited: false, tierLimit: null },
];

export function usersLimitedTo(limit: number): PlanConfigEntry[] {
  return [{ unitType: "USER", enabled: true, tierLimited: true, tierLimit: limit }];
}

/** The signed-in person, an admin of org-1 by default. */
export function signedInUser(overrides: Partial<User> = {}, planConfig: PlanConfigEntry[] = unlimitedUsers): User {
  return buildUser({
    role: role("admin"),
    organization: buildOrganization({
      plan: { uid: "plan-free", code: "free", name: "Free", config: planConfig, subscription: null },
    }),
    ...overrides,
  });
}

export function buildMember(overrides: Partial<OrganizationUser> = {}): OrganizationUser {
  return {
    uid: "user-1",
    nominative: "Ada Lovelace",
    email: "ada@acme.com",
    image_url: null,
    status: "active",
    role: { uid: roleIds.admin, name: "Admin" },
    contract_type: null,
    contractual_hours: null,
    two_factor: false,
    holiday_group_id: null,
    ...overrides,
  };
}

export function buildContract(overrides: Partial<Contract> = {}): Contract {
  return {
    uid: "contract-1",
    user_id: "user-2",
    contract_type: "full-time",
    contractual_hours: 8,
    contractual_hours_by_day: null,
    hourly_cost: 25.5,
    productivity_target: 80,
    from_date: "2026-01-01",
    to_date: null,
    ...overrides,
  };
}

export const ada = buildMember();
export const bob = buildMember({
  uid: "user-2",
  nominative: "Bob Marley",
  email: "bob@acme.com",
  status: "inactive",
  role: { uid: roleIds.member, name: "Member" },
});
export const nicolo = buildMember({
  uid: "user-4",
  nominative: "Nicolò Rossi",
  email: "nrossi@acme.com",
  role: { uid: roleIds.member, name: "Member" },
});

/** A pending invitation of org-1 from Ada, valid until 12/06/2099 (at midday, the same day in every time zone). */
export function buildInvitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    uid: "invitation-1",
    organization_id: "org-1",
    organization_name: "Acme",
    email: "grace@navy.mil",
    nominative: "Grace Hopper",
    role: { uid: roleIds.manager, name: "Manager" },
    state: "pending",
    expires_at: Date.UTC(2099, 5, 12, 12),
    created_at: Date.UTC(2099, 5, 5, 12),
    invited_by: { uid: "user-1", nominative: "Ada Lovelace" },
    ...overrides,
  };
}

export const graceInvitation = buildInvitation();

/**
 * The API the users screens talk to, for org-1: the session, the roles, the given members and invitations;
 * `routes` adds or replaces handlers.
 */
export function usersServer({
  me = signedInUser(),
  users = [ada, bob, nicolo],
  invitations = [graceInvitation],
  routes = {},
}: {
  me?: User;
  users?: OrganizationUser[];
  invitations?: Invitation[];
  routes?: Record<string, StubHandler>;
} = {}) {
  return stubSignedInApi(me, {
    "GET /api/v1/organization/org-1/user": () => jsonResponse(users),
    "GET /api/v1/organization/org-1/invitation": () => jsonResponse(invitations),
    "GET /api/v1/organization/org-1/role": () => jsonResponse([role("member"), role("admin"), role("manager")]),
    ...Object.fromEntries(
      users.map((user) => [`GET /api/v1/organization/org-1/user/${user.uid}`, () => jsonResponse(user)]),
    ),
    ...routes,
  });
}
