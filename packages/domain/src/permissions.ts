import { z } from "zod";
import type { Language } from "./languages.js";

export const subjects = ["organization", "role", "user", "project", "timesheet", "team"] as const;
export const actions = ["read", "create", "edit", "delete"] as const;
export type Subject = (typeof subjects)[number];
export type Action = (typeof actions)[number];

export const aclSchema = z.object({
  subject: z.enum(subjects),
  actions: z.array(z.enum(actions)),
});
export type Acl = z.infer<typeof aclSchema>;

export const roleSchema = z.object({
  uid: z.string(),
  name: z.string(),
  acls: z.array(aclSchema),
});
export type Role = z.infer<typeof roleSchema>;

/** Anything carrying acls, read-only lists included (the default roles are constants). */
export interface HasAcls {
  acls: readonly { subject: Subject; actions: readonly Action[] }[];
}

/** A user without a role is a guest with no rules: every check fails. */
export function can(role: HasAcls | null | undefined, action: Action, subject: Subject): boolean {
  if (!role) return false;
  return role.acls.some((acl) => acl.subject === subject && acl.actions.includes(action));
}

const every = (subject: Subject): Acl => ({ subject, actions: [...actions] });

/** Roles created with every organization (ARCHITECTURE.md "Multi-tenancy and permissions"). */
export const defaultRoles: ReadonlyArray<{ key: "admin" | "manager" | "member"; name: string; acls: Acl[] }> = [
  { key: "admin", name: "Admin", acls: subjects.map(every) },
  {
    key: "manager",
    name: "Manager",
    acls: [
      { subject: "organization", actions: ["read"] },
      { subject: "role", actions: ["read"] },
      { subject: "user", actions: ["read"] },
      { subject: "project", actions: ["read", "create", "edit", "delete"] },
      { subject: "timesheet", actions: ["read"] },
      { subject: "team", actions: ["read", "edit"] },
    ],
  },
  { key: "member", name: "Member", acls: [{ subject: "project", actions: ["read"] }] },
];

export type DefaultRoleKey = (typeof defaultRoles)[number]["key"];

/**
 * The default roles' names in each language. Italian keeps "Manager": it is the word Italian software uses for the role,
 * and "Responsabile" is already the project team's RACI tag (decision 036).
 */
const defaultRoleNames: Record<DefaultRoleKey, Record<Language, string>> = {
  admin: { en: "Admin", it: "Amministratore" },
  manager: { en: "Manager", it: "Manager" },
  member: { en: "Member", it: "Membro" },
};

/**
 * The roles a new organization starts with, named in its language. They are ordinary roles after that: the names are
 * not translated again when the organization's language changes, and an admin may rename them.
 */
export function defaultRolesIn(language: Language): Array<{ key: DefaultRoleKey; name: string; acls: Acl[] }> {
  return defaultRoles.map((role) => ({ ...role, name: defaultRoleNames[role.key][language] }));
}

export interface MenuVisibility {
  projects: boolean;
  projectSetup: boolean;
  organizationDetail: boolean;
  subscription: boolean;
  advanced: boolean;
  /** The audit log (decision 020). */
  audit: boolean;
  customers: boolean;
  /** The user-management subgroup: roles, users, overheads, timesheet. */
  userManagement: boolean;
  users: boolean;
  overheads: boolean;
  roles: boolean;
  timesheet: boolean;
  /** The timesheet approvals (decision 026): approving and rejecting need edit on timesheet. */
  approvals: boolean;
  organizationGroup: boolean;
}

/** Which sidebar entries a role sees (spec part 1 §6, part 2 §6). */
export function menuVisibility(role: HasAcls | null | undefined): MenuVisibility {
  const readProject = can(role, "read", "project");
  const editOrganization = can(role, "edit", "organization");
  const readOrganization = can(role, "read", "organization");
  const readUser = can(role, "read", "user");
  const readRole = can(role, "read", "role");
  const readTimesheet = can(role, "read", "timesheet");
  const editTimesheet = can(role, "edit", "timesheet");
  return {
    projects: readProject,
    projectSetup: readProject,
    organizationDetail: editOrganization,
    subscription: editOrganization,
    advanced: editOrganization,
    audit: editOrganization,
    customers: readOrganization,
    userManagement: readUser || readRole || readTimesheet,
    users: readUser,
    overheads: readUser,
    roles: readRole,
    timesheet: readTimesheet,
    approvals: editTimesheet,
    organizationGroup:
      readProject || editOrganization || readOrganization || readUser || readRole || readTimesheet || editTimesheet,
  };
}
