import { updateOrganizationResponseSchema } from "@timetrap/domain";
import { describe, expect, test } from "vitest";
import { addMember, addMemberLacking, buildOrganization, buildUser } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

const t = useTestApp();

const updateOrganization = (orgId: string, json: unknown, token?: string) =>
  request(t.app, { method: "PATCH", url: `/api/v1/organization/${orgId}`, json, ...(token ? { token } : {}) });

const getOrganization = (orgId: string, token: string) =>
  request(t.app, { method: "GET", url: `/api/v1/organization/${orgId}`, token });

describe("PATCH /organization/{orgId}", () => {
  test("lets an Admin rename the organization and replace its domains", async () => {
    const { owner, organization } = await buildOrganization(t, { domains: ["old.example", "kept.example"] });
    const response = await updateOrganization(
      organization.uid,
      { name: "  Renamed Srl ", domains: ["kept.example", "New.Example"] },
      owner.token,
    );
    expect(response.statusCode).toBe(200);
    const body = updateOrganizationResponseSchema.parse(response.json());
    expect(body.organization).toMatchObject({ uid: organization.uid, name: "Renamed Srl" });
    expect(body.organization.domains.sort()).toEqual(["kept.example", "new.example"]);
    expect(body.invalidDomains).toEqual([]);
    expect((await getOrganization(organization.uid, owner.token)).json()).toEqual(body.organization);
  });

  test("changes only what the body names", async () => {
    const { owner, organization } = await buildOrganization(t, { name: "Same", domains: ["stay.example"] });
    const renamed = await updateOrganization(organization.uid, { name: "Other" }, owner.token);
    expect(renamed.json()).toMatchObject({ organization: { name: "Other", domains: ["stay.example"] } });
    const cleared = await updateOrganization(organization.uid, { domains: [] }, owner.token);
    expect(cleared.json()).toMatchObject({ organization: { name: "Other", domains: [] }, invalidDomains: [] });
  });

  test("keeps the valid domains and lists the malformed ones and those another organization holds", async () => {
    await buildOrganization(t, { domains: ["holder.example"] });
    const { owner, organization } = await buildOrganization(t);
    const response = await updateOrganization(
      organization.uid,
      { domains: ["fine.example", "no-dot", "HOLDER.example", "bad_domain.com"] },
      owner.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      organization: { domains: ["fine.example"] },
      invalidDomains: ["no-dot", "holder.example", "bad_domain.com"],
    });
  });

  test.each([
    [{}, "body"],
    [{ name: "" }, "body.name"],
    [{ name: "n".repeat(121) }, "body.name"],
    [{ domains: "acme.it" }, "body.domains"],
    [{ domains: [true] }, "body.domains.0"],
  ])("refuses %j with a 400 naming %s and writes nothing", async (json, field) => {
    const { owner, organization } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const response = await updateOrganization(organization.uid, json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses an organization id that is not an id with a 400 naming params.orgId", async () => {
    const { owner } = await buildOrganization(t);
    const response = await updateOrganization("acme", { name: "X" }, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "params.orgId" }));
  });

  test("refuses a Manager, a Member and a role lacking edit on organization, writing nothing", async () => {
    const { organization } = await buildOrganization(t, { domains: ["mine.example"] });
    const actors = [
      await addMember(t, organization.uid, "manager"),
      await addMember(t, organization.uid, "member"),
      await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "organization" }]),
    ];
    const before = await snapshot(t.db);
    for (const actor of actors) {
      const response = await updateOrganization(organization.uid, { name: "Taken over", domains: [] }, actor.token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: "FORBIDDEN",
        ErrorMessage: "You need the right to edit organization",
      });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 to an Admin of another organization and to a user without one, writing nothing", async () => {
    const { organization } = await buildOrganization(t);
    const { owner: stranger } = await buildOrganization(t);
    const loner = await buildUser(t);
    const before = await snapshot(t.db);
    for (const actor of [stranger, loner]) {
      const response = await updateOrganization(organization.uid, { name: "Hijacked" }, actor.token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "Organization not found" });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a request without a session", async () => {
    const { organization } = await buildOrganization(t);
    expect((await updateOrganization(organization.uid, { name: "Anon" })).statusCode).toBe(401);
  });
});
