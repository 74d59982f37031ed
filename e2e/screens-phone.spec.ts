import { expect, type Page, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { createEvent } from "./support/board.ts";
import { openSignedIn } from "./support/helpers.ts";
import { createStudio, shot } from "./support/screens.ts";

/**
 * Every signed-in page of the sidebar on a phone (390 × 844, under the spec's 768 px breakpoint), in both languages,
 * saved under e2e/screenshots/ (or `SCREENS_DIR`) for review (decision 035). Each page shows its heading and nothing
 * sticks out sideways: a wide table scrolls inside its card, never the page.
 */
const languages = ["en", "it"] as const;
const texts = { en, it };
const phone = { width: 390, height: 844 };

for (const language of languages) {
  test.describe(`phone screens in ${language}`, () => {
    test.use({ locale: language === "it" ? "it-IT" : "en-US", viewport: phone });

    test("every page of the sidebar fits a phone", async ({ page, request }) => {
      test.setTimeout(240_000);
      const { admin, headers, me, org, luca } = await createStudio(request, language);
      const api = async (path: string, data: unknown) => {
        const response = await request.post(`/api/v1/organization/${org}/${path}`, { headers, data });
        expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
        return (await response.json()) as { uid: string };
      };
      const category = await api("project-category", { name: "Comunicazione", color: "#228be6" });
      const customer = await api("customer", {
        nominative: "Caffè Nero S.r.l.",
        email: "amministrazione@caffenero.it",
      });
      const project = await api("project", {
        title: "Sito web Caffè Nero",
        customer_id: customer.uid,
        project_manager_id: me.uid,
        salesaccount: [luca.uid],
        responsible: [luca.uid],
        category_id: category.uid,
        budget: 12000,
        project_type: 0,
        external_reference: "Q-2026-014",
        start_date: "2026-01-12",
        end_date: "2026-06-30",
      });
      await api("task", { name: "Wireframes", projectId: project.uid, userId: luca.uid, priority: 40 });
      await api(`project/${project.uid}/expense`, { title: "Stock photos", amount: 249.9, is_billable: true });
      await api("overheads", { amount: 1850, from_date: "2026-01-01", to_date: "2026-12-31" });
      await api(`user/${luca.uid}/contract`, {
        contract_type: "full-time",
        contractual_hours: 8,
        hourly_cost: 32.5,
        productivity_target: 85,
        from_date: "2026-01-01",
      });
      // A running timer: its widget must stay on screen on every page.
      const quarter = 15 * 60_000;
      const start = Math.floor(Date.now() / quarter) * quarter;
      const block = await createEvent(
        request,
        { token: admin.token, uid: me.uid },
        {
          title: "Preventivo Caffè Nero",
          start_time: start,
          end_time: start + 4 * quarter,
        },
      );
      const timer = await request.post(`/api/v1/user/${me.uid}/timer`, {
        headers,
        data: { start_time: Date.now() - 754_000, time_blocking_event_id: block.id },
      });
      expect(timer.status(), await timer.text()).toBe(201);

      const user = `/user/${me.uid}`;
      const organization = `/organization/${org}`;
      // The board and the team plan name themselves for screen readers only; their toolbar's date is what shows.
      const pages: { name: string; path: string; calendar?: boolean }[] = [
        { name: "01-board", path: `${user}/board`, calendar: true },
        { name: "02-tasks", path: `${user}/board?panel=tasks`, calendar: true },
        { name: "03-team-plan", path: `${user}/teamplan3`, calendar: true },
        { name: "04-dashboard", path: `${user}/dashboard` },
        { name: "05-time-off", path: `${user}/time-off` },
        { name: "06-my-projects", path: `${user}/projects?organizationId=${org}` },
        { name: "07-all-projects", path: `${user}/projects?organizationId=${org}&v=all-projects` },
        { name: "08-project-tasks", path: `${user}/projects/${project.uid}?organizationId=${org}&tab=tasks` },
        { name: "09-organization", path: organization },
        { name: "10-customers", path: `${organization}/customers` },
        { name: "11-holidays", path: `${organization}/holidays` },
        { name: "12-workflows", path: `${organization}/workflows` },
        { name: "13-roles", path: `${organization}/roles` },
        { name: "14-users", path: `${organization}/users` },
        { name: "15-user-details", path: `${organization}/users/${luca.uid}` },
        { name: "16-overheads", path: `${organization}/overheads` },
        { name: "17-timesheet", path: `${organization}/reports/timesheet` },
        { name: "18-approvals", path: `${organization}/approvals` },
        { name: "19-subscription", path: `${organization}/subscription` },
        { name: "20-audit", path: `${organization}/audit` },
        { name: "21-webhooks", path: `${organization}/webhooks` },
        { name: "22-integrations", path: `${user}/integrations` },
        { name: "23-profile", path: `${user}/profile` },
      ];

      await openSignedIn(page, admin.token, pages[0]!.path, language);
      for (const { name, path, calendar } of pages) {
        await page.goto(path);
        const main = page.getByRole("main");
        const heading = calendar ? main.getByRole("heading", { level: 2 }) : main.getByRole("heading", { level: 1 });
        await expect(heading.first(), name).toBeVisible();
        await expect(page.getByRole("region", { name: texts[language].timer.widget }), name).toBeInViewport({
          ratio: 1,
        });
        await expectNoSidewaysScroll(page, name);
        await expectNothingUnderTheTimer(page, name, texts[language].timer.widget);
        await shot(page, language, `phone-${name}`, { fullPage: true });
      }
    });
  });
}

/** Nothing on the page reaches past the phone's right edge. */
async function expectNoSidewaysScroll(page: Page, name: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name} is ${width} px wide`).toBeLessThanOrEqual(phone.width);
}

/**
 * Scrolled to the end, the page's last content ends above the running timer's widget. Asked again until it holds (a
 * page still drawing its last cards grows after the first scroll), as a person would see it once the page has settled.
 */
async function expectNothingUnderTheTimer(page: Page, name: string, widgetName: string) {
  const widget = page.getByRole("region", { name: widgetName });
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const top = (await widget.boundingBox())?.y ?? 0;
        const contentBottom = await page.evaluate(() => {
          const last = document.querySelector("main")?.lastElementChild;
          return last ? last.getBoundingClientRect().bottom : 0;
        });
        return contentBottom - (top + 1);
      },
      { message: `${name}: the page's end is under the timer` },
    )
    .toBeLessThanOrEqual(0);
}
