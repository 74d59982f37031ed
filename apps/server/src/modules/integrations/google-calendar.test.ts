import { type GoogleEvent, googleCalendarsAnswerSchema, googleEventsAnswerSchema } from "@timetrap/domain";
import type { FakeGoogleFailure } from "@timetrap/fakes";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { userIntegrations, users } from "../../db/schema.js";
import { addMember, type BuiltUser, buildOrganization } from "../../test/factories.js";
import {
  connectGoogle,
  googleEnvOf,
  integrationRow,
  storedTokens,
  useTestAppWithGoogle,
} from "../../test/integrations.js";
import { request, type TestApp } from "../../test/test-app.js";

const { t, google } = useTestAppWithGoogle();

/** Monday 2 March 2026 00:00 in Rome, and the week from it. */
const monday = Date.parse("2026-03-01T23:00:00Z");
const week = { start: monday, end: monday + 7 * 86_400_000 };

/** A member of a new organization, in Rome, with Google Calendar connected through the fake's consent page. */
async function connectedPerson(): Promise<BuiltUser> {
  const built = await buildOrganization(t);
  const person = await addMember(t, built.organization.uid, "member");
  await t.db
    .update(users)
    .set({ preferences: { timeZone: "Europe/Rome" } })
    .where(eq(users.id, person.id));
  expect(await connectGoogle(t, google, person)).toContain("connected=gcalendar");
  return person;
}

const calendarsOf = (person: BuiltUser, app: TestApp = t) =>
  request(app.app, { method: "GET", url: "/api/v1/connect/gcalendar/calendars", token: person.token });

function eventsOf(person: BuiltUser, calendarIds: string[], range = week) {
  const query = new URLSearchParams({ start_time: String(range.start), end_time: String(range.end) });
  for (const id of calendarIds) query.append("calendar_id", id);
  return request(t.app, { method: "GET", url: `/api/v1/connect/gcalendar/events?${query}`, token: person.token });
}

const eventPath = (calendarId: string, eventId: string) =>
  `/api/v1/connect/gcalendar/calendars/${encodeURIComponent(calendarId)}/events/${encodeURIComponent(eventId)}`;

const at = (iso: string) => ({ dateTime: iso, timeZone: "Europe/Rome" });

/** What Google was asked, without the control calls: method, path and status. */
const asked = () => google.requests.map((r) => `${r.method} ${r.path} ${r.status}`);

