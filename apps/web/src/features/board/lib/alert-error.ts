import { isApiError } from "../../../lib/api-client";

/**
 * Spec part 1 §8: event save, drop and timer-stop failures are told in a browser alert with the serialized error.
 * An ApiError serializes to its status, status text, code and the server's message.
 */
export function serializeError(error: unknown): string {
  try {
    const text = JSON.stringify(error, null, 2);
    if (text && text !== "{}") return text;
  } catch {
    // A value that JSON cannot write (a cycle) is shown as text.
  }
  // An Error that is not an ApiError has no fields JSON writes; its text says more than "{}".
  return String(error);
}

/**
 * Refusals the person can act on (decision 026): a locked period (423) and an overlap with another of their activities
 * (409). Their message says what is in the way ("It overlaps \"Standup\" (09:00–09:15, …)"); it is told as written,
 * not inside the serialized error.
 */
const refusals: ReadonlySet<string> = new Set(["PERIOD_LOCKED", "OVERLAPPING_ACTIVITY"]);

/** What the alert says: a refusal's own words, else the serialized error. */
export function alertText(error: unknown): string {
  return isApiError(error) && refusals.has(error.code) ? error.ErrorMessage : serializeError(error);
}

export function alertError(error: unknown): void {
  window.alert(alertText(error));
}
