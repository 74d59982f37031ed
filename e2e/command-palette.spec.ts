import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { bearer, createBoardUser, createEvent, createProjectWithTask, rome } from "./support/board.ts";
import { addColleague, openSignedIn } from "./support/helpers.ts";
import { shot } from "./support/screens.ts";
import { fill, texts } from "./support/texts.ts";

/**
 * The command palette (issue 21, decision 034): Ctrl+K on any page of the shell, a few letters, Enter. It goes to a
 * project and to a colleague's board, switches that board to one day, starts and stops the timer on one of today's
 * blocks, and reads clean to axe while open; in English and in Italian.
 */
test.use({ timezoneId: rome });

async function openPalette(page: Page, language: "en" | "it") {
  await page.keyboard.press("Control+k");
  const search = page.getByRole("combobox", { name: texts[language].commandPalette.label });
  await expect(search).toBeFocused();
  return search;
}

/** Types `query` and runs the option the palette offers first, after checking that it is `expected`. */
async function runFirst(page: Page, language: "en" | "it", query: string, expected: string | RegExp) {
  const search = await openPalette(page, language);
  await search.fill(query);
  // The option the field points to, once the results for the query are in.
  await expect(async () => {
    const id = await search.getAttribute("aria-activedescendant");
    await expect(page.locator(`[id="${id}"]`)).toContainText(expected);
  }).toPass();
  await search.press("Enter");
  await expect(search).toBeHidden();
}

for (const language of ["en", "it"] as const) {
  const t = texts[language];

  test(`Ctrl+K goes to a project, to a colleague's board, to one day, and starts and stops a timer (${language})`, async ({
    page,
    request,
  }) => {
    const owner = await createBoardUser(request, "Ada Lovelace");
    await request.patch(`/api/v1/user/${owner.uid}`, { headers: bearer(owner.token), data: { language } });
    const colleague = await addColleague(request, owner, { roleName: "Member", nominative: "Grace Hopper" });
    const { projectId } = await createProjectWithTask(request, owner, {
      project: "Lighthouse redesign",
      task: "Sketch the beam",
      category: "Design",
    });
    // A block of today that a timer may run on: an activity that has begun.
    const now = Date.now();
    await createEvent(request, owner, {
      title: "Write the quarterly report",
      start_time: now - 10 * 60_000,
      end_time: now + 50 * 60_000,
      event_type: "activity",
    });

    await openSignedIn(page, owner.token, `/user/${owner.uid}/dashboard`, language);
    await expect(page.getByRole("button", { name: t.components.sidebar.search })).toBeVisible();

    // Open, with every group, read clean by axe.
    const search = await openPalette(page, language);
    const list = page.getByRole("listbox");
    await expect(list.getByRole("group", { name: t.commandPalette.groups.pages })).toBeVisible();
    await expect(list.getByRole("group", { name: t.commandPalette.groups.people })).toContainText("Grace Hopper");
    await expect(list.getByRole("group", { name: t.commandPalette.groups.projects })).toContainText(
      "Lighthouse redesign",
    );
    await shot(page, language, "command-palette");
    await expectNoSeriousA11yViolations(page, `command palette (${language})`);
    // A few letters find something in every group, best group first.
    await search.fill("re");
    await expect(list.getByRole("group", { name: t.commandPalette.groups.actions })).toContainText(
      "Write the quarterly report",
    );
    await shot(page, language, "command-palette-search");
    await search.fill(language === "en" ? "progetti" : "projects");
    await expect(list.getByRole("group", { name: t.commandPalette.groups.pages })).toContainText(t.menu.projects);
    await shot(page, language, "command-palette-other-language");
    await page.keyboard.press("Escape");
    await expect(search).toBeHidden();

    // A project by a few of its letters.
    await runFirst(page, language, "lighth", "Lighthouse redesign");
    await expect(page).toHaveURL(new RegExp(`/user/${owner.uid}/projects/${projectId}$`));
    await expect(page.getByRole("heading", { name: "Lighthouse redesign" })).toBeVisible();

    // A colleague's board, then that board's day view: the board stays the colleague's.
    await runFirst(page, language, "grace", "Grace Hopper");
    await expect(page).toHaveURL(new RegExp(`/user/${colleague.uid}/board`));
    await runFirst(page, language, language === "en" ? "day view" : "vista giorno", t.commandPalette.actions.dayView);
    await expect(page).toHaveURL(new RegExp(`/user/${colleague.uid}/board\\?.*view=day`));

    // The timer on one of today's blocks, started and stopped.
    const startLabel = fill(t.commandPalette.actions.startTimer, { title: "Write the quarterly report" });
    await runFirst(page, language, "quarterly", startLabel);
    const widget = page.getByRole("region", { name: t.timer.widget });
    await expect(widget).toContainText("Write the quarterly report");
    const stopLabel = fill(t.commandPalette.actions.stopTimer, { title: "Write the quarterly report" });
    await runFirst(page, language, language === "en" ? "stop timer" : "ferma timer", stopLabel);
    await expect(widget).toBeHidden();
    const timer = await request.get(`/api/v1/user/${owner.uid}/timer`, { headers: bearer(owner.token) });
    expect(await timer.json()).toBeNull();

    // The sidebar's button opens it for the pointer; Escape gives the focus back to the button.
    const button = page.getByRole("button", { name: t.components.sidebar.search });
    await button.click();
    await expect(page.getByRole("combobox", { name: t.commandPalette.label })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(button).toBeFocused();
    await page.getByRole("button", { name: t.components.sidebar.collapse }).click();
    await expect(page.getByRole("button", { name: t.components.sidebar.search })).toBeVisible();
    await shot(page, language, "command-palette-collapsed-sidebar");
  });
}
