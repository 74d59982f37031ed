import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import {
  afterBoardRefresh,
  bearer,
  boxOf,
  createBoardUser,
  dragBetween,
  eventsBetween,
  rome,
  romeTime,
  slotPoint,
  week,
} from "./support/board.ts";
import { controlFakeGoogle, fakeGoogle } from "./support/google.ts";
import { openSignedIn } from "./support/helpers.ts";
import { shot } from "./support/screens.ts";

/**
 * Issue 13's Google Calendar on the board, in both languages, against the fake Google of the global setup
 * (FAKE_GOOGLE_URL): connected through the fake's consent page, a calendar ticked in the side panel, its events drawn
 * on the board, one dragged (saved as a Timetrap block in its place) and another deleted in Google from its details.
 * Screens of the panel, the board with Google's events and an event's details go to e2e/screenshots/.
 */
test.use({ timezoneId: rome });

const texts = { en, it };
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? "");
/** The first wait after the browser comes back from the consent page: a whole page load on a busy 2-core machine. */
const pageLoad = { timeout: 60_000 };

async function control(request: APIRequestContext, path: string, data: object) {
  return (await (await controlFakeGoogle(request, path, data)).json()) as { id: string };
}

/** Connects the person's Google Calendar as they would: the consent page of the (fake) Google, allowed. */
async function connectGoogle(page: Page, request: APIRequestContext, owner: { token: string; email: string }) {
  const connect = await request.get("/api/v1/connect/gcalendar", { headers: bearer(owner.token) });
  expect(connect.status(), await connect.text()).toBe(200);
  const { url } = (await connect.json()) as { url: string };
  await page.goto(url);
  await page.getByLabel("Account").fill(owner.email);
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).toHaveURL(/\/integrations\?connected=gcalendar|\/integrations$/, pageLoad);
}

const isoIn = (date: string, time: string) => `${date}T${time}:00+01:00`;