describe("Google Calendar through the server", () => {
  test("lists the person's calendars with their colours", async () => {
    const person = await connectedPerson();
    google.addCalendar(person.email, {
      id: `team-${person.id}@group.calendar.google.com`,
      summary: "Team",
      backgroundColor: "#16a765",
    });
    const response = await calendarsOf(person);
    expect(response.statusCode).toBe(200);
    const { calendars } = googleCalendarsAnswerSchema.parse(response.json());
    expect(calendars.map((c) => [c.id, c.summary, c.background_color, c.primary])).toEqual([
      [person.email, person.email, "#9fe1e7", true],
      [`team-${person.id}@group.calendar.google.com`, "Team", "#16a765", false],
    ]);
  });

  test("the events of the chosen calendars in the range, each in its calendar's colour, by start", async () => {
    const person = await connectedPerson();
    const team = `team-${person.id}@group.calendar.google.com`;
    google.addCalendar(person.email, { id: team, summary: "Team", backgroundColor: "#16a765" });
    const primary = person.email;
    google.addEvent(primary, primary, {
      summary: "Brand review",
      location: "Sala Verdi",
      start: at("2026-03-03T10:00:00"),
      end: at("2026-03-03T11:00:00"),
    });
    google.addEvent(primary, primary, {
      summary: "Declined",
      start: at("2026-03-03T12:00:00"),
      end: at("2026-03-03T13:00:00"),
      attendees: [{ email: primary, self: true, responseStatus: "declined" }],
    });
    google.addEvent(primary, primary, {
      summary: "Cancelled",
      status: "cancelled",
      start: at("2026-03-03T14:00:00"),
      end: at("2026-03-03T15:00:00"),
    });
    google.addEvent(primary, primary, {
      summary: "Design fair",
      start: { date: "2026-03-05" },
      end: { date: "2026-03-06" },
    });
    google.addEvent(primary, primary, {
      summary: "Next week",
      start: at("2026-03-10T09:00:00"),
      end: at("2026-03-10T10:00:00"),
    });
    google.addEvent(primary, team, {
      summary: "Stand-up",
      start: at("2026-03-02T09:00:00"),
      end: at("2026-03-02T09:15:00"),
      recurrence: ["RRULE:FREQ=DAILY;COUNT=3"],
    });
    google.addEvent(primary, team, {
      summary: "Accepted",
      start: at("2026-03-04T16:00:00"),
      end: at("2026-03-04T17:00:00"),
      attendees: [{ email: primary, self: true, responseStatus: "accepted" }],
    });
    // Google may answer empty pages that still point to a next one: every page is followed.
    google.setEmptyPages(2);
    try {
      const response = await eventsOf(person, [primary, team]);
      expect(response.statusCode, response.body).toBe(200);
      const { events } = googleEventsAnswerSchema.parse(response.json());
      const shown = events.map((e: GoogleEvent) => [e.summary, e.calendar_id === team ? "team" : "primary", e.color]);
      expect(shown).toEqual([
        ["Stand-up", "team", "#16a765"],
        ["Stand-up", "team", "#16a765"],
        ["Brand review", "primary", "#9fe1e7"],
        ["Stand-up", "team", "#16a765"],
        ["Accepted", "team", "#16a765"],
        ["Design fair", "primary", "#9fe1e7"],
      ]);
      const review = events.find((e) => e.summary === "Brand review")!;
      expect(review).toMatchObject({
        all_day: false,
        start_time: Date.parse("2026-03-03T09:00:00Z"),
        end_time: Date.parse("2026-03-03T10:00:00Z"),
        location: "Sala Verdi",
      });
      const fair = events.find((e) => e.summary === "Design fair")!;
      expect(fair).toMatchObject({
        all_day: true,
        start_date: "2026-03-05",
        end_date: "2026-03-06",
        start_time: Date.parse("2026-03-04T23:00:00Z"),
      });
      expect(events.filter((e) => e.summary === "Stand-up").every((e) => e.recurring_event_id !== null)).toBe(true);
    } finally {
      google.setEmptyPages(0);
    }
    // Each list went in the person's zone.
    const lists = google.requests.filter((r) => r.path.endsWith("/events"));
    expect(lists.every((r) => r.query.timeZone === "Europe/Rome" && r.query.singleEvents === "true")).toBe(true);
  });

  test("a calendar that is not one of the person's is a 404, and Google is not asked for its events", async () => {
    const person = await connectedPerson();
    const other = await connectedPerson();
    google.clearRequests();
    for (const calendarId of [other.email, "someone@example.com"]) {
      const response = await eventsOf(person, [person.email, calendarId]);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "Calendar not found" });
      const patch = await request(t.app, {
        method: "PATCH",
        url: eventPath(calendarId, "any"),
        token: person.token,
        json: { summary: "Mine now" },
      });
      expect(patch.statusCode).toBe(404);
      const remove = await request(t.app, { method: "DELETE", url: eventPath(calendarId, "any"), token: person.token });
      expect(remove.statusCode).toBe(404);
    }
    expect(google.requests.filter((r) => r.path.includes("/events"))).toEqual([]);
    // A miss about one request is not the integration's trouble.
    expect((await integrationRow(t, person.id))?.lastError).toBeNull();
  });

  test("changing an event goes to Google without mailing its guests and answers it as changed", async () => {
    const person = await connectedPerson();
    const event = google.addEvent(person.email, person.email, {
      summary: "Brand review",
      start: at("2026-03-03T10:00:00"),
      end: at("2026-03-03T11:00:00"),
    });
    google.clearRequests();
    const start = Date.parse("2026-03-03T10:00:00Z");
    const response = await request(t.app, {
      method: "PATCH",
      url: eventPath(person.email, event.id),
      token: person.token,
      json: { summary: "Brand review (moved)", start_time: start, end_time: start + 3_600_000 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: event.id,
      summary: "Brand review (moved)",
      start_time: start,
      end_time: start + 3_600_000,
      color: "#9fe1e7",
    });
    const patched = google.requests.find((r) => r.method === "PATCH")!;
    expect(patched.query.sendUpdates).toBe("none");
    expect(google.events(person.email, person.email).find((e) => e.id === event.id)?.summary).toBe(
      "Brand review (moved)",
    );
    const lonely = await request(t.app, {
      method: "PATCH",
      url: eventPath(person.email, event.id),
      token: person.token,
      json: { start_time: start },
    });
    expect(lonely.statusCode).toBe(400);
    const missing = await request(t.app, {
      method: "PATCH",
      url: eventPath(person.email, "no-such-event"),
      token: person.token,
      json: { summary: "Nothing" },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "Google Calendar API: Not Found" });
  });

  test("deleting an event at Google is a 204, and so is deleting it again (Google's 410)", async () => {
    const person = await connectedPerson();
    const event = google.addEvent(person.email, person.email, {
      summary: "Cancelled meeting",
      start: at("2026-03-03T10:00:00"),
      end: at("2026-03-03T11:00:00"),
    });
    const remove = () =>
      request(t.app, { method: "DELETE", url: eventPath(person.email, event.id), token: person.token });
    expect((await remove()).statusCode).toBe(204);
    expect(google.events(person.email, person.email).find((e) => e.id === event.id)?.status).toBe("cancelled");
    google.clearRequests();
    expect((await remove()).statusCode).toBe(204);
    expect(asked()).toContain(
      `DELETE /calendar/v3/calendars/${encodeURIComponent(person.email)}/events/${event.id} 410`,
    );
  });

  test("a person who has not connected Google Calendar gets 409 on every call", async () => {
    const built = await buildOrganization(t);
    const person = built.owner;
    const calls = [
      { method: "GET" as const, url: "/api/v1/connect/gcalendar/calendars" },
      {
        method: "GET" as const,
        url: `/api/v1/connect/gcalendar/events?start_time=${week.start}&end_time=${week.end}&calendar_id=primary`,
      },
      { method: "PATCH" as const, url: eventPath("primary", "e1"), json: { summary: "x" } },
      { method: "DELETE" as const, url: eventPath("primary", "e1") },
    ];
    for (const call of calls) {
      const response = await request(t.app, { ...call, token: person.token });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: "INTEGRATION_NOT_CONNECTED",
        ErrorMessage: "Google Calendar is not connected",
      });
    }
  });
});

