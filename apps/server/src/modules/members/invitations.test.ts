import { createHash } from "node:crypto";
import { authResponseSchema, invitationLinkSchema, invitationSchema } from "@timetrap/domain";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { invitations, organizationMembers, plans as organizationPlans, organizations, users } from "../../db/schema.js";
import {
  addMember,
  addMemberLacking,
  buildOrganization,
  buildUser,
  roleIdOf,
  uniqueEmail,
} from "../../test/factories.js";
import { request, snapshot, useTestAppWithMail } from "../../test/test-app.js";
import { totpCodeAt, withTotp } from "../../test/two-factor-factories.js";

const { t, smtp } = useTestAppWithMail();

const newPassword = "Vermilion-Otter-Cascade-42";

const invite = (orgId: string, json: unknown, token?: string) =>
  request(t.app, {
    method: "POST",
    url: `/api/v1/organization/${orgId}/user/invite`,
    json,
    ...(token ? { token } : {}),
  });
const listInvitations = (orgId: string, token: string) =>
  request(t.app, { method: "GET", url: `/api/v1/organization/${orgId}/invitation`, token });
const resend = (orgId: string, id: string, token: string) =>
  request(t.app, { method: "POST", url: `/api/v1/organization/${orgId}/invitation/${id}/resend`, token });
const revoke = (orgId: string, id: string, token: string) =>
  request(t.app, { method: "DELETE", url: `/api/v1/organization/${orgId}/invitation/${id}`, token });
const describeLink = (token: string) =>
  request(t.app, { method: "GET", url: `/api/v1/auth/invitation?token=${encodeURIComponent(token)}` });
const acceptLink = (json: unknown) => request(t.app, { method: "POST", url: "/api/v1/auth/invitation/accept", json });
const declineLink = (json: unknown) => request(t.app, { method: "POST", url: "/api/v1/auth/invitation/decline", json });
const me = (token: string) => request(t.app, { method: "GET", url: "/api/v1/auth/me", token });

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

const roleId = (organizationId: string, key: "admin" | "manager" | "member") => roleIdOf(t, organizationId, key);

async function invitationRows(email: string) {
  return t.db.select().from(invitations).where(eq(invitations.email, email));
}

/** The link of the latest e-mail to `email`, as its reader would follow it. */
async function receiveInvitation(email: string) {
  const mail = await smtp.waitForMessage(email);
  const link = new URL(mail.links[0]!);
  return { mail, link, token: link.searchParams.get("token")! };
}

/** Waits a moment, then says whether any e-mail reached `email` since `count` messages had arrived. */
async function mailedSince(count: number, email: string): Promise<boolean> {
  await new Promise((resolve) => setTimeout(resolve, 150));
  return smtp.messages.slice(count).some((m) => m.to.includes(email));
}

async function inviteNew(label = "new", key: "admin" | "manager" | "member" = "member") {
  const built = await buildOrganization(t, {
    owner: await buildUser(t, { nominative: "Giulia Rossi" }),
    name: "Acme Srl",
  });
  const email = uniqueEmail(label);
  const response = await invite(
    built.organization.uid,
    { email, nominative: "Nuovo Collega", organization_role_id: await roleId(built.organization.uid, key) },
    built.owner.token,
  );
  expect(response.statusCode).toBe(201);
  return { ...built, email, invitation: invitationSchema.parse(response.json()) };
}

