import { type Browser, expect, type Page, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { bearer, postCreated, rome, week } from "./support/board.ts";
import { addColleague, createOnboardedUser, getMe, openSignedIn } from "./support/helpers.ts";

/**
 * Decision 026's holidays and time off, in both languages: an admin creates a holiday group in the app; a member asks
 * for a day of vacation; the admin approves it from the team's requests; the member finds it on the board as an
 * all-day block and the dashboard's capacity a day lower.
 */
const texts = { en, it };
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? "");

test.use({ timezoneId: rome });

/** A page in a fixed week (16–22 March 2026, on the Wednesday), as the board and the dashboard show it. */
async function inFixedWeek(page: Page) {
  await page.clock.install({ time: week.now });
  await page.clock.resume();
}

async function otherPage(browser: Browser) {
  const context = await browser.newContext({ locale: "en-US", timezoneId: rome });
  return context.newPage();
}

for (const language of ["en", "it"] as const) {
  test(`a member asks for a day off, the admin approves it, and the board and the dashboard show it (${language})`, async ({
    page,
    browser,
    request,
  }) => {
    // Two people, two browsers and six pages, on a 2-core machine shared with other work.
    test.setTimeout(180_000);
    const l = texts[language];
    const hours = (value: number) =>
      new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
    const admin = await createOnboardedUser(request, { nominative: "Giulia Bianchi" });
    const { organization } = await getMe(request, admin.token);
    const org = organization.uid;
    const luca = await addColleague(request, admin, { roleName: "Member", nominative: "Luca Verdi" });
    for (const person of [admin, luca]) {
      const me = await getMe(request, person.token);
      const patched = await request.patch(`/api/v1/user/${me.uid}`, {
        headers: bearer(person.token),
        data: { language },
      });
      expect(patched.status()).toBe(200);
    }
    await postCreated(request, admin.token, `/organization/${org}/user/${luca.uid}/contract`, {
      contract_type: "full-time",
      contractual_hours: 8,
      hourly_cost: 30,
      productivity_target: 80,
      from_date: "2026-01-01",
    });
    const kinds = (await (
      await request.get(`/api/v1/organization/${org}/time-off-kinds`, { headers: bearer(admin.token) })
    ).json()) as { name: string; needs_approval: boolean; yearly_allowance_days: number | null }[];
    const vacation = kinds.find((kind) => kind.needs_approval && kind.yearly_allowance_days !== null);
    if (!vacation) throw new Error("no kind of time off with an allowance that needs approval");

    // The admin gives the organization Italy's holidays.
    await inFixedWeek(page);
    await openSignedIn(page, admin.token, `/organization/${org}/holidays`, language);
    await expect(page.getByRole("heading", { name: l.holidays.title, level: 1 })).toBeVisible();
    await page.getByRole("button", { name: l.holidays.groups.add }).click();
    const groupForm = page.getByRole("dialog", { name: l.holidays.groups.newTitle });
    await groupForm.getByRole("textbox", { name: l.holidays.groups.name }).fill("Italia");
    await groupForm.getByRole("combobox", { name: l.holidays.groups.country }).click();
    await page.getByRole("option", { name: language === "it" ? "Italia" : "Italy", exact: true }).click();
    await groupForm.getByRole("button", { name: l.common.save }).click();
    await expect(page.getByText(fill(l.holidays.groups.created, { name: "Italia" })).last()).toBeVisible();
    await expect(page.getByTestId("holiday-group-row")).toContainText(l.holidays.groups.default);

    // Luca asks for today, a Wednesday, as a whole day of vacation.
    const member = await otherPage(browser);
    await inFixedWeek(member);
    await openSignedIn(member, luca.token, `/user/${luca.uid}/time-off`, language);
    await member.getByRole("button", { name: l.timeOff.request }).click();
    const requestForm = member.getByRole("dialog", { name: l.timeOff.requestTitle });
    await requestForm.getByRole("combobox", { name: l.timeOff.fields.kind }).click();
    await member.getByRole("option", { name: vacation.name, exact: true }).click();
    await requestForm.getByRole("textbox", { name: l.timeOff.fields.note }).fill("Family");
    await requestForm.getByRole("button", { name: l.timeOff.requestSubmit }).click();
    await expect(member.getByText(l.timeOff.requested).last()).toBeVisible();
    await expect(member.getByTestId("time-off-row")).toContainText(l.timeOff.status.requested);

    // The admin approves it from the team's requests.
    // Moves inside the app: a page loaded anew would start its fixed clock over, stopped.
    await page.getByRole("navigation").getByRole("link", { name: l.timeOff.menu, exact: true }).click();
    await page.getByRole("tab", { name: l.timeOff.tabs.team }).click();
    const row = page.getByTestId("time-off-row").filter({ hasText: "Luca Verdi" });
    await row.getByRole("button", { name: fill(l.timeOff.approveLabel, { dates: "18/03/2026" }) }).click();
    const decision = page.getByRole("dialog", { name: l.timeOff.decisionTitle.approved });
    await decision.getByRole("textbox", { name: l.timeOff.decisionNote }).fill("Enjoy");
    await decision.getByRole("button", { name: l.timeOff.confirm.approved }).click();
    await expect(page.getByText(l.timeOff.decided.approved).last()).toBeVisible();

    // Luca's board shows the day as an all-day block, his dashboard a week of 32 hours rather than 40.
    await member.getByRole("navigation").getByRole("link", { name: l.menu.board, exact: true }).click();
    await expect(member).toHaveURL(/\/board$/);
    await expect(member.getByRole("heading", { name: l.menu.board, level: 1 })).toBeAttached();
    await expect(member.getByText(vacation.name, { exact: true })).toBeVisible();
    await member.getByRole("navigation").getByRole("link", { name: l.menu.dashboard }).click();
    await expect(member.getByTestId("ring-logged")).toContainText(
      fill(l.dashboard.rings.ofCapacity, { capacity: hours(32) }),
    );
    await member.context().close();
  });
}
