import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { bearer, createBoardUser } from "./board.ts";
import { fill, type Language, texts } from "./texts.ts";

/**
 * The fakes of Todoist, Asana, Paymo and Jira the global setup starts (test/fakes/src), which the server takes for
 * those services, driven through their `/__control/` endpoints.
 */
export type ItemService = "todoist" | "asana" | "paymo" | "jira";

const fakeUrlVariables: Record<ItemService, string> = {
  todoist: "FAKE_TODOIST_URL",
  asana: "FAKE_ASANA_URL",
  paymo: "FAKE_PAYMO_URL",
  jira: "FAKE_JIRA_URL",
};

export function fakeUrl(service: ItemService): string {
  const url = process.env[fakeUrlVariables[service]];
  if (!url) throw new Error(`${fakeUrlVariables[service]} is not set: the global setup starts the fake ${service}`);
  return url;
}

/** POSTs (or another method) to a fake's control endpoint and answers its JSON; fails on a refusal. */
export async function controlFake<T = Record<string, unknown>>(
  request: APIRequestContext,
  service: ItemService,
  path: string,
  data: object = {},
  method: "POST" | "GET" | "DELETE" = "POST",
): Promise<T> {
  const url = `${fakeUrl(service)}/__control/${path}`;
  const response =
    method === "GET"
      ? await request.get(url, { params: data as Record<string, string> })
      : await request.fetch(url, { method, data });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** A few letters of its own for a run: Jira project keys, names that runs in parallel do not share. */
export function runTag(length = 4): string {
  const letters = "ABCDEFGHJKLMNPQRSTUVWXYZ";
  return [...randomBytes(length)].map((byte) => letters[byte % letters.length]).join("");
}

/**
 * A click on an integration's switch where a person clicks it: Mantine draws its track over the visually hidden
 * input, so the pointer lands on the track (inside the input's label).
 */
async function flip(toggle: Locator) {
  await expect(toggle).toBeEnabled();
  await toggle.click({ force: true });
}

/**
 * Connects Todoist or Asana as the person would: on the integrations page (already open), its switch sends the browser
 * to the service's (fake) consent page, where the person's account allows it; back on the integrations page.
 */
export async function connectThroughConsent(
  page: Page,
  service: "todoist" | "asana",
  toggleName: string,
  email: string,
): Promise<void> {
  await flip(page.getByRole("switch", { name: toggleName }));
  await expect(page).toHaveURL(new RegExp(`^${fakeUrl(service)}/`), { timeout: 60_000 });
  await page.getByLabel("Account").fill(email);
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).toHaveURL(new RegExp(`/integrations\\?connected=${service}|/integrations$`), { timeout: 60_000 });
}

/** Paymo connected through the API, with an API key the fake knows (the credentials modal is the integrations page's). */
export async function connectPaymo(request: APIRequestContext, owner: { token: string; uid: string; email: string }) {
  const apiKey = `paymo-${runTag(12).toLowerCase()}`;
  await controlFake(request, "paymo", "keys", { apiKey, name: "Ada Lovelace", email: owner.email });
  const response = await request.post(`/api/v1/user/${owner.uid}/integration`, {
    headers: bearer(owner.token),
    data: { user_id: owner.uid, service: "paymo", auth_token: apiKey, token_type: "APIKEY", metadata: {} },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * Jira connected through the API: an account of the fake site with its API token, the site's address as a person types
 * it (`127.0.0.1:<port>`, which the server reaches over http on loopback only because the tests allow it).
 */
export async function connectJira(request: APIRequestContext, owner: { token: string; uid: string; email: string }) {
  const apiToken = `jira-${runTag(12).toLowerCase()}`;
  await controlFake(request, "jira", "accounts", { email: owner.email, apiToken, displayName: "Ada Lovelace" });
  const response = await request.post(`/api/v1/user/${owner.uid}/integration`, {
    headers: bearer(owner.token),
    data: {
      user_id: owner.uid,
      service: "jira",
      auth_token: apiToken,
      token_type: "Basic",
      metadata: { email: owner.email, domain: new URL(fakeUrl("jira")).host },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The services' names, the same in every language. */
export const itemServiceNames: Record<ItemService, string> = {
  todoist: "Todoist",
  asana: "Asana",
  paymo: "Paymo",
  jira: "Jira",
};

/** The first wait after a whole page load (the consent page and back, the panel's chunk) on a busy 2-core machine. */
export const pageLoad = { timeout: 60_000 };

/** A person with a board of their own, in the journey's language. */
export async function boardUser(request: APIRequestContext, language: Language, nominative: string) {
  const owner = await createBoardUser(request, nominative);
  const saved = await request.patch(`/api/v1/user/${owner.uid}`, { headers: bearer(owner.token), data: { language } });
  expect(saved.status()).toBe(200);
  return owner;
}

/** The panel of a source on the owner's board, with its list of cards shown. */
export async function openPanel(page: Page, owner: { uid: string }, service: ItemService, language: Language) {
  await page.goto(`/user/${owner.uid}/board?panel=${service}`);
  const name = itemServiceNames[service];
  const panel = page.getByRole("complementary", { name });
  const list = panel.getByRole("list", { name: fill(texts[language].itemSources.list, { name }) });
  await expect(list).toBeVisible(pageLoad);
  return { panel, list };
}
