import { organizationSchema, updateOrganizationResponseSchema } from "@timetrap/domain";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { auditEvents } from "../../db/schema.js";
import { addMember, addMemberLacking, buildOrganization } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

const t = useTestApp();

const updateOrganization = (orgId: string, json: unknown, token: string) =>
  request(t.app, { method: "PATCH", url: `/api/v1/organization/${orgId}`, json, token });

const getOrganization = (orgId: string, token: string) =>
  request(t.app, { method: "GET", url: `/api/v1/organization/${orgId}`, token });

const defaults = { approval_period: "week", lock_before: null, prevent_overlapping_activities: false };

describe("the organization's settings of approval and of the overlap guard", () => {
  test("a new organization approves by week, locks nothing and lets activities overlap", async () => {
    const { owner, organization } = await buildOrganization(t);
    expect(organization.settings).toEqual(defaults);
    const read = organizationSchema.parse((await getOrganization(organization.uid, owner.token)).json());
    expect(read.settings).toEqual(defaults);
  }, 60_000);

  test("an Admin changes the fields sent, and the answer and the organization carry them", async () => {
    const { owner, organization } = await buildOrganization(t);
    const response = await updateOrganization(
      organization.uid,
      { settings: { approval_period: "month", lock_before: "2026-07-01" } },
      owner.token,
    );
    expect(response.statusCode).toBe(200);
    const body = updateOrganizationResponseSchema.parse(response.json());
    expect(body.organization.settings).toEqual({ ...defaults, approval_period: "month", lock_before: "2026-07-01" });

    const guarded = await updateOrganization(
      organization.uid,
      { settings: { prevent_overlapping_activities: true, lock_before: null } },
      owner.token,
    );
    expect(guarded.json().organization.settings).toEqual({
      approval_period: "month",
      lock_before: null,
      prevent_overlapping_activities: true,
    });
    expect(organizationSchema.parse((await getOrganization(organization.uid, owner.token)).json()).settings).toEqual(
      guarded.json().organization.settings,
    );
  });

  test("each change of the settings is in the audit log with the fields before and after", async () => {
    const { owner, organization } = await buildOrganization(t);
    await updateOrganization(organization.uid, { settings: { lock_before: "2026-07-01" } }, owner.token);
    // Sent again unchanged: nothing to record.
    await updateOrganization(organization.uid, { settings: { lock_before: "2026-07-01" } }, owner.token);
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, organization.uid), eq(auditEvents.kind, "organization.updated")));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorId: owner.id,
      before: { lock_before: null },
      after: { lock_before: "2026-07-01" },
    });
  });

  test.each([
    [{ settings: {} }, "body.settings"],
    [{ settings: { approval_period: "year" } }, "body.settings.approval_period"],
    [{ settings: { lock_before: "01/07/2026" } }, "body.settings.lock_before"],
    [{ settings: { lock_before: "2026-02-30" } }, "body.settings.lock_before"],
    [{ settings: { prevent_overlapping_activities: "yes" } }, "body.settings.prevent_overlapping_activities"],
    [{ settings: { approval_period: "week", locked: true } }, "body.settings.locked"],
    [{ settings: null }, "body.settings"],
  ])("refuses %o with a 400 naming %s, writing nothing", async (json, field) => {
    const { owner, organization } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const response = await updateOrganization(organization.uid, json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("VALIDATION_FAILED");
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a Manager and a role lacking edit on organization (403), and another organization's Admin (404)", async () => {
    const { organization } = await buildOrganization(t);
    const manager = await addMember(t, organization.uid, "manager");
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "organization" }]);
    const { owner: stranger } = await buildOrganization(t);
    const before = await snapshot(t.db);
    for (const actor of [manager, lacking]) {
      const response = await updateOrganization(
        organization.uid,
        { settings: { prevent_overlapping_activities: true } },
        actor.token,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().ErrorMessage).toBe("You need the right to edit organization");
    }
    const foreign = await updateOrganization(
      organization.uid,
      { settings: { prevent_overlapping_activities: true } },
      stranger.token,
    );
    expect(foreign.statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});
