import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import {
  bearer,
  boxOf,
  createBoardUser,
  createEvent,
  dragBetween,
  rome,
  romeTime,
  slotPoint,
  tile,
  week,
} from "./support/board.ts";
import { addColleague, openSignedIn } from "./support/helpers.ts";

/**
 * The team plan (issue 12) in both languages: an administrator fills the choice with a project's team, opens a person's
 * Monday, makes a block longer in the day's panel and sees the cell's hours change; the choice is still there after a
 * reload; a member has no team plan in the sidebar and is told so at its address.
 */
const texts = { en, it };
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? "");

test.use({ timezoneId: rome });

/** An administrator and two members in Rome, a project managed by Sara with Luca on it, and Luca's Monday plan. */
async function team(request: APIRequestContext, language: "en" | "it") {
  const admin = await createBoardUser(request, "Giulia Bianchi");
  const luca = await addColleague(request, admin, { roleName: "Member", nominative: "Luca Rossi" });
  const sara = await addColleague(request, admin, { roleName: "Member", nominative: "Sara Verdi" });
  for (const person of [admin, luca, sara]) {
    const saved = await request.patch(`/api/v1/user/${person.uid}`, {
      headers: bearer(person.token),
      data: {
        language,
        preferences: { timeZone: rome, weekends: false, slotMinTime: "07:00:00", slotMaxTime: "20:00:00" },
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const org = admin.organizationId;
  const headers = bearer(admin.token);
  const customer = await request.post(`/api/v1/organization/${org}/customer`, {
    headers,
    data: { nominative: "Caffè Nero" },
  });
  expect(customer.status()).toBe(201);
  const project = await request.post(`/api/v1/organization/${org}/project`, {
    headers,
    data: {
      title: "Apollo",
      customer_id: ((await customer.json()) as { uid: string }).uid,
      project_manager_id: sara.uid,
      salesaccount: [sara.uid],
      responsible: [luca.uid],
    },
  });
  expect(project.status(), await project.text()).toBe(201);
  await createEvent(request, luca, {
    title: "Design review",
    event_type: "planning",
    start_time: romeTime(week.monday, "09:00"),
    end_time: romeTime(week.monday, "12:00"),
  });
  return { admin, luca, sara };
}

/** The clock at the fixed week's Wednesday, so that the team plan opens on 16–20 March 2026. */
async function atFixedWeek(page: Page) {
  await page.clock.install({ time: week.now });
  await page.clock.resume();
}

for (const language of ["en", "it"] as const) {
  const l = texts[language];
  const hours = (h: number) => fill(l.teamPlan.figures.hours, { hours: String(h) });
  const rowOf = (page: Page, name: string) =>
    page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(name) }) });
  const mondayOf = (page: Page, name: string) =>
    rowOf(page, name)
      .getByRole("button", { name: new RegExp(`^${name}, `) })
      .first();

  test.describe(`team plan in ${language}`, () => {
    test.use({ locale: language === "it" ? "it-IT" : "en-US" });

    test("a project's team, a longer block in the day's panel, and the choice kept after a reload", async ({
      page,
      request,
    }) => {
      test.setTimeout(150_000);
      const { admin } = await team(request, language);
      await atFixedWeek(page);
      await openSignedIn(page, admin.token, `/user/${admin.uid}/teamplan3`, language);
      await expect(page.getByRole("heading", { level: 1, name: l.menu.teamPlan })).toBeAttached();
      await expect(page.getByRole("navigation").getByRole("link", { name: l.menu.teamPlan })).toHaveAttribute(
        "href",
        `/user/${admin.uid}/teamplan3`,
      );
      // The route's person first.
      await expect(page.getByRole("rowheader", { name: /Giulia Bianchi/ })).toBeVisible();

      // The project fills the choice with its manager and members.
      await page
        .getByRole("textbox", { name: l.teamPlan.toolbar.project })
        .or(page.getByRole("combobox", { name: l.teamPlan.toolbar.project }))
        .first()
        .click();
      await page.getByRole("option", { name: "Apollo", exact: true }).click();
      await expect(page.getByRole("rowheader", { name: /Luca Rossi/ })).toBeVisible();
      await expect(page.getByRole("rowheader", { name: /Sara Verdi/ })).toBeVisible();
      await expect(page.getByRole("rowheader", { name: /Giulia Bianchi/ })).toBeHidden();
      const monday = mondayOf(page, "Luca Rossi");
      await expect(monday).toContainText(hours(3));

      // Luca's Monday in the panel: the block made an hour longer by its bottom edge.
      await monday.click();
      const panel = page.getByRole("complementary", { name: /^Luca Rossi, / });
      await expect(panel).toBeVisible();
      const block = tile(page, "Design review");
      const box = await boxOf(block);
      const slotHeight =
        (await slotPoint(page, week.monday, "10:00")).y - (await slotPoint(page, week.monday, "09:30")).y;
      await block.hover();
      const bottom = { x: box.x + box.width / 2, y: box.y + box.height - 2 };
      const saved = page.waitForResponse(
        (response) => response.request().method() === "PATCH" && response.url().includes("/time-blocking/"),
      );
      await dragBetween(page, bottom, { x: bottom.x, y: bottom.y + 2 * slotHeight });
      expect((await saved).status()).toBe(200);
      // The grid asks for the week again: the cell shows the new hours, with no reload.
      await expect(monday).toContainText(hours(4));

      // Escape closes the panel; a reload keeps the choice.
      await monday.focus();
      await page.keyboard.press("Escape");
      await expect(panel).toBeHidden();
      await page.reload();
      await expect(page.getByRole("rowheader", { name: /Luca Rossi/ })).toBeVisible();
      await expect(page.getByRole("rowheader", { name: /Sara Verdi/ })).toBeVisible();
      await expect(page.getByRole("rowheader", { name: /Giulia Bianchi/ })).toBeHidden();
      await expect(mondayOf(page, "Luca Rossi")).toContainText(hours(4));
    });

    test("a member has no team plan", async ({ page, request }) => {
      const { luca } = await team(request, language);
      await atFixedWeek(page);
      await openSignedIn(page, luca.token, `/user/${luca.uid}/teamplan3`, language);
      await expect(page.getByText(l.teamPlan.noAccess)).toBeVisible();
      await expect(page.getByRole("navigation").getByRole("link", { name: l.menu.board, exact: true })).toBeVisible();
      await expect(page.getByRole("navigation").getByRole("link", { name: l.menu.teamPlan, exact: true })).toHaveCount(
        0,
      );
    });
  });
}
