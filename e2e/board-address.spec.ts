import { expect, type Page, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { bearer, createBoardUser, createEvent, rome, romeTime, tile, week } from "./support/board.ts";
import { openSignedIn } from "./support/helpers.ts";

/**
 * The rough edges of a new person's board (issue 21): the week and the view live in the address, an empty week says
 * how to start, the cookie banner hides none of the grid, and a short block shows its title before its times.
 */
test.use({ timezoneId: rome });

test.beforeEach(async ({ page }) => {
  await page.clock.install({ time: week.now });
  await page.clock.resume();
});

const monthTitle = (page: Page) => page.getByRole("heading", { level: 2 });

test("the week and the view stay in the address: reload, Back and Forward show the same days", async ({
  page,
  request,
}) => {
  const owner = await createBoardUser(request);
  await openSignedIn(page, owner.token, `/user/${owner.uid}/board`);
  await expect(monthTitle(page)).toHaveText("March 2026");
  expect(new URL(page.url()).searchParams.get("date")).toBeNull();

  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page).toHaveURL(/date=2026-03-23/);
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page).toHaveURL(/date=2026-03-30/);
  await expect(monthTitle(page)).toHaveText("March – April 2026");

  await page.reload();
  await expect(monthTitle(page)).toHaveText("March – April 2026");

  await page.goBack();
  await expect(page).toHaveURL(/date=2026-03-23/);
  await expect(page.getByRole("columnheader", { name: /23/ }).first()).toBeVisible();
  await expect(page.getByRole("columnheader", { name: /30/ })).toHaveCount(0);
  await page.goForward();
  await expect(monthTitle(page)).toHaveText("March – April 2026");

  // A shared link to one day in the day view.
  await page.goto(`/user/${owner.uid}/board?date=2026-04-02&view=day`);
  await expect(monthTitle(page)).toHaveText("April 2026");
  await expect(page.getByRole("button", { name: "Next day" })).toBeVisible();
  await page.getByRole("button", { name: "Next day" }).click();
  await expect(page).toHaveURL(/date=2026-04-03/);
  await expect(page).toHaveURL(/view=day/);
});

for (const language of ["en", "it"] as const) {
  const texts = { en, it }[language];
  test(`an empty week says how to start, and the hint is gone once the week has a block (${language})`, async ({
    page,
    request,
  }) => {
    const owner = await createBoardUser(request);
    await request.patch(`/api/v1/user/${owner.uid}`, { headers: bearer(owner.token), data: { language } });
    await openSignedIn(page, owner.token, `/user/${owner.uid}/board`, language);
    const hint = page.getByText(texts.board.empty);
    await expect(hint).toBeVisible();
    await page.screenshot({ path: `test-results/board-empty-${language}.png` });

    await createEvent(request, owner, {
      title: "Standup",
      start_time: romeTime(week.wednesday, "09:00"),
      end_time: romeTime(week.wednesday, "09:30"),
      all_day: false,
      event_type: "activity",
    });
    await page.reload();
    await expect(tile(page, "Standup")).toBeVisible();
    await expect(hint).toBeHidden();
  });
}

test("a half-hour block shows its whole title first; the times give way when there is no room", async ({
  page,
  request,
}) => {
  const owner = await createBoardUser(request);
  await createEvent(request, owner, {
    title: "Standup",
    start_time: romeTime(week.wednesday, "09:00"),
    end_time: romeTime(week.wednesday, "09:30"),
    all_day: false,
    event_type: "activity",
  });
  await createEvent(request, owner, {
    title: "Review the quarterly budget with finance",
    start_time: romeTime(week.thursday, "10:00"),
    end_time: romeTime(week.thursday, "10:30"),
    all_day: false,
    event_type: "activity",
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, owner.token, `/user/${owner.uid}/board`);
  const face = tile(page, "Standup");
  await expect(face).toBeVisible();
  const title = page.locator("[data-event-id]", { has: face }).locator("span", { hasText: /^Standup$/ });
  const cut = await title.evaluate((element) => element.scrollWidth > element.clientWidth);
  expect(cut).toBe(false);
  await page.screenshot({ path: "test-results/board-short-blocks.png" });
});

test("the cookie banner keeps the grid's last rows above it", async ({ page, request }) => {
  const owner = await createBoardUser(request, "Ada Lovelace", { cookieConsent: null });
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, owner.token, `/user/${owner.uid}/board`);
  const banner = page.getByRole("region", { name: en.components.cookieConsent.title });
  await expect(banner).toBeVisible();
  await expect
    .poll(async () => {
      const bannerTop = (await banner.boundingBox())?.y ?? 0;
      const gridBottom = await page.evaluate(() => {
        const calendar = document.querySelector("[aria-busy]");
        return calendar ? calendar.getBoundingClientRect().bottom : Number.POSITIVE_INFINITY;
      });
      return gridBottom <= bannerTop;
    })
    .toBe(true);
});
