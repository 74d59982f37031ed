import { createHmac, timingSafeEqual } from "node:crypto";
import type { IntegrationService } from "@timetrap/domain";

/**
 * The `state` of an OAuth authorization (decision 029): the stored row's id and an HMAC-SHA256 of the id, the person
 * and the service under the auth secret. The row says whose it is; the HMAC proves the server wrote it, so a state
 * made up around someone else's id is refused before it is consumed.
 */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function macOf(secret: string, id: string, userId: string, service: IntegrationService): Buffer {
  return createHmac("sha256", secret).update(`${id}:${userId}:${service}`).digest();
}

export function signState(secret: string, state: { id: string; userId: string; service: IntegrationService }): string {
  return `${state.id}.${macOf(secret, state.id, state.userId, state.service).toString("base64url")}`;
}

/** The id a state names, or null when it is not shaped as one. */
export function stateIdOf(state: string): string | null {
  const [id, mac, ...rest] = state.split(".");
  if (rest.length > 0 || !id || !mac || !uuidPattern.test(id)) return null;
  return id.toLowerCase();
}

/** Whether `state` is the one the server signed for this stored row. */
export function isStateSignedFor(
  secret: string,
  state: string,
  row: { id: string; userId: string; service: IntegrationService },
): boolean {
  const [id, mac] = state.split(".");
  if (!id || !mac || id.toLowerCase() !== row.id) return false;
  const given = Buffer.from(mac, "base64url");
  const expected = macOf(secret, row.id, row.userId, row.service);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
