/**
 * The one HTTP client every connector talks to its outside service through (decision 029 "Errors from an outside
 * service"): the service's base URL from configuration, a timeout per attempt, retries with exponential backoff and
 * full jitter on 429, 5xx, a network failure and the service's own rate-limit answers, `Retry-After` honoured, and
 * every failure left mapped to one {@link ConnectorError}. Nothing it throws carries a credential: the request's
 * Authorization header, a form field named like a secret and anything shaped like a bearer token are taken out of the
 * texts.
 */

export const connectorErrorKinds = [
  "unauthorized",
  "rate_limited",
  "timeout",
  "upstream",
  "client",
  "not_found",
  "forbidden",
] as const;
export type ConnectorErrorKind = (typeof connectorErrorKinds)[number];

/** An outside service's failure, as it is left after the retries. `message` is `<service>: <service's message>`. */
export class ConnectorError extends Error {
  override readonly name = "ConnectorError";
  /** The service's display name ("Google Calendar API", "Google"). */
  readonly service: string;
  readonly kind: ConnectorErrorKind;
  /** The service's HTTP status; null when it did not answer (timeout, network). */
  readonly status: number | null;
  /** The service's own code for the failure (Google's `errors[0].reason`, OAuth's `error`), or null. */
  readonly reason: string | null;
  /** The service's message, secrets taken out. */
  readonly serviceMessage: string;

  constructor(options: {
    service: string;
    kind: ConnectorErrorKind;
    status: number | null;
    reason: string | null;
    serviceMessage: string;
  }) {
    super(`${options.service}: ${options.serviceMessage}`);
    this.service = options.service;
    this.kind = options.kind;
    this.status = options.status;
    this.reason = options.reason;
    this.serviceMessage = options.serviceMessage;
  }
}

export type QueryValue = string | string[] | number | boolean | undefined;

export interface ConnectorRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Appended to the base URL as it is (`/users/me/calendarList`); "" for a base URL that is the endpoint itself. */
  path: string;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** A JSON body. */
  json?: unknown;
  /** A form-encoded body (OAuth's token endpoints). */
  form?: Record<string, string>;
  /** `json` (the default) parses the answer; `empty` reads and drops it (a 204). */
  expect?: "json" | "empty";
}

export interface ConnectorClientOptions {
  /** The display name every error message starts with. */
  service: string;
  baseUrl: string;
  /** Per attempt, from the first byte sent to the last byte of the answer read. */
  timeoutMs: number;
  /** Attempts after the first on a retryable failure; 3 unless told. */
  retries?: number;
  /** The longest `Retry-After` waited for; a service asking for more is not retried. 10 s unless told. */
  maxRetryAfterMs?: number;
  /** The first backoff's ceiling; each retry doubles it (full jitter: a random wait below the ceiling). */
  backoffBaseMs?: number;
  /** The longest backoff, whatever the attempt. */
  maxBackoffMs?: number;
  fetch?: typeof fetch;
  /** Reads the service's error body (parsed JSON, or the raw text when it is not JSON). */
  readError?: (status: number, body: unknown) => { reason: string | null; message: string | null };
  /** The service's own rate-limit answers besides 429 (Google's 403 `rateLimitExceeded`). */
  isRateLimited?: (status: number, reason: string | null) => boolean;
  /**
   * The service's retry wait (ms) read from its error body, for a service that puts it there (Todoist's
   * `error_extra.retry_after`); used when the answer has no `Retry-After` header, and capped as that is.
   */
  retryAfterOf?: (status: number, body: unknown) => number | null;
  /** A kind of the service's own for an answer (OAuth's `invalid_grant` is `unauthorized`); null for the usual one. */
  classify?: (status: number, reason: string | null) => ConnectorErrorKind | null;
  /** Told of each retry before its wait: for a log line (nothing in it is a secret). */
  onRetry?: (retry: { attempt: number; delayMs: number; status: number | null; reason: string | null }) => void;
}

