import { writeBackNote, writeBackReference } from "@timetrap/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { ConnectorError } from "../connectors/http-client.js";
import { userIntegrations } from "../db/schema.js";
import type { WriteBackEntry } from "../modules/write-back/write-back-target.js";
import { addMember, type BuiltUser, buildOrganization } from "./factories.js";
import { pathOf } from "./integrations.js";
import { request, type TestApp, useTestApp } from "./test-app.js";

/**
 * What the tests of the connectors and of their integrations' API share: a fake service started once for the file
 * (emptied before each test, or as the app's service), the failure a call ends in (no secret anywhere in it), what a
 * fake was asked, a block's time to write back, the people, a connection through a fake's consent page and the row it
 * leaves.
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

// ---------------------------------------------------------------------------------------------------------------
// The integrations' API

/** `useTestApp` with a fake service as the service (over HTTP on a local port); `fake` is filled before the tests run. */
export function useTestAppWithFake<F extends { close(): Promise<void> }>(
  start: () => Promise<F>,
  envOf: (fake: F) => Record<string, string>,
): { t: TestApp; fake: F } {
  const fake = {} as F;
  const t = useTestApp(async () => {
    Object.assign(fake, await start());
    return envOf(fake);
  });
  afterAll(() => fake.close?.());
  return { t, fake };
}

/** A member of a new organization. */
export async function memberOf(t: TestApp): Promise<BuiltUser> {
  const built = await buildOrganization(t);
  return addMember(t, built.organization.uid, "member");
}

/** A member of a new organization (on the free plan: two integrations), its owner and another organization's. */
export async function peopleOf(t: TestApp) {
  const built = await buildOrganization(t);
  return {
    admin: built.owner,
    person: await addMember(t, built.organization.uid, "member"),
    outsider: (await buildOrganization(t)).owner,
  };
}

/** The person's integration row of `service`, if any. */
export async function integrationRowOf(
  t: TestApp,
  userId: string,
  service: (typeof userIntegrations.$inferSelect)["service"],
) {
  const [row] = await t.db
    .select()
    .from(userIntegrations)
    .where(and(eq(userIntegrations.userId, userId), eq(userIntegrations.service, service)));
  return row;
}

/** `POST user/:id/integration` for `person`, by `caller` (the person unless told). */
export const postIntegration = (t: TestApp, person: BuiltUser, json: unknown, caller: BuiltUser = person) =>
  request(t.app, { method: "POST", url: `/api/v1/user/${person.id}/integration`, token: caller.token, json });

/**
 * The whole connection of an OAuth service through its fake's consent page (`GET connect/<service>`, the page
 * answered for `account`, Allow pressed, the callback): where the server sends the browser.
 */
export async function connectThroughConsent(
  t: TestApp,
  fake: { consent(url: string, options: { email: string; allow: boolean }): string },
  service: string,
  user: BuiltUser,
  account = user.email,
): Promise<string> {
  const started = await request(t.app, { method: "GET", url: `/api/v1/connect/${service}`, token: user.token });
  expect(started.statusCode, started.body).toBe(200);
  const location = fake.consent((started.json() as { url: string }).url, { email: account, allow: true });
  const back = await request(t.app, { method: "GET", url: pathOf(location) });
  expect(back.statusCode, back.body).toBe(302);
  return String(back.headers.location);
}
