import { accessViolationMessages, defaultPreferences, userSchema } from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { users } from "../../db/schema.js";
import { addMember, addMemberLacking, buildOrganization, buildUser } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

const t = useTestApp();

const patchUser = (id: string, json: unknown, token?: string) =>
  request(t.app, { method: "PATCH", url: `/api/v1/user/${id}`, json, ...(token ? { token } : {}) });

describe("PATCH /user/{id}", () => {
  test("lets users accept the terms and choose their language, as onboarding does", async () => {
    const user = await buildUser(t);
    const response = await patchUser(user.id, { terms_of_use: true, privacy_policy: true, language: "en" }, user.token);
    expect(response.statusCode).toBe(200);
    const body = userSchema.parse(response.json());
    expect(body).toMatchObject({ uid: user.id, terms_of_use: true, privacy_policy: true, language: "en" });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ termsOfUse: true, privacyPolicy: true, language: "en" });
  });

  test("saves the cookie consent, both ways", async () => {
    const user = await buildUser(t);
    expect((await patchUser(user.id, { cookie_consent: false }, user.token)).json().cookie_consent).toBe(false);
    expect((await patchUser(user.id, { cookie_consent: true }, user.token)).json().cookie_consent).toBe(true);
  });

  test("merges a preferences patch into the stored ones, the rest keeping the spec's defaults", async () => {
    const user = await buildUser(t);
    await patchUser(user.id, { preferences: { weekends: true, timeZone: "Europe/Rome" } }, user.token);
    const response = await patchUser(user.id, { preferences: { slotDuration: "00:15:00" } }, user.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().preferences).toEqual({
      ...defaultPreferences,
      weekends: true,
      timeZone: "Europe/Rome",
      slotDuration: "00:15:00",
    });
  });

  test("answers the user with organization and role", async () => {
    const { owner, organization } = await buildOrganization(t);
    const response = await patchUser(owner.id, { language: "it" }, owner.token);
    expect(response.json()).toMatchObject({ organization: { uid: organization.uid }, role: { name: "Admin" } });
  });

  test.each([
    [{}, "body"],
    [{ language: "fr" }, "body.language"],
    [{ terms_of_use: "yes" }, "body.terms_of_use"],
    [{ preferences: { slotDuration: "half an hour" } }, "body.preferences.slotDuration"],
    [{ preferences: { slotDuration: "00:00:00" } }, "body.preferences.slotDuration"],
    [{ preferences: { businessDaysOfWeek: [1, 9] } }, "body.preferences.businessDaysOfWeek.1"],
    [{ preferences: { colour: "red" } }, "body.preferences.colour"],
    [{ email: "new@example.com" }, "body.email"],
    [{ status: "invited" }, "body.status"],
  ])("refuses %j with a 400 naming %s and writes nothing", async (json, field) => {
    const user = await buildUser(t);
    const before = await snapshot(t.db);
    const response = await patchUser(user.id, json, user.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses an id that is not a user id with a 400 naming params.id", async () => {
    const user = await buildUser(t);
    const response = await patchUser("not-a-uuid", { language: "en" }, user.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "params.id" }));
  });

  test("refuses a request without a session", async () => {
    const user = await buildUser(t);
    const before = await snapshot(t.db);
    expect((await patchUser(user.id, { language: "en" })).statusCode).toBe(401);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("does not let users change their own status", async () => {
    const { owner } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const response = await patchUser(owner.id, { status: "inactive" }, owner.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "FORBIDDEN" });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("lets someone with edit on user deactivate a member, whose session then ends", async () => {
    const { owner, organization } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const response = await patchUser(member.id, { status: "inactive" }, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ uid: member.id, status: "inactive" });
    expect((await request(t.app, { method: "GET", url: "/api/v1/auth/me", token: member.token })).statusCode).toBe(401);
    expect((await patchUser(member.id, { status: "active" }, owner.token)).json().status).toBe("active");
    // Reactivated, the member signs in again: the devices signed in before stay signed out.
    expect((await request(t.app, { method: "GET", url: "/api/v1/auth/me", token: member.token })).statusCode).toBe(401);
  });

  test("lets no one change another member's own settings, even with edit on user", async () => {
    const { owner, organization } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const before = await snapshot(t.db);
    for (const json of [{ language: "en" }, { status: "inactive", terms_of_use: true }]) {
      const response = await patchUser(member.id, json, owner.token);
      expect(response.statusCode).toBe(403);
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test.each(["manager", "member"] as const)(
    "refuses a status change by a %s, who lacks edit on user",
    async (roleKey) => {
      const { organization } = await buildOrganization(t);
      const actor = await addMember(t, organization.uid, roleKey);
      const member = await addMember(t, organization.uid, "member");
      const before = await snapshot(t.db);
      const response = await patchUser(member.id, { status: "inactive" }, actor.token);
      expect(response.statusCode).toBe(403);
      expect(response.json().ErrorMessage).toBe("You need the right to edit user");
      expect(await snapshot(t.db)).toEqual(before);
    },
  );

  test("refuses a role lacking exactly edit on user, and writes nothing", async () => {
    const { organization } = await buildOrganization(t);
    const actor = await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "user" }]);
    const member = await addMember(t, organization.uid, "member");
    const before = await snapshot(t.db);
    const response = await patchUser(member.id, { status: "inactive" }, actor.token);
    expect(response.statusCode).toBe(403);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses to activate a user when active and invited users fill the plan, with 403, and writes nothing", async () => {
    const { owner, organization } = await buildOrganization(t);
    // The free plan allows 5: the owner, three active and one invited.
    for (const status of ["active", "active", "active", "invited"] as const) {
      await addMember(t, organization.uid, "member", { status });
    }
    const sleeper = await addMember(t, organization.uid, "member", { status: "inactive" });
    const before = await snapshot(t.db);
    const response = await patchUser(sleeper.id, { status: "active" }, owner.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: "PLAN_LIMIT_REACHED",
      ErrorMessage: "Your plan allows 5 users. Upgrade the plan to activate more",
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("lets a user be activated once a seat is freed, and an active user be set active again when full", async () => {
    const { owner, organization } = await buildOrganization(t);
    const members = [];
    for (let i = 0; i < 4; i++) members.push(await addMember(t, organization.uid, "member"));
    const sleeper = await addMember(t, organization.uid, "member", { status: "inactive" });
    expect((await patchUser(members[0]!.id, { status: "active" }, owner.token)).statusCode).toBe(200);
    expect((await patchUser(members[1]!.id, { status: "inactive" }, owner.token)).statusCode).toBe(200);
    const response = await patchUser(sleeper.id, { status: "active" }, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe("active");
  });

  test("refuses to deactivate the last active user administering access, with 409, and writes nothing", async () => {
    const { owner, organization } = await buildOrganization(t);
    // Edit on user without every right on roles: may change statuses, but does not administer access.
    const actor = await addMemberLacking(t, organization.uid, [{ action: "delete", subject: "role" }]);
    const before = await snapshot(t.db);
    const response = await patchUser(owner.id, { status: "inactive" }, actor.token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "CONFLICT",
      ErrorMessage: accessViolationMessages["organization-would-lose-administration"],
    });
    expect(await snapshot(t.db)).toEqual(before);
    expect((await request(t.app, { method: "GET", url: "/api/v1/auth/me", token: owner.token })).statusCode).toBe(200);
  });

  test("lets an administrator deactivate another administrator", async () => {
    const { owner, organization } = await buildOrganization(t);
    const other = await addMember(t, organization.uid, "admin");
    const response = await patchUser(other.id, { status: "inactive" }, owner.token);
    expect(response.statusCode).toBe(200);
    expect((await request(t.app, { method: "GET", url: "/api/v1/auth/me", token: other.token })).statusCode).toBe(401);
  });

  test("answers 404 to an admin of another organization", async () => {
    const { organization } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const { owner: stranger } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const response = await patchUser(member.id, { status: "inactive" }, stranger.token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "User not found" });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for a user id that does not exist, or to a user without organization", async () => {
    const { owner } = await buildOrganization(t);
    const loner = await buildUser(t);
    const other = await buildUser(t);
    expect((await patchUser(crypto.randomUUID(), { status: "inactive" }, owner.token)).statusCode).toBe(404);
    expect((await patchUser(other.id, { status: "inactive" }, loner.token)).statusCode).toBe(404);
  });
});