for (const language of ["en", "it"] as const) {
  test.describe(`Google Calendar on the board (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.clock.install({ time: week.now });
      await page.clock.resume();
    });

    test(`a person ticks a Google calendar, sees its events, drags one into Timetrap and deletes another in Google (${language})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(240_000);
      const g = texts[language].googleCalendar;
      const owner = await createBoardUser(request, "Ada Lovelace");
      const saved = await request.patch(`/api/v1/user/${owner.uid}`, {
        headers: bearer(owner.token),
        data: { language },
      });
      expect(saved.status()).toBe(200);
      await openSignedIn(page, owner.token, `/user/${owner.uid}/board`, language);
      await connectGoogle(page, request, owner);

      // The person's calendars in the fake: the primary one (made at consent) and a team calendar, with its events.
      const teamId = `team-${owner.uid}@group.calendar.google.com`;
      await control(request, "calendars", {
        email: owner.email,
        calendar: { id: teamId, summary: "Team", backgroundColor: "#f6bf26", foregroundColor: "#000000" },
      });
      const standup = await control(request, "events", {
        email: owner.email,
        calendarId: teamId,
        event: {
          summary: "Standup",
          location: "Room 4",
          description: "Yesterday, today, blockers",
          start: { dateTime: isoIn(week.tuesday, "10:00"), timeZone: rome },
          end: { dateTime: isoIn(week.tuesday, "10:30"), timeZone: rome },
        },
      });
      const review = await control(request, "events", {
        email: owner.email,
        calendarId: teamId,
        event: {
          summary: "Design review",
          start: { dateTime: isoIn(week.friday, "11:00"), timeZone: rome },
          end: { dateTime: isoIn(week.friday, "12:00"), timeZone: rome },
        },
      });
      await control(request, "events", {
        email: owner.email,
        calendarId: teamId,
        event: { summary: "Offsite", start: { date: week.thursday }, end: { date: week.friday } },
      });

      // The side panel's Google Calendar source: the calendars, none ticked yet.
      await page.goto(`/user/${owner.uid}/board?panel=gcalendar`);
      const panel = page.getByRole("complementary", { name: "Google Calendar" });
      const list = panel.getByRole("list", { name: g.panel.list });
      await expect(list).toBeVisible(pageLoad);
      const primaryBox = list.getByRole("checkbox", { name: fill(g.panel.primary, { name: owner.email }) });
      const teamBox = list.getByRole("checkbox", { name: "Team" });
      await expect(primaryBox).not.toBeChecked();
      await expect(teamBox).not.toBeChecked();

      // Ticked: kept in the preferences, and its events drawn as Google's, in its colour.
      await teamBox.check();
      const standupTile = page.getByRole("button", { name: /^Standup, 10:00\s?–\s?10:30, Google Calendar$/ });
      await expect(standupTile).toBeVisible();
      await expect(
        page.getByRole("button", { name: /^Design review, 11:00\s?–\s?12:00, Google Calendar$/ }),
      ).toBeVisible();
      await expect(page.getByRole("button", { name: /^Offsite, Google Calendar$/ })).toBeVisible();
      await expect(teamBox).toBeChecked();
      const me = await request.get("/api/v1/auth/me", { headers: bearer(owner.token) });
      expect(((await me.json()) as { preferences: { gcalendars: unknown[] } }).preferences.gcalendars).toEqual(
        expect.arrayContaining([{ id: teamId, summary: "Team", enabled: true }]),
      );
      await shot(page, language, "google-calendar-01-board-and-panel");
      await expectNoSeriousA11yViolations(page, `board with Google events and the calendars panel (${language})`);
      // On a phone the panel is a drawer over the board's day.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(
        page.getByRole("dialog", { name: "Google Calendar" }).getByRole("checkbox", { name: "Team" }),
      ).toBeChecked();
      await shot(page, language, "google-calendar-02-panel-phone");
      await page.setViewportSize({ width: 1366, height: 860 });
      await expect(panel).toBeVisible();

      // Dragged to Thursday 14:00: saved as a Timetrap block (source gcalendar, the Google id), drawn in its place.
      const box = await boxOf(standupTile);
      const target = await slotPoint(page, week.thursday, "14:00");
      await afterBoardRefresh(page, () =>
        dragBetween(
          page,
          { x: box.x + 12, y: box.y + box.height / 2 },
          { x: target.x, y: target.y - 4 + box.height / 2 },
        ),
      );
      await expect(page.getByRole("button", { name: /^Standup, 14:00\s?–\s?14:30$/ })).toBeVisible();
      await expect(page.getByRole("button", { name: /^Standup, .*Google Calendar$/ })).toHaveCount(0);
      const stored = await eventsBetween(request, owner, week.monday, "2026-03-22");
      expect(stored).toEqual([
        expect.objectContaining({
          title: "Standup",
          start_time: romeTime(week.thursday, "14:00"),
          end_time: romeTime(week.thursday, "14:30"),
          event_type: "activity",
          source: "gcalendar",
          source_id: standup.id,
          calendar_id: teamId,
        }),
      ]);
      // Google's own event is untouched.
      const inGoogle = await request.get(`${fakeGoogle()}/__control/events`, {
        params: { email: owner.email, calendarId: teamId },
      });
      const googleEvents = (await inGoogle.json()) as { id: string; status: string; start: { dateTime?: string } }[];
      expect(googleEvents.find((event) => event.id === standup.id)).toMatchObject({ status: "confirmed" });

      // Another one opened from the board: its details in the panel, deleted in Google after asking.
      await page.getByRole("button", { name: /^Design review, 11:00\s?–\s?12:00, Google Calendar$/ }).click();
      const details = panel.getByRole("region", { name: fill(g.details.label, { title: "Design review" }) });
      await expect(details).toBeVisible();
      await expect(details.getByRole("link", { name: g.details.open })).toHaveAttribute(
        "href",
        /google\.com\/calendar/,
      );
      await shot(page, language, "google-calendar-03-details");
      await expectNoSeriousA11yViolations(page, `a Google event's details (${language})`);
      await details.getByRole("button", { name: g.details.delete }).click();
      const dialog = page.getByRole("dialog", { name: g.details.deleteTitle });
      await expect(dialog).toContainText(fill(g.details.deleteMessage, { title: "Design review" }));
      await dialog.getByRole("button", { name: g.details.delete }).click();
      await expect(page.getByText(g.details.deleted)).toBeVisible();
      await expect(page.getByRole("button", { name: /^Design review,/ })).toHaveCount(0);
      await expect(list).toBeVisible();
      const afterDelete = await request.get(`${fakeGoogle()}/__control/events`, {
        params: { email: owner.email, calendarId: teamId },
      });
      expect(
        ((await afterDelete.json()) as { id: string; status: string }[]).find((event) => event.id === review.id),
      ).toMatchObject({ status: "cancelled" });
    });
  });
}