export interface ConnectorClient {
  request<T>(init: ConnectorRequest): Promise<T>;
}

const redacted = "[redacted]";

/** Field names whose values are secrets: in a form, a query or a JSON text. */
const secretNamePattern = /token|secret|password|^code$|api[_-]?key|assertion|credential/i;

/**
 * Takes out of a text what looks like a credential: a bearer or basic header value, a JSON or form field named like a
 * secret, and Google's access (`ya29.`) and refresh (`1//`) tokens.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${redacted}`)
    .replace(
      /("(?:[a-z_]*token[a-z_]*|[a-z_]*secret[a-z_]*|code|password|api_?key|assertion|credential)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi,
      `$1"${redacted}"`,
    )
    .replace(
      /\b((?:[a-z_]*token[a-z_]*|[a-z_]*secret[a-z_]*|code|password|api_?key|assertion|credential)=)[^&\s"']+/gi,
      `$1${redacted}`,
    )
    .replace(/\bya29\.[A-Za-z0-9._-]+/g, redacted)
    .replace(/\b1\/\/[A-Za-z0-9._-]+/g, redacted);
}

/** The values this request sent that must never be shown: its credential headers and its secret fields. */
function secretsOf(init: ConnectorRequest): string[] {
  const secrets: string[] = [];
  for (const [name, value] of Object.entries(init.headers ?? {})) {
    if (/^(authorization|proxy-authorization|cookie|x-api-key)$/i.test(name) || secretNamePattern.test(name)) {
      secrets.push(value, ...value.split(/\s+/).slice(1));
    }
  }
  for (const [name, value] of Object.entries(init.form ?? {})) {
    if (secretNamePattern.test(name)) secrets.push(value);
  }
  for (const [name, value] of Object.entries(init.query ?? {})) {
    if (secretNamePattern.test(name) && value !== undefined) secrets.push(...[value].flat().map(String));
  }
  // As sent in a form or a query too; longest first, so that a token is not half replaced by a shorter piece of it.
  const encoded = secrets.flatMap((secret) => [
    encodeURIComponent(secret),
    new URLSearchParams({ s: secret }).toString().slice(2),
  ]);
  return [...new Set([...secrets, ...encoded])]
    .filter((secret) => secret.length >= 4)
    .sort((a, b) => b.length - a.length);
}

function withoutSecrets(text: string, secrets: readonly string[]): string {
  let clean = text;
  for (const secret of secrets) clean = clean.split(secret).join(redacted);
  return redactSecrets(clean);
}

function urlOf(baseUrl: string, init: ConnectorRequest): string {
  const url = new URL(`${baseUrl}${init.path}`);
  for (const [name, value] of Object.entries(init.query ?? {})) {
    if (value === undefined) continue;
    for (const one of [value].flat()) url.searchParams.append(name, String(one));
  }
  return url.toString();
}

/** `Retry-After` in ms: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === "") return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The usual reading of an error body: `error.message`, `error_description`, `error` or `message`. */
function defaultReadError(_status: number, body: unknown): { reason: string | null; message: string | null } {
  if (typeof body === "string") return { reason: null, message: body.trim().slice(0, 300) || null };
  if (body === null || typeof body !== "object") return { reason: null, message: null };
  const record = body as Record<string, unknown>;
  const error = record.error;
  if (error !== null && typeof error === "object") {
    const inner = error as Record<string, unknown>;
    return {
      reason: typeof inner.status === "string" ? inner.status : null,
      message: typeof inner.message === "string" ? inner.message : null,
    };
  }
  return {
    reason: typeof error === "string" ? error : null,
    message:
      typeof record.error_description === "string"
        ? record.error_description
        : typeof record.message === "string"
          ? record.message
          : typeof error === "string"
            ? error
            : null,
  };
}

