import { createHash } from "node:crypto";
import { changePasswordResponseSchema, organizationUserSchema } from "@timetrap/domain";
import { type FakeSmtpServer, startSmtpServer } from "@timetrap/fakes";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import {
  organizationMembers,
  plans as organizationPlans,
  organizations,
  passwordResetTokens,
  roles,
  users,
} from "../../db/schema.js";
import { addMember, addMemberLacking, buildOrganization, buildUser, uniqueEmail } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

let smtp: FakeSmtpServer;
const t = useTestApp(async () => {
  smtp = await startSmtpServer();
  return { SMTP_URL: smtp.url, MAIL_FROM: "Timetrap <no-reply@timetrap.test>" };
});
afterAll(() => smtp?.close());

const invite = (orgId: string, json: unknown, token?: string) =>
  request(t.app, {
    method: "POST",
    url: `/api/v1/organization/${orgId}/user/invite`,
    json,
    ...(token ? { token } : {}),
  });

const changePassword = (json: unknown) =>
  request(t.app, { method: "POST", url: "/api/v1/auth/basic/change-password", json });

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

async function roleId(organizationId: string, key: "admin" | "manager" | "member"): Promise<string> {
  const [row] = await t.db
    .select()
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.key, key)));
  return row!.id;
}

async function userByEmail(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row;
}

/** The set-password link of the latest e-mail to `email`, as its reader would follow it. */
async function receiveInvitation(email: string) {
  const mail = await smtp.waitForMessage(email);
  const link = new URL(mail.links[0]!);
  return { mail, link, email: link.searchParams.get("email")!, token: link.searchParams.get("token")! };
}

/** Waits a moment, then says whether any e-mail reached `email` since `count` messages had arrived. */
async function mailedSince(count: number, email: string): Promise<boolean> {
  await new Promise((resolve) => setTimeout(resolve, 150));
  return smtp.messages.slice(count).some((m) => m.to.includes(email));
}

