import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { customers, expenses, idempotencyKeys, tasks, timeBlockingEvents, timers } from "../db/schema.js";
import { buildOrganization, organizationWithProject } from "../test/factories.js";
import { request, snapshot, useTestApp } from "../test/test-app.js";
import { canonicalJson, idempotencyKeyHours, requestFingerprint } from "./idempotency.js";

const t = useTestApp();

const createCustomer = (orgId: string, json: unknown, token: string, key?: string) =>
  request(t.app, {
    method: "POST",
    url: `/api/v1/organization/${orgId}/customer`,
    json,
    token,
    ...(key === undefined ? {} : { headers: { "idempotency-key": key } }),
  });

const customersNamed = async (organizationId: string, nominative: string) =>
  t.db
    .select()
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.nominative, nominative)));

describe("canonicalJson", () => {
  test.each([
    [{ b: 1, a: 2 }, '{"a":2,"b":1}'],
    [{ a: { d: [1, { z: 1, y: 2 }], c: null } }, '{"a":{"c":null,"d":[1,{"y":2,"z":1}]}}'],
    [{ a: undefined, b: "x" }, '{"b":"x"}'],
    [[], "[]"],
    [undefined, "null"],
    ["é\u2028", '"é\u2028"'],
  ])("%j is %s", (value, expected) => {
    expect(canonicalJson(value)).toBe(expected);
  });

  test("the order of an object's fields never changes it; any other change does", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (object) => {
        const reversed = Object.fromEntries(Object.entries(object).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(object));
        expect(requestFingerprint("POST", "/a", reversed)).toBe(requestFingerprint("POST", "/a", object));
        expect(requestFingerprint("POST", "/b", object)).not.toBe(requestFingerprint("POST", "/a", object));
        expect(canonicalJson({ ...object, "\u0000extra": 1 })).not.toBe(canonicalJson(object));
      }),
    );
  });
});