function kindOfStatus(status: number, rateLimited: boolean): ConnectorErrorKind {
  if (status === 401) return "unauthorized";
  if (status === 429 || rateLimited) return "rate_limited";
  if (status === 403) return "forbidden";
  if (status === 404 || status === 410) return "not_found";
  if (status >= 400 && status < 500) return "client";
  return "upstream";
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

/** The network failure's own code (ECONNREFUSED, ENOTFOUND…), without any of the request's text. */
function networkCode(error: unknown): string | null {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === "string" ? cause.code : null;
}

export function createConnectorClient(options: ConnectorClientOptions): ConnectorClient {
  const retries = options.retries ?? 3;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 10_000;
  const backoffBaseMs = options.backoffBaseMs ?? 250;
  const maxBackoffMs = options.maxBackoffMs ?? 4000;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const readError = options.readError ?? defaultReadError;
  const baseUrl = options.baseUrl.replace(/\/+$/, "");

  const fail = (kind: ConnectorErrorKind, status: number | null, reason: string | null, message: string) =>
    new ConnectorError({ service: options.service, kind, status, reason, serviceMessage: message });

  /** A random wait below the attempt's ceiling (exponential backoff, full jitter). */
  const backoff = (attempt: number) => Math.floor(Math.random() * Math.min(maxBackoffMs, backoffBaseMs * 2 ** attempt));

  async function request<T>(init: ConnectorRequest): Promise<T> {
    const url = urlOf(baseUrl, init);
    const secrets = secretsOf(init);
    const clean = (text: string) => withoutSecrets(text, secrets);
    const headers: Record<string, string> = { accept: "application/json", ...init.headers };
    let body: string | undefined;
    if (init.form !== undefined) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(init.json);
    }

    for (let attempt = 0; ; attempt += 1) {
      let failure: ConnectorError;
      let retryable: boolean;
      let waitMs: number | null = null;
      try {
        const response = await fetchImpl(url, {
          method: init.method,
          headers,
          body,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        const text = await response.text();
        if (response.ok) {
          if (init.expect === "empty" || response.status === 204 || text.trim() === "") return undefined as T;
          try {
            return JSON.parse(text) as T;
          } catch {
            // An answer that is not the API's (a proxy's page): the service is not working as it should.
            failure = fail("upstream", response.status, null, `an unreadable answer (HTTP ${response.status})`);
            retryable = false;
            throw failure;
          }
        }
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // Kept as text: readError gets what there is.
        }
        const read = readError(response.status, parsed);
        const reason = read.reason === null ? null : clean(read.reason).slice(0, 200);
        const rateLimited = response.status === 429 || (options.isRateLimited?.(response.status, reason) ?? false);
        const kind = options.classify?.(response.status, reason) ?? kindOfStatus(response.status, rateLimited);
        const message = clean(read.message ?? (response.statusText || `HTTP ${response.status}`));
        failure = fail(kind, response.status, reason, message);
        retryable = rateLimited || response.status >= 500;
        waitMs =
          retryAfterMs(response.headers.get("retry-after")) ?? options.retryAfterOf?.(response.status, parsed) ?? null;
      } catch (error) {
        if (error instanceof ConnectorError) throw error;
        if (isAbort(error)) {
          // Not retried: a service that kept a request this long will not be quicker for being asked again at once,
          // and the person is waiting.
          throw fail("timeout", null, null, `no answer within ${options.timeoutMs} ms`);
        }
        const code = networkCode(error);
        failure = fail("upstream", null, code, code ? `could not be reached (${code})` : "could not be reached");
        retryable = true;
      }

      if (!retryable || attempt >= retries) throw failure;
      if (waitMs !== null && waitMs > maxRetryAfterMs) throw failure;
      const delayMs = waitMs ?? backoff(attempt);
      options.onRetry?.({ attempt: attempt + 1, delayMs, status: failure.status, reason: failure.reason });
      await sleep(delayMs);
    }
  }

  return { request };
}
