/**
 * The only door to localStorage. A browser may refuse it (private mode, quota, disabled storage);
 * such failures are rethrown with a message that says which operation and key failed.
 */
function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

export const storage = {
  getItem(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch (cause) {
      throw new Error(`Storage get item error: ${key}: ${describe(cause)}`, { cause });
    }
  },

  setItem(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch (cause) {
      throw new Error(`Storage set item error: ${key}: ${describe(cause)}`, { cause });
    }
  },

  removeItem(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch (cause) {
      throw new Error(`Storage remove item error: ${key}: ${describe(cause)}`, { cause });
    }
  },

  /** Reads a JSON value; a value that is not valid JSON counts as a failed read. */
  getJson(key: string): unknown {
    const raw = storage.getItem(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as unknown;
    } catch (cause) {
      throw new Error(`Storage get item error: ${key}: ${describe(cause)}`, { cause });
    }
  },

  setJson(key: string, value: unknown): void {
    storage.setItem(key, JSON.stringify(value));
  },
};

/** Keys of the spec (part 1 §9) and the app's own. */
export const storageKeys = {
  session: "session",
  language: "language",
  lastSeenVersion: "last-seen-version",
} as const;
