import { accessViolationMessages, invitationSchema, userSchema } from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { invitations, organizationMembers, timeBlockingEvents, timers, users } from "../../db/schema.js";
import {
  addMember,
  addMemberLacking,
  type BuiltUser,
  buildOrganization,
  buildUser,
  roleIdOf,
  uniqueEmail,
} from "../../test/factories.js";
import { request, snapshot, useTestAppWithMail } from "../../test/test-app.js";

const { t, smtp } = useTestAppWithMail();

const password = "Vermilion-Otter-Cascade-42";
const hour = 3600_000;

const invite = (orgId: string, email: string, roleId: string, token: string) =>
  request(t.app, {
    method: "POST",
    url: `/api/v1/organization/${orgId}/user/invite`,
    token,
    json: { email, nominative: "Invited Person", organization_role_id: roleId },
  });
const myInvitations = (token: string) => request(t.app, { method: "GET", url: "/api/v1/auth/invitations", token });
const accept = (id: string, token?: string) =>
  request(t.app, { method: "POST", url: `/api/v1/auth/invitations/${id}/accept`, ...(token ? { token } : {}) });
const decline = (id: string, token?: string) =>
  request(t.app, { method: "POST", url: `/api/v1/auth/invitations/${id}/decline`, ...(token ? { token } : {}) });
const me = (token: string) => request(t.app, { method: "GET", url: "/api/v1/auth/me", token });
const removeMember = (orgId: string, userId: string, token?: string) =>
  request(t.app, {
    method: "DELETE",
    url: `/api/v1/organization/${orgId}/user/${userId}`,
    ...(token ? { token } : {}),
  });
const leave = (userId: string, orgId: string, token?: string) =>
  request(t.app, {
    method: "DELETE",
    url: `/api/v1/user/${userId}/organization/${orgId}`,
    ...(token ? { token } : {}),
  });

const roleId = (organizationId: string, key: "admin" | "manager" | "member") => roleIdOf(t, organizationId, key);

async function membershipOf(userId: string) {
  return t.db.select().from(organizationMembers).where(eq(organizationMembers.userId, userId));
}

/** An organization that invited `person` (by their address) with the Manager role. */
async function invitedBy(person: { email: string }) {
  const built = await buildOrganization(t, { name: "Inviting Org" });
  const response = await invite(
    built.organization.uid,
    person.email,
    await roleId(built.organization.uid, "manager"),
    built.owner.token,
  );
  expect(response.statusCode).toBe(201);
  return { ...built, invitation: invitationSchema.parse(response.json()) };
}

/** A running timer on an activity of `user`'s board, started through the API. */
async function runTimer(user: BuiltUser): Promise<string> {
  const event = await request(t.app, {
    method: "POST",
    url: `/api/v1/user/${user.id}/time-blocking`,
    token: user.token,
    json: { title: "Focus", start_time: Date.now() - hour, end_time: Date.now() + hour },
  });
  expect(event.statusCode).toBe(201);
  const eventId = event.json().id as string;
  const started = await request(t.app, {
    method: "POST",
    url: `/api/v1/user/${user.id}/timer`,
    token: user.token,
    json: { start_time: Date.now() - 60_000, time_blocking_event_id: eventId },
  });
  expect(started.statusCode).toBe(201);
  return eventId;
}

describe("signing up with an invited address", () => {
  test("makes a plain account without organization: the sign-up takes neither the seat nor the role", async () => {
    const email = uniqueEmail("takeover");
    const { organization, invitation } = await invitedBy({ email });
    const signUp = await request(t.app, {
      method: "POST",
      url: "/api/v1/auth/basic/signup",
      json: { email, password, nominative: "Whoever" },
    });
    expect(signUp.statusCode).toBe(201);
    const { token, user } = signUp.json() as { token: string; user: unknown };
    expect(userSchema.parse(user)).toMatchObject({ organization: null, role: null, email_verified: false });
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    expect(await membershipOf(account!.id)).toHaveLength(0);
    expect((await t.db.select().from(invitations).where(eq(invitations.id, invitation.uid)))[0]!.status).toBe(
      "pending",
    );

    // Unverified, the account sees no invitation and cannot accept one.
    expect((await myInvitations(token)).json()).toEqual([]);
    const before = await snapshot(t.db);
    const refused = await accept(invitation.uid, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().ErrorMessage).toBe("Verify your e-mail address before accepting an invitation");
    expect(await snapshot(t.db)).toEqual(before);

    // Once the mailbox is proved, the in-app prompt offers it and accepting joins with the role.
    let mail = await smtp.waitForMessage(email);
    // The invitation reached the address first.
    while (!mail.links[0]?.includes("/verify-email?")) mail = await smtp.waitForMessage(email);
    const verifyToken = new URL(mail.links[0]!).searchParams.get("token")!;
    const verified = await request(t.app, {
      method: "POST",
      url: "/api/v1/auth/verify-email",
      json: { token: verifyToken },
    });
    expect(verified.statusCode).toBe(200);
    const listed = await myInvitations(token);
    expect(listed.json()).toEqual([expect.objectContaining({ uid: invitation.uid, state: "pending" })]);
    const accepted = await accept(invitation.uid, token);
    expect(accepted.statusCode).toBe(200);
    expect(userSchema.parse(accepted.json())).toMatchObject({
      organization: { uid: organization.uid },
      role: { name: "Manager" },
    });
    expect((await myInvitations(token)).json()).toEqual([]);
  });
});

