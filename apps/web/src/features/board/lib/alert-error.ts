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

export function alertError(error: unknown): void {
  window.alert(serializeError(error));
}
