import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildApp } from "./app.js";
import { loadConfig } from "./config.js";
import { type DatabaseHandle, openPostgres } from "./db/database.js";
import { customers, projects, timers } from "./db/schema.js";
import { buildOrganization, buildUser, insertCustomer } from "./test/factories.js";
import { request, type TestApp } from "./test/test-app.js";
import { openTestDatabase, runOnServer } from "./test/test-database.js";

/**
 * Two server instances on one database, as the README's several-instances setup runs them: on PostgreSQL each has its
 * own connection pool (two processes share nothing but the database); on the embedded store, whose data directory
 * admits one process, two apps share one PGlite in this process. Every limit and race that one instance holds must
 * hold across both.
 */
const serverUrl = process.env.DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), "timetrap-two-"));
const config = loadConfig({
  DATA_DIR: dataDir,
  AUTH_SECRET: "test-secret-that-is-at-least-32-characters-long",
  LOG_LEVEL: "warn",
  WEB_DIST_DIR: join(dataDir, "no-web-build"),
  APP_URL: "http://timetrap.test",
  // Small, so that a test reaches it; no other test here makes this many requests with one session.
  API_RATE_LIMIT_PER_MINUTE: "30",
});
const handles: DatabaseHandle[] = [];
const apps: FastifyInstance[] = [];
let databaseName: string | undefined;
/** The first instance, in the shape the factories take. */
const t = {} as TestApp;

const onServer = (statement: string) => runOnServer(serverUrl!, statement);

beforeAll(async () => {
  if (serverUrl) {
    databaseName = `tt_test_${randomBytes(6).toString("hex")}`;
    await onServer(`CREATE DATABASE ${databaseName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    handles.push(openPostgres(url.toString()), openPostgres(url.toString()));
    // Both migrate, as two instances starting together do.
    await Promise.all(handles.map((handle) => handle.migrate()));
  } else {
    handles.push(await openTestDatabase());
  }
  for (const handle of [handles[0]!, handles.at(-1)!]) {
    const app = await buildApp(config, { database: handle, logStream: { write: () => {} } });
    await app.ready();
    apps.push(app);
  }
  Object.assign(t, { app: apps[0], db: handles[0]!.db, database: handles[0], config, logs: [] });
});

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const handle of handles) await handle.close();
  if (databaseName) await onServer(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
});

/** The instance that takes the `i`th request, in turn. */
const instance = (i: number) => apps[i % apps.length]!;

describe("two instances on one database", () => {
  test("the sign-in limit counts failures from both: five wrong passwords in turn, then the sixth try is 429", async () => {
    const user = await buildUser(t);
    const signIn = (i: number, password: string) =>
      request(instance(i), {
        method: "POST",
        url: "/api/v1/auth/basic",
        json: { email: user.email, password },
        remoteAddress: "198.51.100.7",
      });
    for (let i = 0; i < 5; i++) expect((await signIn(i, `wrong ${i}`)).statusCode).toBe(401);
    for (const i of [5, 6]) {
      const refused = await signIn(i, user.password);
      expect(refused.statusCode, `instance ${(i % 2) + 1}`).toBe(429);
      expect(refused.headers["retry-after"]).toBeDefined();
    }
  });

  test("of two timers started at once, one on each instance, exactly one runs: a 201 and a 409", async () => {
    const owner = await buildUser(t, { termsOfUse: true, privacyPolicy: true });
    await buildOrganization(t, { owner });
    const events = [];
    for (const title of ["Focus", "Mail"]) {
      const response = await request(t.app, {
        method: "POST",
        url: `/api/v1/user/${owner.id}/time-blocking`,
        token: owner.token,
        json: { title, start_time: Date.now() - 3_600_000, end_time: Date.now() + 3_600_000 },
      });
      expect(response.statusCode).toBe(201);
      events.push(response.json() as { id: string });
    }
    // Several rounds: a round proves something only when the two transactions overlap.
    for (let round = 0; round < 5; round++) {
      const responses = await Promise.all(
        events.map((event, i) =>
          request(instance(i + round), {
            method: "POST",
            url: `/api/v1/user/${owner.id}/timer`,
            token: owner.token,
            json: { start_time: Date.now(), time_blocking_event_id: event.id },
          }),
        ),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const running = await t.db.select().from(timers).where(eq(timers.userId, owner.id));
      expect(running).toHaveLength(1);
      await t.db.delete(timers).where(eq(timers.userId, owner.id));
    }
  });

  test("of two projects created at once for the plan's last place, one on each instance, one is made", async () => {
    const { owner, organization } = await buildOrganization(t);
    const customer = await insertCustomer(t, organization.uid);
    const create = (i: number, title: string) =>
      request(instance(i), {
        method: "POST",
        url: `/api/v1/organization/${organization.uid}/project`,
        token: owner.token,
        json: { title, customer_id: customer.id, project_manager_id: owner.id, salesaccount: [owner.id] },
      });
    for (let i = 0; i < 4; i++) expect((await create(i, `Project ${i}`)).statusCode).toBe(201);
    const responses = await Promise.all([create(0, "Left"), create(1, "Right")]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 403]);
    expect(responses.find((r) => r.statusCode === 403)!.json()).toMatchObject({ code: "PLAN_LIMIT_REACHED" });
    const rows = await t.db.select().from(projects).where(eq(projects.organizationId, organization.uid));
    expect(rows).toHaveLength(5);
  });

  test("a session's request budget is one across both: thirty in turn, then 429 from either", async () => {
    const owner = await buildUser(t, { termsOfUse: true, privacyPolicy: true });
    const me = (i: number) => request(instance(i), { method: "GET", url: "/api/v1/auth/me", token: owner.token });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => me(i)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(200));
    expect(answers.map((a) => Number(a.headers["ratelimit-remaining"])).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i),
    );
    for (const i of [30, 31]) {
      const refused = await me(i);
      expect(refused.statusCode, `instance ${(i % 2) + 1}`).toBe(429);
      expect(refused.headers["retry-after"]).toBeDefined();
    }
  });

  test("one Idempotency-Key sent to both at once makes one customer, answered to both", async () => {
    const owner = await buildUser(t, { termsOfUse: true, privacyPolicy: true });
    const { organization } = await buildOrganization(t, { owner });
    const answers = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        request(instance(i), {
          method: "POST",
          url: `/api/v1/organization/${organization.uid}/customer`,
          token: owner.token,
          json: { nominative: "Both S.r.l." },
          headers: { "idempotency-key": "both-instances" },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers["idempotent-replayed"] === "true")).toHaveLength(3);
    const made = await t.db.select().from(customers).where(eq(customers.organizationId, organization.uid));
    expect(made).toHaveLength(1);
  });
});
