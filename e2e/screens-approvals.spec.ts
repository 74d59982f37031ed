import { type APIRequestContext, expect, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { bearer, createBoardUser, createEvent, rome, romeTime, week } from "./support/board.ts";
import { addColleague, openSignedIn } from "./support/helpers.ts";
import { shot } from "./support/screens.ts";

/**
 * Decision 026's screens in both languages, desktop and phone, saved under e2e/screenshots/ for review: the Approvals
 * page with each state, its dialog and a person's entries, the organization's timesheet settings, the member's
 * dashboard card and the board of an approved week. Each step waits for the screen's own content.
 */
const languages = ["en", "it"] as const;
const texts = { en, it };
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? "");

test.use({ timezoneId: rome });

/** A colleague in Rome with a logged week (16–22 March 2026) who has submitted it. */
async function submittedWeek(
  request: APIRequestContext,
  admin: { token: string },
  nominative: string,
  language: "en" | "it",
) {
  const person = await addColleague(request, admin, { roleName: "Member", nominative });
  const saved = await request.patch(`/api/v1/user/${person.uid}`, {
    headers: bearer(person.token),
    data: {
      language,
      preferences: { timeZone: rome, weekends: false, slotMinTime: "08:00:00", slotMaxTime: "19:00:00" },
    },
  });
  expect(saved.status()).toBe(200);
  const days = [week.monday, week.tuesday, week.wednesday, week.thursday, week.friday];
  for (const [index, day] of days.entries()) {
    await createEvent(request, person, {
      title: ["Wireframes", "Client call", "Menu page", "Code review", "Release notes"][index],
      start_time: romeTime(day, "09:00"),
      end_time: romeTime(day, index === 4 ? "12:00" : "13:00"),
      completed: true,
    });
    await createEvent(request, person, {
      title: "Focus",
      start_time: romeTime(day, "14:00"),
      end_time: romeTime(day, "17:30"),
      completed: index !== 3,
    });
  }
  const submitted = await request.post(`/api/v1/user/${person.uid}/timesheet/${week.monday}/submit`, {
    headers: bearer(person.token),
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return person;
}

for (const language of languages) {
  const l = texts[language];
  test.describe(`approval screens in ${language}`, () => {
    test.use({ locale: language === "it" ? "it-IT" : "en-US" });

    test("approvals, timesheet settings, the dashboard's card and a locked board", async ({ page, request }) => {
      test.setTimeout(180_000);
      const admin = await createBoardUser(request, "Giulia Bianchi");
      const headers = bearer(admin.token);
      await request.patch(`/api/v1/user/${admin.uid}`, { headers, data: { language } });
      const org = admin.organizationId;
      const decide = async (person: { uid: string }, decision: string, note: string) => {
        const answer = await request.post(
          `/api/v1/organization/${org}/timesheet/${person.uid}/${week.monday}/${decision}`,
          { headers, data: { note } },
        );
        expect(answer.status(), await answer.text()).toBe(200);
      };
      const luca = await submittedWeek(request, admin, "Luca Verdi", language);
      const sara = await submittedWeek(request, admin, "Sara Neri", language);
      await decide(sara, "approve", language === "it" ? "Tutto in ordine" : "All in order");
      const marco = await submittedWeek(request, admin, "Marco Rossi", language);
      await decide(
        marco,
        "reject",
        language === "it" ? "Manca la call di venerdì con il cliente" : "Friday's client call is missing",
      );
      await addColleague(request, admin, { roleName: "Member", nominative: "Anna Galli" });
      const copyTo = "/tmp/shots-w2";

      await page.clock.install({ time: week.now });
      await page.clock.resume();
      await openSignedIn(page, admin.token, `/organization/${org}/approvals?period=${week.monday}`, language);
      await expect(
        page.getByRole("button", { name: fill(l.approvals.approveLabel, { name: "Luca Verdi" }) }),
      ).toBeVisible();
      await shot(page, language, "60-approvals", { copyTo });
      await page.getByRole("button", { name: fill(l.approvals.rejectLabel, { name: "Luca Verdi" }) }).click();
      await expect(
        page.getByRole("dialog", { name: fill(l.approvals.dialog.rejectTitle, { name: "Luca Verdi" }) }),
      ).toBeVisible();
      await shot(page, language, "61-approvals-reject", { copyTo });
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: fill(l.approvals.showEntries, { name: "Luca Verdi" }) }).click();
      await expect(
        page.getByRole("dialog", { name: fill(l.approvals.entries.title, { name: "Luca Verdi" }) }).getByRole("table"),
      ).toBeVisible();
      await shot(page, language, "62-approvals-entries", { copyTo });
      await page.keyboard.press("Escape");

      await page.goto(`/organization/${org}`);
      const settings = page.getByRole("form", { name: l.periodLock.settings.title });
      await settings.scrollIntoViewIfNeeded();
      await expect(settings).toBeVisible();
      await shot(page, language, "63-timesheet-settings", { copyTo });

      const member = await page
        .context()
        .browser()!
        .newContext({ timezoneId: rome, locale: language === "it" ? "it-IT" : "en-US" });
      const memberPage = await member.newPage();
      await memberPage.clock.install({ time: week.now });
      await memberPage.clock.resume();
      await openSignedIn(memberPage, marco.token, `/user/${marco.uid}/dashboard?week=${week.monday}`, language);
      // The page first, then its timesheet card, which comes after it (each wait has its own time on a busy machine).
      await expect(memberPage.getByRole("heading", { name: l.menu.dashboard })).toBeVisible();
      await expect(memberPage.getByText(l.approvals.status.rejected, { exact: true })).toBeVisible();
      await shot(memberPage, language, "64-dashboard-rejected", { copyTo });
      await openSignedIn(memberPage, sara.token, `/user/${sara.uid}/board`, language);
      await expect(memberPage.getByTestId("period-lock-note")).toBeVisible();
      await shot(memberPage, language, "65-board-locked", { copyTo });

      await memberPage.setViewportSize({ width: 390, height: 844 });
      await memberPage.reload();
      await expect(memberPage.getByTestId("period-lock-note")).toBeVisible();
      await shot(memberPage, language, "66-board-locked-phone", { copyTo });
      await openSignedIn(memberPage, luca.token, `/user/${luca.uid}/dashboard?week=${week.monday}`, language);
      // The page first, then its timesheet card, which comes after it (each wait has its own time on a busy machine).
      await expect(memberPage.getByRole("heading", { name: l.menu.dashboard })).toBeVisible();
      await expect(memberPage.getByText(l.approvals.status.submitted, { exact: true })).toBeVisible();
      await shot(memberPage, language, "67-dashboard-submitted-phone", { copyTo });
      await member.close();

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/organization/${org}/approvals?period=${week.monday}`);
      await expect(
        page.getByRole("button", { name: fill(l.approvals.approveLabel, { name: "Luca Verdi" }) }),
      ).toBeVisible();
      await shot(page, language, "68-approvals-phone", { copyTo });
      await page.getByRole("button", { name: fill(l.approvals.showEntries, { name: "Luca Verdi" }) }).click();
      await expect(
        page.getByRole("dialog", { name: fill(l.approvals.entries.title, { name: "Luca Verdi" }) }).getByRole("table"),
      ).toBeVisible();
      await shot(page, language, "69-approvals-entries-phone", { copyTo });
    });
  });
}