describe("POST /organization/{orgId}/user/invite", () => {
  test("creates a pending invitation, never an account or a membership, and mails a link to the invitation page", async () => {
    const { owner, organization } = await buildOrganization(t, {
      owner: await buildUser(t, { nominative: "Giulia Rossi" }),
      name: "Acme Srl",
    });
    const email = uniqueEmail("new");
    const member = await roleId(organization.uid, "member");
    const before = Date.now();
    const response = await invite(
      organization.uid,
      { email: ` ${email.toUpperCase()} `, nominative: " Nuovo Collega ", organization_role_id: member },
      owner.token,
    );
    expect(response.statusCode).toBe(201);
    const invitation = invitationSchema.parse(response.json());
    expect(invitation).toEqual({
      uid: expect.any(String),
      organization_id: organization.uid,
      organization_name: "Acme Srl",
      email,
      nominative: "Nuovo Collega",
      role: { uid: member, name: "Member" },
      state: "pending",
      expires_at: expect.any(Number),
      created_at: expect.any(Number),
      invited_by: { uid: owner.id, nominative: "Giulia Rossi" },
    });
    const days = (invitation.expires_at - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7.01);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(
      await t.db.select().from(organizationMembers).where(eq(organizationMembers.organizationId, organization.uid)),
    ).toHaveLength(1);

    const { mail, link, token } = await receiveInvitation(email);
    expect(mail.subject).toBe("You are invited to Acme Srl on Timetrap");
    expect(mail.text).toContain("Hello Nuovo Collega,");
    expect(mail.text).toContain("Giulia Rossi has invited you to join Acme Srl on Timetrap.");
    expect(mail.text).toContain("within 7 days");
    expect(mail.html).toContain(`<a href="${link.toString()}">`);
    expect(`${link.origin}${link.pathname}`).toBe("http://timetrap.test/invitation");
    const [stored] = await invitationRows(email);
    expect(stored).toMatchObject({ status: "pending", tokenHash: sha256(token), invitedBy: owner.id });
  });

  test("a new address follows the link, chooses a password and is signed in as a verified member with the role", async () => {
    const { organization, email, invitation } = await inviteNew("link");
    const { token } = await receiveInvitation(email);
    const page = await describeLink(token);
    expect(page.statusCode).toBe(200);
    expect(invitationLinkSchema.parse(page.json())).toEqual({
      email,
      nominative: "Nuovo Collega",
      organization_name: "Acme Srl",
      inviter_nominative: "Giulia Rossi",
      has_account: false,
      state: "pending",
    });

    const before = await snapshot(t.db);
    const withoutPassword = await acceptLink({ token });
    expect(withoutPassword.statusCode).toBe(400);
    expect(withoutPassword.json().details).toContainEqual(expect.objectContaining({ field: "body.password" }));
    expect(await snapshot(t.db)).toEqual(before);

    const accepted = await acceptLink({ token, password: newPassword, nominative: "Anna Verdi" });
    expect(accepted.statusCode).toBe(200);
    const session = authResponseSchema.parse(accepted.json());
    expect(session.user).toMatchObject({
      email,
      nominative: "Anna Verdi",
      email_verified: true,
      status: "active",
      organization: { uid: organization.uid },
      role: { name: "Member" },
    });
    expect((await me(session.token)).json()).toMatchObject({ organization: { uid: organization.uid } });
    const signIn = await request(t.app, {
      method: "POST",
      url: "/api/v1/auth/basic",
      json: { email, password: newPassword },
    });
    expect(signIn.statusCode).toBe(200);
    const [row] = await invitationRows(email);
    expect(row).toMatchObject({ id: invitation.uid, status: "accepted", respondedBy: session.user.uid });

    // The link works once.
    const again = await acceptLink({ token, password: newPassword });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "INVALID_TOKEN" });
    expect((await describeLink(token)).statusCode).toBe(400);
  });

  test("writes the e-mail in the organization's language", async () => {
    const owner = await buildUser(t, { nominative: "Luca" });
    const created = await request(t.app, {
      method: "POST",
      url: `/api/v1/user/${owner.id}/organization`,
      token: owner.token,
      json: { name: "Ditta Italiana", language: "it" },
    });
    const organizationId = created.json().organization.uid as string;
    const email = uniqueEmail("it");
    const response = await invite(
      organizationId,
      { email, nominative: "Anna", organization_role_id: await roleId(organizationId, "member") },
      owner.token,
    );
    expect(response.statusCode).toBe(201);
    const { mail } = await receiveInvitation(email);
    expect(mail.subject).toBe("Sei invitato in Ditta Italiana su Timetrap");
    expect(mail.text).toContain("Ciao Anna,");
    expect(mail.text).toContain("Luca ti ha invitato a unirti a Ditta Italiana su Timetrap.");
  });

  test("inviting a pending address again answers 200 with the renewed invitation; the earlier link stops working", async () => {
    const { owner, organization, email, invitation } = await inviteNew("again");
    const first = await receiveInvitation(email);
    const again = await invite(
      organization.uid,
      { email, nominative: "Second Name", organization_role_id: await roleId(organization.uid, "manager") },
      owner.token,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ uid: invitation.uid, nominative: "Second Name", role: { name: "Manager" } });
    const second = await receiveInvitation(email);
    expect(second.token).not.toBe(first.token);
    expect(await invitationRows(email)).toHaveLength(1);
    const stale = await describeLink(first.token);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ code: "INVALID_TOKEN" });
    expect((await describeLink(second.token)).statusCode).toBe(200);
  });

  test("an account without organization is not captured: nothing changes for it until it accepts", async () => {
    const { owner, organization } = await buildOrganization(t, { name: "Capturers" });
    const loner = await buildUser(t, { nominative: "Lone Wolf", emailVerifiedAt: new Date() });
    const response = await invite(
      organization.uid,
      { email: loner.email, nominative: "Another Name", organization_role_id: await roleId(organization.uid, "admin") },
      owner.token,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ email: loner.email, state: "pending" });
    expect((await me(loner.token)).json()).toMatchObject({ organization: null, role: null });
    expect(await t.db.select().from(organizationMembers).where(eq(organizationMembers.userId, loner.id))).toHaveLength(
      0,
    );
    // It may still create its own organization.
    const own = await request(t.app, {
      method: "POST",
      url: `/api/v1/user/${loner.id}/organization`,
      token: loner.token,
      json: { name: "Mine" },
    });
    expect(own.statusCode).toBe(201);
  });

  test("a verified account follows the link and joins without a password, keeping its own", async () => {
    const { owner, organization } = await buildOrganization(t, { name: "Joiners" });
    const loner = await buildUser(t, { nominative: "Lone Wolf", emailVerifiedAt: new Date() });
    await invite(
      organization.uid,
      { email: loner.email, nominative: "Lone", organization_role_id: await roleId(organization.uid, "manager") },
      owner.token,
    );
    const { token } = await receiveInvitation(loner.email);
    expect((await describeLink(token)).json()).toMatchObject({ has_account: true });
    const accepted = await acceptLink({ token });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().user).toMatchObject({
      uid: loner.id,
      organization: { uid: organization.uid },
      role: { name: "Manager" },
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, loner.id));
    expect(row).toMatchObject({ passwordHash: loner.passwordHash, passwordVersion: loner.passwordVersion });
  });

  test("a verified account with two-factor on joins through the link, and signs in only through the code step", async () => {
    const { owner, organization } = await buildOrganization(t, { name: "Joiners" });
    const loner = await withTotp(t, await buildUser(t, { nominative: "Lone Wolf", emailVerifiedAt: new Date() }));
    await invite(
      organization.uid,
      { email: loner.email, nominative: "Lone", organization_role_id: await roleId(organization.uid, "member") },
      owner.token,
    );
    const { token } = await receiveInvitation(loner.email);
    const accepted = await acceptLink({ token });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ mfa_required: true, methods: ["totp", "recovery_code"] });
    expect(accepted.json()).not.toHaveProperty("token");
    const [membership] = await t.db.select().from(organizationMembers).where(eq(organizationMembers.userId, loner.id));
    expect(membership?.organizationId).toBe(organization.uid);
    const signedIn = await request(t.app, {
      method: "POST",
      url: "/api/v1/auth/basic/mfa",
      json: { ticket: accepted.json().ticket, code: totpCodeAt(loner.secret, Date.now()) },
    });
    expect(authResponseSchema.parse(signedIn.json()).user.organization?.uid).toBe(organization.uid);
  });

  test("an unverified account with the address is taken over by whoever follows the link, with a new password", async () => {
    const { owner, organization } = await buildOrganization(t);
    // Someone signed up first with the address, without proving it.
    const squatter = await buildUser(t, { nominative: "Squatter" });
    await invite(
      organization.uid,
      {
        email: squatter.email,
        nominative: "Real Owner",
        organization_role_id: await roleId(organization.uid, "member"),
      },
      owner.token,
    );
    const { token } = await receiveInvitation(squatter.email);
    expect((await describeLink(token)).json()).toMatchObject({ has_account: false });
    const accepted = await acceptLink({ token, password: newPassword, nominative: "Real Owner" });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().user).toMatchObject({ uid: squatter.id, nominative: "Real Owner", email_verified: true });
    // The squatter's password and session are gone.
    expect((await me(squatter.token)).statusCode).toBe(401);
    const oldPassword = await request(t.app, {
      method: "POST",
      url: "/api/v1/auth/basic",
      json: { email: squatter.email, password: squatter.password },
    });
    expect(oldPassword.statusCode).toBe(401);
  });

  test("a member of another organization gets the same answer; nothing changes for them, and the link asks them to leave first", async () => {
    const { owner, organization } = await buildOrganization(t);
    const { owner: foreignAdmin, organization: other } = await buildOrganization(t);
    const elsewhere = await addMember(t, other.uid, "member", { emailVerifiedAt: new Date() });
    const response = await invite(
      organization.uid,
      {
        email: elsewhere.email,
        nominative: "Elsewhere",
        organization_role_id: await roleId(organization.uid, "member"),
      },
      owner.token,
    );
    expect(response.statusCode).toBe(201);
    expect(Object.keys(response.json()).sort()).toEqual(Object.keys(invitationSchema.shape).sort());
    expect((await me(elsewhere.token)).json()).toMatchObject({ organization: { uid: other.uid } });
    // The foreign admin sees nothing of it.
    const theirs = await listInvitations(other.uid, foreignAdmin.token);
    expect(theirs.json()).toEqual([]);

    const { token } = await receiveInvitation(elsewhere.email);
    const before = await snapshot(t.db);
    const accepted = await acceptLink({ token });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().ErrorMessage).toContain("Leave it first");
    expect(await snapshot(t.db)).toEqual(before);
  });

  test.each(["active", "inactive"] as const)(
    "refuses the e-mail of an %s member of this organization with 409 and writes nothing",
    async (status) => {
      const { owner, organization } = await buildOrganization(t);
      const colleague = await addMember(t, organization.uid, "member", { status });
      const before = await snapshot(t.db);
      const sent = smtp.messages.length;
      const response = await invite(
        organization.uid,
        { email: colleague.email, nominative: "Again", organization_role_id: await roleId(organization.uid, "member") },
        owner.token,
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().ErrorMessage).toBe(`${colleague.email} is already a user of this organization`);
      expect(await snapshot(t.db)).toEqual(before);
      expect(await mailedSince(sent, colleague.email)).toBe(false);
    },
  );

  test("seats: active members and pending, unexpired invitations fill the plan; inactive members and expired invitations do not", async () => {
    const { owner, organization } = await buildOrganization(t);
    const member = await roleId(organization.uid, "member");
    // The free plan allows 5: the owner, two active, one pending invitation, and one more below.
    await addMember(t, organization.uid, "member");
    await addMember(t, organization.uid, "member");
    await addMember(t, organization.uid, "member", { status: "inactive" });
    const pending = uniqueEmail("pending");
    expect(
      (
        await invite(
          organization.uid,
          { email: pending, nominative: "Pending", organization_role_id: member },
          owner.token,
        )
      ).statusCode,
    ).toBe(201);
    const expired = uniqueEmail("expired");
    expect(
      (
        await invite(
          organization.uid,
          { email: expired, nominative: "Expired", organization_role_id: member },
          owner.token,
        )
      ).statusCode,
    ).toBe(201);
    const [expiredRow] = await invitationRows(expired);

    const sixth = uniqueEmail("sixth");
    const before = await snapshot(t.db);
    const refused = await invite(
      organization.uid,
      { email: sixth, nominative: "Sixth", organization_role_id: member },
      owner.token,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      statusCode: 403,
      error: "Forbidden",
      code: "PLAN_LIMIT_REACHED",
      ErrorMessage: "Your plan allows 5 users. Upgrade the plan to invite more",
    });
    expect(await snapshot(t.db)).toEqual(before);

    // An expired invitation frees its seat; renewing it would take one again, and there is none now.
    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, expiredRow!.id));
    expect(
      (await invite(organization.uid, { email: sixth, nominative: "Sixth", organization_role_id: member }, owner.token))
        .statusCode,
    ).toBe(201);
    const renewExpired = await resend(organization.uid, expiredRow!.id, owner.token);
    expect(renewExpired.statusCode).toBe(403);
    expect(renewExpired.json()).toMatchObject({ code: "PLAN_LIMIT_REACHED" });

    // Revoking frees a seat at once.
    const [pendingRow] = await invitationRows(pending);
    expect((await revoke(organization.uid, pendingRow!.id, owner.token)).statusCode).toBe(204);
    expect((await resend(organization.uid, expiredRow!.id, owner.token)).statusCode).toBe(200);
  });

  test("the unlimited plan takes any number of invitations", async () => {
    const { owner, organization } = await buildOrganization(t);
    const [unlimited] = await t.db.select().from(organizationPlans).where(eq(organizationPlans.code, "unlimited"));
    await t.db.update(organizations).set({ planId: unlimited!.id }).where(eq(organizations.id, organization.uid));
    const member = await roleId(organization.uid, "member");
    for (let i = 0; i < 6; i++) {
      const response = await invite(
        organization.uid,
        { email: uniqueEmail("many"), nominative: "Many", organization_role_id: member },
        owner.token,
      );
      expect(response.statusCode).toBe(201);
    }
  });

  test("two identical invitations at once make one invitation: one 201 and one 200, never a 500", async () => {
    const { owner, organization } = await buildOrganization(t);
    const email = uniqueEmail("double");
    const body = { email, nominative: "Double", organization_role_id: await roleId(organization.uid, "member") };
    const answers = await Promise.all([
      invite(organization.uid, body, owner.token),
      invite(organization.uid, body, owner.token),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(await invitationRows(email)).toHaveLength(1);
  });

  test("invitations for the last seat sent at once: one is made, the others get 403", async () => {
    const { owner, organization } = await buildOrganization(t);
    for (let i = 0; i < 3; i++) await addMember(t, organization.uid, "member");
    const member = await roleId(organization.uid, "member");
    const answers = await Promise.all(
      ["a", "b", "c"].map((label) =>
        invite(
          organization.uid,
          { email: uniqueEmail(label), nominative: "Seat seeker", organization_role_id: member },
          owner.token,
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 403, 403]);
    expect(await t.db.select().from(invitations).where(eq(invitations.organizationId, organization.uid))).toHaveLength(
      1,
    );
  });

  test("answers 404 for a role of another organization, and to an admin of another organization, writing nothing", async () => {
    const { owner, organization } = await buildOrganization(t);
    const { owner: stranger, organization: other } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const foreignRole = await invite(
      organization.uid,
      { email: uniqueEmail("x"), nominative: "Xavier", organization_role_id: await roleId(other.uid, "admin") },
      owner.token,
    );
    expect(foreignRole.statusCode).toBe(404);
    expect(foreignRole.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "Role not found" });
    const foreignAdmin = await invite(
      organization.uid,
      { email: uniqueEmail("x"), nominative: "Xavier", organization_role_id: await roleId(organization.uid, "member") },
      stranger.token,
    );
    expect(foreignAdmin.statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a Member, and a role lacking exactly create on user, with 403, writing and sending nothing", async () => {
    const { organization } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "create", subject: "user" }]);
    const email = uniqueEmail("nobody");
    const before = await snapshot(t.db);
    const sent = smtp.messages.length;
    for (const actor of [member, lacking]) {
      const response = await invite(
        organization.uid,
        { email, nominative: "Nobody", organization_role_id: await roleId(organization.uid, "member") },
        actor.token,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: "FORBIDDEN", ErrorMessage: "You need the right to create user" });
    }
    expect(await snapshot(t.db)).toEqual(before);
    expect(await mailedSince(sent, email)).toBe(false);
  });

  test.each([
    [{ nominative: "No Mail", organization_role_id: crypto.randomUUID() }, "body.email"],
    [{ email: "not-an-email", nominative: "Bad Mail", organization_role_id: crypto.randomUUID() }, "body.email"],
    [{ email: "a@example.com", nominative: " A ", organization_role_id: crypto.randomUUID() }, "body.nominative"],
    [{ email: "a@example.com", organization_role_id: crypto.randomUUID() }, "body.nominative"],
    [{ email: "a@example.com", nominative: "No Role" }, "body.organization_role_id"],
    [{ email: "a@example.com", nominative: "Bad Role", organization_role_id: "member" }, "body.organization_role_id"],
    [
      { email: "a@example.com", nominative: "Extra", organization_role_id: crypto.randomUUID(), status: "active" },
      "body.status",
    ],
  ])("refuses %j with a 400 naming %s and writes nothing", async (json, field) => {
    const { owner, organization } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const response = await invite(organization.uid, json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a request without a session", async () => {
    const { organization } = await buildOrganization(t);
    const response = await invite(organization.uid, {
      email: uniqueEmail("anon"),
      nominative: "Anon",
      organization_role_id: await roleId(organization.uid, "member"),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("GET /organization/{orgId}/invitation", () => {
  test("lists pending and expired invitations, newest first, without answered or revoked ones", async () => {
    const { owner, organization, email: first } = await inviteNew("first");
    const member = await roleId(organization.uid, "member");
    const second = uniqueEmail("second");
    const third = uniqueEmail("third");
    await invite(organization.uid, { email: second, nominative: "Second", organization_role_id: member }, owner.token);
    await invite(organization.uid, { email: third, nominative: "Third", organization_role_id: member }, owner.token);
    const [firstRow] = await invitationRows(first);
    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, firstRow!.id));
    const [thirdRow] = await invitationRows(third);
    await revoke(organization.uid, thirdRow!.id, owner.token);

    const response = await listInvitations(organization.uid, owner.token);
    expect(response.statusCode).toBe(200);
    const body = invitationSchema.array().parse(response.json());
    expect(body.map((i) => [i.email, i.state])).toEqual([
      [second, "pending"],
      [first, "expired"],
    ]);
  });

  test("refuses a Member (no read on user) with 403, an admin of another organization with 404, and a bad id with 400", async () => {
    const { organization } = await buildOrganization(t);
    const { owner: stranger } = await buildOrganization(t);
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "read", subject: "user" }]);
    const denied = await listInvitations(organization.uid, lacking.token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().ErrorMessage).toBe("You need the right to read user");
    expect((await listInvitations(organization.uid, stranger.token)).statusCode).toBe(404);
    const bad = await listInvitations("not-an-id", stranger.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toContainEqual(expect.objectContaining({ field: "params.orgId" }));
  });
});

describe("POST /organization/{orgId}/invitation/{id}/resend", () => {
  test("sends a new link valid 7 more days; the earlier one stops working", async () => {
    const { owner, organization, email, invitation } = await inviteNew("resend");
    const first = await receiveInvitation(email);
    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() + 1000) })
      .where(eq(invitations.id, invitation.uid));
    const response = await resend(organization.uid, invitation.uid, owner.token);
    expect(response.statusCode).toBe(200);
    const renewed = invitationSchema.parse(response.json());
    expect(renewed.expires_at - Date.now()).toBeGreaterThan(6.99 * 86_400_000);
    const second = await receiveInvitation(email);
    expect(second.token).not.toBe(first.token);
    expect((await describeLink(first.token)).statusCode).toBe(400);
    expect((await describeLink(second.token)).statusCode).toBe(200);
  });

  test("refuses an answered or revoked invitation with 409, and writes nothing", async () => {
    const { owner, organization, invitation } = await inviteNew("answered");
    expect((await revoke(organization.uid, invitation.uid, owner.token)).statusCode).toBe(204);
    const before = await snapshot(t.db);
    const response = await resend(organization.uid, invitation.uid, owner.token);
    expect(response.statusCode).toBe(409);
    expect(response.json().ErrorMessage).toBe("This invitation is revoked: invite the person again");
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses without create on user (403), another organization's invitation or admin (404), a bad id (400), writing nothing", async () => {
    const { owner, organization, invitation } = await inviteNew("guarded");
    const { owner: stranger, organization: other } = await buildOrganization(t);
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "create", subject: "user" }]);
    const before = await snapshot(t.db);
    const denied = await resend(organization.uid, invitation.uid, lacking.token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().ErrorMessage).toBe("You need the right to create user");
    expect((await resend(organization.uid, invitation.uid, stranger.token)).statusCode).toBe(404);
    const viaOther = await resend(other.uid, invitation.uid, stranger.token);
    expect(viaOther.statusCode).toBe(404);
    expect(viaOther.json().ErrorMessage).toBe("Invitation not found");
    const bad = await resend(organization.uid, "nope", owner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toContainEqual(expect.objectContaining({ field: "params.id" }));
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("DELETE /organization/{orgId}/invitation/{id}", () => {
  test("revokes: the link then answers 400 INVALID_TOKEN, and a second revoke is a 409", async () => {
    const { owner, organization, email, invitation } = await inviteNew("revoked");
    const { token } = await receiveInvitation(email);
    expect((await revoke(organization.uid, invitation.uid, owner.token)).statusCode).toBe(204);
    const [row] = await invitationRows(email);
    expect(row).toMatchObject({ status: "revoked", respondedBy: null });
    const link = await describeLink(token);
    expect(link.statusCode).toBe(400);
    expect(link.json()).toMatchObject({ code: "INVALID_TOKEN" });
    expect(link.json().ErrorMessage).toMatch(/^This invitation is not valid any more/);
    const before = await snapshot(t.db);
    const accept = await acceptLink({ token, password: newPassword });
    expect(accept.statusCode).toBe(400);
    expect(await snapshot(t.db)).toEqual(before);
    expect((await revoke(organization.uid, invitation.uid, owner.token)).statusCode).toBe(409);
  });

  test("an expired link answers 400 INVALID_TOKEN and writes nothing", async () => {
    const { email, invitation } = await inviteNew("late");
    const { token } = await receiveInvitation(email);
    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, invitation.uid));
    expect((await describeLink(token)).json()).toMatchObject({ code: "INVALID_TOKEN" });
    const before = await snapshot(t.db);
    const accept = await acceptLink({ token, password: newPassword });
    expect(accept.statusCode).toBe(400);
    expect(accept.json()).toMatchObject({ code: "INVALID_TOKEN" });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses without create on user (403) and for another organization (404), writing nothing", async () => {
    const { organization, invitation } = await inviteNew("kept");
    const { owner: stranger, organization: other } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const before = await snapshot(t.db);
    expect((await revoke(organization.uid, invitation.uid, member.token)).statusCode).toBe(403);
    expect((await revoke(organization.uid, invitation.uid, stranger.token)).statusCode).toBe(404);
    expect((await revoke(other.uid, invitation.uid, stranger.token)).statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("GET /auth/invitation and POST /auth/invitation/accept (the link)", () => {
  test.each([
    ["no token", "", "query.token"],
    ["an unknown token", "?token=unknown", null],
  ])("GET with %s answers 400", async (_label, query, field) => {
    const response = await request(t.app, { method: "GET", url: `/api/v1/auth/invitation${query}` });
    expect(response.statusCode).toBe(400);
    if (field) expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    else expect(response.json()).toMatchObject({ code: "INVALID_TOKEN" });
  });

  test.each([
    [{}, "body.token"],
    [{ token: "" }, "body.token"],
    [{ token: "t", password: "short" }, "body.password"],
    [{ token: "t", password: "password123" }, "body.password"],
    [{ token: "t", role: "admin" }, "body.role"],
  ])("POST %j answers 400 naming %s and writes nothing", async (json, field) => {
    const before = await snapshot(t.db);
    const response = await acceptLink(json);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("two accepts of one link at once: one signs in, the other finds it answered; one account, one membership", async () => {
    const { organization, email } = await inviteNew("race");
    const { token } = await receiveInvitation(email);
    const answers = await Promise.all([
      acceptLink({ token, password: newPassword }),
      acceptLink({ token, password: newPassword }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const accounts = await t.db.select().from(users).where(eq(users.email, email));
    expect(accounts).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(organizationMembers)
        .where(
          and(
            eq(organizationMembers.organizationId, organization.uid),
            eq(organizationMembers.userId, accounts[0]!.id),
          ),
        ),
    ).toHaveLength(1);
  });

  test("an accept racing a revoke: exactly one of them wins and nothing is half-written", async () => {
    const { owner, organization, email, invitation } = await inviteNew("versus");
    const { token } = await receiveInvitation(email);
    const [accepted, revoked] = await Promise.all([
      acceptLink({ token, password: newPassword }),
      revoke(organization.uid, invitation.uid, owner.token),
    ]);
    const [row] = await invitationRows(email);
    const accounts = await t.db.select().from(users).where(eq(users.email, email));
    if (accepted.statusCode === 200) {
      expect(revoked.statusCode).toBe(409);
      expect(row!.status).toBe("accepted");
      expect(accounts).toHaveLength(1);
    } else {
      expect([accepted.statusCode, revoked.statusCode]).toEqual([400, 204]);
      expect(row!.status).toBe("revoked");
      expect(accounts).toHaveLength(0);
    }
  });
});

describe("POST /auth/invitation/decline (the link)", () => {
  test("declines without an account or a session: the seat is free, the link is void, and nothing else is written", async () => {
    const { owner, organization, email } = await inviteNew("no-thanks");
    const { token } = await receiveInvitation(email);
    const response = await declineLink({ token });
    expect(response.statusCode).toBe(204);
    const [row] = await invitationRows(email);
    expect(row).toMatchObject({ status: "declined", respondedBy: null });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect((await describeLink(token)).json()).toMatchObject({ code: "INVALID_TOKEN" });
    const list = await listInvitations(organization.uid, owner.token);
    expect(list.json()).toEqual([]);
    const before = await snapshot(t.db);
    const again = await declineLink({ token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "INVALID_TOKEN" });
    expect((await acceptLink({ token, password: newPassword })).statusCode).toBe(400);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("records the account of the address as the one who declined, when there is one", async () => {
    const { email } = await inviteNew("has-account");
    const account = await buildUser(t, { email });
    const { token } = await receiveInvitation(email);
    expect((await declineLink({ token })).statusCode).toBe(204);
    const [row] = await invitationRows(email);
    expect(row).toMatchObject({ status: "declined", respondedBy: account.id });
  });

  test.each([
    [{}, "body.token"],
    [{ token: "" }, "body.token"],
    [{ token: "t", extra: true }, "body.extra"],
  ])("%j answers 400 naming %s and writes nothing", async (json, field) => {
    const before = await snapshot(t.db);
    const response = await declineLink(json);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("an unknown or revoked link answers 400 INVALID_TOKEN and writes nothing", async () => {
    const { owner, organization, email, invitation } = await inviteNew("gone");
    const { token } = await receiveInvitation(email);
    expect((await revoke(organization.uid, invitation.uid, owner.token)).statusCode).toBe(204);
    const before = await snapshot(t.db);
    for (const candidate of [token, "unknown"]) {
      const response = await declineLink({ token: candidate });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "INVALID_TOKEN" });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("POST auth/basic/change-password with an invitation link e-mailed before this change", () => {
  test("accepts the invitation the migration kept, with the password chosen, and signs in", async () => {
    const { organization, email, invitation } = await inviteNew("legacy");
    // What migration 0006 left: the old link's token hash on the pending invitation.
    const token = "legacy-token-from-an-old-e-mail";
    await t.db
      .update(invitations)
      .set({ tokenHash: sha256(token) })
      .where(eq(invitations.id, invitation.uid));
    const wrongEmail = await request(t.app, {
      method: "POST",
      url: "/api/v1/auth/basic/change-password",
      json: { email: uniqueEmail("other"), token, password: newPassword },
    });
    expect(wrongEmail.statusCode).toBe(400);
    const response = await request(t.app, {
      method: "POST",
      url: "/api/v1/auth/basic/change-password",
      json: { email, token, password: newPassword },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      user: { email, email_verified: true, organization: { uid: organization.uid }, role: { name: "Member" } },
    });
    const again = await request(t.app, {
      method: "POST",
      url: "/api/v1/auth/basic/change-password",
      json: { email, token, password: newPassword },
    });
    expect(again.statusCode).toBe(400);
  });
});
