import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { addColleague, createOnboardedUser, getMe, openSignedIn } from "./support/helpers.ts";
import { shot } from "./support/screens.ts";

/**
 * Issue 21's layout (decision 035): every column of the all-projects table on a 1280 px screen, the project's tabs
 * and the board's days on a phone, and the pages at 1280 px in both languages saved for review.
 */
const languages = ["en", "it"] as const;
const texts = { en, it };

/** An admin of a studio with two projects that fill every column of the table, in `language`. */
async function studioWithProjects(request: APIRequestContext, language: "en" | "it") {
  const admin = await createOnboardedUser(request, { nominative: "Giulia Bianchi", organization: "Studio Bianchi" });
  const headers = { authorization: `Bearer ${admin.token}` };
  const me = await getMe(request, admin.token);
  await request.patch(`/api/v1/user/${me.uid}`, { headers, data: { language } });
  const org = me.organization.uid;
  const luca = await addColleague(request, admin, { roleName: "Manager", nominative: "Luca Verdi" });
  const api = async (path: string, data: unknown) => {
    const response = await request.post(`/api/v1/organization/${org}/${path}`, { headers, data });
    expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
    return response;
  };
  const uidOf = async (response: ReturnType<typeof api>) => ((await (await response).json()) as { uid: string }).uid;
  const category = await uidOf(api("project-category", { name: "Comunicazione", color: "#228be6" }));
  const customer = await uidOf(api("customer", { nominative: "Caffè Nero S.r.l." }));
  const project = await uidOf(
    api("project", {
      title: "Sito web Caffè Nero",
      customer_id: customer,
      project_manager_id: me.uid,
      salesaccount: [luca.uid],
      responsible: [luca.uid],
      category_id: category,
      budget: 120000,
      project_type: 0,
      external_reference: "Q-2026-014",
      start_date: "2026-01-12",
      end_date: "2026-06-30",
    }),
  );
  await api(`project/${project}/updates`, { status: "potential_risk", update: "Content is late", progress: 35 });
  await api("project", {
    title: "App ordini",
    customer_id: customer,
    project_manager_id: luca.uid,
    salesaccount: [me.uid],
    category_id: category,
    budget: 30000,
    project_type: 1,
  });
  return { admin, me, org, project };
}

/** How far the page reaches past the right edge of the window, in CSS pixels (0 when nothing sticks out). */
function documentOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

