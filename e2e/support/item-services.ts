import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { bearer, choose, createBoardUser, tile } from "./board.ts";
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

/**
 * What the write-back of a block left on an item in a service's fake, as the tool shows it: Todoist's comments on the
 * task, Asana's comment stories, Paymo's time entries of the task and Jira's worklogs of the issue (deleted ones left
 * out), each with its text and, where the tool counts time, its seconds.
 */
export interface WrittenRecord {
  text: string;
  seconds: number | null;
}

export async function writtenRecords(
  request: APIRequestContext,
  service: ItemService,
  itemId: string,
): Promise<WrittenRecord[]> {
  switch (service) {
    case "todoist": {
      const comments = await controlFake<{ content: string; is_deleted: boolean }[]>(
        request,
        "todoist",
        "comments",
        { taskId: itemId },
        "GET",
      );
      return comments
        .filter((comment) => !comment.is_deleted)
        .map((comment) => ({ text: comment.content, seconds: null }));
    }
    case "asana": {
      const stories = await controlFake<{ type: string; text: string }[]>(
        request,
        "asana",
        "stories",
        { taskGid: itemId },
        "GET",
      );
      return stories.filter((story) => story.type === "comment").map((story) => ({ text: story.text, seconds: null }));
    }
    case "paymo": {
      const entries = await controlFake<{ description: string; duration: number }[]>(
        request,
        "paymo",
        "entries",
        { task_id: itemId },
        "GET",
      );
      return entries.map((entry) => ({ text: entry.description, seconds: entry.duration }));
    }
    case "jira": {
      const worklogs = await controlFake<{ commentText: string; timeSpentSeconds: number }[]>(
        request,
        "jira",
        `issues/${itemId}/worklogs`,
        {},
        "GET",
      );
      return worklogs.map((worklog) => ({ text: worklog.commentText, seconds: worklog.timeSpentSeconds }));
    }
  }
}

/** The write-back runs on the server's job queue: a generous wait for it on a 2-core machine busy with other work. */
export const queued = { timeout: 90_000 };

/**
 * A block dropped from a service, given a project in its event form and, once it has ended, its time confirmed from
 * its menu as a person does (spec part 1 §4: an ended activity with a project and nothing logged): the service's fake
 * then holds exactly one record with the block's reference and the note of its hour, and the block's form says the
 * time is written.
 */
export async function confirmAndSeeWrittenBack(
  page: Page,
  request: APIRequestContext,
  language: Language,
  block: {
    service: ItemService;
    itemId: string;
    eventId: string;
    title: string;
    project: string;
    /** The instant after the block's end the clock moves to. */
    after: number;
    /** The block's day, dd/MM/yyyy. */
    day: string;
  },
) {
  const l = texts[language];
  const service = { service: itemServiceNames[block.service] };
  const formOf = () => page.getByRole("dialog", { name: l.eventForm.editTitle });

  await tile(page, block.title).first().click();
  await expect(formOf()).toBeVisible();
  await expect(formOf().getByTestId("write-back-section")).toContainText(fill(l.writeBack.section.notYet, service));
  await choose(formOf(), page, l.eventForm.project, block.project);
  await formOf().getByRole("button", { name: l.common.save, exact: true }).click();
  await expect(formOf()).toBeHidden();

  await page.clock.setSystemTime(block.after);
  await tile(page, block.title).first().click({ button: "right" });
  await page.getByRole("menuitem", { name: l.board.menu.confirmTime }).click();
  const reference = `timetrap:${block.eventId}`;
  await expect
    .poll(
      async () =>
        (await writtenRecords(request, block.service, block.itemId)).filter((record) =>
          record.text.includes(reference),
        ),
      queued,
    )
    .toEqual([
      {
        text: `1 h logged in Timetrap on ${block.day} [${reference}]`,
        seconds: block.service === "paymo" || block.service === "jira" ? 3600 : null,
      },
    ]);
  await expect(page.getByRole("img", { name: fill(l.writeBack.mark.written, service) })).toBeVisible(queued);

  await tile(page, block.title).first().click();
  const section = formOf().getByTestId("write-back-section");
  await expect(section).toContainText(fill(l.writeBack.section.written, service), queued);
  await expect(section).toContainText(fill(l.writeBack.section.writtenDetail, { time: "1 h", date: block.day }));
  await formOf().getByRole("button", { name: l.common.cancel }).click();
  await expect(formOf()).toBeHidden();
}
