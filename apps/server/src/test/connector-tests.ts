import { writeBackNote, writeBackReference } from "@timetrap/domain";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { ConnectorError } from "../connectors/http-client.js";
import type { WriteBackEntry } from "../modules/write-back/write-back-target.js";

/**
 * What the connectors' tests share (and, for what a fake was asked, the integrations' API tests): a fake service
 * started once for the file and emptied before each test, the failure a call ends in (no secret anywhere in it), what
 * a fake was asked, the code of a consent, and a block's time to write back. Nothing here loads the app.
 */

interface StartedFake {
  reset(): void;
  close(): Promise<void>;
}

/** Starts the fake before the file's tests (`started` keeps it and builds on it), empties it before each, stops it. */
export function useFake<F extends StartedFake>(start: () => Promise<F>, started: (fake: F) => void): void {
  let fake: F | undefined;
  beforeAll(async () => {
    fake = await start();
    started(fake);
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake?.reset());
}

/** The connector's failure the call ends in; none of `secrets` is in its message or anywhere in it. */
export async function failureOf(promise: Promise<unknown>, ...secrets: string[]): Promise<ConnectorError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  const failure = error as ConnectorError;
  for (const secret of secrets) {
    expect(failure.message).not.toContain(secret);
    expect(JSON.stringify(failure)).not.toContain(secret);
  }
  return failure;
}

/** What a fake was asked, without its control calls: method, path and the answer's status. */
export const askedOf = (fake: { requests: readonly { method: string; path: string; status: number | null }[] }) =>
  fake.requests.map((r) => `${r.method} ${r.path} ${r.status}`);

/** The code a fake's consent page sent the browser back with (its `Allow` pressed). */
export function consentCodeOf(redirectedTo: string): string {
  const code = new URL(redirectedTo).searchParams.get("code");
  expect(code).toBeTruthy();
  return code as string;
}

/** A block's time on `itemId`, as the write-back job hands it to a connector: started at `started`, on its UTC day. */
export function writeBackEntryOf(itemId: string, eventId: string, seconds: number, started: Date): WriteBackEntry {
  const day = started.toISOString().slice(0, 10);
  const reference = writeBackReference(eventId);
  return { itemId, seconds, started, day, note: writeBackNote(seconds, day, reference), reference };
}
