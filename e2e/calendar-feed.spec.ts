import { expect, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { createBoardUser, createEvent, romeInstant, romeToday } from "./support/board.ts";
import { openSignedIn } from "./support/helpers.ts";
import { shot } from "./support/screens.ts";

/**
 * A person turns on their calendar feed in the profile and a calendar (the test's own HTTP client) reads their block
 * from it; a new address retires the old one, and turning the feed off retires the address. The profile's section is
 * saved under e2e/screenshots/ for review, in both languages, at desktop and phone width.
 */
const texts = { en, it };
const desktop = { width: 1366, height: 1100 };
const phone = { width: 390, height: 844 };
const feedAddress = /^http:\/\/127\.0\.0\.1:\d+\/ics\/[A-Za-z0-9_-]{43}\.ics$/;

/** Tomorrow in Rome, `YYYY-MM-DD`: inside the feed's window on any day the suite runs. */
function romeTomorrow(): string {
  return new Date(Date.parse(`${romeToday()}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

for (const language of ["en", "it"] as const) {
  test(`the calendar feed turned on in the profile serves the person's blocks (${language})`, async ({
    page,
    request,
  }) => {
    const c = texts[language].calendarFeed;
    const account = await createBoardUser(request, language === "it" ? "Rita Levi-Montalcini" : "Grace Hopper");
    const headers = { authorization: `Bearer ${account.token}` };
    expect((await request.patch(`/api/v1/user/${account.uid}`, { headers, data: { language } })).status()).toBe(200);
    const title = language === "it" ? "Revisione del sito" : "Website review";
    const start = romeInstant(romeTomorrow(), "10:00");
    const block = await createEvent(request, account, {
      title,
      start_time: start,
      end_time: start + 90 * 60_000,
      event_type: "planning",
    });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);

    await page.setViewportSize(desktop);
    await openSignedIn(page, account.token, `/user/${account.uid}/profile`, language);
    const section = page.getByRole("region", { name: c.title });
    const toggle = section.getByRole("switch", { name: c.toggle });
    await expect(toggle).not.toBeChecked();
    await expect(section.getByText(c.offDescription)).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await shot(page, language, "calendar-feed-off");

    await toggle.click();
    await expect(page.getByText(c.turnedOn)).toBeVisible();
    const address = section.getByRole("textbox", { name: c.address });
    await expect(address).toHaveValue(feedAddress);
    await expect(toggle).toBeChecked();
    const first = await address.inputValue();
    await section.getByRole("button", { name: c.copy }).click();
    await expect(section.getByRole("button", { name: c.copied })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    await section.scrollIntoViewIfNeeded();
    await shot(page, language, "calendar-feed-on");
    await expectNoSeriousA11yViolations(page, `profile with the calendar feed on (${language})`);

    // A calendar subscribed to the address: nothing but the address.
    const feed = await request.get(first);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const ics = await feed.text();
    expect(ics).toContain(`UID:${block.id}@timetrap`);
    expect(ics).toContain(`SUMMARY:${title}`);
    expect(ics).toContain("CATEGORIES:Planning");
    expect(ics).toContain("DTSTART;TZID=Europe/Rome:");

    // The sidebar chooses its width when the page loads.
    await page.setViewportSize(phone);
    await page.reload();
    await expect(address).toHaveValue(first);
    await section.scrollIntoViewIfNeeded();
    await shot(page, language, "calendar-feed-on-phone");
    await page.setViewportSize(desktop);
    await page.reload();

    await section.getByRole("button", { name: c.regenerate }).click();
    const confirmation = page.getByRole("dialog", { name: c.confirmRegenerateTitle });
    await expect(confirmation).toContainText(c.confirmRegenerateMessage);
    await shot(page, language, "calendar-feed-new-address-confirm");
    await confirmation.getByRole("button", { name: c.regenerate }).click();
    await expect(page.getByText(c.regenerated)).toBeVisible();
    await expect(address).not.toHaveValue(first);
    const second = await address.inputValue();
    expect(second).toMatch(feedAddress);
    expect((await request.get(first)).status()).toBe(404);
    expect(await (await request.get(second)).text()).toContain(`SUMMARY:${title}`);

    await toggle.click();
    const off = page.getByRole("dialog", { name: c.confirmOffTitle });
    await expect(off).toContainText(c.confirmOffMessage);
    await off.getByRole("button", { name: c.confirmOff }).click();
    await expect(page.getByText(c.turnedOff)).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await expect(address).toBeHidden();
    expect((await request.get(second)).status()).toBe(404);
  });
}
