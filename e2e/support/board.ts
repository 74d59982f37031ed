import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { createOnboardedUser, getMe } from "./helpers.ts";

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const rome = "Europe/Rome";

/**
 * The journeys on the board run in a fixed week in Rome, the one before the clocks go forward (Monday 16 to Sunday 22
 * March 2026), with the browser's clock set to Wednesday 18 at 15:00: dates on screen and in the API are the same on
 * any day the suite runs.
 */
export const week = {
  monday: "2026-03-16",
  tuesday: "2026-03-17",
  wednesday: "2026-03-18",
  thursday: "2026-03-19",
  friday: "2026-03-20",
  now: Date.parse("2026-03-18T15:00:00+01:00"),
};

/** An instant in Rome, winter time (this week and the next are before 29 March): "2026-03-18 09:00". */
export const romeTime = (date: string, time: string, offset = "+01:00") => Date.parse(`${date}T${time}:00${offset}`);

/** Today in Rome, `YYYY-MM-DD`: screens that show the real current week, as a person opening the app would see it. */
export const romeToday = (): string =>
  new Intl.DateTimeFormat("en-CA", { timeZone: rome, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    Date.now(),
  );

/** The instant of a wall-clock time in Rome on any date, winter or summer. */
export function romeInstant(date: string, time: string): number {
  for (const offset of ["+01:00", "+02:00"]) {
    const instant = Date.parse(`${date}T${time}:00${offset}`);
    const hour = new Intl.DateTimeFormat("en-GB", { timeZone: rome, hour: "2-digit", minute: "2-digit" }).format(
      instant,
    );
    if (hour === time) return instant;
  }
  throw new Error(`no ${time} on ${date} in Rome`);
}

/** POSTs to the API as `token`, expects 201 and answers the created object's ids. */
export async function postCreated(request: APIRequestContext, token: string, path: string, data: unknown) {
  const response = await request.post(`/api/v1${path}`, { headers: bearer(token), data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { uid: string; id: string };
}

/** A user whose board shows the whole day on every day of the week, in Rome. */
export async function createBoardUser(
  request: APIRequestContext,
  nominative = "Ada Lovelace",
  options: { cookieConsent?: boolean | null } = {},
) {
  const user = await createOnboardedUser(request, { nominative, ...options });
  const me = await getMe(request, user.token);
  const saved = await request.patch(`/api/v1/user/${me.uid}`, {
    headers: bearer(user.token),
    data: { preferences: { timeZone: rome, weekends: true, slotMinTime: "06:00:00", slotMaxTime: "22:00:00" } },
  });
  expect(saved.status()).toBe(200);
  return { ...user, uid: me.uid, organizationId: me.organization.uid };
}

export async function createEvent(
  request: APIRequestContext,
  owner: { token: string; uid: string },
  data: Record<string, unknown>,
) {
  const response = await request.post(`/api/v1/user/${owner.uid}/time-blocking`, {
    headers: bearer(owner.token),
    data,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; recurrence_id: string | null };
}

export interface StoredEvent {
  id: string;
  title: string;
  start_time: number;
  end_time: number;
  elapsed_time: number;
  completed: boolean;
  event_type: string;
  project_id: string | null;
  category_id: string | null;
  task_linked_id: string | null;
  recurrence_id: string | null;
  is_occurrence: boolean;
}

/** The owner's events between two days (inclusive), as the API answers them. */
export async function eventsBetween(
  request: APIRequestContext,
  owner: { token: string; uid: string },
  from: string,
  to: string,
) {
  const response = await request.get(`/api/v1/user/${owner.uid}/time-blocking`, {
    headers: bearer(owner.token),
    params: {
      startTime: new Date(romeTime(from, "00:00")).toISOString(),
      endTime: new Date(romeTime(to, "23:59")).toISOString(),
    },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as StoredEvent[];
}

/** A project with one task of a category, assigned to the owner. */
export async function createProjectWithTask(
  request: APIRequestContext,
  owner: { token: string; uid: string; organizationId: string },
  names: { project: string; task: string; category: string },
) {
  const headers = bearer(owner.token);
  const org = owner.organizationId;
  const customer = await request.post(`/api/v1/organization/${org}/customer`, {
    headers,
    data: { nominative: "Caffè Nero" },
  });
  expect(customer.status()).toBe(201);
  const project = await request.post(`/api/v1/organization/${org}/project`, {
    headers,
    data: {
      title: names.project,
      customer_id: ((await customer.json()) as { uid: string }).uid,
      project_manager_id: owner.uid,
      salesaccount: [owner.uid],
    },
  });
  expect(project.status()).toBe(201);
  const projectId = ((await project.json()) as { uid: string }).uid;
  const category = await request.post(`/api/v1/organization/${org}/task-category`, {
    headers,
    data: { name: names.category, color: "#2f9e44" },
  });
  expect(category.status()).toBe(201);
  const categoryId = ((await category.json()) as { uid: string }).uid;
  const task = await request.post(`/api/v1/organization/${org}/task`, {
    headers,
    data: { name: names.task, projectId, userId: owner.uid, categoryId, priority: 40 },
  });
  expect(task.status()).toBe(201);
  return { projectId, categoryId, taskId: ((await task.json()) as { uid: string }).uid };
}

/** The point of the time grid at `time` (HH:MM) on `date`, a few pixels inside the slot. */
export async function slotPoint(page: Page, date: string, time: string) {
  const column = page.locator(`[role="cell"][data-date="${date}"]`).first();
  await column.scrollIntoViewIfNeeded();
  const lane = page.locator(`[data-time="${time}:00"]`).last();
  await lane.scrollIntoViewIfNeeded();
  const columnBox = await column.boundingBox();
  const laneBox = await lane.boundingBox();
  if (!columnBox || !laneBox) throw new Error(`no slot at ${date} ${time}`);
  return { x: columnBox.x + columnBox.width / 2, y: laneBox.y + 4 };
}

/** Presses the mouse at one point and releases it at another in small steps, as a person drags. */
export async function dragBetween(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 2, from.y + 6, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

/** An event tile, found by its title and time range as its accessible name reads ("Title, 10:00 – 11:00"). */
export const tile = (page: Page, title: string, range?: string) =>
  page.getByRole("button", { name: range ? `${title}, ${range}` : new RegExp(`^${title}, `) });

/** An input by its label, whether Mantine renders it as a plain textbox or as a combobox. */
export const field = (scope: Page | Locator, label: string) =>
  scope
    .getByRole("textbox", { name: label, exact: true })
    .or(scope.getByRole("combobox", { name: label, exact: true }))
    .first();

/** Picks `option` in a Mantine Select found by its label. */
export async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  await field(scope, label).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/**
 * Runs `action` and waits for the board to read its events again: a saved change refreshes the week, and the tiles
 * drawn before that answer are replaced, so a drag must not start on them.
 */
export async function afterBoardRefresh(page: Page, action: () => Promise<unknown>) {
  const refreshed = page.waitForResponse(
    (response) => response.request().method() === "GET" && response.url().includes("/time-blocking?"),
  );
  await action();
  await refreshed;
}

/** Where a tile is on screen, once it is drawn. */
export async function boxOf(locator: Locator) {
  let box: { x: number; y: number; width: number; height: number } | null = null;
  await expect
    .poll(async () => {
      box = await locator.boundingBox();
      return box !== null;
    })
    .toBe(true);
  return box as unknown as { x: number; y: number; width: number; height: number };
}
