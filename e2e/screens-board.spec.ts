import { expect, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import {
  bearer,
  boxOf,
  createBoardUser,
  createEvent,
  createProjectWithTask,
  dragBetween,
  rome,
  romeTime,
  slotPoint,
  tile,
  week,
} from "./support/board.ts";
import { openSignedIn } from "./support/helpers.ts";
import { shot } from "./support/screens.ts";

/** The board's screens in both languages, desktop and phone, saved under e2e/screenshots/ for review. */
const languages = ["en", "it"] as const;
const texts = { en, it };

test.use({ timezoneId: rome });

for (const language of languages) {
  const l = texts[language];
  test.describe(`board screens in ${language}`, () => {
    test.use({ locale: language === "it" ? "it-IT" : "en-US" });

    test("a planned and logged week, its forms and the side panel", async ({ page, request }) => {
      await page.clock.install({ time: week.now });
      await page.clock.resume();
      const owner = await createBoardUser(request, "Giulia Bianchi");
      await request.patch(`/api/v1/user/${owner.uid}`, {
        headers: bearer(owner.token),
        data: { language, preferences: { weekends: false, slotMinTime: "08:00:00", slotMaxTime: "19:00:00" } },
      });
      const { projectId, categoryId, taskId } = await createProjectWithTask(request, owner, {
        project: "Sito web Caffè Nero",
        task: "Pagina del menu",
        category: "Sviluppo",
      });
      const at = (date: string, time: string) => romeTime(date, time);
      const block = (date: string, from: string, to: string, data: Record<string, unknown>) =>
        createEvent(request, owner, { start_time: at(date, from), end_time: at(date, to), ...data });
      await block(week.monday, "09:00", "09:15", {
        title: "Stand-up",
        color: "#1c7ed6",
        recurrence: { every: 1, frequency: "DAILY", repeat: 5 },
      });
      await block(week.monday, "09:30", "12:30", { title: "Deep work", event_type: "planning", color: "#7048e8" });
      await block(week.monday, "10:00", "11:30", {
        title: "Menu page",
        project_id: projectId,
        category_id: categoryId,
        task_linked_id: taskId,
        completed: true,
      });
      await block(week.tuesday, "14:00", "16:30", { title: "Client workshop", project_id: projectId, completed: true });
      await block(week.tuesday, "10:00", "11:00", { title: "Design review", color: "#e8590c", project_id: projectId });
      await block(week.wednesday, "14:30", "16:00", { title: "Copywriting", project_id: projectId });
      await block(week.thursday, "09:30", "13:00", {
        title: "Sprint planning",
        event_type: "planning",
        color: "#0ca678",
      });
      await block(week.friday, "15:00", "17:00", { title: "Invoices", color: "#f08c00" });

      await openSignedIn(page, owner.token, `/user/${owner.uid}/board`, language);
      await expect(tile(page, "Copywriting")).toBeVisible();
      await shot(page, language, "board-week");

      // From the toolbar into the week with the keyboard: the hours, Monday's stand-up, its timer, the planning block.
      await page.getByRole("button", { name: l.board.toolbar.panel }).focus();
      for (let step = 0; step < 4; step += 1) await page.keyboard.press("Tab");
      await expect(tile(page, "Deep work")).toBeFocused();
      await shot(page, language, "board-keyboard-focus");
      // On to Tuesday's design review (its order is board-keyboard.spec.ts's concern), then its editor and back.
      const review = tile(page, "Design review");
      for (let step = 0; step < 10 && !(await review.evaluate((face) => face === document.activeElement)); step += 1) {
        await page.keyboard.press("Tab");
      }
      await expect(review).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("dialog", { name: l.eventForm.editTitle })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(review).toBeFocused();
      await shot(page, language, "board-keyboard-focus-after-editor");

      await tile(page, "Copywriting").click({ button: "right" });
      await expect(page.getByRole("menuitem", { name: l.board.menu.edit })).toBeVisible();
      await shot(page, language, "board-context-menu");
      await page.keyboard.press("Escape");

      await tile(page, "Stand-up").first().click();
      const form = page.getByRole("dialog", { name: l.eventForm.editTitle });
      await expect(form).toBeVisible();
      await shot(page, language, "board-event-form-recurring");
      await form.getByRole("button", { name: l.eventForm.delete }).click();
      await expect(page.getByRole("dialog", { name: l.eventForm.deleteDialog.title })).toBeVisible();
      await shot(page, language, "board-delete-recurring");
      await page.keyboard.press("Escape");
      await page.keyboard.press("Escape");

      await tile(page, "Design review").click();
      const edit = page.getByRole("dialog", { name: l.eventForm.editTitle });
      await expect(edit).toBeVisible();
      await shot(page, language, "board-event-form");
      await edit.getByRole("button", { name: l.eventForm.recurrence.none }).click();
      await expect(page.getByRole("dialog", { name: l.eventForm.recurrence.dialogTitle })).toBeVisible();
      await shot(page, language, "board-recurrence-dialog");
      await page.keyboard.press("Escape");
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: l.board.toolbar.preferences }).click();
      await expect(page.getByRole("dialog", { name: l.board.preferences.title })).toBeVisible();
      await shot(page, language, "board-preferences");
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: l.board.toolbar.panel }).click();
      await expect(page.getByText("Pagina del menu", { exact: true })).toBeVisible();
      await shot(page, language, "board-side-panel");
    });

    test("an overbooked day named above the grid, and gone once a block is shortened", async ({ page, request }) => {
      await page.clock.install({ time: week.now });
      await page.clock.resume();
      const owner = await createBoardUser(request, "Marta Neri");
      await request.patch(`/api/v1/user/${owner.uid}`, {
        headers: bearer(owner.token),
        data: { language, preferences: { weekends: false, slotMinTime: "08:00:00", slotMaxTime: "20:00:00" } },
      });
      // Tuesday: 10 h planned against the 8 h of a day without a contract.
      await createEvent(request, owner, {
        title: "Client work",
        event_type: "planning",
        start_time: romeTime(week.tuesday, "08:00"),
        end_time: romeTime(week.tuesday, "14:00"),
      });
      await createEvent(request, owner, {
        title: "Design review",
        event_type: "planning",
        color: "#0ca678",
        start_time: romeTime(week.tuesday, "14:00"),
        end_time: romeTime(week.tuesday, "18:00"),
      });
      await openSignedIn(page, owner.token, `/user/${owner.uid}/board`, language);
      const note = page.getByTestId("overbooking-note");
      const day = new Intl.DateTimeFormat(language, {
        weekday: "long",
        day: "numeric",
        month: "long",
        timeZone: "UTC",
      }).format(new Date(`${week.tuesday}T12:00:00Z`));
      const hours = (value: number) => l.board.overbookedHours.replace("{{hours}}", String(value));
      await expect(note).toHaveText(
        l.board.overbooked.replace("{{day}}", day).replace("{{planned}}", hours(10)).replace("{{capacity}}", hours(8)),
      );
      await expect(tile(page, "Design review").first()).toBeVisible();
      await shot(page, language, "board-overbooked");
      // Two hours less on Tuesday by the block's bottom edge: 8 of 8 is full, not over, and the note goes with no
      // reload.
      const block = tile(page, "Design review");
      const box = await boxOf(block);
      const slotHeight =
        (await slotPoint(page, week.tuesday, "10:00")).y - (await slotPoint(page, week.tuesday, "09:30")).y;
      await block.hover();
      const bottom = { x: box.x + box.width / 2, y: box.y + box.height - 2 };
      const saved = page.waitForResponse(
        (response) => response.request().method() === "PATCH" && response.url().includes("/time-blocking/"),
      );
      await dragBetween(page, bottom, { x: bottom.x, y: bottom.y - 4 * slotHeight });
      expect((await saved).status()).toBe(200);
      await expect(note).toBeHidden();
    });

    test("the running timer, on a desktop and on a phone", async ({ page, request }) => {
      const owner = await createBoardUser(request, "Luca Verdi");
      await request.patch(`/api/v1/user/${owner.uid}`, {
        headers: bearer(owner.token),
        data: { language, preferences: { slotMinTime: "00:00:00", slotMaxTime: "24:00:00" } },
      });
      const quarter = 15 * 60_000;
      const start = Math.floor(Date.now() / quarter) * quarter;
      const event = await createEvent(request, owner, {
        title: "Preventivo Officine Rossi",
        start_time: start,
        end_time: start + 4 * quarter,
      });
      const started = await request.post(`/api/v1/user/${owner.uid}/timer`, {
        headers: bearer(owner.token),
        data: { start_time: Date.now() - 754_000, time_blocking_event_id: event.id },
      });
      expect(started.status()).toBe(201);

      await openSignedIn(page, owner.token, `/user/${owner.uid}/board`, language);
      await expect(page.getByRole("region", { name: l.timer.widget })).toBeVisible();
      await tile(page, "Preventivo Officine Rossi").first().scrollIntoViewIfNeeded();
      await shot(page, language, "board-timer");

      await page.setViewportSize({ width: 390, height: 844 });
      // A phone opens the app at its own size: the sidebar starts folded.
      await page.reload();
      await expect(page.getByRole("region", { name: l.timer.widget })).toBeVisible();
      await shot(page, language, "board-phone");
    });
  });
}