describe("the access token", () => {
  test("is refreshed before a call when less than a minute of it is left", async () => {
    const person = await connectedPerson();
    const before = await storedTokens(t, person.id);
    await t.db
      .update(userIntegrations)
      .set({ expiresAt: new Date(Date.now() + 30_000) })
      .where(eq(userIntegrations.userId, person.id));
    google.clearRequests();
    expect((await calendarsOf(person)).statusCode).toBe(200);
    expect(asked()).toEqual(["POST /token 200", "GET /calendar/v3/users/me/calendarList 200"]);
    const after = await storedTokens(t, person.id);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).toBe(before.refreshToken);
    const row = await integrationRow(t, person.id);
    expect(row!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 3500_000);
  });

  test("two requests that find it expiring refresh it once", async () => {
    const person = await connectedPerson();
    await t.db
      .update(userIntegrations)
      .set({ expiresAt: new Date(Date.now() + 30_000) })
      .where(eq(userIntegrations.userId, person.id));
    google.clearRequests();
    const answers = await Promise.all([calendarsOf(person), calendarsOf(person), calendarsOf(person)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(asked().filter((line) => line.startsWith("POST /token"))).toEqual(["POST /token 200"]);
  });

  test("a token Google refuses (401) is refreshed once and the call made again", async () => {
    const person = await connectedPerson();
    google.expireAccessTokens();
    google.clearRequests();
    expect((await calendarsOf(person)).statusCode).toBe(200);
    expect(asked()).toEqual([
      "GET /calendar/v3/users/me/calendarList 401",
      "POST /token 200",
      "GET /calendar/v3/users/me/calendarList 200",
    ]);
  });

  test("a refused refresh marks the integration for reconnecting: 409 now and after, until connected again", async () => {
    const person = await connectedPerson();
    google.refuseRefresh(person.email);
    google.expireAccessTokens();
    const refused = await calendarsOf(person);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "INTEGRATION_NEEDS_RECONNECT",
      ErrorMessage: expect.stringMatching(/^Google Calendar must be connected again \(Google: .*invalid_grant/),
    });
    const row = await integrationRow(t, person.id);
    expect(row).toMatchObject({ status: "needs_reconnect", lastError: expect.stringContaining("invalid_grant") });
    expect(row!.lastErrorAt).not.toBeNull();

    google.clearRequests();
    expect((await calendarsOf(person)).statusCode).toBe(409);
    expect(asked()).toEqual([]);
    const list = await request(t.app, {
      method: "GET",
      url: `/api/v1/user/${person.id}/integrations`,
      token: person.token,
    });
    expect(list.json()).toMatchObject({
      services: expect.arrayContaining([
        expect.objectContaining({
          service: "gcalendar",
          integration: expect.objectContaining({ status: "needs_reconnect" }),
        }),
      ]),
    });

    expect(await connectGoogle(t, google, person)).toContain("connected=gcalendar");
    expect(await integrationRow(t, person.id)).toMatchObject({ status: "active", lastError: null });
    expect((await calendarsOf(person)).statusCode).toBe(200);
  });
});

