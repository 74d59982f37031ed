import { describe, expect, it } from "vitest";
import {
  acceptInvitationLinkInputSchema,
  canAcceptInApp,
  canRespondToInvitation,
  inAppAcceptRefusal,
  invitationOccupiesSeat,
  invitationState,
  seatsTaken,
  verifyEmailInputSchema,
} from "./invitations.js";

const now = Date.UTC(2025, 5, 10, 12, 0, 0);
const later = now + 60_000;
const earlier = now - 60_000;

describe("invitationState, canRespondToInvitation and invitationOccupiesSeat", () => {
  it.each([
    ["pending, expiring later", "pending", later, "pending", true],
    ["pending, expiring right now", "pending", now, "expired", false],
    ["pending, expired earlier", "pending", earlier, "expired", false],
    ["accepted before its expiry", "accepted", later, "accepted", false],
    ["accepted, expiry passed since", "accepted", earlier, "accepted", false],
    ["declined", "declined", later, "declined", false],
    ["revoked", "revoked", later, "revoked", false],
    ["revoked after its expiry", "revoked", earlier, "revoked", false],
  ] as const)("%s → %s", (_label, status, expiresAt, state, open) => {
    const invitation = { status, expires_at: expiresAt };
    expect(invitationState(invitation, now)).toBe(state);
    expect(canRespondToInvitation(invitation, now)).toBe(open);
    expect(invitationOccupiesSeat(invitation, now)).toBe(open);
  });

  it("takes Dates as well as epoch milliseconds", () => {
    expect(invitationState({ status: "pending", expires_at: new Date(earlier) }, new Date(now))).toBe("expired");
    expect(invitationState({ status: "pending", expires_at: new Date(later) }, new Date(now))).toBe("pending");
  });
});

describe("seatsTaken", () => {
  const pending = { status: "pending", expires_at: later } as const;
  const expired = { status: "pending", expires_at: earlier } as const;
  it.each([
    ["nobody", [], [], 0],
    ["two active members", ["active", "active"], [], 2],
    ["an inactive member frees the seat", ["active", "inactive"], [], 1],
    ["a pending invitation takes a seat", ["active"], [pending], 2],
    ["an expired invitation does not", ["active"], [expired], 1],
    [
      "answered invitations do not",
      ["active"],
      [
        { ...pending, status: "accepted" },
        { ...pending, status: "revoked" },
      ],
      1,
    ],
    ["members and invitations add up", ["active", "active", "inactive"], [pending, pending, expired], 4],
  ] as const)("%s: %i", (_label, members, invitations, expected) => {
    expect(seatsTaken(members, invitations, now)).toBe(expected);
  });
});

describe("inAppAcceptRefusal and canAcceptInApp", () => {
  const base = {
    userEmail: "anna@acme.it",
    emailVerified: true,
    hasOrganization: false,
    invitation: { email: "anna@acme.it", status: "pending", expires_at: later },
  } as const;
  it.each([
    ["a verified address without organization", {}, null],
    ["the same address in another case", { userEmail: "Anna@Acme.it" }, null],
    ["an unverified address", { emailVerified: false }, "not_verified"],
    ["someone else's invitation", { userEmail: "bob@acme.it" }, "other_email"],
    ["someone else's invitation, unverified", { userEmail: "bob@acme.it", emailVerified: false }, "other_email"],
    ["an expired invitation", { invitation: { ...base.invitation, expires_at: earlier } }, "not_pending"],
    ["a revoked invitation", { invitation: { ...base.invitation, status: "revoked" } }, "not_pending"],
    ["an accepted invitation", { invitation: { ...base.invitation, status: "accepted" } }, "not_pending"],
    ["a member of an organization", { hasOrganization: true }, "has_organization"],
    ["unverified and a member", { hasOrganization: true, emailVerified: false }, "not_verified"],
  ] as const)("%s → %s", (_label, overrides, refusal) => {
    const input = { ...base, ...overrides };
    expect(inAppAcceptRefusal(input, now)).toBe(refusal);
    expect(canAcceptInApp(input, now)).toBe(refusal === null);
  });
});

describe("acceptInvitationLinkInputSchema", () => {
  it.each([
    ["a token alone (an existing account)", { token: "t" }, true],
    [
      "a token with password and name (a new account)",
      { token: "t", password: "Vermilion-Otter-Cascade-42", nominative: "Anna" },
      true,
    ],
    ["no token", { password: "Vermilion-Otter-Cascade-42" }, false],
    ["an empty token", { token: "" }, false],
    ["a short password", { token: "t", password: "short" }, false],
    ["an empty name", { token: "t", nominative: "  " }, false],
    ["an unknown field", { token: "t", role: "admin" }, false],
  ] as const)("%s: %s", (_label, input, valid) => {
    expect(acceptInvitationLinkInputSchema.safeParse(input).success).toBe(valid);
  });
});

describe("verifyEmailInputSchema", () => {
  it.each([
    [{ token: "abc" }, true],
    [{ token: "" }, false],
    [{ token: "x".repeat(513) }, false],
    [{}, false],
  ])("%j: %s", (input, valid) => {
    expect(verifyEmailInputSchema.safeParse(input).success).toBe(valid);
  });
});