describe("POST /auth/invitations/{id}/accept and /decline", () => {
  test("a verified account accepts in the app and joins with the role", async () => {
    const person = await buildUser(t, { emailVerifiedAt: new Date() });
    const { organization, invitation } = await invitedBy(person);
    const response = await accept(invitation.uid, person.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ uid: person.id, organization: { uid: organization.uid } });
    expect(await membershipOf(person.id)).toHaveLength(1);
  });

  test("answers 404 for an invitation to another address, and for an unknown one, writing nothing", async () => {
    const person = await buildUser(t, { emailVerifiedAt: new Date() });
    const other = await buildUser(t, { emailVerifiedAt: new Date() });
    const { invitation } = await invitedBy(other);
    const before = await snapshot(t.db);
    for (const id of [invitation.uid, crypto.randomUUID()]) {
      expect((await accept(id, person.token)).statusCode).toBe(404);
      expect((await decline(id, person.token)).statusCode).toBe(404);
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 409 to a member of an organization, 400 for an expired invitation, 400 for a bad id, 401 without a session", async () => {
    const { organization: home } = await buildOrganization(t);
    const member = await addMember(t, home.uid, "member", { emailVerifiedAt: new Date() });
    const { invitation } = await invitedBy(member);
    const before = await snapshot(t.db);
    const busy = await accept(invitation.uid, member.token);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().ErrorMessage).toBe(
      "You are already a member of an organization. Leave it first to join another one",
    );
    expect(await snapshot(t.db)).toEqual(before);

    const loner = await buildUser(t, { emailVerifiedAt: new Date() });
    const { invitation: late } = await invitedBy(loner);
    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, late.uid));
    const expired = await accept(late.uid, loner.token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: "INVALID_TOKEN" });
    const bad = await accept("not-an-id", loner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toContainEqual(expect.objectContaining({ field: "params.id" }));
    expect((await accept(late.uid)).statusCode).toBe(401);
    expect(await membershipOf(loner.id)).toHaveLength(0);
  });

  test("declining frees the seat; the invitation cannot be answered again and its link is void", async () => {
    const person = await buildUser(t, { emailVerifiedAt: new Date() });
    const { owner, organization, invitation } = await invitedBy(person);
    expect((await decline(invitation.uid, person.token)).statusCode).toBe(204);
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, invitation.uid));
    expect(row).toMatchObject({ status: "declined", respondedBy: person.id });
    expect(await membershipOf(person.id)).toHaveLength(0);
    expect((await decline(invitation.uid, person.token)).statusCode).toBe(400);
    expect((await accept(invitation.uid, person.token)).statusCode).toBe(400);
    const listed = await request(t.app, {
      method: "GET",
      url: `/api/v1/organization/${organization.uid}/invitation`,
      token: owner.token,
    });
    expect(listed.json()).toEqual([]);
  });

  test("two accepts of one invitation at once: one joins, the other finds it answered", async () => {
    const person = await buildUser(t, { emailVerifiedAt: new Date() });
    const { invitation } = await invitedBy(person);
    const answers = await Promise.all([accept(invitation.uid, person.token), accept(invitation.uid, person.token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(await membershipOf(person.id)).toHaveLength(1);
  });

  test("accepting two organizations' invitations at once: one membership, the other a 409 with its invitation still pending", async () => {
    const person = await buildUser(t, { emailVerifiedAt: new Date() });
    const first = await invitedBy(person);
    const second = await invitedBy(person);
    const answers = await Promise.all([
      accept(first.invitation.uid, person.token),
      accept(second.invitation.uid, person.token),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await membershipOf(person.id)).toHaveLength(1);
    const statuses = await t.db.select().from(invitations).where(eq(invitations.email, person.email));
    expect(statuses.map((row) => row.status).sort()).toEqual(["accepted", "pending"]);
  });
});

describe("DELETE /organization/{orgId}/user/{userId} (remove)", () => {
  test("removes a member: their timer stops, their events stay in the organization, and they can sign in without it", async () => {
    const { owner, organization } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member", { status: "inactive" });
    const active = await addMember(t, organization.uid, "member");
    const eventId = await runTimer(active);
    expect((await removeMember(organization.uid, active.id, owner.token)).statusCode).toBe(204);
    expect(await membershipOf(active.id)).toHaveLength(0);
    expect(await t.db.select().from(timers).where(eq(timers.userId, active.id))).toHaveLength(0);
    const [event] = await t.db.select().from(timeBlockingEvents).where(eq(timeBlockingEvents.id, eventId));
    expect(event).toMatchObject({ organizationId: organization.uid, userId: active.id, completed: true });
    expect((await me(active.token)).json()).toMatchObject({ organization: null });

    // An inactive member removed is free to use the account again.
    expect((await removeMember(organization.uid, member.id, owner.token)).statusCode).toBe(204);
    expect((await t.db.select().from(users).where(eq(users.id, member.id)))[0]!.status).toBe("active");
    expect((await removeMember(organization.uid, member.id, owner.token)).statusCode).toBe(404);
  });

  test("refuses oneself (409: leave instead) and the last one administering access (409), writing nothing", async () => {
    const { owner, organization } = await buildOrganization(t);
    const remover = await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "role" }]);
    const before = await snapshot(t.db);
    const self = await removeMember(organization.uid, owner.id, owner.token);
    expect(self.statusCode).toBe(409);
    expect(self.json().ErrorMessage).toBe("You cannot remove yourself: leave the organization instead");
    const lastAdmin = await removeMember(organization.uid, owner.id, remover.token);
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json().ErrorMessage).toBe(accessViolationMessages["organization-would-lose-administration"]);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses without delete on user (403), another organization (404), a bad id (400), no session (401), writing nothing", async () => {
    const { owner, organization } = await buildOrganization(t);
    const { owner: stranger, organization: other } = await buildOrganization(t);
    const target = await addMember(t, organization.uid, "member");
    const member = await addMember(t, organization.uid, "member");
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "delete", subject: "user" }]);
    const foreigner = await addMember(t, other.uid, "member");
    const before = await snapshot(t.db);
    for (const actor of [member, lacking]) {
      const denied = await removeMember(organization.uid, target.id, actor.token);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().ErrorMessage).toBe("You need the right to delete user");
    }
    expect((await removeMember(organization.uid, target.id, stranger.token)).statusCode).toBe(404);
    const foreign = await removeMember(organization.uid, foreigner.id, owner.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().ErrorMessage).toBe("User not found");
    const bad = await removeMember(organization.uid, "nope", owner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toContainEqual(expect.objectContaining({ field: "params.userId" }));
    expect((await removeMember(organization.uid, target.id)).statusCode).toBe(401);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("DELETE /user/{id}/organization/{orgId} (leave)", () => {
  test("a member leaves: the timer stops, the time stays, and the onboarding comes back", async () => {
    const { organization } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const eventId = await runTimer(member);
    expect((await leave(member.id, organization.uid, member.token)).statusCode).toBe(204);
    expect(await membershipOf(member.id)).toHaveLength(0);
    expect(await t.db.select().from(timers).where(eq(timers.userId, member.id))).toHaveLength(0);
    const [event] = await t.db.select().from(timeBlockingEvents).where(eq(timeBlockingEvents.id, eventId));
    expect(event).toMatchObject({ organizationId: organization.uid, completed: true });
    expect((await me(member.token)).json()).toMatchObject({ organization: null, role: null });
  });

  test("the last one administering access cannot leave (409); with another admin they can", async () => {
    const { owner, organization } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const refused = await leave(owner.id, organization.uid, owner.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().ErrorMessage).toBe(
      "You are the last user with every right on roles and users: give them to someone else before leaving",
    );
    expect(await snapshot(t.db)).toEqual(before);
    await addMember(t, organization.uid, "admin");
    expect((await leave(owner.id, organization.uid, owner.token)).statusCode).toBe(204);
  });

  test("only oneself (403 for a colleague), 404 for another organization, 400 for a bad id, writing nothing", async () => {
    const { owner, organization } = await buildOrganization(t);
    const { owner: stranger } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const before = await snapshot(t.db);
    const colleague = await leave(member.id, organization.uid, owner.token);
    expect(colleague.statusCode).toBe(403);
    expect((await leave(stranger.id, organization.uid, stranger.token)).statusCode).toBe(404);
    expect((await leave(member.id, organization.uid, stranger.token)).statusCode).toBe(404);
    const bad = await leave(member.id, "nope", member.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toContainEqual(expect.objectContaining({ field: "params.orgId" }));
    expect((await leave(member.id, organization.uid)).statusCode).toBe(401);
    expect(await snapshot(t.db)).toEqual(before);
  });
});