describe("POST with an Idempotency-Key", () => {
  test("the same key and body answers the first answer again, marked as a replay, and writes once", async () => {
    const { owner, organization } = await buildOrganization(t);
    const first = await createCustomer(organization.uid, { nominative: "Acme S.r.l." }, owner.token, "key-1");
    expect(first.statusCode).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();

    // The same fields in another order are the same request.
    const again = await createCustomer(organization.uid, { nominative: "Acme S.r.l.", ...{} }, owner.token, "key-1");
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(again.json()).toEqual(first.json());
    expect(await customersNamed(organization.uid, "Acme S.r.l.")).toHaveLength(1);
  });

  test("the same key with another body is a 422 that writes nothing", async () => {
    const { owner, organization } = await buildOrganization(t);
    expect((await createCustomer(organization.uid, { nominative: "First" }, owner.token, "key-2")).statusCode).toBe(
      201,
    );
    const before = await snapshot(t.db);
    const reused = await createCustomer(organization.uid, { nominative: "Second" }, owner.token, "key-2");
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({
      code: "IDEMPOTENCY_KEY_REUSED",
      ErrorMessage: "This Idempotency-Key was already used for a different request. Use a new key for a new request",
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("a key is the person's: another person's same key is a request of its own", async () => {
    const a = await buildOrganization(t);
    const b = await buildOrganization(t);
    expect((await createCustomer(a.organization.uid, { nominative: "Shared" }, a.owner.token, "k")).statusCode).toBe(
      201,
    );
    const other = await createCustomer(b.organization.uid, { nominative: "Shared" }, b.owner.token, "k");
    expect(other.statusCode).toBe(201);
    expect(other.headers["idempotent-replayed"]).toBeUndefined();
    expect(await customersNamed(b.organization.uid, "Shared")).toHaveLength(1);
  });

  test("a refused request keeps nothing: after a 400 the key can be used again, and then writes once", async () => {
    const { owner, organization } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const refused = await createCustomer(organization.uid, { nominative: "" }, owner.token, "key-3");
    expect(refused.statusCode).toBe(400);
    expect(await snapshot(t.db)).toEqual(before);

    const accepted = await createCustomer(organization.uid, { nominative: "Beta" }, owner.token, "key-3");
    expect(accepted.statusCode).toBe(201);
    expect(accepted.headers["idempotent-replayed"]).toBeUndefined();
  });

  test("a key of more than 255 characters, or with spaces, is a 400 naming the header, and nothing is written", async () => {
    const { owner, organization } = await buildOrganization(t);
    const before = await snapshot(t.db);
    for (const key of ["x".repeat(256), "two words"]) {
      const response = await createCustomer(organization.uid, { nominative: "Gamma" }, owner.token, key);
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([
        { field: "headers.idempotency-key", message: "An Idempotency-Key is 1 to 255 visible ASCII characters" },
      ]);
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("two concurrent requests with one key make one row, and both answer it", async () => {
    const { owner, organization } = await buildOrganization(t);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => createCustomer(organization.uid, { nominative: "Delta" }, owner.token, "race")),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.json().uid)).size).toBe(1);
    expect(answers.filter((a) => a.headers["idempotent-replayed"] === "true")).toHaveLength(5);
    expect(await customersNamed(organization.uid, "Delta")).toHaveLength(1);
  });

  test(`a key older than ${idempotencyKeyHours} hours is forgotten: the request runs again`, async () => {
    const { owner, organization } = await buildOrganization(t);
    expect((await createCustomer(organization.uid, { nominative: "Old" }, owner.token, "old")).statusCode).toBe(201);
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - (idempotencyKeyHours * 3600 + 60) * 1000) })
      .where(and(eq(idempotencyKeys.userId, owner.id), eq(idempotencyKeys.key, "old")));
    const again = await createCustomer(organization.uid, { nominative: "Old" }, owner.token, "old");
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
    expect(await customersNamed(organization.uid, "Old")).toHaveLength(2);
  });

  test("without a key, each POST is a request of its own", async () => {
    const { owner, organization } = await buildOrganization(t);
    await createCustomer(organization.uid, { nominative: "Twice" }, owner.token);
    await createCustomer(organization.uid, { nominative: "Twice" }, owner.token);
    expect(await customersNamed(organization.uid, "Twice")).toHaveLength(2);
  });

  test("the document states the header on authenticated POSTs only", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json() as {
      paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }>; security?: unknown[] }>>;
    };
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
    );
    const withHeader = (operation: { parameters?: Array<{ in: string; name: string }> }) =>
      (operation.parameters ?? []).some((p) => p.in === "header" && p.name === "idempotency-key");
    const posts = operations.filter((o) => o.method === "post");
    const authenticated = posts.filter((o) => o.operation.security?.length !== 0);
    expect(authenticated.length).toBeGreaterThan(20);
    for (const o of authenticated) expect(withHeader(o.operation), `${o.method} ${o.path}`).toBe(true);
    for (const o of posts.filter((p) => p.operation.security?.length === 0)) {
      expect(withHeader(o.operation), `${o.method} ${o.path}`).toBe(false);
    }
    expect(operations.filter((o) => o.method !== "post").some((o) => withHeader(o.operation))).toBe(false);
  });
});

describe("the web app's creates with a key, each sent twice", () => {
  /** Sends `json` to `url` twice with one key: the second answer is the first again, and one row was written. */
  async function twice(url: string, json: unknown, token: string) {
    const key = `web-${Math.random()}`;
    const first = await request(t.app, { method: "POST", url, json, token, headers: { "idempotency-key": key } });
    expect(first.statusCode, first.body).toBe(201);
    const second = await request(t.app, { method: "POST", url, json, token, headers: { "idempotency-key": key } });
    expect(second.statusCode).toBe(201);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(second.body).toBe(first.body);
    return first.json();
  }

  test("a block, its timer, a task and an expense are made once", async () => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const start = Date.now();
    const block = await twice(
      `/api/v1/user/${owner.id}/time-blocking`,
      { title: "Wireframes", start_time: start, end_time: start + 3_600_000, project_id: project.id },
      owner.token,
    );
    expect(await t.db.select().from(timeBlockingEvents).where(eq(timeBlockingEvents.userId, owner.id))).toHaveLength(1);

    await twice(`/api/v1/user/${owner.id}/timer`, { start_time: start, time_blocking_event_id: block.id }, owner.token);
    expect(await t.db.select().from(timers).where(eq(timers.userId, owner.id))).toHaveLength(1);

    await twice(
      `/api/v1/organization/${orgId}/task`,
      { name: "Moodboard", projectId: project.id, userId: owner.id },
      owner.token,
    );
    expect(await t.db.select().from(tasks).where(eq(tasks.projectId, project.id))).toHaveLength(1);

    await twice(
      `/api/v1/organization/${orgId}/project/${project.id}/expense`,
      { title: "Stock photos", amount: 120 },
      owner.token,
    );
    expect(await t.db.select().from(expenses).where(eq(expenses.projectId, project.id))).toHaveLength(1);
  });
});
