import { storage, storageKeys } from "./storage";

export interface StoredSession {
  token: string;
}

/** `{ token }` with a token that is not empty; checked by hand, as zod is no part of the first load (decision 016). */
function isStoredSession(value: unknown): value is StoredSession {
  return (
    typeof value === "object" &&
    value !== null &&
    "token" in value &&
    typeof value.token === "string" &&
    value.token !== ""
  );
}

/** The token of the stored session, or null when there is none or it is unreadable. */
export function readSessionToken(): string | null {
  try {
    const stored = storage.getJson(storageKeys.session);
    return isStoredSession(stored) ? stored.token : null;
  } catch (error) {
    console.error(error);
    return null;
  }
}

export function writeSession(session: StoredSession): void {
  storage.setJson(storageKeys.session, session);
}

export function clearSession(): void {
  try {
    storage.removeItem(storageKeys.session);
  } catch (error) {
    console.error(error);
  }
}
