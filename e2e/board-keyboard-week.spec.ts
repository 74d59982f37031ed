import { expect, type Page, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { bearer, createBoardUser, eventsBetween, rome, romeTime, tile, week } from "./support/board.ts";
import { openSignedIn } from "./support/helpers.ts";

/**
 * A week planned from the keyboard alone (issue 21, decision 033): no pointer event, only keys. N makes a block at the
 * next free hour and the form takes its title; the arrows move it, Shift+arrows resize it, Ctrl+Z undoes; D copies it
 * through the form; Space starts and stops its timer; a weekly series is made in the form and one of its days deleted
 * with Delete; `?` lists the keys. After each step the server holds what the board shows, and axe finds nothing serious.
 */
const languages = ["en", "it"] as const;
const texts = { en, it };

test.use({ timezoneId: rome });

/** The owner's blocks of the week called `title`, as [start, end] in Rome's wall clock ("Wed 16:00–17:30"). */
async function stored(
  request: Parameters<typeof eventsBetween>[0],
  owner: { token: string; uid: string },
  title: string,
) {
  const events = await eventsBetween(request, owner, week.monday, week.friday);
  const clock = new Intl.DateTimeFormat("en-GB", {
    timeZone: rome,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const time = (instant: number) => clock.format(instant).replace(",", "");
  return events
    .filter((event) => event.title === title)
    .map((event) => `${time(event.start_time)}–${time(event.end_time).slice(4)}`)
    .sort();
}

/** The face of a block drawn at `start`, found by the board's own key (event id and start). */
const faceAt = (page: Page, id: string, start: number) =>
  page.locator(`[data-event-id="${id}:${start}"] > button:not([data-tile-action])`);

for (const language of languages) {
  const l = texts[language];

  test.describe(`a week planned from the keyboard in ${language}`, () => {
    test.use({ locale: language === "it" ? "it-IT" : "en-US" });

    test.beforeEach(async ({ page }) => {
      await page.clock.install({ time: week.now });
      await page.clock.resume();
    });

    test("N, arrows, Shift+arrows, Ctrl+Z, D, Space, Delete on an occurrence and ? plan the week without a pointer", async ({
      page,
      request,
    }) => {
      // Eleven steps, each checked on the server, and four axe runs.
      test.setTimeout(180_000);
      const owner = await createBoardUser(request, "Marta Conti");
      const saved = await request.patch(`/api/v1/user/${owner.uid}`, {
        headers: bearer(owner.token),
        data: { language, preferences: { weekends: false, slotMinTime: "08:00:00", slotMaxTime: "20:00:00" } },
      });
      expect(saved.status()).toBe(200);
      const blocks = (title: string) => stored(request, owner, title);
      // The board's live region (the month's title is one too).
      const live = page.getByRole("status").filter({ hasText: /\d\d:\d\d/ });

      await openSignedIn(page, owner.token, `/user/${owner.uid}/board`, language);
      const hours = page.locator("[data-board-hours]");
      await expect(hours).toBeVisible();
      await hours.focus();

      // N on an empty board: today (Wednesday, 15:00 by the browser's clock) at the next half hour; the form takes the
      // title at once, and Enter saves.
      await page.keyboard.press("n");
      const newForm = page.getByRole("dialog", { name: l.eventForm.newTitle });
      const title = newForm.getByRole("textbox", { name: l.eventForm.title, exact: true });
      await expect(title).toBeFocused();
      await page.keyboard.type("Write the brief");
      await page.keyboard.press("Enter");
      await expect(newForm).toBeHidden();
      await expect.poll(() => blocks("Write the brief")).toEqual(["Wed 15:30–16:30"]);

      // Tab from the hours comes to the block; the arrows move it a slot, Shift+arrows end it a slot later, and the
      // focus stays on it as the board draws it anew.
      const brief = tile(page, "Write the brief");
      await page.keyboard.press("Tab");
      await expect(brief).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect.poll(() => blocks("Write the brief")).toEqual(["Wed 16:00–17:00"]);
      await expect(brief).toBeFocused();
      await page.keyboard.press("Shift+ArrowDown");
      await expect.poll(() => blocks("Write the brief")).toEqual(["Wed 16:00–17:30"]);
      await expect(live).toContainText(l.boardKeyboard.announce.resized.replace("{{when}}", ""));
      await expect(live).toContainText("16:00–17:30");
      await expect(brief).toBeFocused();
      // → the next day, Ctrl+Z back.
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => blocks("Write the brief")).toEqual(["Thu 16:00–17:30"]);
      await expect(brief).toBeFocused();
      await page.keyboard.press("Control+z");
      await expect.poll(() => blocks("Write the brief")).toEqual(["Wed 16:00–17:30"]);
      await expect(brief).toBeFocused();
      await expectNoSeriousA11yViolations(page, `the board after keyboard moves in ${language}`);

      // D: the form opens on a copy; renamed and saved, the focus is back on the original.
      await page.keyboard.press("d");
      await expect(title).toHaveValue("Write the brief");
      await expect(title).toBeFocused();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type("Review the brief");
      await page.keyboard.press("Enter");
      await expect(newForm).toBeHidden();
      await expect.poll(() => blocks("Review the brief")).toEqual(["Wed 16:00–17:30"]);
      await expect(brief).toBeFocused();

      // Space on today's block starts its timer, and again stops it: the time is logged and the block completed.
      const timer = async () =>
        (await request.get(`/api/v1/user/${owner.uid}/timer`, { headers: bearer(owner.token) })).json() as Promise<{
          event: { title: string };
        } | null>;
      await page.keyboard.press(" ");
      await expect(page.getByRole("region", { name: l.timer.widget })).toBeVisible();
      await expect.poll(async () => (await timer())?.event.title).toBe("Write the brief");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(brief).toBeFocused();
      await page.keyboard.press(" ");
      await expect.poll(timer).toBeNull();
      const [done] = (await eventsBetween(request, owner, week.wednesday, week.wednesday)).filter(
        (event) => event.title === "Write the brief",
      );
      expect(done?.completed).toBe(true);

      // N from the block: the next free hour of its day, after both briefs. A weekly series on Wednesday and Thursday,
      // made in the form by keyboard.
      await brief.focus();
      await page.keyboard.press("n");
      await expect(title).toBeFocused();
      await page.keyboard.type("Stand-up");
      await newForm.getByRole("button", { name: l.eventForm.recurrence.none }).focus();
      await page.keyboard.press("Enter");
      const repeat = page.getByRole("dialog", { name: l.eventForm.recurrence.dialogTitle });
      await repeat.getByRole("checkbox", { name: l.eventForm.recurrence.weekdays["4"] }).focus();
      await page.keyboard.press(" ");
      await repeat.getByRole("button", { name: l.common.ok }).focus();
      await page.keyboard.press("Enter");
      await expect(repeat).toBeHidden();
      await newForm.getByRole("button", { name: l.common.save }).focus();
      await page.keyboard.press("Enter");
      await expect(newForm).toBeHidden();
      await expect.poll(() => blocks("Stand-up")).toEqual(["Thu 17:30–18:30", "Wed 17:30–18:30"]);
      const series = (await eventsBetween(request, owner, week.monday, week.friday)).find(
        (event) => event.title === "Stand-up",
      );
      expect(series?.recurrence_id).toBeTruthy();

      // Delete on Thursday's occurrence asks as the form does; "this event" is chosen first, Enter deletes it alone.
      await faceAt(page, series?.id ?? "", romeTime(week.thursday, "17:30")).focus();
      await page.keyboard.press("Delete");
      const ask = page.getByRole("dialog", { name: l.eventForm.deleteDialog.title });
      await expect(ask.getByRole("radio", { name: l.eventForm.deleteDialog.only })).toBeChecked();
      await expectNoSeriousA11yViolations(page, `the keyboard's delete dialog in ${language}`, {
        include: ["[role='dialog']"],
      });
      await page.keyboard.press("Enter");
      await expect(ask).toBeHidden();
      await expect.poll(() => blocks("Stand-up")).toEqual(["Wed 17:30–18:30"]);
      // The focus is on a block beside the deleted one, not lost on the page.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest("[data-event-id]") !== null))
        .toBe(true);
      await expectNoSeriousA11yViolations(page, `the week planned from the keyboard in ${language}`);

      // ? lists every key, in the reader's language; Escape gives the focus back.
      await brief.focus();
      await page.keyboard.press("?");
      const shortcuts = page.getByRole("dialog", { name: l.boardKeyboard.shortcuts.title });
      await expect(shortcuts).toBeVisible();
      await expect(shortcuts.getByText(l.boardKeyboard.shortcuts.newBlock)).toBeVisible();
      await expect(shortcuts.locator("kbd").first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, `the list of keys in ${language}`, { include: ["[role='dialog']"] });
      await shortcuts.screenshot({ path: `/tmp/keys-shots/shortcuts-${language}.png` });
      await page.keyboard.press("Escape");
      await expect(shortcuts).toBeHidden();
      await expect(brief).toBeFocused();
      await page.screenshot({ path: `/tmp/keys-shots/board-${language}.png` });
    });
  });
}