describe("Google's failures, as decision 029's table maps them", () => {
  const calendarApi = "/calendar/v3";
  test.each<[string, number, FakeGoogleFailure, number, string, string, boolean]>([
    [
      "401 after a refresh",
      2,
      { status: 401 },
      409,
      "INTEGRATION_NEEDS_RECONNECT",
      "Google Calendar must be connected again (Google Calendar API: Invalid Credentials)",
      true,
    ],
    [
      "403 rateLimitExceeded through every retry",
      4,
      { status: 403, reason: "rateLimitExceeded", retryAfter: 0 },
      503,
      "UPSTREAM_RATE_LIMITED",
      "Google Calendar API: Rate Limit Exceeded",
      true,
    ],
    [
      "429 through every retry",
      4,
      { status: 429, retryAfter: 0 },
      503,
      "UPSTREAM_RATE_LIMITED",
      "Google Calendar API: Rate Limit Exceeded",
      true,
    ],
    [
      "500 through every retry",
      4,
      { status: 500, retryAfter: 0 },
      502,
      "UPSTREAM_ERROR",
      "Google Calendar API: Backend Error",
      true,
    ],
    [
      "403 insufficient scopes",
      1,
      { status: 403, reason: "insufficientPermissions" },
      403,
      "FORBIDDEN",
      "Google Calendar API: Request had insufficient authentication scopes.",
      true,
    ],
    ["400", 1, { status: 400 }, 400, "BAD_REQUEST", "Google Calendar API: Bad Request", false],
  ])("%s", async (_name, count, failure, status, code, message, kept) => {
    const person = await connectedPerson();
    google.failNext(count, { ...failure, path: calendarApi });
    const response = await calendarsOf(person);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ statusCode: status, code, ErrorMessage: message });
    const row = await integrationRow(t, person.id);
    expect(row!.lastError).toBe(
      kept ? (code === "INTEGRATION_NEEDS_RECONNECT" ? "Google Calendar API: Invalid Credentials" : message) : null,
    );
    if (code !== "INTEGRATION_NEEDS_RECONNECT") {
      // The next call that works clears the failure from the integrations page.
      expect((await calendarsOf(person)).statusCode).toBe(200);
      expect((await integrationRow(t, person.id))!.lastError).toBeNull();
    }
  });

  test("no answer within CONNECTOR_TIMEOUT_MS is a 504 named so", async () => {
    const quick = await t.buildAnotherApp({ ...googleEnvOf(google), CONNECTOR_TIMEOUT_MS: "300" });
    const person = await connectedPerson();
    google.failNext(1, { delayMs: 1500, path: calendarApi });
    const response = await calendarsOf(person, quick);
    expect(response.statusCode).toBe(504);
    expect(response.json()).toMatchObject({
      statusCode: 504,
      error: "Gateway Timeout",
      code: "UPSTREAM_TIMEOUT",
      ErrorMessage: "Google Calendar API: no answer within 300 ms",
    });
    expect((await integrationRow(t, person.id))!.lastError).toBe("Google Calendar API: no answer within 300 ms");
  });
});
