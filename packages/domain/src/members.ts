import { z } from "zod";
import { emailSchema } from "./auth.js";
import { someFieldRequired } from "./calendar-date.js";
import type { HasAcls } from "./permissions.js";
import { administersAccess } from "./roles.js";
import { type UserStatus, userStatuses } from "./user.js";

/** A person as the organization's user list shows them (spec part 2 §3 "User (as seen here)"). */
export const organizationUserSchema = z.object({
  uid: z.string(),
  nominative: z.string(),
  email: z.string(),
  image_url: z.string().nullable(),
  status: z.enum(userStatuses),
  role: z.object({ uid: z.string(), name: z.string() }).nullable(),
  /** From the contract in force today; null without one. */
  contract_type: z.enum(["full-time", "part-time"]).nullable(),
  contractual_hours: z.number().nullable(),
  /** Signs in with a second factor: an authenticator app or a passkey. */
  two_factor: z.boolean(),
  /** The person's holiday group; null: the organization's default (decision 026). */
  holiday_group_id: z.string().nullable(),
});
export type OrganizationUser = z.infer<typeof organizationUserSchema>;

export const inviteUserInputSchema = z
  .object({
    email: emailSchema,
    nominative: z
      .string({ message: "Name is required" })
      .trim()
      .min(2, "Name needs at least 2 characters")
      .max(120, "Name is at most 120 characters"),
    organization_role_id: z.uuid({ message: "Role is required" }),
  })
  .strict();
export type InviteUserInput = z.infer<typeof inviteUserInputSchema>;

export const updateMemberInputSchema = someFieldRequired(
  z
    .object({
      role_id: z
        .uuid({ message: "Role is required" })
        .describe("Another role of the organization (needs `edit` on `user`)"),
      holiday_group_id: z
        .uuid({ message: "holiday_group_id must be the id of a holiday group of the organization, or null" })
        .nullable()
        .describe("The person's holiday group; null: the organization's default (needs `edit` on `organization`)"),
    })
    .partial()
    .strict(),
);
export type UpdateMemberInput = z.infer<typeof updateMemberInputSchema>;

/** Active and invited users take a seat of the plan's USER limit; an inactive one frees it. */
export function occupiesSeat(status: UserStatus): boolean {
  return status !== "inactive";
}

export const userStatusFilters = ["active", "inactive", "invited", "all"] as const;
export type UserStatusFilter = (typeof userStatusFilters)[number];
export const defaultUserStatusFilter: UserStatusFilter = "active";

/** Lower case without accents, so "nicolò" finds "Nicolo" and the other way round. */
export function foldForSearch(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The users list's filter: a status, and a search over nominative plus e-mail (spec part 2 §2 "Users list"). */
export function matchesUserFilter(
  user: Pick<OrganizationUser, "nominative" | "email" | "status">,
  status: UserStatusFilter,
  search: string,
): boolean {
  if (status !== "all" && user.status !== status) return false;
  const words = foldForSearch(search).split(/\s+/).filter(Boolean);
  const haystack = foldForSearch(`${user.nominative} ${user.email}`);
  return words.every((word) => haystack.includes(word));
}

/**
 * Whether `userId` may go (leave, or be removed): not when they are the last active member holding every right on
 * roles and users, for then nobody could administer the organization any more.
 */
export function canMemberGo(
  userId: string,
  members: readonly { userId: string; status: UserStatus; role: HasAcls | null }[],
): boolean {
  const administers = (m: (typeof members)[number]) => m.status === "active" && administersAccess(m.role);
  if (!members.some((m) => m.userId === userId && administers(m))) return true;
  return members.some((m) => m.userId !== userId && administers(m));
}
