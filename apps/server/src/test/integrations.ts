import { type FakeGoogle, googleServerEnvOf, startFakeGoogle } from "@timetrap/fakes";
import { and, eq } from "drizzle-orm";
import { afterAll, expect } from "vitest";
import { userIntegrations } from "../db/schema.js";
import { integrationAad, openSecret, sealSecret } from "../modules/integrations/secret-box.js";
import type { BuiltUser } from "./factories.js";
import { request, type TestApp, useTestApp } from "./test-app.js";

/** The app's settings that point Google at the fake. */
export const googleEnvOf = googleServerEnvOf;

/** `useTestApp` with the fake Google as Google (over HTTP on a local port); `google` is filled before the tests run. */
export function useTestAppWithGoogle(env: Record<string, string> = {}): { t: TestApp; google: FakeGoogle } {
  const google = {} as FakeGoogle;
  const t = useTestApp(async () => {
    Object.assign(google, await startFakeGoogle());
    return { ...googleEnvOf(google), ...env };
  });
  afterAll(() => google.close?.());
  return { t, google };
}

/** The path and query of an absolute address, for `app.inject`. */
export const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** `GET connect/gcalendar` for the user: the consent page's address. */
export async function connectUrlOf(t: TestApp, user: BuiltUser): Promise<string> {
  const response = await request(t.app, { method: "GET", url: "/api/v1/connect/gcalendar", token: user.token });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { url: string }).url;
}

/** The callback as the browser calls it after the consent page: answers where the server sends the browser. */
export async function callBack(t: TestApp, callbackUrl: string): Promise<string> {
  const response = await request(t.app, { method: "GET", url: pathOf(callbackUrl) });
  expect(response.statusCode, response.body).toBe(302);
  return String(response.headers.location);
}

/** The whole connection of the user's Google Calendar through the fake's consent page, Allow pressed. */
export async function connectGoogle(
  t: TestApp,
  google: FakeGoogle,
  user: BuiltUser,
  email = user.email,
): Promise<string> {
  return callBack(t, google.consent(await connectUrlOf(t, user), { email, allow: true }));
}

export async function integrationRow(t: TestApp, userId: string, service: "gcalendar" | "todoist" = "gcalendar") {
  const [row] = await t.db
    .select()
    .from(userIntegrations)
    .where(and(eq(userIntegrations.userId, userId), eq(userIntegrations.service, service)));
  return row;
}

/** The stored access and refresh tokens in clear, opened with the app's key. */
export async function storedTokens(t: TestApp, userId: string) {
  const row = await integrationRow(t, userId);
  if (!row) throw new Error("no integration stored");
  const aad = integrationAad(userId, "gcalendar");
  return {
    accessToken: openSecret(t.config.integrationsKey, row.credential, aad),
    refreshToken: row.refreshToken ? openSecret(t.config.integrationsKey, row.refreshToken, aad) : null,
  };
}

/** An integration stored straight in the table, sealed as a connection seals it. */
export async function insertIntegration(
  t: TestApp,
  userId: string,
  service: "todoist" | "asana" | "paymo" | "jira",
): Promise<void> {
  await t.db.insert(userIntegrations).values({
    userId,
    service,
    credential: sealSecret(t.config.integrationsKey, `${service}-key`, integrationAad(userId, service)),
    tokenType: service === "jira" ? "Basic" : service === "paymo" ? "APIKEY" : "Bearer",
  });
}
