/**
 * The messages between the server's thread and the thread that runs the embedded store (pglite-thread.ts and
 * pglite-worker.ts). Each request carries an id its reply repeats; statements carry the rank of the request that sent
 * them (request-order.ts), since the store's thread chooses which waiting statement runs next.
 */

/** What the store's thread needs to open the store. */
export interface StoreThreadData {
  /** PGlite's data directory. */
  dataDir: string;
}

export type StoreRequest =
  | {
      id: number;
      op: "query";
      sql: string;
      params: unknown[];
      rowMode: "object" | "array";
      /** Types whose values are answered as the text PostgreSQL sent, unparsed (drizzle's dates and intervals). */
      textTypes: number[];
      rank: number;
      /** The open transaction it belongs to; none outside one. */
      tx?: number;
    }
  | { id: number; op: "exec"; sql: string; rank: number; tx?: number }
  /** Opens a transaction, once every older request's statements have run: the reply is its number. */
  | { id: number; op: "begin"; rank: number }
  /** Commits (`commit`) or rolls back a transaction `begin` opened. */
  | { id: number; op: "end"; tx: number; commit: boolean }
  | { id: number; op: "close" };

/** A failure as the store raised it: its message, and the fields of PostgreSQL's error (code, constraint, detail…). */
export interface StoreFailure {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean | null>;
}

export type StoreReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; failure: StoreFailure };

/** The first message of the store's thread: the store opened, or why it did not. */
export type StoreStarted = { started: true } | { started: false; failure: StoreFailure };

/** A failure in a form that crosses threads: its primitive fields only (an error's query options hold functions). */
export function failureOf(error: unknown): StoreFailure {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), fields: {} };
  const fields: StoreFailure["fields"] = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) {
      fields[key] = value as string | number | boolean | null;
    }
  }
  return { name: error.name, message: error.message, fields };
}

/** The error a {@link StoreFailure} describes, with the same name, message and fields. */
export function errorOf(failure: StoreFailure): Error {
  const error = Object.assign(new Error(failure.message), failure.fields);
  error.name = failure.name;
  return error;
}
