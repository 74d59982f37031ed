import { z } from "zod";
import { someFieldRequired } from "./calendar-date.js";
import { type Acl, type Action, aclSchema, actions, can, type HasAcls, type Subject, subjects } from "./permissions.js";

/** One entry per subject, in the spec's order, with the actions in the spec's order and no repeats. */
export function normalizeAcls(acls: readonly Acl[]): Acl[] {
  return subjects.flatMap((subject) => {
    const granted = new Set(acls.filter((acl) => acl.subject === subject).flatMap((acl) => acl.actions));
    const ordered = actions.filter((action) => granted.has(action));
    return ordered.length > 0 ? [{ subject, actions: ordered }] : [];
  });
}

/** The acls as the matrix editor toggles them. */
export function toggleAcl(acls: readonly Acl[], subject: Subject, action: Action, granted: boolean): Acl[] {
  const others = acls.filter((acl) => acl.subject !== subject);
  const current = acls.filter((acl) => acl.subject === subject).flatMap((acl) => acl.actions);
  const next = granted ? [...current, action] : current.filter((a) => a !== action);
  return normalizeAcls([...others, { subject, actions: next }]);
}

/**
 * The rights that keep an organization manageable: every action on roles and on users. Without a person
 * holding them nobody could invite, change roles or fix the matrix again.
 */
export function administersAccess(role: HasAcls | null | undefined): boolean {
  return (["role", "user"] as const).every((subject) => actions.every((action) => can(role, action, subject)));
}

/**
 * Acls travel as JSON text (spec part 2 §7 "acls are sent as text"); a list is accepted too. Either way
 * they are validated and normalized.
 */
const aclsFieldSchema = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value);
    } catch {
      return Symbol.for("invalid-json");
    }
  },
  z.array(aclSchema, { message: "acls must be a list of {subject, actions} written as JSON" }).transform(normalizeAcls),
);

export const roleInputSchema = z
  .object({
    name: z
      .string({ message: "Name is required" })
      .trim()
      .min(1, "Name is required")
      .max(60, "Name is at most 60 characters"),
    acls: aclsFieldSchema,
  })
  .strict();
export type RoleInput = z.infer<typeof roleInputSchema>;

export const roleUpdateSchema = /* @__PURE__ */ someFieldRequired(
  z.object({ name: roleInputSchema.shape.name, acls: aclsFieldSchema }).partial().strict(),
);
export type RoleUpdate = z.infer<typeof roleUpdateSchema>;

/** The uid and name of a role not yet saved (spec part 2 §2 "Roles"). */
export const newRoleDraft = { uid: "-1", name: "New role", acls: [] as Acl[] } as const;

interface MemberAccess {
  userId: string;
  status: "active" | "inactive" | "invited";
  role: HasAcls | null;
}

export type AccessViolation = "organization-would-lose-administration" | "actor-would-lose-administration";

/**
 * Checks a change of roles or members (a role's acls, a member's role, a member's status) against the two
 * rules that keep an organization manageable, given its members before and after the change:
 * an actor who administers access cannot take that away from themself, and at least one active member
 * must keep it. Null when the change is allowed.
 */
export function accessViolation(
  actorId: string,
  before: readonly MemberAccess[],
  after: readonly MemberAccess[],
): AccessViolation | null {
  const administers = (members: readonly MemberAccess[], userId: string) =>
    members.some((m) => m.userId === userId && m.status === "active" && administersAccess(m.role));
  if (administers(before, actorId) && !administers(after, actorId)) return "actor-would-lose-administration";
  const keeps = after.some((m) => m.status === "active" && administersAccess(m.role));
  const kept = before.some((m) => m.status === "active" && administersAccess(m.role));
  if (kept && !keeps) return "organization-would-lose-administration";
  return null;
}

export const accessViolationMessages: Record<AccessViolation, string> = {
  "actor-would-lose-administration": "You cannot remove your own rights to manage roles and users",
  "organization-would-lose-administration":
    "The organization must keep at least one active user with every right on roles and users",
};
