import { createdAccessTokenSchema } from "@timetrap/domain";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, test } from "vitest";
import { apiRateLimits } from "../db/schema.js";
import { type BuiltUser, buildOrganization } from "../test/factories.js";
import { request, snapshot, type TestApp, useTestApp } from "../test/test-app.js";

/** Small budgets, so that a test reaches them in a few requests. */
const budgets = { API_RATE_LIMIT_PER_MINUTE: "5", API_EXPORT_RATE_LIMIT_PER_MINUTE: "2" };
const t = useTestApp(budgets);
/** A second instance on the same database, as a second server would be. */
let second: TestApp;
beforeAll(async () => {
  second = await t.buildAnotherApp(budgets);
});

const me = (on: TestApp, token: string) => request(on.app, { method: "GET", url: "/api/v1/auth/me", token });
const exportTimesheet = (on: TestApp, token: string) =>
  request(on.app, {
    method: "GET",
    url: "/api/v1/report/timesheet?start_date=2026-11-02&end_date=2026-11-08&timesheet_type=byDay&format=csv",
    token,
  });

async function tokenOf(person: BuiltUser): Promise<string> {
  const response = await request(t.app, {
    method: "POST",
    url: "/api/v1/auth/tokens",
    token: person.token,
    json: { name: "Payroll export", expires_in_days: 30, scope: "read" },
  });
  expect(response.statusCode).toBe(201);
  return createdAccessTokenSchema.parse(response.json()).token;
}

/** An organization whose owner's budgets are whole: its creation, a request of the owner, is forgotten. */
async function organization() {
  const built = await buildOrganization(t);
  await t.db.delete(apiRateLimits);
  return built;
}

const budgetHeaders = (response: LightMyRequestResponse) => ({
  limit: response.headers["ratelimit-limit"],
  remaining: response.headers["ratelimit-remaining"],
});

describe("the API's request budgets", () => {
  test("every answer states the budget; past it, 429 with Retry-After, counted across two instances", async () => {
    const { owner } = await organization();
    const answers = [];
    // Alternating between the instances: one budget, kept in the database.
    for (let i = 0; i < 6; i++) answers.push(await me(i % 2 === 0 ? t : second, owner.token));

    expect(answers.slice(0, 5).map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.slice(0, 5).map(budgetHeaders)).toEqual(
      ["4", "3", "2", "1", "0"].map((remaining) => ({ limit: "5", remaining })),
    );
    for (const answer of answers) {
      const reset = Number(answer.headers["ratelimit-reset"]);
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(60);
    }
    const refused = answers[5]!;
    expect(refused.statusCode).toBe(429);
    expect(budgetHeaders(refused)).toEqual({ limit: "5", remaining: "0" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      statusCode: 429,
      code: "TOO_MANY_REQUESTS",
      ErrorMessage: expect.stringMatching(/^Too many requests: at most 5 a minute\. Try again in \d+ seconds?$/),
    });
  });

  test("an invalid request counts and states the budget too", async () => {
    const { owner, organization: built } = await organization();
    const invalid = await request(t.app, {
      method: "POST",
      url: `/api/v1/organization/${built.uid}/customer`,
      token: owner.token,
      json: { nominative: "" },
    });
    expect(invalid.statusCode).toBe(400);
    expect(budgetHeaders(invalid)).toEqual({ limit: "5", remaining: "4" });
    expect(budgetHeaders(await me(t, owner.token))).toEqual({ limit: "5", remaining: "3" });
  });

  test("a refused write writes nothing", async () => {
    const { owner, organization: built } = await organization();
    for (let i = 0; i < 5; i++) await me(t, owner.token);
    const before = await snapshot(t.db);
    const refused = await request(second.app, {
      method: "POST",
      url: `/api/v1/organization/${built.uid}/customer`,
      token: owner.token,
      json: { nominative: "Too late S.r.l." },
      headers: { "idempotency-key": "late" },
    });
    expect(refused.statusCode).toBe(429);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("each session and each personal access token has a budget of its own", async () => {
    const { owner } = await organization();
    const token = await tokenOf(owner);
    // The token's creation spent one of the session's five.
    for (let i = 0; i < 4; i++) expect((await me(t, owner.token)).statusCode).toBe(200);
    expect((await me(t, owner.token)).statusCode).toBe(429);
    const byToken = await me(second, token);
    expect(byToken.statusCode).toBe(200);
    expect(budgetHeaders(byToken)).toEqual({ limit: "5", remaining: "4" });
  });

  test("CSV exports have a budget of their own, beside the other requests'", async () => {
    const { owner } = await organization();
    const exports = [];
    for (let i = 0; i < 3; i++) exports.push(await exportTimesheet(i === 1 ? second : t, owner.token));
    expect(exports.map((e) => e.statusCode)).toEqual([200, 200, 429]);
    expect(exports.map(budgetHeaders)[0]).toEqual({ limit: "2", remaining: "1" });
    expect(exports[2]!.json().ErrorMessage).toMatch(/^Too many exports: at most 2 a minute\./);
    // The JSON answers are still within their own budget.
    expect(budgetHeaders(await me(t, owner.token))).toEqual({ limit: "5", remaining: "4" });
  });

  test("concurrent requests never pass the budget: it is decided in one statement", async () => {
    const { owner } = await organization();
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => me(i % 2 === 0 ? t : second, owner.token)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(11);
  });

  test("a new window opens a minute after the first request of the last one", async () => {
    const { owner } = await organization();
    for (let i = 0; i < 5; i++) await me(t, owner.token);
    expect((await me(t, owner.token)).statusCode).toBe(429);
    await t.db.update(apiRateLimits).set({ windowStart: sql`window_start - interval '61 seconds'` });
    const next = await me(second, owner.token);
    expect(next.statusCode).toBe(200);
    expect(budgetHeaders(next)).toEqual({ limit: "5", remaining: "4" });
  });

  test("public routes and refused credentials are outside the budgets", async () => {
    const config = await request(t.app, { method: "GET", url: "/api/v1/config" });
    expect(config.statusCode).toBe(200);
    expect(config.headers["ratelimit-limit"]).toBeUndefined();
    const refused = await me(t, "not-a-token");
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["ratelimit-limit"]).toBeUndefined();
  });
});
