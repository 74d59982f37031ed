import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { bearer, createBoardUser, createEvent, postCreated, rome, romeInstant, romeToday } from "./support/board.ts";
import { addColleague, openSignedIn } from "./support/helpers.ts";
import { shot as screenShot } from "./support/screens.ts";

/** The report screens in both languages, desktop and phone, saved under e2e/screenshots/ for review. */
const languages = ["en", "it"] as const;
const texts = { en, it };

test.use({ timezoneId: rome });

const shot = (page: Page, language: string, name: string) =>
  screenShot(page, language, `reports-${name}`, { fullPage: true, settleMs: 500 });

const plusDays = (date: string, days: number) => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
const isoWeekday = (date: string) => (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
const shown = (date: string) => date.split("-").reverse().join("/");

/**
 * Six weeks of a small studio: Giulia (admin, €40/h) works on the Caffè Nero site and the Officine Rossi app, Luca
 * (manager, part of the week) on the app; planning blocks run four weeks ahead; two calls this week have no project.
 */
async function createStudio(request: APIRequestContext, language: "en" | "it") {
  const owner = await createBoardUser(request, "Giulia Bianchi");
  const org = owner.organizationId;
  const patched = await request.patch(`/api/v1/user/${owner.uid}`, {
    headers: bearer(owner.token),
    data: { language },
  });
  expect(patched.status()).toBe(200);
  const luca = await addColleague(request, owner, { roleName: "Manager", nominative: "Luca Verdi" });
  const lucaPrefs = await request.patch(`/api/v1/user/${luca.uid}`, {
    headers: bearer(luca.token),
    data: { preferences: { timeZone: rome } },
  });
  expect(lucaPrefs.status()).toBe(200);
  const today = romeToday();
  const monday = plusDays(today, -isoWeekday(today));
  const contract = (hours: number, cost: number) => ({
    contract_type: "full-time",
    contractual_hours: hours,
    hourly_cost: cost,
    productivity_target: 80,
    from_date: plusDays(monday, -120),
  });
  await postCreated(request, owner.token, `/organization/${org}/user/${owner.uid}/contract`, contract(8, 40));
  await postCreated(request, owner.token, `/organization/${org}/user/${luca.uid}/contract`, contract(6, 35));
  const caffe = await postCreated(request, owner.token, `/organization/${org}/customer`, {
    nominative: "Caffè Nero S.r.l.",
  });
  const officine = await postCreated(request, owner.token, `/organization/${org}/customer`, {
    nominative: "Officine Rossi",
  });
  const design = await postCreated(request, owner.token, `/organization/${org}/task-category`, {
    name: language === "it" ? "Grafica" : "Design",
    color: "#228be6",
  });
  const meetings = await postCreated(request, owner.token, `/organization/${org}/task-category`, {
    name: language === "it" ? "Riunioni" : "Meetings",
    color: "#fab005",
  });
  const site = await postCreated(request, owner.token, `/organization/${org}/project`, {
    title: "Sito Caffè Nero",
    customer_id: caffe.uid,
    project_manager_id: owner.uid,
    salesaccount: [owner.uid],
    budget: 9000,
    start_date: plusDays(monday, -42),
    end_date: plusDays(monday, 32),
  });
  const app = await postCreated(request, owner.token, `/organization/${org}/project`, {
    title: "App ordini",
    customer_id: officine.uid,
    project_manager_id: luca.uid,
    salesaccount: [owner.uid],
    budget: 15000,
  });
  const empty = await postCreated(request, owner.token, `/organization/${org}/project`, {
    title: language === "it" ? "Nuovo logo" : "New logo",
    customer_id: caffe.uid,
    project_manager_id: owner.uid,
    salesaccount: [owner.uid],
  });
  const homepage = await postCreated(request, owner.token, `/organization/${org}/task`, {
    name: language === "it" ? "Pagina del menu" : "Menu page",
    projectId: site.uid,
    userId: owner.uid,
  });

  const giulia = { token: owner.token, uid: owner.uid };
  const lucaBoard = { token: owner.token, uid: luca.uid };
  const titles =
    language === "it"
      ? {
          work: "Sviluppo pagine",
          review: "Revisione con il cliente",
          app: "API degli ordini",
          plan: "Pianificazione grafica",
        }
      : { work: "Page development", review: "Client review", app: "Orders API", plan: "Design planning" };
  for (let week = -5; week <= 4; week += 1) {
    const weekMonday = plusDays(monday, week * 7);
    for (let day = 0; day < 5; day += 1) {
      const date = plusDays(weekMonday, day);
      const past = date <= today;
      if (past) {
        await createEvent(request, giulia, {
          title: titles.work,
          start_time: romeInstant(date, "09:00"),
          end_time: romeInstant(date, day === 4 ? "11:00" : "12:30"),
          completed: true,
          project_id: site.uid,
          category_id: design.uid,
          task_linked_id: day === 0 ? homepage.uid : null,
        });
        if (day % 2 === 1) {
          await createEvent(request, giulia, {
            title: titles.app,
            start_time: romeInstant(date, "14:00"),
            end_time: romeInstant(date, "17:00"),
            completed: true,
            project_id: app.uid,
            category_id: design.uid,
          });
        }
      }
      if (day === 2) {
        await createEvent(request, giulia, {
          title: titles.plan,
          start_time: romeInstant(date, "14:00"),
          end_time: romeInstant(date, "17:00"),
          event_type: "planning",
          project_id: site.uid,
        });
      }
      if (!past && day === 3) {
        await createEvent(request, giulia, {
          title: titles.review,
          start_time: romeInstant(date, "10:00"),
          end_time: romeInstant(date, "12:00"),
          project_id: site.uid,
          category_id: meetings.uid,
        });
      }
      if (week === 0 && past) {
        await createEvent(request, lucaBoard, {
          title: titles.app,
          start_time: romeInstant(date, "09:00"),
          end_time: romeInstant(date, "13:00"),
          completed: true,
          project_id: app.uid,
          category_id: day % 2 ? meetings.uid : design.uid,
        });
      }
    }
  }
  await createEvent(request, giulia, {
    title: language === "it" ? "Telefonata con la banca" : "Call with the bank",
    start_time: romeInstant(monday, "17:00"),
    end_time: romeInstant(monday, "17:45"),
    completed: true,
  });
  await createEvent(request, giulia, {
    title: language === "it" ? "Email ai fornitori" : "Supplier e-mails",
    start_time: romeInstant(monday, "18:00"),
    end_time: romeInstant(monday, "18:30"),
    completed: true,
  });
  return { ...owner, monday, site: site.uid, empty: empty.uid };
}

for (const language of languages) {
  const l = texts[language];
  test.describe(`report screens in ${language}`, () => {
    test.use({ locale: language === "it" ? "it-IT" : "en-US" });

    test("timesheet, dashboard and project insights, on a desktop and on a phone", async ({ page, request }) => {
      test.setTimeout(180_000);
      const studio = await createStudio(request, language);
      const projectPage = (id: string, tab: string) =>
        `/user/${studio.uid}/projects/${id}?organizationId=${studio.organizationId}&tab=${tab}`;

      // The dashboard's personal week, then the team tab that the free plan lacks.
      await openSignedIn(page, studio.token, `/user/${studio.uid}/dashboard`, language);
      await expect(page.getByTestId("ring-logged")).toBeVisible();
      await expect(page.getByRole("region", { name: l.dashboard.unassigned.title }).getByRole("row")).toHaveCount(3);
      await shot(page, language, "01-dashboard-personal");
      await page.getByRole("tab", { name: l.dashboard.tabs.team }).click();
      await expect(page.getByTestId("team-plan-notice")).toBeVisible();
      await shot(page, language, "02-dashboard-team-plan");

      // The timesheet of the last three weeks, by day and by project.
      await page.goto(`/organization/${studio.organizationId}/reports/timesheet`);
      await shot(page, language, "03-timesheet-empty");
      for (const [label, date] of [
        [l.timesheet.from, shown(plusDays(studio.monday, -14))],
        [l.timesheet.to, shown(plusDays(studio.monday, 6))],
      ] as const) {
        const input = page.getByRole("textbox", { name: label, exact: true });
        await input.fill(date);
        await input.press("Tab");
      }
      await page.getByRole("button", { name: l.timesheet.generate }).click();
      await expect(page.getByRole("region", { name: l.timesheet.rowsTitle })).toBeVisible();
      await shot(page, language, "04-timesheet-by-day");
      await page.getByText(l.timesheet.type.byProject, { exact: true }).click();
      await page.getByRole("button", { name: l.timesheet.generate }).click();
      await expect(
        page.getByRole("region", { name: l.timesheet.rowsTitle }).getByRole("link", { name: "App ordini" }).first(),
      ).toBeVisible();
      await shot(page, language, "05-timesheet-by-project");

      // The project's Insights and Activities, and a project with nothing to draw yet.
      await page.goto(projectPage(studio.site, "insights"));
      await expect(page.getByTestId("insights-runway")).toBeVisible();
      await shot(page, language, "06-project-insights");
      await page.getByRole("tab", { name: l.projectDetail.tabs.activities }).click();
      await expect(page.getByRole("button", { name: l.activities.download })).toBeVisible();
      await shot(page, language, "07-project-activities");
      // Sorted by the server, longest first.
      const entries = page.getByRole("table");
      const sorted = page.waitForResponse(
        (response) => new URL(response.url()).searchParams.get("sort") === "elapsed" && response.ok(),
      );
      await entries.getByRole("button", { name: l.activities.columns.elapsedTime }).click();
      await sorted;
      const longest = page.waitForResponse(
        (response) => new URL(response.url()).searchParams.get("direction") === "desc" && response.ok(),
      );
      await entries.getByRole("button", { name: l.activities.columns.elapsedTime }).click();
      await longest;
      await expect(entries.getByRole("columnheader", { name: l.activities.columns.elapsedTime })).toHaveAttribute(
        "aria-sort",
        "descending",
      );
      await shot(page, language, "07b-project-activities-sorted");
      await page.goto(projectPage(studio.empty, "insights"));
      await expect(page.getByText(l.insights.charts.notEnoughData).first()).toBeVisible();
      await shot(page, language, "08-project-insights-empty");

      // A phone opens the app at its own size: the sidebar starts folded.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/user/${studio.uid}/dashboard`);
      await expect(page.getByTestId("ring-logged")).toBeVisible();
      await shot(page, language, "09-dashboard-phone");
      await page.goto(projectPage(studio.site, "insights"));
      await expect(page.getByTestId("insights-runway")).toBeVisible();
      await shot(page, language, "10-project-insights-phone");
      await page.goto(`/organization/${studio.organizationId}/reports/timesheet`);
      for (const [label, date] of [
        [l.timesheet.from, shown(studio.monday)],
        [l.timesheet.to, shown(plusDays(studio.monday, 6))],
      ] as const) {
        const input = page.getByRole("textbox", { name: label, exact: true });
        await input.fill(date);
        await input.press("Tab");
      }
      await page.getByRole("button", { name: l.timesheet.generate }).click();
      await expect(page.getByRole("region", { name: l.timesheet.rowsTitle })).toBeVisible();
      await shot(page, language, "11-timesheet-phone");
    });
  });
}
