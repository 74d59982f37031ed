import { randomUUID } from "node:crypto";
import { type AuditEvent, type AuditPage, auditPageSchema } from "@timetrap/domain";
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { auditEvents } from "../../db/schema.js";
import {
  addMember,
  addMemberLacking,
  buildOrganization,
  buildUser,
  roleIdOf,
  testAudit,
} from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";
import { startAuditRetention } from "./audit.service.js";

const t = useTestApp();

const day = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Around today, whatever the hour: the people here have no time zone, so their days are UTC's. */
const period = `start_date=${isoDay(Date.now() - day)}&end_date=${isoDay(Date.now() + day)}`;
const chrome =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

const auditUrl = (orgId: string, query = "") => `/api/v1/organization/${orgId}/audit?${period}${query}`;

async function readLog(orgId: string, token: string, query = ""): Promise<AuditPage> {
  const response = await request(t.app, { method: "GET", url: auditUrl(orgId, query), token });
  expect(response.statusCode, response.body).toBe(200);
  return auditPageSchema.parse(response.json());
}

const ofKind = (page: AuditPage, kind: AuditEvent["kind"]) => page.items.filter((item) => item.kind === kind);

/** Events written straight into the table, in one transaction: they share one instant, as a busy second might. */
async function insertEvents(organizationId: string, count: number, at = sql`now()`) {
  await t.db.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      await tx.execute(
        sql`insert into audit_events (organization_id, kind, at, target_label) values (${organizationId}, 'sign_in', ${at}, ${`row ${i}`})`,
      );
    }
  });
}

describe("the table is append-only", () => {
  test("an update is refused, a delete of an event younger than two years too; an older one may go", async () => {
    const { organization } = await buildOrganization(t);
    await insertEvents(organization.uid, 1);
    await insertEvents(organization.uid, 1, sql`now() - interval '3 years'`);
    const where = eq(auditEvents.organizationId, organization.uid);
    await expect(t.db.update(auditEvents).set({ kind: "sign_out" }).where(where)).rejects.toThrow();
    await expect(
      t.db.delete(auditEvents).where(sql`${where} and ${auditEvents.at} > now() - interval '1 year'`),
    ).rejects.toThrow();
    await t.db.delete(auditEvents).where(sql`${where} and ${auditEvents.at} < now() - interval '2 years'`);
    const left = await t.db.select().from(auditEvents).where(where);
    expect(left).toHaveLength(1);
    expect(left[0]?.kind).toBe("sign_in");
  });
});

