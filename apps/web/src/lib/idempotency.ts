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

export function createIntent(): Intent {
  let sent: string | undefined;
  let key = "";
  return {
    key(request) {
      const json = JSON.stringify(request);
      if (json !== sent) {
        sent = json;
        key = crypto.randomUUID();
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
