import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import {
  afterBoardRefresh,
  bearer,
  boxOf,
  createBoardUser,
  createEvent,
  dragBetween,
  eventsBetween,
  rome,
  romeTime,
  slotPoint,
  tile,
  week,
} from "./support/board.ts";
import { addColleague, openSignedIn } from "./support/helpers.ts";

/**
 * Decision 026 on screen, in both languages: a member submits the week on the dashboard, the admin approves it on the
 * Approvals page, and the member's move of one of its blocks goes back with the lock's message; with the overlap
 * guard turned on, a block dragged onto another goes back naming it.
 */
const texts = { en, it };
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? "");

test.use({ timezoneId: rome });

/** An admin and a member of their organization, both in Rome, in `language`, each with the week's board whole. */
async function team(request: APIRequestContext, language: "en" | "it") {
  const admin = await createBoardUser(request, "Giulia Bianchi");
  const member = await addColleague(request, admin, { roleName: "Member", nominative: "Luca Rossi" });
  for (const [person, data] of [
    [admin, { language }],
    [
      member,
      { language, preferences: { timeZone: rome, weekends: true, slotMinTime: "06:00:00", slotMaxTime: "22:00:00" } },
    ],
  ] as const) {
    const saved = await request.patch(`/api/v1/user/${person.uid}`, { headers: bearer(person.token), data });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  return { admin, member: { ...member, organizationId: admin.organizationId } };
}

/** A page of its own for one person (a second browser context), its clock at the fixed week's Wednesday. */
async function pageOf(browser: Browser, language: "en" | "it"): Promise<Page> {
  const context = await browser.newContext({ timezoneId: rome, locale: language === "it" ? "it-IT" : "en-US" });
  const page = await context.newPage();
  await page.clock.install({ time: week.now });
  await page.clock.resume();
  return page;
}

/** Drags `from` (a tile) so that its top lands on `date` at `time`, and answers the alert the board shows, if any. */
async function dragTile(page: Page, from: ReturnType<typeof tile>, date: string, time: string) {
  const box = await boxOf(from);
  const target = await slotPoint(page, date, time);
  await dragBetween(page, { x: box.x + 12, y: box.y + 6 }, { x: target.x, y: target.y + 2 });
}

for (const language of ["en", "it"] as const) {
  const l = texts[language];
  // A tile's times as the calendar writes them in each language: "09:00 – 13:00", "09:00–13:00".
  const span = (from: string, to: string) => (language === "it" ? `${from}–${to}` : `${from} – ${to}`);

  test(`a submitted week, once approved, keeps its blocks where they are (${language})`, async ({
    page,
    browser,
    request,
  }) => {
    const { admin, member } = await team(request, language);
    await createEvent(request, member, {
      title: "Write the offer",
      start_time: romeTime(week.monday, "09:00"),
      end_time: romeTime(week.monday, "13:00"),
      completed: true,
    });
    await createEvent(request, member, {
      title: "Client call",
      start_time: romeTime(week.tuesday, "14:00"),
      end_time: romeTime(week.tuesday, "16:00"),
      completed: true,
    });

    // The member submits the week from the dashboard, then keeps the board open.
    await page.clock.install({ time: week.now });
    await page.clock.resume();
    await openSignedIn(page, member.token, `/user/${member.uid}/dashboard?week=${week.monday}`, language);
    // The page first, then its timesheet card, which comes after it (each wait has its own time on a busy machine).
    await expect(page.getByRole("heading", { name: l.menu.dashboard })).toBeVisible();
    const card = page.getByRole("region", { name: l.periodLock.dashboard.title });
    await expect(card.getByText(l.approvals.status.open, { exact: true })).toBeVisible();
    await card.getByRole("button", { name: l.periodLock.dashboard.submit, exact: true }).click();
    await expect(page.getByText(l.periodLock.dashboard.submittedToast)).toBeVisible();
    await expect(card.getByText(l.approvals.status.submitted, { exact: true })).toBeVisible();
    await page.goto(`/user/${member.uid}/board`);
    await expect(tile(page, "Write the offer", span("09:00", "13:00"))).toBeVisible();

    // The admin approves it on the Approvals page, which the sidebar offers in the Organization group.
    const approver = await pageOf(browser, language);
    await openSignedIn(approver, admin.token, `/organization/${admin.organizationId}/approvals`, language);
    await expect(approver.getByRole("heading", { name: l.menu.approvals })).toBeVisible();
    await expect(approver.getByRole("navigation").getByRole("link", { name: l.menu.approvals })).toHaveAttribute(
      "href",
      `/organization/${admin.organizationId}/approvals`,
    );
    const name = "Luca Rossi";
    await approver.getByRole("button", { name: fill(l.approvals.approveLabel, { name }) }).click();
    const dialog = approver.getByRole("dialog", { name: fill(l.approvals.dialog.approveTitle, { name }) });
    await dialog.getByRole("button", { name: l.approvals.approve, exact: true }).click();
    await expect(approver.getByText(l.approvals.approved)).toBeVisible();
    const row = approver.getByRole("row").filter({ hasText: name });
    await expect(row.getByText(l.approvals.status.approved, { exact: true })).toBeVisible();
    await expect(row).toContainText("6");
    await approver.context().close();

    // The member's board, opened before the approval, tries to move a block: the server refuses, the block goes back.
    const alerts: string[] = [];
    page.on("dialog", (alert) => {
      alerts.push(alert.message());
      void alert.accept();
    });
    await afterBoardRefresh(page, () =>
      dragTile(page, tile(page, "Write the offer", span("09:00", "13:00")), week.thursday, "10:00"),
    );
    await expect.poll(() => alerts).toEqual(["The week of 16 Mar 2026 is approved: its entries are locked"]);
    await expect(tile(page, "Write the offer", span("09:00", "13:00"))).toBeVisible();

    // Opened again, the board says the week is locked, and its blocks no longer move at all.
    await page.reload();
    await expect(page.getByTestId("period-lock-note")).toHaveText(
      fill(l.periodLock.board.approved, { from: "16/03/2026", to: "22/03/2026" }),
    );
    await dragTile(page, tile(page, "Client call", span("14:00", "16:00")), week.thursday, "10:00");
    await expect(tile(page, "Client call", span("14:00", "16:00"))).toBeVisible();
    const stored = await eventsBetween(request, member, week.monday, "2026-03-22");
    expect(stored.map((event) => [event.title, event.start_time])).toEqual([
      ["Write the offer", romeTime(week.monday, "09:00")],
      ["Client call", romeTime(week.tuesday, "14:00")],
    ]);
  });

  test(`with the overlap guard on, a block dragged onto another goes back naming it (${language})`, async ({
    page,
    browser,
    request,
  }) => {
    const { admin, member } = await team(request, language);
    await createEvent(request, member, {
      title: "Standup",
      start_time: romeTime(week.thursday, "09:00"),
      end_time: romeTime(week.thursday, "10:00"),
    });
    await createEvent(request, member, {
      title: "Code review",
      start_time: romeTime(week.thursday, "11:00"),
      end_time: romeTime(week.thursday, "12:00"),
    });

    // The admin turns the guard on in the organization's settings.
    const settings = await pageOf(browser, language);
    await openSignedIn(settings, admin.token, `/organization/${admin.organizationId}`, language);
    await settings.getByRole("switch", { name: new RegExp(`^${l.periodLock.settings.preventOverlap}`) }).check();
    await settings.getByRole("button", { name: l.periodLock.settings.save }).click();
    await expect(settings.getByText(l.periodLock.settings.saved)).toBeVisible();
    await settings.context().close();

    await page.clock.install({ time: week.now });
    await page.clock.resume();
    await openSignedIn(page, member.token, `/user/${member.uid}/board`, language);
    const alerts: string[] = [];
    page.on("dialog", (alert) => {
      alerts.push(alert.message());
      void alert.accept();
    });
    await afterBoardRefresh(page, () =>
      dragTile(page, tile(page, "Code review", span("11:00", "12:00")), week.thursday, "09:30"),
    );
    await expect
      .poll(() => alerts)
      .toEqual(['It overlaps "Standup" (09:00–10:00, 19 Mar 2026): activities may not overlap in this organization']);
    await expect(tile(page, "Code review", span("11:00", "12:00"))).toBeVisible();

    // Touching ends are no overlap: right after the standup is fine.
    await afterBoardRefresh(page, () =>
      dragTile(page, tile(page, "Code review", span("11:00", "12:00")), week.thursday, "10:00"),
    );
    await expect(tile(page, "Code review", span("10:00", "11:00"))).toBeVisible();
    expect(alerts).toHaveLength(1);
  });
}