describe("retention", () => {
  test("the job deletes the events older than two years and keeps the younger ones", async () => {
    const { organization } = await buildOrganization(t);
    const orgId = organization.uid;
    await insertEvents(orgId, 3, sql`now() - interval '2 years 1 day'`);
    await insertEvents(orgId, 2, sql`now() - interval '2 years' + interval '1 day'`);
    await insertEvents(orgId, 1);
    const deleted = await testAudit(t).pruneExpired();
    expect(deleted).toBeGreaterThanOrEqual(3);
    const left = await t.db
      .select({ at: auditEvents.at })
      .from(auditEvents)
      .where(eq(auditEvents.organizationId, orgId));
    expect(left).toHaveLength(3);
  });

  test("the timer runs the job at start and stops with the app, waiting for a run in progress", async () => {
    let runs = 0;
    let finished = false;
    const retention = startAuditRetention({
      audit: {
        async pruneExpired() {
          runs += 1;
          await new Promise((resolve) => setTimeout(resolve, 20));
          finished = true;
          return 0;
        },
      },
      logger: t.app.log,
      intervalMs: 60_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await retention.stop();
    expect(runs).toBe(1);
    expect(finished).toBe(true);
  });
});

describe("GET organization/{orgId}/audit", () => {
  test("answers the organization's events newest first, with actor, address and device", async () => {
    const { organization, owner } = await buildOrganization(t);
    const orgId = organization.uid;
    const response = await request(t.app, {
      method: "PATCH",
      url: `/api/v1/organization/${orgId}`,
      token: owner.token,
      json: { name: "Acme Renamed" },
      headers: { "user-agent": chrome },
      remoteAddress: "203.0.113.9",
    });
    expect(response.statusCode).toBe(200);
    const page = await readLog(orgId, owner.token);
    expect(page.items[0]).toMatchObject({
      kind: "organization.updated",
      actor_id: owner.id,
      actor_name: owner.nominative,
      target: { type: "organization", id: orgId, label: "Acme Renamed" },
      ip: "203.0.113.9",
      device: { browser: "Chrome", os: "Windows" },
      before: { name: "Acme" },
      after: { name: "Acme Renamed" },
    });
    expect(page.next).toBeNull();
  });

  test("filters by kind and by person, as one value or several", async () => {
    const { organization, owner } = await buildOrganization(t);
    const orgId = organization.uid;
    const member = await addMember(t, orgId, "member");
    const other = await addMember(t, orgId, "member");
    // By the role's key, not its name: the default roles are named in the organization's language.
    const manager = { uid: await roleIdOf(t, orgId, "manager") };
    for (const person of [member, other]) {
      const changed = await request(t.app, {
        method: "PATCH",
        url: `/api/v1/organization/${orgId}/user/${person.id}`,
        token: owner.token,
        json: { role_id: manager.uid },
      });
      expect(changed.statusCode).toBe(200);
    }
    await request(t.app, {
      method: "PATCH",
      url: `/api/v1/organization/${orgId}`,
      token: owner.token,
      json: { domains: ["acme.example"] },
    });

    const onlyMember = await readLog(orgId, owner.token, `&user_id=${member.id}&kind=member.role_changed`);
    expect(onlyMember.items.map((item) => item.target.id)).toEqual([member.id]);
    const both = await readLog(orgId, owner.token, `&user_id=${member.id}&user_id=${other.id}`);
    expect(both.items.map((item) => item.target.id).toSorted()).toEqual([member.id, other.id].toSorted());
    const kinds = await readLog(orgId, owner.token, "&kind=organization.domain_added&kind=member.role_changed");
    expect(kinds.items.map((item) => item.kind).toSorted()).toEqual([
      "member.role_changed",
      "member.role_changed",
      "organization.domain_added",
    ]);
    // The owner acted in every one of them: filtering by a person finds what they did too.
    expect((await readLog(orgId, owner.token, `&user_id=${owner.id}`)).items.length).toBeGreaterThanOrEqual(3);
  });

  test("pages through events written in the same instant without skipping or repeating one", async () => {
    const { organization, owner } = await buildOrganization(t);
    const orgId = organization.uid;
    await insertEvents(orgId, 7);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: AuditPage = await readLog(
        orgId,
        owner.token,
        `&kind=sign_in&limit=3${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.next;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(seen.length);
    const stored = await t.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(sql`${auditEvents.organizationId} = ${orgId} and ${auditEvents.kind} = 'sign_in'`);
    expect(seen.toSorted()).toEqual(stored.map((row) => row.id).toSorted());
  });

  test("answers the whole filtered period as CSV, asked by format=csv or by Accept", async () => {
    const { organization, owner } = await buildOrganization(t);
    const orgId = organization.uid;
    await insertEvents(orgId, 3);
    for (const ask of [
      { query: "&format=csv&limit=1", headers: {} },
      { query: "&limit=1", headers: { accept: "text/csv" } },
    ]) {
      const response = await request(t.app, {
        method: "GET",
        url: auditUrl(orgId, ask.query),
        token: owner.token,
        headers: ask.headers,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="audit-.*\.csv"$/);
      const lines = response.body.split("\r\n").filter(Boolean);
      expect(lines[0]).toBe("\uFEFFat;actor;kind;targetType;targetId;target;ip;browser;os;before;after");
      expect(lines.filter((line) => line.includes(";sign_in;"))).toHaveLength(3);
    }
  });

  test.each([
    ["an unknown kind", "&kind=sign_in.maybe", "query.kind"],
    ["a person that is not an id", "&user_id=nina", "query.user_id"],
    ["a cursor it never gave", "&cursor=bm9wZQ", "query.cursor"],
    ["a limit of 0", "&limit=0", "query.limit"],
  ])("refuses %s with a 400 naming the field", async (_label, query, field) => {
    const { organization, owner } = await buildOrganization(t);
    const response = await request(t.app, {
      method: "GET",
      url: auditUrl(organization.uid, query),
      token: owner.token,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
  });

  test.each([
    ["an impossible date", "start_date=2026-02-30&end_date=2026-03-01", "query.start_date"],
    ["a reversed period", "start_date=2026-03-02&end_date=2026-03-01", "query.end_date"],
    ["a period of more than 366 days", "start_date=2024-01-01&end_date=2025-01-01", "query.end_date"],
    ["no period", "", "query.start_date"],
  ])("refuses %s with a 400 naming the field", async (_label, query, field) => {
    const { organization, owner } = await buildOrganization(t);
    const url = `/api/v1/organization/${organization.uid}/audit?${query}`;
    const response = await request(t.app, { method: "GET", url, token: owner.token });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
  });

  test("a member without edit on organization is refused with 403, and nothing is written", async () => {
    const { organization } = await buildOrganization(t);
    const member = await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "organization" }]);
    const before = await snapshot(t.db);
    const response = await request(t.app, { method: "GET", url: auditUrl(organization.uid), token: member.token });
    expect(response.statusCode).toBe(403);
    expect(response.json().ErrorMessage).toBe("You need the right to edit organization");
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("another organization's log is a 404, an anonymous reader a 401", async () => {
    const { organization } = await buildOrganization(t);
    const outsider = await buildOrganization(t);
    const foreign = await request(t.app, {
      method: "GET",
      url: auditUrl(organization.uid),
      token: outsider.owner.token,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(organization.uid);
    const anonymous = await request(t.app, { method: "GET", url: auditUrl(organization.uid) });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("what is recorded", () => {
  test("a contract's change keeps the hourly cost before and after", async () => {
    const { organization, owner } = await buildOrganization(t);
    const orgId = organization.uid;
    const member = await addMember(t, orgId, "member", { nominative: "Luca Bianchi" });
    const url = `/api/v1/organization/${orgId}/user/${member.id}/contract`;
    const terms = {
      contract_type: "full-time",
      contractual_hours: 8,
      hourly_cost: 30,
      productivity_target: 80,
      from_date: "2026-01-01",
      to_date: null,
    };
    const created = await request(t.app, { method: "POST", url, token: owner.token, json: terms });
    expect(created.statusCode).toBe(201);
    const contractId = created.json().uid as string;
    await request(t.app, {
      method: "PATCH",
      url: `${url}/${contractId}`,
      token: owner.token,
      json: { ...terms, hourly_cost: 35 },
    });
    await request(t.app, { method: "DELETE", url: `${url}/${contractId}`, token: owner.token });

    const page = await readLog(
      orgId,
      owner.token,
      "&kind=contract.created&kind=contract.updated&kind=contract.deleted",
    );
    expect(page.items.map((item) => item.kind)).toEqual(["contract.deleted", "contract.updated", "contract.created"]);
    const [deleted, updated, createdEvent] = page.items;
    expect(updated).toMatchObject({
      actor_id: owner.id,
      target: { type: "contract", id: contractId, label: "Luca Bianchi" },
      before: { hourly_cost: 30, contractual_hours: 8 },
      after: { hourly_cost: 35, contractual_hours: 8 },
    });
    expect(createdEvent?.before).toBeNull();
    expect(createdEvent?.after).toMatchObject({ hourly_cost: 30 });
    expect(deleted?.after).toBeNull();
    expect(deleted?.before).toMatchObject({ hourly_cost: 35 });
  });

  test("a refused contract change records nothing", async () => {
    const { organization, owner } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const before = await snapshot(t.db);
    const response = await request(t.app, {
      method: "POST",
      url: `/api/v1/organization/${organization.uid}/user/${member.id}/contract`,
      token: owner.token,
      json: { contract_type: "full-time", hourly_cost: -1, productivity_target: 80, from_date: "2026-01-01" },
    });
    expect(response.statusCode).toBe(400);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("a member's new role, a role's acls and a status change, each with before and after", async () => {
    const { organization, owner } = await buildOrganization(t);
    const orgId = organization.uid;
    const member = await addMember(t, orgId, "member", { nominative: "Sara Verdi" });
    // By the role's key, not its name: the default roles are named in the organization's language.
    const manager = { uid: await roleIdOf(t, orgId, "manager") };
    await request(t.app, {
      method: "PATCH",
      url: `/api/v1/organization/${orgId}/user/${member.id}`,
      token: owner.token,
      json: { role_id: manager.uid },
    });
    const created = await request(t.app, {
      method: "POST",
      url: `/api/v1/organization/${orgId}/role`,
      token: owner.token,
      json: { name: "Auditor", acls: [] },
    });
    const roleId = created.json().uid as string;
    await request(t.app, {
      method: "PATCH",
      url: `/api/v1/organization/${orgId}/role/${roleId}`,
      token: owner.token,
      json: { acls: [{ subject: "user", actions: ["read"] }] },
    });
    await request(t.app, {
      method: "PATCH",
      url: `/api/v1/user/${member.id}`,
      token: owner.token,
      json: { status: "inactive" },
    });

    const page = await readLog(orgId, owner.token);
    expect(ofKind(page, "member.role_changed")[0]).toMatchObject({
      actor_id: owner.id,
      target: { type: "user", id: member.id, label: "Sara Verdi" },
      before: { role: "Member" },
      after: { role: "Manager" },
    });
    expect(ofKind(page, "role.created")[0]).toMatchObject({
      target: { id: roleId, label: "Auditor" },
      after: { acls: [] },
    });
    expect(ofKind(page, "role.updated")[0]).toMatchObject({
      before: { name: "Auditor", acls: [] },
      after: { name: "Auditor", acls: [{ subject: "user", actions: ["read"] }] },
    });
    expect(ofKind(page, "user.status_changed")[0]).toMatchObject({
      target: { id: member.id },
      before: { status: "active" },
      after: { status: "inactive" },
    });
  });

  test("invitations sent and revoked, and a member removed", async () => {
    const { organization, owner } = await buildOrganization(t);
    const orgId = organization.uid;
    const roles = (
      await request(t.app, { method: "GET", url: `/api/v1/organization/${orgId}/role`, token: owner.token })
    ).json() as Array<{ uid: string; name: string }>;
    const invited = await request(t.app, {
      method: "POST",
      url: `/api/v1/organization/${orgId}/user/invite`,
      token: owner.token,
      json: { email: "nuovo@example.com", nominative: "Nuovo", organization_role_id: roles[0]!.uid },
    });
    expect(invited.statusCode).toBe(201);
    const invitationId = invited.json().uid as string;
    await request(t.app, {
      method: "DELETE",
      url: `/api/v1/organization/${orgId}/invitation/${invitationId}`,
      token: owner.token,
    });
    const member = await addMember(t, orgId, "member");
    await request(t.app, {
      method: "DELETE",
      url: `/api/v1/organization/${orgId}/user/${member.id}`,
      token: owner.token,
    });

    const page = await readLog(orgId, owner.token);
    expect(ofKind(page, "invitation.sent")[0]).toMatchObject({
      target: { type: "invitation", id: invitationId, label: "nuovo@example.com" },
      after: { nominative: "Nuovo" },
    });
    expect(ofKind(page, "invitation.revoked")[0]).toMatchObject({ target: { id: invitationId } });
    expect(ofKind(page, "member.removed")[0]).toMatchObject({
      actor_id: owner.id,
      target: { id: member.id },
      before: { role: "Member" },
    });
  });

  test("a sign-in, a failed one and a sign-out, in the organization the person belongs to", async () => {
    const { organization, owner } = await buildOrganization(t);
    const orgId = organization.uid;
    const member = await addMember(t, orgId, "member");
    const signIn = (password: string) =>
      request(t.app, {
        method: "POST",
        url: "/api/v1/auth/basic",
        json: { email: member.email, password },
        headers: { "user-agent": chrome },
        remoteAddress: "198.51.100.4",
      });
    expect((await signIn("not the password")).statusCode).toBe(401);
    const signedIn = await signIn(member.password);
    expect(signedIn.statusCode).toBe(200);
    const logout = await request(t.app, { method: "POST", url: "/api/v1/auth/logout", token: signedIn.json().token });
    expect(logout.statusCode).toBe(204);

    const page = await readLog(orgId, owner.token, `&user_id=${member.id}`);
    expect(page.items.map((item) => item.kind)).toEqual(["sign_out", "sign_in", "sign_in.failed"]);
    expect(page.items[2]).toMatchObject({
      actor_id: null,
      target: { id: member.id, label: member.email },
      ip: "198.51.100.4",
    });
    expect(page.items[1]).toMatchObject({ actor_id: member.id, device: { browser: "Chrome", os: "Windows" } });
  });

  test("a wrong password for an address nobody holds is not recorded", async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents);
    await request(t.app, {
      method: "POST",
      url: "/api/v1/auth/basic",
      json: { email: `${randomUUID()}@example.com`, password: "whatever it is" },
    });
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  test("sign-ins refused by the limits are recorded as a lock of the account, once per window", async () => {
    const person = await buildUser(t);
    const attempt = () =>
      request(t.app, {
        method: "POST",
        url: "/api/v1/auth/basic",
        json: { email: person.email, password: "wrong one" },
        remoteAddress: "192.0.2.77",
      });
    let status = 0;
    for (let i = 0; i < 10 && status !== 429; i++) status = (await attempt()).statusCode;
    expect(status).toBe(429);
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(429);
    const mine = await request(t.app, { method: "GET", url: "/api/v1/auth/security-events", token: person.token });
    const kinds = (mine.json() as AuditPage).items.map((item) => item.kind);
    expect(kinds[0]).toBe("sign_in.locked");
    // Refusals go on as long as someone tries; the lock is written once per sign-in window.
    expect(kinds.filter((kind) => kind === "sign_in.locked")).toHaveLength(1);
    expect(kinds).toContain("sign_in.failed");
  });
});

describe("GET auth/security-events", () => {
  test("lists the person's own security events only, newest first, a page at a time", async () => {
    const { organization, owner } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    for (let i = 0; i < 3; i++) {
      await request(t.app, {
        method: "POST",
        url: "/api/v1/auth/basic",
        json: { email: member.email, password: member.password },
      });
    }
    await request(t.app, { method: "DELETE", url: "/api/v1/auth/sessions?others=true", token: member.token });
    // An administration event about the member is the organization's, not one of their security events.
    await request(t.app, {
      method: "PATCH",
      url: `/api/v1/user/${member.id}`,
      token: owner.token,
      json: { status: "active" },
    });

    const first = await request(t.app, {
      method: "GET",
      url: "/api/v1/auth/security-events?limit=2",
      token: member.token,
    });
    expect(first.statusCode).toBe(200);
    const page = auditPageSchema.parse(first.json());
    expect(page.items.map((item) => item.kind)).toEqual(["sessions.ended_others", "sign_in"]);
    expect(page.next).not.toBeNull();
    const second = auditPageSchema.parse(
      (
        await request(t.app, {
          method: "GET",
          url: `/api/v1/auth/security-events?limit=5&cursor=${page.next}`,
          token: member.token,
        })
      ).json(),
    );
    expect(second.items.map((item) => item.kind)).toEqual(["sign_in", "sign_in"]);
    expect(
      [...page.items, ...second.items].every((item) => item.target.id === null || item.target.id !== owner.id),
    ).toBe(true);
  });

  test("anonymous is a 401, a bad cursor a 400 naming it", async () => {
    expect((await request(t.app, { method: "GET", url: "/api/v1/auth/security-events" })).statusCode).toBe(401);
    const person = await buildUser(t);
    const response = await request(t.app, {
      method: "GET",
      url: "/api/v1/auth/security-events?cursor=zz",
      token: person.token,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { field: string }) => d.field)).toContain("query.cursor");
  });
});
