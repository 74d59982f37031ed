import { expect, type Page, test } from "@playwright/test";
import {
  bearer,
  createBoardUser,
  createProjectWithTask,
  dragBetween,
  eventsBetween,
  field,
  rome,
  romeTime,
  slotPoint,
  tile,
  week,
} from "./support/board.ts";
import { openSignedIn } from "./support/helpers.ts";

// The API's requests must reach page.route: the service worker, which leaves them alone anyway, is kept out.
test.use({ timezoneId: rome, serviceWorkers: "block" });

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface SentCreate {
  key: string | null;
  /** The server's status; null for the answer the browser never got. */
  status: number | null;
  replayed: string | null;
}

/**
 * The creates POSTed to `path`: the first reaches the server, which does it, but its answer is lost on the way back
 * (the browser sees a network error); the next ones go through. Answers what each carried and got.
 */
async function loseFirstAnswer(page: Page, path: string): Promise<SentCreate[]> {
  const sent: SentCreate[] = [];
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const request = route.request();
      if (request.method() !== "POST") return route.fallback();
      const key = await request.headerValue("idempotency-key");
      if (sent.length === 0) {
        const response = await route.fetch();
        expect(response.status(), await response.text()).toBe(201);
        sent.push({ key, status: null, replayed: null });
        return route.abort("connectionreset");
      }
      const response = await route.fetch();
      sent.push({ key, status: response.status(), replayed: response.headers()["idempotent-replayed"] ?? null });
      return route.fulfill({ response });
    },
  );
  return sent;
}

/** The two POSTs of one intent: the same key, and the second answered by replaying the first answer. */
function expectOneIntent(sent: SentCreate[]) {
  expect(sent).toHaveLength(2);
  const [lost, retry] = sent;
  expect(lost?.key).toMatch(uuid);
  expect(retry?.key).toBe(lost?.key);
  expect(retry).toMatchObject({ status: 201, replayed: "true" });
}

test.describe("in a fixed week", () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install({ time: week.now });
    await page.clock.resume();
  });

  test("a block saved again after its answer was lost is made once", async ({ page, request }) => {
    const owner = await createBoardUser(request);
    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await openSignedIn(page, owner.token, `/user/${owner.uid}/board`);
    const sent = await loseFirstAnswer(page, `/api/v1/user/${owner.uid}/time-blocking`);

    await dragBetween(
      page,
      await slotPoint(page, week.wednesday, "10:00"),
      await slotPoint(page, week.wednesday, "10:30"),
    );
    const form = page.getByRole("dialog", { name: "New event" });
    await field(form, "Title").fill("Write the proposal");
    await form.getByRole("button", { name: "Save" }).click();

    // The board tells of the failure and keeps the form open, as it was.
    await expect.poll(() => alerts.length).toBe(1);
    expect(alerts[0]).toContain("NETWORK_ERROR");
    await expect(form).toBeVisible();
    await expect(field(form, "Title")).toHaveValue("Write the proposal");

    // The person saves again.
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form).toBeHidden();
    expectOneIntent(sent);

    await expect(tile(page, "Write the proposal", "10:00 – 11:00")).toBeVisible();
    await expect(tile(page, "Write the proposal")).toHaveCount(1);
    const stored = await eventsBetween(request, owner, week.monday, "2026-03-22");
    expect(stored.map((event) => [event.title, event.start_time, event.end_time])).toEqual([
      ["Write the proposal", romeTime(week.wednesday, "10:00"), romeTime(week.wednesday, "11:00")],
    ]);
  });
});

test("a task saved again after its answer was lost is made once", async ({ page, request }) => {
  const owner = await createBoardUser(request);
  const { projectId } = await createProjectWithTask(request, owner, {
    project: "Sito Caffè Nero",
    task: "Menu page",
    category: "Design",
  });
  await openSignedIn(page, owner.token, `/user/${owner.uid}/board?modal=task&projectId=${projectId}`);
  const sent = await loseFirstAnswer(page, `/api/v1/organization/${owner.organizationId}/task`);

  const modal = page.getByRole("dialog", { name: "New task" });
  await field(modal, "Name").fill("Opening hours page");
  // A new task is the person's own until they choose someone else.
  await expect(field(modal, "Assignee")).toHaveValue("Ada Lovelace");
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Failed to fetch").last()).toBeVisible();
  await expect(modal).toBeVisible();

  await modal.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Task created").last()).toBeVisible();
  await expect(modal).toBeHidden();
  expectOneIntent(sent);

  const tasks = await request.get(`/api/v1/organization/${owner.organizationId}/task`, {
    headers: bearer(owner.token),
    params: { project_id: projectId },
  });
  expect(tasks.status()).toBe(200);
  const names = ((await tasks.json()) as { name: string }[]).map((task) => task.name).sort();
  expect(names).toEqual(["Menu page", "Opening hours page"]);
});