describe("POST /organization/{orgId}/user/invite", () => {
  test("invites a new person, who follows the e-mailed link, chooses a password and is signed in", async () => {
    const { owner, organization } = await buildOrganization(t, {
      owner: await buildUser(t, { nominative: "Giulia Rossi" }),
      name: "Acme Srl",
    });
    const email = uniqueEmail("new");
    const member = await roleId(organization.uid, "member");
    const response = await invite(
      organization.uid,
      { email: ` ${email.toUpperCase()} `, nominative: " Nuovo Collega ", organization_role_id: member },
      owner.token,
    );
    expect(response.statusCode).toBe(201);
    const invited = organizationUserSchema.parse(response.json());
    expect(invited).toEqual({
      uid: expect.any(String),
      nominative: "Nuovo Collega",
      email,
      image_url: null,
      status: "invited",
      role: { uid: member, name: "Member" },
      contract_type: null,
      contractual_hours: null,
    });
    const row = await userByEmail(email);
    expect(row).toMatchObject({ id: invited.uid, status: "invited", passwordHash: null, language: "en" });

    const { mail, link, token } = await receiveInvitation(email);
    expect(mail.subject).toBe("You are invited to Acme Srl on Timetrap");
    expect(mail.text).toContain("Hello Nuovo Collega,");
    expect(mail.text).toContain("Giulia Rossi has invited you to join Acme Srl on Timetrap.");
    expect(mail.text).toContain("within 7 days");
    expect(mail.html).toContain(`<a href="${link.toString().replaceAll("&", "&amp;")}">`);
    expect(`${link.origin}${link.pathname}`).toBe("http://timetrap.test/change-password");
    expect(link.searchParams.get("email")).toBe(email);

    const [stored] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, invited.uid));
    expect(stored).toMatchObject({ purpose: "invite", tokenHash: sha256(token), usedAt: null });
    const days = (stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7.01);

    const accepted = await changePassword({ email, token, password: "my first password" });
    expect(accepted.statusCode).toBe(200);
    const session = changePasswordResponseSchema.parse(accepted.json());
    expect(session.user).toMatchObject({ uid: invited.uid, status: "active", organization: { uid: organization.uid } });
    const me = await request(t.app, { method: "GET", url: "/api/v1/auth/me", token: session.token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ uid: invited.uid, status: "active", role: { name: "Member" } });
    expect((await userByEmail(email))!.status).toBe("active");
    const signIn = await request(t.app, {
      method: "POST",
      url: "/api/v1/auth/basic",
      json: { email, password: "my first password" },
    });
    expect(signIn.statusCode).toBe(200);
    expect((await changePassword({ email, token, password: "again a password" })).statusCode).toBe(400);
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
    expect((await userByEmail(email))!.language).toBe("it");
  });

  test("sending again to someone still invited answers 200 with a new link; the earlier link stops working", async () => {
    const { owner, organization } = await buildOrganization(t);
    const email = uniqueEmail("again");
    const body = { email, nominative: "Twice", organization_role_id: await roleId(organization.uid, "member") };
    expect((await invite(organization.uid, body, owner.token)).statusCode).toBe(201);
    const first = await receiveInvitation(email);
    const again = await invite(organization.uid, body, owner.token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ email, status: "invited" });
    const second = await receiveInvitation(email);
    expect(second.token).not.toBe(first.token);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);

    const stale = await changePassword({ email, token: first.token, password: "brand new password" });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ code: "INVALID_TOKEN" });
    expect(stale.json().ErrorMessage).toContain("invitation");
    expect((await changePassword({ email, token: second.token, password: "brand new password" })).statusCode).toBe(200);
  });

  test("lets an account without organization join with the role, keeping its password, and tells it to sign in", async () => {
    const { owner, organization } = await buildOrganization(t, { name: "Joiners" });
    const loner = await buildUser(t, { nominative: "Lone Wolf" });
    const response = await invite(
      organization.uid,
      {
        email: loner.email,
        nominative: "Another Name",
        organization_role_id: await roleId(organization.uid, "manager"),
      },
      owner.token,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ uid: loner.id, nominative: "Lone Wolf", status: "active" });
    const row = await userByEmail(loner.email);
    expect(row).toMatchObject({ status: "active", passwordHash: loner.passwordHash, passwordVersion: 0 });
    const { mail, link } = await receiveInvitation(loner.email);
    expect(mail.text).toContain("Sign in with your Timetrap account");
    expect(link.toString()).toBe("http://timetrap.test/login");
    const me = await request(t.app, { method: "GET", url: "/api/v1/auth/me", token: loner.token });
    expect(me.json()).toMatchObject({ organization: { uid: organization.uid }, role: { name: "Manager" } });
  });

  test("refuses the e-mail of a user of another organization with 409, writing and sending nothing", async () => {
    const { owner, organization } = await buildOrganization(t);
    const { organization: other } = await buildOrganization(t);
    const elsewhere = await addMember(t, other.uid, "member");
    const before = await snapshot(t.db);
    const sent = smtp.messages.length;
    const response = await invite(
      organization.uid,
      {
        email: elsewhere.email,
        nominative: "Elsewhere",
        organization_role_id: await roleId(organization.uid, "member"),
      },
      owner.token,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "CONFLICT",
      ErrorMessage: "This e-mail belongs to a user of another organization",
    });
    expect(await snapshot(t.db)).toEqual(before);
    expect(await mailedSince(sent, elsewhere.email)).toBe(false);
  });

  test.each(["active", "inactive"] as const)(
    "refuses the e-mail of an %s user of this organization with 409 and writes nothing",
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

  test("refuses with 403 PLAN_LIMIT_REACHED once active and invited users fill the plan; inactive ones do not count", async () => {
    const { owner, organization } = await buildOrganization(t);
    // The free plan allows 5: the owner, two active, one invited, and an inactive one that takes no seat.
    await addMember(t, organization.uid, "member");
    await addMember(t, organization.uid, "member");
    await addMember(t, organization.uid, "member", { status: "invited" });
    await addMember(t, organization.uid, "member", { status: "inactive" });
    const member = await roleId(organization.uid, "member");
    const fifth = uniqueEmail("fifth");
    expect(
      (await invite(organization.uid, { email: fifth, nominative: "Fifth", organization_role_id: member }, owner.token))
        .statusCode,
    ).toBe(201);

    const before = await snapshot(t.db);
    const sixth = uniqueEmail("sixth");
    const response = await invite(
      organization.uid,
      { email: sixth, nominative: "Sixth", organization_role_id: member },
      owner.token,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      statusCode: 403,
      error: "Forbidden",
      code: "PLAN_LIMIT_REACHED",
      ErrorMessage: "Your plan allows 5 users. Upgrade the plan to invite more",
    });
    expect(await snapshot(t.db)).toEqual(before);

    // A new link for someone already invited takes no new seat.
    expect(
      (await invite(organization.uid, { email: fifth, nominative: "Fifth", organization_role_id: member }, owner.token))
        .statusCode,
    ).toBe(200);
  });

  test("the unlimited plan takes any number of users", async () => {
    const { owner, organization } = await buildOrganization(t);
    const [unlimited] = await t.db.select().from(organizationPlans).where(eq(organizationPlans.code, "unlimited"));
    await t.db.update(organizations).set({ planId: unlimited!.id }).where(eq(organizations.id, organization.uid));
    for (let i = 0; i < 5; i++) await addMember(t, organization.uid, "member");
    const response = await invite(
      organization.uid,
      {
        email: uniqueEmail("many"),
        nominative: "Many",
        organization_role_id: await roleId(organization.uid, "member"),
      },
      owner.token,
    );
    expect(response.statusCode).toBe(201);
  });

  test("two identical invitations at once create one user: one 201 and one resend 200, never a 500", async () => {
    const { owner, organization } = await buildOrganization(t);
    const email = uniqueEmail("double");
    const body = { email, nominative: "Double", organization_role_id: await roleId(organization.uid, "member") };
    const answers = await Promise.all([
      invite(organization.uid, body, owner.token),
      invite(organization.uid, body, owner.token),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    const rows = await t.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    const live = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, rows[0]!.id));
    expect(live.filter((row) => row.usedAt === null)).toHaveLength(1);
  });

  test("invitations for the last seat sent at once: one is accepted, the others get 403", async () => {
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
    expect(
      await t.db.select().from(organizationMembers).where(eq(organizationMembers.organizationId, organization.uid)),
    ).toHaveLength(5);
  });

  test("two organizations inviting one new e-mail at once: one gets the user, the other a 409", async () => {
    const first = await buildOrganization(t);
    const second = await buildOrganization(t);
    const email = uniqueEmail("contested");
    const answers = await Promise.all(
      [first, second].map(async ({ owner, organization }) =>
        invite(
          organization.uid,
          { email, nominative: "Contested", organization_role_id: await roleId(organization.uid, "member") },
          owner.token,
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(await t.db.select().from(organizationMembers).where(eq(organizationMembers.userId, row!.id))).toHaveLength(
      1,
    );
  });

  test("answers 404 for a role of another organization and writes nothing", async () => {
    const { owner, organization } = await buildOrganization(t);
    const { organization: other } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const response = await invite(
      organization.uid,
      { email: uniqueEmail("x"), nominative: "Xavier", organization_role_id: await roleId(other.uid, "admin") },
      owner.token,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "Role not found" });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 to an admin of another organization and writes nothing", async () => {
    const { organization } = await buildOrganization(t);
    const { owner: stranger } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const response = await invite(
      organization.uid,
      { email: uniqueEmail("x"), nominative: "Xavier", organization_role_id: await roleId(organization.uid, "member") },
      stranger.token,
    );
    expect(response.statusCode).toBe(404);
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

  test("a deactivated invitee's link stops working", async () => {
    const { owner, organization } = await buildOrganization(t);
    const email = uniqueEmail("gone");
    const invited = await invite(
      organization.uid,
      { email, nominative: "Gone", organization_role_id: await roleId(organization.uid, "member") },
      owner.token,
    );
    const { token } = await receiveInvitation(email);
    const patched = await request(t.app, {
      method: "PATCH",
      url: `/api/v1/user/${invited.json().uid}`,
      token: owner.token,
      json: { status: "inactive" },
    });
    expect(patched.statusCode).toBe(200);
    const response = await changePassword({ email, token, password: "brand new password" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "INVALID_TOKEN" });
    expect((await userByEmail(email))!.status).toBe("inactive");
  });
});
