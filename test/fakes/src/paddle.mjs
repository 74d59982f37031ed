import { createHmac, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { readBody, redactedHeaders } from "./fake-http.mjs";

/**
 * A stand-in for the part of Paddle Billing's API the server calls (INTEGRATIONS.md §6b, decision 031), answering in
 * Paddle's envelopes, and a sender of webhooks signed as Paddle signs them:
 *
 *   POST /subscriptions/{id}/cancel      Bearer API key; {effective_from: "next_billing_period" | "immediately"}
 *                                        -> {data: subscription, meta: {request_id}}; an unknown id 404 `not_found`
 *
 * Tests drive it through the returned methods or the same under /__control/ over HTTP:
 *
 *   POST   /__control/reset               forget everything
 *   POST   /__control/subscriptions       {subscription} -> the subscription as stored (its fields made up when absent)
 *   GET    /__control/subscriptions/{id}  the stored subscription
 *   GET    /__control/requests            the calls made (the Authorization header redacted); DELETE forgets them
 */

const random = (bytes = 13) => randomBytes(bytes).toString("hex").slice(0, 26);
const paddleId = (prefix) => `${prefix}_01${random()}`;

function errorEnvelope(type, code, detail) {
  return {
    error: { type, code, detail, documentation_url: `https://developer.paddle.com/v1/errors/shared/${code}` },
    meta: { request_id: crypto.randomUUID() },
  };
}

/** A subscription in Paddle's shape, its missing fields made up: active, monthly, one item of `priceId`. */
export function paddleSubscription(fields = {}) {
  const now = new Date();
  const ends = new Date(now.getTime() + 30 * 86_400_000);
  const { priceId = "pri_01unlimited", ...rest } = fields;
  return {
    id: paddleId("sub"),
    status: "active",
    customer_id: paddleId("ctm"),
    address_id: paddleId("add"),
    business_id: null,
    currency_code: "EUR",
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    started_at: now.toISOString(),
    first_billed_at: now.toISOString(),
    next_billed_at: ends.toISOString(),
    paused_at: null,
    canceled_at: null,
    collection_mode: "automatic",
    billing_details: null,
    current_billing_period: { starts_at: now.toISOString(), ends_at: ends.toISOString() },
    billing_cycle: { frequency: 1, interval: "month" },
    scheduled_change: null,
    items: [
      {
        status: "active",
        quantity: 1,
        recurring: true,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        previously_billed_at: now.toISOString(),
        next_billed_at: ends.toISOString(),
        trial_dates: null,
        price: {
          id: priceId,
          product_id: "pro_01timetrap",
          description: "Timetrap Unlimited, monthly",
          billing_cycle: { frequency: 1, interval: "month" },
          unit_price: { amount: "4900", currency_code: "EUR" },
          quantity: { minimum: 1, maximum: 1 },
          status: "active",
        },
      },
    ],
    custom_data: null,
    management_urls: { update_payment_method: null, cancel: "https://sandbox-buyer-portal.paddle.com/cancel" },
    discount: null,
    import_meta: null,
    ...rest,
  };
}

/** A webhook's payload as Paddle sends it: `{event_id, event_type, occurred_at, notification_id, data}`. */
export function paddleEvent(type, data, { occurredAt = new Date(), eventId = paddleId("evt") } = {}) {
  return {
    event_id: eventId,
    event_type: type,
    occurred_at: new Date(occurredAt).toISOString(),
    notification_id: paddleId("ntf"),
    data,
  };
}

/** `Paddle-Signature`'s value for `body` (the exact text sent): `ts=<unix>;h1=HMAC-SHA256(secret, ts:body)`. */
export function signPaddleWebhook(secret, body, ts = Math.floor(Date.now() / 1000)) {
  const h1 = createHmac("sha256", secret).update(`${ts}:${body}`).digest("hex");
  return `ts=${ts};h1=${h1}`;
}

/** Posts `event` to `url` as Paddle does, signed with `secret` (or with `signature` as given); answers the reply. */
export async function deliverPaddleWebhook(url, secret, event, { ts, signature } = {}) {
  const body = typeof event === "string" ? event : JSON.stringify(event);
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "paddle-signature": signature ?? signPaddleWebhook(secret, body, ts),
    },
    body,
  });
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Left null: the answer was not JSON.
  }
  return { status: response.status, body: text, json };
}

