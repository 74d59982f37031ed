import { createHash } from "node:crypto";
import { sql, TransactionRollbackError } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { z } from "zod";
import { type Database, runInRequestTransaction } from "../db/database.js";
import { AppError } from "./app-error.js";

/** How long an answer is kept for a retry with its key (Stripe keeps 24 hours). */
export const idempotencyKeyHours = 24;
export const idempotencyKeyHeader = "idempotency-key";
/** How often (in keys claimed by this process) the keys older than a day are dropped. */
const sweepEvery = 200;
/** Set on an answer that was given before, to the first request with the same key. */
export const idempotentReplayedHeader = "idempotent-replayed";

/** The header as each authenticated POST's schema states it, so that the document says what the server checks. */
const idempotencyKeyHeaders = z.looseObject({
  [idempotencyKeyHeader]: z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, "An Idempotency-Key is 1 to 255 visible ASCII characters")
    .optional()
    .meta({
      description:
        `Makes a retry of this POST safe: the same key with the same request within ${idempotencyKeyHours} hours ` +
        "answers the first answer again (with `Idempotent-Replayed: true`) and writes nothing; the same key with " +
        "another request is a 422. Only successful answers are kept: after a 4xx or 5xx the key can be used again. " +
        "Use a new random value, such as a UUID, for each new request.",
      example: "0c9a3f56-43a1-4f39-9d43-1d8c2b7e6a10",
    }),
});

/** JSON with the keys of every object sorted: the same request written in another order is the same request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What a key stands for: the method, the address and the body, whatever the order of its fields. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method} ${url}\n${canonicalJson(body)}`)
    .digest("hex");
}

interface HeldTransaction {
  tx: Database;
  readonly open: boolean;
  /** Commits (true) or rolls back (false); resolves once the database has done it, rejects if the commit failed. */
  end(commit: boolean): Promise<void>;
}

