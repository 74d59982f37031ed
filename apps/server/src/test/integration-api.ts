import { and, eq } from "drizzle-orm";
import { afterAll, expect } from "vitest";
import { userIntegrations } from "../db/schema.js";
import { addMember, type BuiltUser, buildOrganization } from "./factories.js";
import { pathOf } from "./integrations.js";
import { request, type TestApp, useTestApp } from "./test-app.js";

/**
 * What the integrations' API tests share for the services of issue 15: the app with a fake service as the service,
 * the people, a connection through a fake's consent page, an integration posted with a credential, and the row it
 * leaves.
 */

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