export async function startFakePaddle({ port = 0, apiKey = "pdl_sdbx_apikey_fake" } = {}) {
  let subscriptions = new Map();
  const log = [];

  function addSubscription(fields = {}) {
    const subscription = paddleSubscription(fields);
    subscriptions.set(subscription.id, subscription);
    return structuredClone(subscription);
  }

  function cancel(id, effectiveFrom) {
    const subscription = subscriptions.get(id);
    if (!subscription) return null;
    const now = new Date().toISOString();
    if (effectiveFrom === "immediately") {
      Object.assign(subscription, { status: "canceled", canceled_at: now, scheduled_change: null, updated_at: now });
    } else {
      subscription.scheduled_change = {
        action: "cancel",
        effective_at: subscription.current_billing_period?.ends_at ?? now,
        resume_at: null,
      };
      subscription.updated_at = now;
    }
    return structuredClone(subscription);
  }

  async function handleControl(method, path, body) {
    if (method === "POST" && path === "/reset") {
      subscriptions = new Map();
      log.length = 0;
      return [200, { ok: true }];
    }
    if (method === "POST" && path === "/subscriptions") return [201, addSubscription(JSON.parse(body).subscription)];
    const match = /^\/subscriptions\/([^/]+)$/.exec(path);
    if (method === "GET" && match) {
      const found = subscriptions.get(decodeURIComponent(match[1]));
      return found ? [200, found] : [404, { error: "no such subscription" }];
    }
    if (path === "/requests" && method === "GET") return [200, log];
    if (path === "/requests" && method === "DELETE") {
      log.length = 0;
      return [200, { ok: true }];
    }
    return [404, { error: `no control endpoint ${method} ${path}` }];
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const path = url.pathname;
    const send = (status, value) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(value));
    };
    try {
      const body = await readBody(request);
      if (path.startsWith("/__control/")) {
        const [status, value] = await handleControl(request.method, path.slice("/__control".length), body);
        send(status, value);
        return;
      }
      const headers = redactedHeaders(request.headers);
      let json = null;
      try {
        json = body === "" ? null : JSON.parse(body);
      } catch {
        // Kept as null; the route below answers the bad body.
      }
      const entry = { method: request.method, path, headers, body: json, time: Date.now(), status: null };
      log.push(entry);
      const answer = (status, value) => {
        entry.status = status;
        send(status, value);
      };
      if (request.headers.authorization !== `Bearer ${apiKey}`) {
        answer(403, errorEnvelope("request_error", "forbidden", "You aren't permitted to perform this request."));
        return;
      }
      const cancelMatch = /^\/subscriptions\/([^/]+)\/cancel$/.exec(path);
      if (request.method === "POST" && cancelMatch) {
        const effectiveFrom = json?.effective_from ?? "next_billing_period";
        if (!["next_billing_period", "immediately"].includes(effectiveFrom)) {
          answer(400, errorEnvelope("request_error", "bad_request", "Invalid effective_from."));
          return;
        }
        const canceled = cancel(decodeURIComponent(cancelMatch[1]), effectiveFrom);
        if (!canceled) {
          answer(404, errorEnvelope("request_error", "not_found", "Entity not found."));
          return;
        }
        answer(200, { data: canceled, meta: { request_id: crypto.randomUUID() } });
        return;
      }
      answer(404, errorEnvelope("request_error", "not_found", `No route ${request.method} ${path}.`));
    } catch (error) {
      send(500, errorEnvelope("api_error", "internal_error", String(error)));
    }
  });

  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`;

  return {
    url,
    apiKey,
    addSubscription,
    subscription: (id) => {
      const found = subscriptions.get(id);
      return found ? structuredClone(found) : null;
    },
    get requests() {
      return log;
    },
    clearRequests: () => {
      log.length = 0;
    },
    reset: () => {
      subscriptions = new Map();
      log.length = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/**
 * The settings that turn payments on in a Timetrap server with `paddle` (a started fake) as Paddle's API: the webhook
 * secret and the unlimited plan's price are the ones given (or the fake's defaults).
 */
export function serverEnvOf(
  paddle,
  {
    webhookSecret = "pdl_ntfset_fake_secret",
    unlimitedPriceId = "pri_01unlimited",
    clientToken = "test_fake_client_token",
  } = {},
) {
  return {
    PADDLE_API_KEY: paddle.apiKey,
    PADDLE_CLIENT_TOKEN: clientToken,
    PADDLE_WEBHOOK_SECRET: webhookSecret,
    PADDLE_API_URL: paddle.url,
    PADDLE_PRICE_IDS: `unlimited=${unlimitedPriceId}`,
    PADDLE_ENVIRONMENT: "sandbox",
  };
}