/** A transaction held open across the hooks of one request: begun now, ended when `end` is called. */
function beginHeld(db: Database): Promise<HeldTransaction> {
  return new Promise((resolveBegun, rejectBegun) => {
    let decide!: (commit: boolean) => void;
    const decision = new Promise<boolean>((resolve) => {
      decide = resolve;
    });
    let open = true;
    const finished: Promise<void> = db
      .transaction(async (tx) => {
        resolveBegun({
          tx,
          get open() {
            return open;
          },
          async end(commit) {
            if (!open) return;
            open = false;
            decide(commit);
            await finished;
          },
        });
        if (!(await decision)) tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    // A transaction that could not begin; once begun, `end` answers its failure.
    finished.catch(rejectBegun);
  });
}

interface IdempotentRequest {
  held: HeldTransaction;
  userId: string;
  key: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set while an authenticated POST with an Idempotency-Key runs in the transaction that will keep its answer. */
    idempotent: IdempotentRequest | null;
  }
}

const keyReused = () =>
  new AppError(
    "IDEMPOTENCY_KEY_REUSED",
    "This Idempotency-Key was already used for a different request. Use a new key for a new request",
  );

/**
 * Safe retries for POST (decision 025), with Stripe's semantics. An authenticated POST that sends an `Idempotency-Key`
 * runs in one transaction, held from before its handler until its answer is ready: the key is claimed first in it
 * (a second request with the key waits on that row), the route's services write in it without knowing it, and a
 * successful answer is stored in it before the commit, so that no create is ever committed without the answer its
 * retry replays, even when the process dies between the commit and the answer. Anything but a 2xx rolls it all back.
 */
export function registerIdempotency(
  app: FastifyInstance,
  {
    db,
    killAfterCommitOf = null,
  }: {
    db: Database;
    /** The crash tests' failpoint: the key of the POST after whose commit the process dies unanswered. */
    killAfterCommitOf?: string | null;
  },
): void {
  app.decorateRequest("idempotent", null);

  app.addHook("onRoute", (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = route.schema as { security?: unknown[]; headers?: unknown } | undefined;
    if (!methods.includes("POST") || !schema?.security?.length || schema.headers !== undefined) return;
    schema.headers = idempotencyKeyHeaders;
    const hooks = route.preHandler;
    // After the route's own (the rate limit's among them), so that a refused request claims nothing.
    route.preHandler = [...(hooks ? (Array.isArray(hooks) ? hooks : [hooks]) : []), claimKey, enterTransaction];
  });

  let claims = 0;

  async function claimKey(request: FastifyRequest, reply: FastifyReply) {
    const key = request.headers[idempotencyKeyHeader];
    const userId = request.userId;
    if (typeof key !== "string" || !userId) return;
    const fingerprint = requestFingerprint(request.method, request.url, request.body);
    // Before the transaction begins: on the embedded store, a statement beside a held transaction waits for its end.
    claims += 1;
    if (claims % sweepEvery === 0) {
      await db.execute(
        sql`delete from idempotency_keys where created_at < now() - make_interval(hours => ${idempotencyKeyHours})`,
      );
    }
    const held = await beginHeld(db);
    try {
      const claimed = (await held.tx.execute(sql`
        insert into idempotency_keys as k (user_id, key, fingerprint)
        values (${userId}, ${key}, ${fingerprint})
        on conflict (user_id, key) do update
          set fingerprint = excluded.fingerprint, status_code = null, content_type = null, body = null, created_at = now()
          where k.created_at < now() - make_interval(hours => ${idempotencyKeyHours})
        returning 1`)) as unknown as { rows: unknown[] };
      if (claimed.rows.length > 0) {
        request.idempotent = { held, userId, key };
        return;
      }
      const stored = (await held.tx.execute(sql`
        select fingerprint, status_code, content_type, body from idempotency_keys
        where user_id = ${userId} and key = ${key}`)) as unknown as {
        rows: Array<{ fingerprint: string; status_code: number; content_type: string | null; body: string | null }>;
      };
      await held.end(false);
      const first = stored.rows[0];
      if (!first) throw new AppError("CONFLICT", "A request with this Idempotency-Key is in progress. Try again");
      if (first.fingerprint !== fingerprint) throw keyReused();
      reply.header(idempotentReplayedHeader, "true");
      if (first.content_type) reply.type(first.content_type);
      return reply
        .status(first.status_code)
        .serializer((payload: unknown) => String(payload))
        .send(first.body);
    } catch (error) {
      await held.end(false).catch(() => undefined);
      throw error;
    }
  }

  /** The handler, and whatever it starts, writes through the held transaction. */
  function enterTransaction(request: FastifyRequest, _reply: FastifyReply, done: () => void) {
    const idempotent = request.idempotent;
    if (!idempotent) return done();
    runInRequestTransaction(idempotent.held, done);
  }

  app.addHook("onSend", async (request, reply, payload) => {
    const idempotent = request.idempotent;
    if (!idempotent?.held.open) return payload;
    request.idempotent = null;
    const { held, userId, key } = idempotent;
    if (reply.statusCode < 200 || reply.statusCode >= 300) {
      await held.end(false);
      return payload;
    }
    const body = typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString("utf8") : null;
    const contentType = reply.getHeader("content-type");
    try {
      await held.tx.execute(sql`
        update idempotency_keys set status_code = ${reply.statusCode},
          content_type = ${typeof contentType === "string" ? contentType : null}, body = ${body}
        where user_id = ${userId} and key = ${key}`);
    } catch (error) {
      await held.end(false).catch(() => undefined);
      throw error;
    }
    // A failed commit fails the answer (500): nothing was written, and the client may retry with the same key.
    await held.end(true);
    if (key === killAfterCommitOf) process.kill(process.pid, "SIGKILL");
    return payload;
  });

  // An answer that never reached onSend (the client went away first) still ends its transaction.
  app.addHook("onResponse", async (request) => {
    const idempotent = request.idempotent;
    if (!idempotent) return;
    request.idempotent = null;
    await idempotent.held.end(false);
  });
}
