import fastifyRateLimit from "@fastify/rate-limit";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Database } from "../db/database.js";
import { AppError } from "./app-error.js";
import { wantsCsv } from "./csv-export.js";
import { errorResponses } from "./error-handler.js";

/** The API's budgets per caller (a session or a personal access token), each over one minute. */
export interface ApiRateLimits {
  /** Requests a minute, reads and writes alike. */
  perMinute: number;
  /** CSV exports a minute (reports and the audit log asked for as CSV), counted apart from the rest. */
  exportsPerMinute: number;
}

const windowMs = 60_000;
/** How often (in hits per process) the rows of callers idle for an hour are dropped. */
const sweepEvery = 500;

/** A request for a CSV export, as the export routes decide it. */
export function isExportRequest(request: FastifyRequest): boolean {
  return wantsCsv((request.query as { format?: unknown } | undefined)?.format, request.headers.accept);
}

function budgetOf(request: FastifyRequest): "api" | "export" {
  return isExportRequest(request) ? "export" : "api";
}

function callerOf(request: FastifyRequest): string {
  return request.accessTokenId ? `token:${request.accessTokenId}` : `session:${request.sessionId ?? request.userId}`;
}

interface StoreAnswer {
  current: number;
  ttl: number;
}

/**
 * @fastify/rate-limit's store, kept in the database so that every instance on it counts the same budget: one statement
 * counts the request and answers the count, by the database's clock. A window starts at a caller's first request
 * after the last one ended, as the plugin's own stores count.
 */
function databaseStore(db: Database) {
  let hits = 0;
  async function incr(key: string, timeWindow: number): Promise<StoreAnswer> {
    const result = (await db.execute(sql`
      insert into api_rate_limits as l (key, window_start, count) values (${key}, clock_timestamp(), 1)
      on conflict (key) do update set
        count = case when l.window_start <= clock_timestamp() - make_interval(secs => ${timeWindow / 1000})
          then 1 else l.count + 1 end,
        window_start = case when l.window_start <= clock_timestamp() - make_interval(secs => ${timeWindow / 1000})
          then clock_timestamp() else l.window_start end
      returning count,
        ceil(extract(epoch from l.window_start - clock_timestamp()) * 1000 + ${timeWindow}) as ttl`)) as unknown as {
      rows: Array<{ count: number | string; ttl: number | string }>;
    };
    hits += 1;
    if (hits % sweepEvery === 0) {
      await db.execute(sql`delete from api_rate_limits where window_start < clock_timestamp() - interval '1 hour'`);
    }
    const row = result.rows[0]!;
    return { current: Number(row.count), ttl: Math.max(0, Number(row.ttl)) };
  }
  return class DatabaseRateLimitStore {
    incr(key: string, callback: (error: Error | null, answer?: StoreAnswer) => void, timeWindow: number) {
      incr(key, timeWindow).then(
        (answer) => callback(null, answer),
        (error: Error) => callback(error),
      );
    }

    child() {
      return this;
    }
  };
}

/**
 * The request budgets of decision 025, on every route that needs a session or a token, decided after authentication
 * (the caller is known then) and before validation (an invalid request counts too), and answered in `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` on every
 * answer, with 429 and `Retry-After` past them. Public routes (sign-in and the like) keep their own limits.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  { db, limits }: { db: Database; limits: ApiRateLimits },
): Promise<void> {
  // The document says so on every operation the budgets apply to.
  app.addHook("onRoute", (route) => {
    const schema = route.schema as { security?: unknown[]; response?: Record<string, unknown> } | undefined;
    if (!schema?.security?.length || !schema.response || schema.response[429]) return;
    schema.response = { ...schema.response, ...errorResponses(429) };
  });
  await app.register(fastifyRateLimit, {
    global: true,
    // After authentication (the caller is known) and before validation, so that a refused request counts too.
    hook: "preValidation",
    enableDraftSpec: true,
    timeWindow: windowMs,
    max: (request) => (budgetOf(request) === "export" ? limits.exportsPerMinute : limits.perMinute),
    keyGenerator: (request) => `${budgetOf(request)}:${callerOf(request)}`,
    allowList: (request) => request.userId === null,
    store: databaseStore(db),
    errorResponseBuilder: (request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      const what = budgetOf(request) === "export" ? "exports" : "requests";
      return new AppError(
        "TOO_MANY_REQUESTS",
        `Too many ${what}: at most ${context.max} a minute. Try again in ${seconds} second${seconds === 1 ? "" : "s"}`,
      );
    },
  });
}
