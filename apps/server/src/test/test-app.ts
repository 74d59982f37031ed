import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FakeSmtpServer, startSmtpServer } from "@timetrap/fakes";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { type AppDeps, buildApp } from "../app.js";
import { type AppConfig, loadConfig } from "../config.js";
import type { Database, DatabaseHandle } from "../db/database.js";
import * as schema from "../db/schema.js";
import { openTestDatabase } from "./test-database.js";

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  config: AppConfig;
  /** Every log line the app wrote, parsed. */
  logs: Array<Record<string, unknown>>;
  /** Another app on the same database, with other settings (it is closed with the file). */
  buildAnotherApp(env: Record<string, string>): Promise<TestApp>;
}

type Env = Record<string, string>;

/**
 * One app on one fresh database per test file: the hooks fill the returned object before the tests
 * run and close everything after them. `env` may be a function, for settings (such as a fake server's
 * address) known only once `beforeAll` runs.
 */
export function useTestApp(
  env: Env | (() => Env | Promise<Env>) = {},
  { onRoute }: Pick<AppDeps, "onRoute"> = {},
): TestApp {
  const context = {} as TestApp;
  let database: DatabaseHandle | undefined;
  const apps: FastifyInstance[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), "timetrap-test-"));

  async function build(extra: Env): Promise<TestApp> {
    const config = loadConfig({
      DATA_DIR: dataDir,
      AUTH_SECRET: "test-secret-that-is-at-least-32-characters-long",
      LOG_LEVEL: "info",
      WEB_DIST_DIR: join(dataDir, "no-web-build"),
      APP_URL: "http://timetrap.test",
      ...extra,
    });
    const logs: Array<Record<string, unknown>> = [];
    const app = await buildApp(config, {
      database: database!,
      logStream: { write: (line) => logs.push(JSON.parse(line) as Record<string, unknown>) },
      ...(onRoute ? { onRoute } : {}),
    });
    await app.ready();
    apps.push(app);
    return { app, db: database!.db, database: database!, config, logs, buildAnotherApp: build };
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    Object.assign(context, await build(typeof env === "function" ? await env() : env));
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  return context;
}

/** `app.inject` with a bearer token and a JSON body. */
export function request(
  app: FastifyInstance,
  options: InjectOptions & { token?: string; json?: unknown },
): Promise<LightMyRequestResponse> {
  const { token, json, headers, ...rest } = options;
  return app.inject({
    ...rest,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(json === undefined ? {} : { payload: json as InjectOptions["payload"] }),
  });
}

/** Every table of the schema, found rather than listed, so a new table cannot be left out of `snapshot`. */
const tables: PgTable[] = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);

function snapshotTables(except: readonly PgTable[]): PgTable[] {
  return tables.filter((table) => table !== schema.apiRateLimits && table !== schema.jobs && !except.includes(table));
}

/** The names of the tables `snapshot` reads with the same `except`, in its order: what changed, by name. */
export function snapshotTableNames({ except = [] }: { except?: PgTable[] } = {}): string[] {
  return snapshotTables(except).map((table) => getTableName(table));
}

/**
 * Every row of every table, to show that a refused request wrote nothing; `except` leaves out tables a request writes
 * to whatever its outcome (the limits' counters). The API's request budgets, which every authenticated request counts,
 * are always left out, and so are the queued jobs, which the worker moves on in the background (an e-mail of an
 * earlier test is sent while this one runs): a test of what a request enqueues reads the jobs table itself.
 */
export async function snapshot(db: Database, { except = [] }: { except?: PgTable[] } = {}): Promise<unknown[][]> {
  const rows = await Promise.all(snapshotTables(except).map((table) => db.select().from(table)));
  // Sorting each table's rows by their serialized form makes the picture independent of the scan order, also for
  // tables keyed by something other than an `id` (timers are keyed by their user).
  return rows.map((list) =>
    (list as unknown[])
      .map((row) => ({ row, key: JSON.stringify(row) }))
      .sort((a, b) => a.key.localeCompare(b.key))
      .map(({ row }) => row),
  );
}

/**
 * `useTestApp` with a local SMTP server as the app's mail server, for the files that read what was mailed. `smtp` is
 * filled before the tests run and closed after them.
 */
export function useTestAppWithMail(): { t: TestApp; smtp: FakeSmtpServer } {
  const smtp = {} as FakeSmtpServer;
  const t = useTestApp(async () => {
    Object.assign(smtp, await startSmtpServer());
    return { SMTP_URL: smtp.url, MAIL_FROM: "Timetrap <no-reply@timetrap.test>" };
  });
  afterAll(() => smtp.close?.());
  return { t, smtp };
}