for (const language of languages) {
  const l = texts[language];
  test.describe(`layout in ${language}`, () => {
    test.use({ locale: language === "it" ? "it-IT" : "en-US" });

    test("the all-projects table shows every column at 1280 px, its filters' placeholders whole", async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      const { admin, me, org } = await studioWithProjects(request, language);
      await openSignedIn(page, admin.token, `/user/${me.uid}/projects?organizationId=${org}&v=all-projects`, language);
      const table = page.getByRole("table");
      await expect(table.getByRole("link", { name: "App ordini" })).toBeVisible();

      const headers = table.getByRole("columnheader");
      await expect(headers).toHaveCount(10);
      // Inside the window and whole: not cut by the table's card either.
      for (const header of await headers.all()) {
        const box = await header.boundingBox();
        expect(box, await header.innerText()).not.toBeNull();
        expect(box!.x, await header.innerText()).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, await header.innerText()).toBeLessThanOrEqual(1280);
        await expect(header).toBeInViewport({ ratio: 1 });
      }
      for (const column of [l.projects.columns.category, l.projects.columns.budget, l.projects.columns.progress]) {
        await expect(table.getByRole("columnheader", { name: column })).toBeInViewport({ ratio: 1 });
      }
      // The table fits its card: nothing to scroll to.
      const overflow = await table.evaluate((element) => {
        let most = 0;
        for (let box = element.parentElement; box && box.tagName !== "MAIN"; box = box.parentElement) {
          most = Math.max(most, box.scrollWidth - box.clientWidth);
        }
        return most;
      });
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await documentOverflow(page)).toBeLessThanOrEqual(0);

      // The reference filter's placeholder is drawn whole inside its box.
      const reference = page.getByRole("textbox", {
        name: l.projects.filterBy.replace("{{column}}", l.projects.columns.externalReference),
      });
      const { textWidth, room } = await reference.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        return {
          textWidth: context.measureText(input.placeholder).width,
          room: input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
        };
      });
      expect(textWidth).toBeLessThanOrEqual(room);
      await shot(page, language, "layout-all-projects-1280", { copyTo: process.env.LAYOUT_SHOTS_DIR });
    });

    test("narrower than the table, it scrolls sideways under a title column that stays", async ({ page, request }) => {
      await page.setViewportSize({ width: 1024, height: 768 });
      const { admin, me, org } = await studioWithProjects(request, language);
      await openSignedIn(page, admin.token, `/user/${me.uid}/projects?organizationId=${org}&v=all-projects`, language);
      const table = page.getByRole("table");
      await expect(table.getByRole("link", { name: "App ordini" })).toBeVisible();
      // The table's card scrolls sideways; the page does not.
      const scrolled = await table.evaluate((element) => {
        let scroller = element.parentElement;
        while (scroller && getComputedStyle(scroller).overflowX !== "auto") scroller = scroller.parentElement;
        if (!scroller || scroller.scrollWidth <= scroller.clientWidth) return false;
        scroller.scrollLeft = scroller.scrollWidth;
        return true;
      });
      expect(scrolled).toBe(true);
      await expect(table.getByRole("columnheader", { name: l.projects.columns.progress })).toBeInViewport();
      await expect(table.getByRole("link", { name: "App ordini" })).toBeInViewport({ ratio: 1 });
      expect(await documentOverflow(page)).toBeLessThanOrEqual(0);
    });

    test("pages at 1280 px: the projects list, the organization's details and its people", async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      const { admin, me, org } = await studioWithProjects(request, language);
      await openSignedIn(page, admin.token, `/user/${me.uid}/projects?organizationId=${org}`, language);
      await expect(page.getByText("Sito web Caffè Nero").first()).toBeVisible();
      await shot(page, language, "layout-my-projects-1280", { copyTo: process.env.LAYOUT_SHOTS_DIR });
      await page.goto(`/organization/${org}`);
      await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
      await shot(page, language, "layout-organization-1280", { copyTo: process.env.LAYOUT_SHOTS_DIR });
      await page.goto(`/organization/${org}/users`);
      await expect(page.getByText("Luca Verdi").first()).toBeVisible();
      await shot(page, language, "layout-users-1280", { copyTo: process.env.LAYOUT_SHOTS_DIR });
      // A form page and a list page start their title at the same place: the heading does not jump between them.
      const organizationTitle = await (async () => {
        await page.goto(`/organization/${org}`);
        return page.getByRole("main").getByRole("heading", { level: 1 }).boundingBox();
      })();
      await page.goto(`/organization/${org}/users`);
      const usersTitle = await page.getByRole("main").getByRole("heading", { level: 1 }).boundingBox();
      expect(organizationTitle!.x).toBe(usersTitle!.x);
    });

    test("on a phone the project's tabs scroll and the chosen one is in view", async ({ page, request }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const { admin, me, org, project } = await studioWithProjects(request, language);
      await openSignedIn(
        page,
        admin.token,
        `/user/${me.uid}/projects/${project}?organizationId=${org}&tab=activities`,
        language,
      );
      const tabs = page.getByRole("tablist");
      await expect(page.getByRole("tab", { name: l.projectDetail.tabs.activities })).toBeInViewport({ ratio: 0.95 });
      expect(await tabs.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      await page.getByRole("tab", { name: l.projectDetail.tabs.tasks }).click();
      await expect(page.getByRole("tab", { name: l.projectDetail.tabs.tasks })).toBeInViewport({ ratio: 0.95 });
      await expect(page.getByRole("tab", { name: l.projectDetail.tabs.tasks })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      expect(await documentOverflow(page)).toBeLessThanOrEqual(0);
    });

    test("on a phone the board goes from day to day and its hours take the keyboard", async ({ page, request }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const { admin, me } = await studioWithProjects(request, language);
      await openSignedIn(page, admin.token, `/user/${me.uid}/board`, language);
      await expect(page.getByRole("main").getByRole("heading", { level: 2 }).first()).toBeVisible();
      // One day is drawn: its column's header names it.
      const day = page.getByRole("main").getByRole("columnheader").filter({ hasText: /\d/ });
      await expect(day).toHaveCount(1);
      const first = await day.innerText();
      await page.getByRole("button", { name: l.board.toolbar.nextDay }).click();
      await expect(day).not.toHaveText(first);
      const next = await day.innerText();
      await page.getByRole("button", { name: l.board.toolbar.previousDay }).click();
      await expect(day).not.toHaveText(next);
      // The grid's hours are reached with Tab, and from there the arrows scroll them.
      const hours = page.locator("[data-board-hours]");
      await expect(hours).toHaveAttribute("tabindex", "0");
      await hours.focus();
      await expect(hours).toBeFocused();
      expect(await documentOverflow(page)).toBeLessThanOrEqual(0);
    });
  });
}
