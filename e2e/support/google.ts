import { type APIRequestContext, type APIResponse, expect } from "@playwright/test";

/** The fake Google the global setup starts (test/fakes/src/google.mjs), which the server takes for Google. */
export function fakeGoogle(): string {
  const url = process.env.FAKE_GOOGLE_URL;
  if (!url) throw new Error("FAKE_GOOGLE_URL is not set: the global setup starts the fake Google");
  return url;
}

/** Drives the fake through its control endpoints (`/__control/…`: calendars, events, failures); fails on a refusal. */
export async function controlFakeGoogle(
  request: APIRequestContext,
  path: string,
  data: object = {},
): Promise<APIResponse> {
  const response = await request.post(`${fakeGoogle()}/__control/${path}`, { data });
  expect(response.ok(), await response.text()).toBe(true);
  return response;
}
