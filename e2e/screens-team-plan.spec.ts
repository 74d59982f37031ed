import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { bearer, createBoardUser, createEvent, rome, romeTime, week } from "./support/board.ts";
import { addColleague, openSignedIn } from "./support/helpers.ts";
import { shot } from "./support/screens.ts";

/**
 * The team plan's screens in both languages, on a desktop and on a 1280 px laptop, saved under e2e/screenshots/ for
 * review: the week's grid, a day open in the right panel (an overbooked one), and the twelve-week forecast.
 */
const languages = ["en", "it"] as const;
const texts = { en, it };

test.use({ timezoneId: rome });

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A studio of five in Rome, with a plan for the fixed week (16–20 March 2026) and some of the weeks after. */
async function studio(request: APIRequestContext, language: "en" | "it") {
  const admin = await createBoardUser(request, "Giulia Bianchi");
  const people = [admin];
  for (const nominative of ["Luca Rossi", "Sara Verdi", "Marco Neri", "Anna Galli"]) {
    people.push({
      ...(await addColleague(request, admin, { roleName: "Member", nominative })),
      organizationId: admin.organizationId,
    });
  }
  for (const person of people) {
    const saved = await request.patch(`/api/v1/user/${person.uid}`, {
      headers: bearer(person.token),
      data: {
        language,
        preferences: { timeZone: rome, weekends: false, slotMinTime: "08:00:00", slotMaxTime: "19:00:00" },
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const plan = async (
    person: (typeof people)[number],
    date: string,
    from: string,
    to: string,
    title: string,
    color?: string,
  ) =>
    createEvent(request, person, {
      title,
      event_type: "planning",
      start_time: romeTime(date, from),
      end_time: romeTime(date, to),
      ...(color ? { color } : {}),
    });
  const [giulia, luca, sara, marco, anna] = people as [
    typeof admin,
    typeof admin,
    typeof admin,
    typeof admin,
    typeof admin,
  ];
  const days = [week.monday, week.tuesday, week.wednesday, week.thursday, week.friday];
  // Each person's week, in hours per day, for the fixed week and the three after it (winter time until 29 March).
  const loads: [typeof admin, number[]][] = [
    [giulia, [6, 8, 4, 8, 2]],
    [luca, [8, 10, 9, 9, 9]],
    [sara, [4, 4, 6, 3, 2]],
    [marco, [8, 8, 8, 8, 8]],
    [anna, [2, 0, 3, 1, 0]],
  ];
  for (const [person, hours] of loads) {
    for (const [i, date] of days.entries()) {
      const h = hours[i] ?? 0;
      if (h === 0) continue;
      const morning = Math.min(h, 4);
      await plan(person, date, "09:00", `${String(9 + morning).padStart(2, "0")}:00`, "Client work", "#1c7ed6");
      if (h > 4)
        await plan(person, date, "14:00", `${String(14 + h - 4).padStart(2, "0")}:00`, "Design review", "#0ca678");
    }
    for (const weekOffset of [7, 14]) {
      const total = hours.reduce((a, b) => a + b, 0) - weekOffset / 7;
      const perDay = Math.max(1, Math.min(4, Math.round(total / 5)));
      for (const date of days.map((d) => addDays(d, weekOffset))) {
        await plan(person, date, "09:00", `${String(9 + perDay).padStart(2, "0")}:00`, "Sprint", "#7048e8");
      }
    }
  }
  await createEvent(request, luca, {
    title: "Client call",
    start_time: romeTime(week.tuesday, "13:00"),
    end_time: romeTime(week.tuesday, "13:45"),
    completed: true,
  });
  return { admin, people };
}

async function openTeamPlan(
  page: Page,
  admin: { token: string; uid: string; organizationId: string },
  ids: string[],
  language: "en" | "it",
) {
  await page.addInitScript(
    (value) => localStorage.setItem("userteamview", value),
    JSON.stringify({ organization_id: admin.organizationId, user_ids: ids }),
  );
  await page.clock.install({ time: week.now });
  await page.clock.resume();
  await openSignedIn(page, admin.token, `/user/${admin.uid}/teamplan3`, language);
}

for (const language of languages) {
  const l = texts[language];
  test.describe(`team plan screens in ${language}`, () => {
    test.use({ locale: language === "it" ? "it-IT" : "en-US" });

    for (const [device, viewport] of [
      ["desktop", { width: 1440, height: 900 }],
      ["laptop", { width: 1280, height: 800 }],
    ] as const) {
      test(`the grid, a day open and the forecast on a ${device}`, async ({ page, request }) => {
        test.setTimeout(180_000);
        await page.setViewportSize(viewport);
        const { admin, people } = await studio(request, language);
        await openTeamPlan(
          page,
          admin,
          people.map((p) => p.uid),
          language,
        );
        const lucaRow = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /Luca Rossi/ }) });
        await expect(lucaRow.getByRole("button", { name: /^Luca Rossi, / }).first()).toBeVisible();
        await expect(page.getByRole("rowheader", { name: /Anna Galli/ })).toBeVisible();
        await shot(page, language, `70-team-plan-${device}`);

        await lucaRow
          .getByRole("button", { name: /^Luca Rossi, / })
          .nth(1)
          .click();
        const panel = page.getByRole("complementary", { name: /^Luca Rossi, / });
        await expect(panel.getByRole("note")).toBeVisible();
        await expect(panel.getByRole("button", { name: /^Client call, / })).toBeVisible();
        await shot(page, language, `71-team-plan-day-${device}`);

        await page.getByText(l.teamPlan.toolbar.forecast, { exact: true }).click();
        await expect(page.getByRole("table", { name: l.teamPlan.forecast.label })).toBeVisible();
        await shot(page, language, `72-team-plan-forecast-${device}`);

        await page.getByText(l.teamPlan.toolbar.week, { exact: true }).click();
        await page.getByRole("textbox", { name: l.teamPlan.toolbar.users }).click();
        await expect(page.getByRole("option", { name: l.teamPlan.toolbar.clearAll })).toBeVisible();
        await shot(page, language, `73-team-plan-people-${device}`);
      });
    }
  });
}
