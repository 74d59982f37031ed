import { createHmac, timingSafeEqual } from "node:crypto";
import { paddleSignatureToleranceSeconds } from "@timetrap/domain";
import { createConnectorClient } from "./http-client.js";

/**
 * Paddle Billing (INTEGRATIONS.md §6b, decision 031): the one API call the server makes (cancelling a subscription at
 * the end of its billing period) through the connectors' client, and the check of a webhook's `Paddle-Signature`.
 */

export const paddleService = "Paddle";

export interface PaddleConnectorConfig {
  apiKey: string;
  /** `https://api.paddle.com`, the sandbox's, or a local fake's; without a trailing slash. */
  apiUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  retries?: number;
  backoffBaseMs?: number;
}

/** Paddle's change waiting for the end of the period, as its subscription entity carries it. */
export interface PaddleScheduledChange {
  action: string;
  effective_at: string;
  resume_at?: string | null;
}

/** The fields of Paddle's subscription entity the server reads. */
export interface PaddleSubscription {
  id: string;
  status: string;
  customer_id?: string | null;
  scheduled_change: PaddleScheduledChange | null;
  current_billing_period?: { starts_at: string; ends_at: string } | null;
}

export interface PaddleConnector {
  /** `POST /subscriptions/{id}/cancel` with `effective_from: next_billing_period`: Paddle keeps it until the period ends. */
  cancelSubscription(subscriptionId: string): Promise<PaddleSubscription>;
}

/** Paddle's error envelope: `{error: {type, code, detail, documentation_url}, meta: {request_id}}`. */
function readPaddleError(_status: number, body: unknown): { reason: string | null; message: string | null } {
  if (body !== null && typeof body === "object" && "error" in body) {
    const error = (body as { error: unknown }).error;
    if (error !== null && typeof error === "object") {
      const { code, detail } = error as { code?: unknown; detail?: unknown };
      return {
        reason: typeof code === "string" ? code : null,
        message: typeof detail === "string" ? detail : null,
      };
    }
  }
  return { reason: null, message: typeof body === "string" ? body.slice(0, 300) || null : null };
}

export function createPaddleConnector(config: PaddleConnectorConfig): PaddleConnector {
  const client = createConnectorClient({
    service: paddleService,
    baseUrl: config.apiUrl,
    timeoutMs: config.timeoutMs,
    readError: readPaddleError,
    ...(config.fetch ? { fetch: config.fetch } : {}),
    ...(config.retries === undefined ? {} : { retries: config.retries }),
    ...(config.backoffBaseMs === undefined ? {} : { backoffBaseMs: config.backoffBaseMs }),
  });
  return {
    async cancelSubscription(subscriptionId) {
      const answer = await client.request<{ data: PaddleSubscription }>({
        method: "POST",
        path: `/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`,
        headers: { authorization: `Bearer ${config.apiKey}` },
        json: { effective_from: "next_billing_period" },
      });
      return answer.data;
    },
  };
}

export type PaddleSignatureCheck =
  | { ok: true }
  | { ok: false; reason: "missing" | "malformed" | "stale" | "mismatch"; message: string };

/**
 * Checks `Paddle-Signature: ts=<unix>;h1=<hex>[;h1=<hex>]` against HMAC-SHA256(secret, `${ts}:${rawBody}`), on the
 * body's bytes as they came (a parsed and re-serialized body would not match). Any `h1` may match: Paddle sends one per
 * secret while a secret is being rotated. `ts` may be at most {@link paddleSignatureToleranceSeconds} away from `now`
 * in either direction, so a captured request cannot be replayed later, and a clock ahead of ours buys nothing either.
 */
export function verifyPaddleSignature({
  header,
  rawBody,
  secret,
  now = Date.now(),
}: {
  header: string | undefined;
  rawBody: Buffer;
  secret: string;
  now?: number;
}): PaddleSignatureCheck {
  if (!header || header.trim() === "") {
    return { ok: false, reason: "missing", message: "The Paddle-Signature header is missing" };
  }
  let ts: string | null = null;
  const signatures: string[] = [];
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (name === "ts") ts = value;
    else if (name === "h1") signatures.push(value);
  }
  if (ts === null || !/^\d{1,12}$/.test(ts) || signatures.length === 0) {
    return { ok: false, reason: "malformed", message: "The Paddle-Signature header must be ts=<unix time>;h1=<hex>" };
  }
  if (Math.abs(now / 1000 - Number(ts)) > paddleSignatureToleranceSeconds) {
    return {
      ok: false,
      reason: "stale",
      message: `The Paddle-Signature's timestamp is more than ${paddleSignatureToleranceSeconds} s from the server's clock`,
    };
  }
  const expected = createHmac("sha256", secret).update(`${ts}:`).update(rawBody).digest();
  const matches = signatures.some((signature) => {
    if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
    return timingSafeEqual(Buffer.from(signature, "hex"), expected);
  });
  return matches ? { ok: true } : { ok: false, reason: "mismatch", message: "The Paddle-Signature does not match" };
}
