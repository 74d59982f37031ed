import type { z } from "zod";
import { type ConnectorClientOptions, ConnectorError, type ConnectorErrorKind } from "./http-client.js";

/**
 * What the connectors to outside services share around the connectors' client: reading an answer to its schema,
 * the error bodies' common readings, the client's settings from a connector's configuration, the OAuth client's
 * credentials, an id checked before it goes in a path, and a paged listing followed to its end.
 */

/** An error body as the client's `readError` answers it. */
export type ReadError = { reason: string | null; message: string | null };

/** The answer read with `schema`; one of another shape is the service's failure (`upstream`). */
export function parsed<T>(schema: z.ZodType<T>, value: unknown, service: string, reason: string | null = null): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new ConnectorError({
      service,
      kind: "upstream",
      status: null,
      reason,
      serviceMessage: "an answer that is not the API's",
    });
  }
  return result.data;
}

// ---------------------------------------------------------------------------------------------------------------
// Error bodies

/** The longest message kept of an answer that is a text rather than the service's JSON. */
const textMessageLength = 300;

/** A text answer (not the service's JSON) as its message: trimmed, its first 300 characters; null when empty. */
export function textMessage(body: unknown): string | null {
  return typeof body === "string" && body.trim() ? body.trim().slice(0, textMessageLength) : null;
}

/** A page answered as text (a proxy's, a login page): its words without the markup, the first 300 characters. */
export function pageTextMessage(body: unknown): string | null {
  const text =
    typeof body === "string"
      ? body
          .replace(/<[^>]*>/g, " ")
          .replace(/\s+/g, " ")
          .trim()
      : "";
  return text ? text.slice(0, textMessageLength) : null;
}

/** OAuth's `{error, error_description}`. */
export function readOAuthError(_status: number, body: unknown): ReadError {
  if (body === null || typeof body !== "object") return { reason: null, message: textMessage(body) };
  const record = body as Record<string, unknown>;
  const reason = typeof record.error === "string" ? record.error : null;
  const description = typeof record.error_description === "string" ? record.error_description : null;
  return { reason, message: description && reason ? `${description} (${reason})` : (description ?? reason) };
}

/**
 * A refused refresh token or code is the person's to fix by connecting again; a refused client is this server's
 * configuration, which no reconnecting mends.
 */
export function classifyOAuthGrant(_status: number, reason: string | null): ConnectorErrorKind | null {
  if (reason === "invalid_grant") return "unauthorized";
  if (reason === "invalid_client" || reason === "unauthorized_client") return "upstream";
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// The client

/** A connector's configuration of its client: the timeout, and the retries and backoff tests make short. */
export interface ConnectorClientSettings {
  timeoutMs: number;
  fetch?: typeof fetch;
  /** The client's retries and backoff (tests make them short). */
  retries?: number;
  backoffBaseMs?: number;
  maxRetryAfterMs?: number;
}

/** An OAuth service's configuration: its client, its consent page and its token endpoint. */
export interface OAuthConnectorConfig extends ConnectorClientSettings {
  clientId: string | null;
  clientSecret: string | null;
  authorizeUrl: string;
  tokenUrl: string;
}

/** The client's options of a connector's configuration, those it does not set left to the client's defaults. */
export function clientSettingsOf(
  config: ConnectorClientSettings,
): Pick<ConnectorClientOptions, "timeoutMs" | "fetch" | "retries" | "backoffBaseMs" | "maxRetryAfterMs"> {
  return {
    timeoutMs: config.timeoutMs,
    ...(config.fetch ? { fetch: config.fetch } : {}),
    ...(config.retries !== undefined ? { retries: config.retries } : {}),
    ...(config.backoffBaseMs !== undefined ? { backoffBaseMs: config.backoffBaseMs } : {}),
    ...(config.maxRetryAfterMs !== undefined ? { maxRetryAfterMs: config.maxRetryAfterMs } : {}),
  };
}

export const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

/** The OAuth client's id and secret; without them the service cannot be connected (a `client` failure). */
export function oauthClientOf(
  config: { clientId: string | null; clientSecret: string | null },
  service: string,
  name: string,
): { client_id: string; client_secret: string } {
  if (!config.clientId || !config.clientSecret) {
    throw new ConnectorError({
      service,
      kind: "client",
      status: null,
      reason: "not_configured",
      serviceMessage: `the ${name} client id and secret are not configured`,
    });
  }
  return { client_id: config.clientId, client_secret: config.clientSecret };
}

// ---------------------------------------------------------------------------------------------------------------
// Ids and listings

/**
 * An item's id, checked. Ids reach here from people (a query, a block's `source_id`): one that is not an id's shape
 * never reaches the API, where `..` in a path would name another endpoint. `what` names the item ("Task"), `shape`
 * the id it is not ("a Todoist id").
 */
export function checkedId(id: string, what: string, service: string, shape: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) {
    throw new ConnectorError({
      service,
      kind: "not_found",
      status: null,
      reason: "invalid_id",
      serviceMessage: `${what} not found (${JSON.stringify(id.slice(0, 64))} is not ${shape})`,
    });
  }
  return id;
}

/** A page of a listing: its items, and the cursor of the next one (null or "" on the last). */
export interface ListingPage<T> {
  items: T[];
  next: string | null | undefined;
}

/**
 * Every item of a listing, its cursors followed from the first page. A listing that repeats a cursor, or goes on
 * past `maxPages`, never ends: the service's failure.
 */
export async function everyPage<T>(options: {
  service: string;
  /** The listing's path, for the failure's message. */
  path: string;
  maxPages: number;
  page: (cursor: string | undefined) => Promise<ListingPage<T>>;
}): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < options.maxPages; page += 1) {
    const answer = await options.page(cursor);
    items.push(...answer.items);
    const next = answer.next ?? null;
    if (next === null || next === "") return items;
    if (seen.has(next)) break;
    seen.add(next);
    cursor = next;
  }
  throw new ConnectorError({
    service: options.service,
    kind: "upstream",
    status: null,
    reason: "endless_listing",
    serviceMessage: `the listing of ${options.path} did not end after ${options.maxPages} pages`,
  });
}
