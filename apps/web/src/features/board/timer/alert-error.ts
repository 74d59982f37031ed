/**
 * Spec part 1 §8: event save, drop and timer-stop failures are told in a browser alert with the serialized error.
 * An ApiError serializes to its status, status text, code and the server's message.
 */
export function serializeError(error: unknown): string {
  try {
    return JSON.stringify(error, null, 2) ?? String(error);
  } catch {
    return String(error);
  }
}

export function alertError(error: unknown): void {
  window.alert(serializeError(error));
}
