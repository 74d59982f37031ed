import { useState } from "react";

/**
 * Safe retries of a create: the server does a POST that carries an `Idempotency-Key` once, and answers the same key
 * with the same request by replaying its first answer. One intent of the person (a form's submission, a drop on the
 * board) is one key:
 * - sent again with the same request (Save clicked again after a network error, a retried request), it carries the
 *   same key, so a create whose answer was lost is not done twice;
 * - the next intent gets a new key: once the intent succeeded, and once the request changed (the server refuses a key
 *   sent with another request than its first). A failure keeps the key: the server keeps only successful answers, so a
 *   request it refused or failed is done again, and one whose answer never came is replayed.
 */
export interface Intent {
  /** The key to send `request` with: what varies in the address and the body, as JSON. */
  key(request: unknown): string;
  /** The intent succeeded: what is sent next is a new one. */
  done(): void;
}

/**
 * A random version-4 UUID. `crypto.randomUUID` exists only in a secure context (HTTPS or localhost): a team that
 * serves Timetrap over plain HTTP on its network gets one made from `getRandomValues`, which exists everywhere.
 */
export function randomKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createIntent(): Intent {
  let sent: string | undefined;
  let key = "";
  return {
    key(request) {
      const json = JSON.stringify(request);
      if (json !== sent) {
        sent = json;
        key = randomKey();
      }
      return key;
    },
    done() {
      sent = undefined;
    },
  };
}

/** An intent for as long as the component is drawn: a form opened again is a new intent. */
export function useIntent(): Intent {
  return useState(createIntent)[0];
}
