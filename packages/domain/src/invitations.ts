import { z } from "zod";
import { nominativeSchema, passwordSchema } from "./auth.js";

/**
 * An invitation is an offer to join an organization, not a membership (decision 008). What is stored is one of
 * pending, accepted, declined or revoked; a reader also sees "expired" for a pending one whose link ran out.
 */
export const invitationStates = ["pending", "expired", "accepted", "declined", "revoked"] as const;
export type InvitationState = (typeof invitationStates)[number];
export type InvitationStatus = Exclude<InvitationState, "expired">;

/** Verification links are valid this long and work once. */
export const emailVerificationLifetimeHours = 48;

interface InvitationTimes {
  status: InvitationStatus;
  /** Epoch milliseconds, or a Date. */
  expires_at: number | Date;
}

function epoch(time: number | Date): number {
  return typeof time === "number" ? time : time.getTime();
}

/** The state a reader sees: a pending invitation whose expiry has come is "expired". */
export function invitationState(invitation: InvitationTimes, now: number | Date): InvitationState {
  if (invitation.status === "pending" && epoch(invitation.expires_at) <= epoch(now)) return "expired";
  return invitation.status;
}

/** Accept and decline are for a pending, unexpired invitation only; anything else is a void link. */
export function canRespondToInvitation(invitation: InvitationTimes, now: number | Date): boolean {
  return invitationState(invitation, now) === "pending";
}

/**
 * A pending, unexpired invitation takes a seat of the plan's USER limit until it is answered, revoked or expires:
 * accepting it then needs no free seat.
 */
export function invitationOccupiesSeat(invitation: InvitationTimes, now: number | Date): boolean {
  return canRespondToInvitation(invitation, now);
}

/** Seats taken: active members (an inactive one frees the seat) plus the invitations that hold one. */
export function seatsTaken(
  memberStatuses: readonly ("active" | "inactive" | "invited")[],
  invitations: readonly InvitationTimes[],
  now: number | Date,
): number {
  const members = memberStatuses.filter((status) => status !== "inactive").length;
  return members + invitations.filter((invitation) => invitationOccupiesSeat(invitation, now)).length;
}

export type InAppAcceptRefusal = "other_email" | "not_verified" | "not_pending" | "has_organization";

/**
 * Why a signed-in person may not accept an invitation from the app, or null when they may. The order matters:
 * an invitation for another address is not theirs to learn about (404) whatever else holds; only a verified
 * e-mail proves the mailbox the invitation was sent to; a void invitation is a void link; one organization per
 * person.
 */
export function inAppAcceptRefusal(
  input: {
    userEmail: string;
    emailVerified: boolean;
    hasOrganization: boolean;
    invitation: InvitationTimes & { email: string };
  },
  now: number | Date,
): InAppAcceptRefusal | null {
  if (input.userEmail.toLowerCase() !== input.invitation.email.toLowerCase()) return "other_email";
  if (!input.emailVerified) return "not_verified";
  if (!canRespondToInvitation(input.invitation, now)) return "not_pending";
  if (input.hasOrganization) return "has_organization";
  return null;
}

/** The in-app prompt offers "accept" only when this holds. */
export function canAcceptInApp(input: Parameters<typeof inAppAcceptRefusal>[0], now: number | Date): boolean {
  return inAppAcceptRefusal(input, now) === null;
}

const tokenSchema = z.string({ message: "Missing token" }).min(1, "Missing token").max(512, "Token is too long");

/** An invitation as the users list (organization side) and the in-app prompt (person side) show it. */
export const invitationSchema = z.object({
  uid: z.string(),
  organization_id: z.string(),
  organization_name: z.string(),
  email: z.string(),
  nominative: z.string(),
  role: z.object({ uid: z.string(), name: z.string() }),
  state: z.enum(invitationStates),
  /** Epoch milliseconds. */
  expires_at: z.number(),
  /** Epoch milliseconds. */
  created_at: z.number(),
  /** null when the inviting account no longer exists. */
  invited_by: z.object({ uid: z.string(), nominative: z.string() }).nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** What the anonymous invitation page shows for a valid link. */
export const invitationLinkSchema = z.object({
  email: z.string(),
  nominative: z.string(),
  organization_name: z.string(),
  inviter_nominative: z.string().nullable(),
  /** With an account, accepting joins it (no password asked); without one, a password creates it. */
  has_account: z.boolean(),
  state: z.enum(invitationStates),
});
export type InvitationLink = z.infer<typeof invitationLinkSchema>;

export const invitationLinkQuerySchema = z.object({ token: tokenSchema }).strict();

/** `password` is required when the invited address has no account yet; the server says so with a 400 naming it. */
export const acceptInvitationLinkInputSchema = z
  .object({
    token: tokenSchema,
    password: passwordSchema.optional(),
    nominative: nominativeSchema.optional(),
  })
  .strict();
export type AcceptInvitationLinkInput = z.infer<typeof acceptInvitationLinkInputSchema>;

/** Declining through the link needs nothing but the link: it proves the mailbox, as accepting does. */
export const declineInvitationLinkInputSchema = z.object({ token: tokenSchema }).strict();
export type DeclineInvitationLinkInput = z.infer<typeof declineInvitationLinkInputSchema>;

export const verifyEmailInputSchema = z.object({ token: tokenSchema }).strict();
export type VerifyEmailInput = z.infer<typeof verifyEmailInputSchema>;
