import { calendarServiceMaxResults, calendarServiceTokenLifetimeSeconds } from "@timetrap/domain";
import { type FakeGoogle, type FakeGoogleEvent, startFakeGoogle } from "@timetrap/fakes";
import { describe, expect, test } from "vitest";
import { consentCodeOf, failureOf, useFake } from "../test/connector-tests.js";
import { createGoogleConnector, type GoogleConnector, type GoogleConnectorConfig, googleScopes } from "./google.js";
import { ConnectorError } from "./http-client.js";

const email = "giulia@example.com";
const redirectUri = "http://127.0.0.1:3999/api/v1/connect/gcalendar/callback";
const rome = "Europe/Rome";

let google: FakeGoogle;
let connector: GoogleConnector;

function connectorFor(overrides: Partial<GoogleConnectorConfig> = {}): GoogleConnector {
  return createGoogleConnector({
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    authorizeUrl: google.authorizeUrl,
    tokenUrl: google.tokenUrl,
    revokeUrl: google.revokeUrl,
    calendarApiUrl: google.calendarApiUrl,
    timeoutMs: 2000,
    backoffBaseMs: 10,
    ...overrides,
  });
}

useFake(
  () => startFakeGoogle({ timeZone: rome }),
  (fake) => {
    google = fake;
    connector = connectorFor();
  },
);

/** The whole consent: the authorization URL, the fake's page answered for `email`, the code exchanged. */
async function connect(account = email) {
  const url = connector.authorizationUrl({ state: "state-1", redirectUri, loginHint: account });
  return connector.exchangeCode({ code: consentCodeOf(google.consent(url, { email: account })), redirectUri });
}

const at = (iso: string) => Date.parse(iso);
const timed = (start: string, end: string, extra: Partial<FakeGoogleEvent> = {}): FakeGoogleEvent => ({
  start: { dateTime: start, timeZone: rome },
  end: { dateTime: end, timeZone: rome },
  ...extra,
});
const eventRequests = () => google.requests.filter((logged) => logged.path.endsWith("/events"));

describe("OAuth", () => {
  test("is configured with a client id and secret, and asks for the calendar scopes", () => {
    expect(connector.configured).toBe(true);
    expect(connector.scopes).toEqual(googleScopes);
    expect(googleScopes).toEqual([
      "openid",
      "email",
      "profile",
      "https://www.googleapis.com/auth/calendar.calendarlist.readonly",
      "https://www.googleapis.com/auth/calendar.events",
    ]);
    const unconfigured = connectorFor({ clientSecret: null });
    expect(unconfigured.configured).toBe(false);
    expect(() => unconfigured.authorizationUrl({ state: "s", redirectUri })).toThrow(ConnectorError);
  });

  test("the authorization URL asks for offline access with consent", () => {
    const url = new URL(connector.authorizationUrl({ state: "abc.def", redirectUri, loginHint: email }));
    expect(`${url.origin}${url.pathname}`).toBe(google.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: google.clientId,
      redirect_uri: redirectUri,
      scope: googleScopes.join(" "),
      state: "abc.def",
      access_type: "offline",
      prompt: "consent",
      include_granted_scopes: "true",
      login_hint: email,
    });
    expect(new URL(connector.authorizationUrl({ state: "s", redirectUri })).searchParams.has("login_hint")).toBe(false);
  });

  test("the fake's consent page shows the client, the scopes and the account, and its buttons send the browser back", async () => {
    const url = connector.authorizationUrl({ state: "state-2", redirectUri, loginHint: email });
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<title>Sign in - Google Accounts (fake)</title>");
    expect(html).toContain(google.clientId);
    expect(html).toContain("https://www.googleapis.com/auth/calendar.events");
    expect(html).toMatch(new RegExp(`name="email" value="${email}"`));
    expect(html).toContain('id="allow"');
    expect(html).toContain('id="deny"');

    const params = new URL(url).searchParams;
    const press = (decision: string) =>
      fetch(google.authorizeUrl, {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams([...params.entries(), ["email", "other@example.com"], ["decision", decision]]),
      });
    const allowed = await press("allow");
    expect(allowed.status).toBe(302);
    const back = new URL(allowed.headers.get("location")!);
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    expect(back.searchParams.get("state")).toBe("state-2");
    expect(back.searchParams.get("scope")).toBe(googleScopes.join(" "));
    const tokens = await connector.exchangeCode({ code: back.searchParams.get("code")!, redirectUri });
    expect(tokens.email).toBe("other@example.com");

    const denied = new URL((await press("deny")).headers.get("location")!);
    expect(Object.fromEntries(denied.searchParams)).toEqual({ error: "access_denied", state: "state-2" });
  });

  test("the consent page refuses an unknown client and another response type, as Google does", async () => {
    const url = new URL(connector.authorizationUrl({ state: "s", redirectUri }));
    url.searchParams.set("client_id", "someone-else");
    const unknown = await fetch(url);
    expect(unknown.status).toBe(401);
    expect(await unknown.text()).toContain("Error 401: invalid_client");
    expect(() => google.consent(url.toString(), { email })).toThrow("Error 401: invalid_client");
    url.searchParams.set("client_id", google.clientId);
    url.searchParams.set("response_type", "token");
    const implicit = await fetch(url);
    expect(implicit.status).toBe(400);
    expect(await implicit.text()).toContain("unsupported_response_type");
  });

  test("exchanges a code once for tokens with the account's e-mail; the same code again is invalid_grant", async () => {
    const url = connector.authorizationUrl({ state: "s", redirectUri, loginHint: email });
    const code = new URL(google.consent(url)).searchParams.get("code")!;
    const tokens = await connector.exchangeCode({ code, redirectUri });
    expect(tokens).toMatchObject({ expiresInSeconds: 3599, scopes: googleScopes, email });
    expect(tokens.accessToken).toMatch(/^ya29\./);
    expect(tokens.refreshToken).toMatch(/^1\/\//);

    const reused = await failureOf(connector.exchangeCode({ code, redirectUri }), code);
    expect(reused).toMatchObject({ service: "Google", kind: "unauthorized", status: 400, reason: "invalid_grant" });
    expect(reused.message).toMatch(/^Google: /);
  });

  test("a code exchanged with another redirect URI is refused", async () => {
    const url = connector.authorizationUrl({ state: "s", redirectUri });
    const code = new URL(google.consent(url, { email })).searchParams.get("code")!;
    const error = await failureOf(connector.exchangeCode({ code, redirectUri: `${redirectUri}/other` }), code);
    expect(error).toMatchObject({ kind: "client", reason: "redirect_uri_mismatch" });
  });

  test("a wrong client secret is the server's configuration (upstream), and the secret is in no message", async () => {
    const url = connector.authorizationUrl({ state: "s", redirectUri });
    const code = new URL(google.consent(url, { email })).searchParams.get("code")!;
    const wrong = connectorFor({ clientSecret: "not-the-secret" });
    const error = await failureOf(wrong.exchangeCode({ code, redirectUri }), "not-the-secret", code);
    expect(error).toMatchObject({ kind: "upstream", status: 401, reason: "invalid_client" });
  });

  test("refreshes an access token, and a refused refresh is unauthorized with invalid_grant", async () => {
    const first = await connect();
    const refreshed = await connector.refresh(first.refreshToken!);
    expect(refreshed.accessToken).not.toBe(first.accessToken);
    expect(refreshed).toMatchObject({ refreshToken: null, expiresInSeconds: 3599, email });
    await expect(connector.listCalendars(refreshed.accessToken)).resolves.toHaveLength(1);

    google.refuseRefresh(email);
    const error = await failureOf(connector.refresh(first.refreshToken!), first.refreshToken!, google.clientSecret);
    expect(error).toMatchObject({ service: "Google", kind: "unauthorized", reason: "invalid_grant" });
  });

  test("without expires_in the token lives the spec's 3300 s", async () => {
    const withoutExpiry: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!String(input).startsWith(google.tokenUrl)) return response;
      const { expires_in: _dropped, ...body } = (await response.json()) as Record<string, unknown>;
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    };
    const url = connector.authorizationUrl({ state: "s", redirectUri });
    const code = new URL(google.consent(url, { email })).searchParams.get("code")!;
    const tokens = await connectorFor({ fetch: withoutExpiry }).exchangeCode({ code, redirectUri });
    expect(tokens.expiresInSeconds).toBe(calendarServiceTokenLifetimeSeconds);
  });

  test("revokes a grant: its access token stops working, and revoking it again is refused", async () => {
    const tokens = await connect();
    await connector.revoke(tokens.refreshToken!);
    const refused = await failureOf(connector.listCalendars(tokens.accessToken), tokens.accessToken);
    expect(refused).toMatchObject({ kind: "unauthorized", message: "Google Calendar API: Invalid Credentials" });
    const again = await failureOf(connector.revoke(tokens.accessToken), tokens.accessToken);
    expect(again).toMatchObject({ kind: "client", status: 400, reason: "invalid_token" });
  });
});

describe("calendars", () => {
  test("lists the calendars with their colours, every page", async () => {
    google.addCalendar(email, {
      id: "team@group.calendar.google.com",
      summary: "Team",
      summaryOverride: "Il team",
      backgroundColor: "#7bd148",
      foregroundColor: "#1d1d1d",
      accessRole: "reader",
      timeZone: "Europe/London",
    });
    for (let i = 0; i < 300; i += 1) google.addCalendar(email, { id: `c${i}@group.calendar.google.com` });
    const { accessToken } = await connect();
    google.clearRequests();
    const calendars = await connector.listCalendars(accessToken);
    expect(calendars).toHaveLength(302);
    expect(calendars[0]).toEqual({
      id: email,
      summary: email,
      background_color: "#9fe1e7",
      foreground_color: "#000000",
      primary: true,
      access_role: "owner",
      time_zone: rome,
    });
    expect(calendars[1]).toEqual({
      id: "team@group.calendar.google.com",
      summary: "Il team",
      background_color: "#7bd148",
      foreground_color: "#1d1d1d",
      primary: false,
      access_role: "reader",
      time_zone: "Europe/London",
    });
    expect(google.requests.map((logged) => logged.query.maxResults)).toEqual(["250", "250"]);
    expect(google.requests[1]?.query.pageToken).toBeTruthy();
  });

  test("an expired access token is unauthorized, with Google's message and without the token", async () => {
    const { accessToken } = await connect();
    google.expireAccessTokens();
    const error = await failureOf(connector.listCalendars(accessToken), accessToken);
    expect(error).toMatchObject({
      service: "Google Calendar API",
      kind: "unauthorized",
      status: 401,
      reason: "authError",
      serviceMessage: "Invalid Credentials",
      message: "Google Calendar API: Invalid Credentials",
    });
  });

  test("a token without the calendar scopes is forbidden", async () => {
    const { access_token } = google.issueTokens(email, { scope: "openid email" });
    const error = await failureOf(connector.listCalendars(access_token), access_token);
    expect(error).toMatchObject({
      kind: "forbidden",
      status: 403,
      reason: "insufficientPermissions",
      message: "Google Calendar API: Request had insufficient authentication scopes.",
    });
    expect(google.requests).toHaveLength(1);
  });
});

describe("events", () => {
  const range = { calendarId: email, color: "#9fe1e7", timeMin: at("2026-03-09T00:00:00+01:00") };

  test("lists the timed events of the range (bounds exclusive) as the board draws them", async () => {
    const inRange = google.addEvent(email, email, {
      ...timed("2026-03-10T09:00:00+01:00", "2026-03-10T10:30:00+01:00"),
      summary: "Riunione",
      description: "Ordine del giorno",
      location: "Sala 2",
    });
    google.addEvent(email, email, {
      ...timed("2026-03-08T09:00:00+01:00", "2026-03-09T00:00:00+01:00"),
      summary: "ends at the start",
    });
    google.addEvent(email, email, {
      ...timed("2026-03-16T00:00:00+01:00", "2026-03-16T01:00:00+01:00"),
      summary: "starts at the end",
    });
    google.addEvent(email, email, {
      ...timed("2026-03-08T23:00:00+01:00", "2026-03-09T01:00:00+01:00"),
      summary: "across the start",
    });
    const { accessToken } = await connect();
    const events = await connector.listEvents(accessToken, { ...range, timeMax: at("2026-03-16T00:00:00+01:00") });
    expect(events.map((event) => event.summary)).toEqual(["across the start", "Riunione"]);
    expect(events[1]).toEqual({
      id: inRange.id,
      calendar_id: email,
      summary: "Riunione",
      description: "Ordine del giorno",
      location: "Sala 2",
      html_link: inRange.htmlLink,
      all_day: false,
      start_time: at("2026-03-10T08:00:00Z"),
      end_time: at("2026-03-10T09:30:00Z"),
      start_date: null,
      end_date: null,
      color: "#9fe1e7",
      recurring_event_id: null,
    });
    expect(eventRequests()[0]?.query).toMatchObject({
      singleEvents: "true",
      orderBy: "startTime",
      maxResults: "2500",
      timeMin: "2026-03-08T23:00:00Z",
      timeMax: "2026-03-15T23:00:00Z",
    });
  });

  test("leaves out the events the person declined and the cancelled ones", async () => {
    const attendees = (mine: string) => [
      { email, self: true, responseStatus: mine },
      { email: "boss@example.com", organizer: true, responseStatus: "accepted" },
    ];
    google.addEvent(email, email, {
      ...timed("2026-03-10T09:00:00+01:00", "2026-03-10T10:00:00+01:00"),
      summary: "declined",
      attendees: attendees("declined"),
    });
    google.addEvent(email, email, {
      ...timed("2026-03-10T10:00:00+01:00", "2026-03-10T11:00:00+01:00"),
      summary: "cancelled",
      status: "cancelled",
    });
    google.addEvent(email, email, {
      ...timed("2026-03-10T11:00:00+01:00", "2026-03-10T12:00:00+01:00"),
      summary: "tentative",
      attendees: attendees("tentative"),
    });
    google.addEvent(email, email, {
      ...timed("2026-03-10T12:00:00+01:00", "2026-03-10T13:00:00+01:00"),
      summary: "someone else declined",
      attendees: [
        { email: "other@example.com", responseStatus: "declined" },
        { email, self: true, responseStatus: "accepted" },
      ],
    });
    const { accessToken } = await connect();
    const events = await connector.listEvents(accessToken, { ...range, timeMax: at("2026-03-16T00:00:00+01:00") });
    expect(events.map((event) => event.summary)).toEqual(["tentative", "someone else declined"]);
  });

  test("an all-day event carries its dates (end exclusive) and the instants of their midnights in the calendar's zone", async () => {
    google.addEvent(email, email, { start: { date: "2026-03-10" }, end: { date: "2026-03-12" }, summary: "Ferie" });
    // The night the clocks go forward: a 23-hour day.
    google.addEvent(email, email, { start: { date: "2026-03-29" }, end: { date: "2026-03-30" }, summary: "Domenica" });
    const { accessToken } = await connect();
    const events = await connector.listEvents(accessToken, { ...range, timeMax: at("2026-04-01T00:00:00+02:00") });
    expect(
      events.map(({ summary, all_day, start_date, end_date, start_time, end_time }) => ({
        summary,
        all_day,
        start_date,
        end_date,
        start_time,
        end_time,
      })),
    ).toEqual([
      {
        summary: "Ferie",
        all_day: true,
        start_date: "2026-03-10",
        end_date: "2026-03-12",
        start_time: at("2026-03-09T23:00:00Z"),
        end_time: at("2026-03-11T23:00:00Z"),
      },
      {
        summary: "Domenica",
        all_day: true,
        start_date: "2026-03-29",
        end_date: "2026-03-30",
        start_time: at("2026-03-28T23:00:00Z"),
        end_time: at("2026-03-29T22:00:00Z"),
      },
    ]);
  });

  test("in another zone asked for, the range is written with its offset and all-day events start at its midnight", async () => {
    google.addEvent(email, email, { start: { date: "2026-03-10" }, end: { date: "2026-03-11" }, summary: "Ferie" });
    const { accessToken } = await connect();
    const [event] = await connector.listEvents(accessToken, {
      ...range,
      timeMax: at("2026-03-16T00:00:00+01:00"),
      timeZone: "America/New_York",
    });
    expect(event).toMatchObject({ start_time: at("2026-03-10T04:00:00Z"), end_time: at("2026-03-11T04:00:00Z") });
    expect(eventRequests()[0]?.query).toMatchObject({
      timeMin: "2026-03-08T19:00:00-04:00",
      timeMax: "2026-03-15T19:00:00-04:00",
      timeZone: "America/New_York",
    });
  });

  test("a recurring event comes as its instances, each naming its series, at the same wall-clock time across the clock change", async () => {
    const weekly = google.addEvent(email, email, {
      ...timed("2026-03-23T09:00:00", "2026-03-23T09:30:00"),
      summary: "Stand-up",
      recurrence: ["RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=6", "EXDATE;TZID=Europe/Rome:20260325T090000"],
    });
    const daily = google.addEvent(email, email, {
      start: { date: "2026-03-23" },
      end: { date: "2026-03-24" },
      summary: "Turno",
      recurrence: ["RRULE:FREQ=DAILY;INTERVAL=2;UNTIL=20260327"],
    });
    const { accessToken } = await connect();
    const events = await connector.listEvents(accessToken, {
      ...range,
      timeMin: at("2026-03-23T00:00:00+01:00"),
      timeMax: at("2026-04-06T00:00:00+02:00"),
    });
    const standUps = events.filter((event) => event.summary === "Stand-up");
    expect(standUps.map((event) => event.start_time)).toEqual([
      at("2026-03-23T08:00:00Z"),
      at("2026-03-30T07:00:00Z"),
      at("2026-04-01T07:00:00Z"),
    ]);
    expect(standUps.every((event) => event.end_time - event.start_time === 30 * 60_000)).toBe(true);
    expect(new Set(standUps.map((event) => event.recurring_event_id))).toEqual(new Set([weekly.id]));
    expect(new Set(standUps.map((event) => event.id)).size).toBe(3);
    const shifts = events.filter((event) => event.summary === "Turno");
    expect(shifts.map((event) => event.start_date)).toEqual(["2026-03-23", "2026-03-25", "2026-03-27"]);
    expect(shifts.every((event) => event.recurring_event_id === daily.id)).toBe(true);
  });

  test("follows every page, the empty ones carrying a token too", async () => {
    for (let day = 10; day < 13; day += 1) {
      google.addEvent(email, email, timed(`2026-03-${day}T09:00:00+01:00`, `2026-03-${day}T10:00:00+01:00`));
    }
    google.setEmptyPages(2);
    const { accessToken } = await connect();
    const events = await connector.listEvents(accessToken, { ...range, timeMax: at("2026-03-16T00:00:00+01:00") });
    expect(events).toHaveLength(3);
    const requests = eventRequests();
    expect(requests).toHaveLength(3);
    expect(requests.slice(1).every((logged) => Boolean(logged.query.pageToken))).toBe(true);
  });

  test("stops at 9999 events, asking for no more than are missing", async () => {
    const start = at("2026-01-05T00:00:00Z");
    for (let i = 0; i < calendarServiceMaxResults + 51; i += 1) {
      const begins = new Date(start + i * 15 * 60_000).toISOString();
      const ends = new Date(start + (i * 15 + 10) * 60_000).toISOString();
      google.addEvent(email, email, { id: `e${i}`, start: { dateTime: begins }, end: { dateTime: ends } });
    }
    google.setEmptyPages(1);
    const { accessToken } = await connect();
    const events = await connector.listEvents(accessToken, {
      ...range,
      timeMin: start,
      timeMax: start + 200 * 86_400_000,
    });
    expect(events).toHaveLength(calendarServiceMaxResults);
    expect(events.at(-1)?.id).toBe(`e${calendarServiceMaxResults - 1}`);
    // An empty page before each full one; the last two ask for the 2499 still missing.
    expect(eventRequests().map((logged) => logged.query.maxResults)).toEqual([
      ...Array.from({ length: 6 }, () => "2500"),
      "2499",
      "2499",
    ]);
  }, 15_000);

  test("a calendar the account does not have is not_found", async () => {
    google.addCalendar("other@example.com", { id: "private@group.calendar.google.com" });
    const { accessToken } = await connect();
    const error = await failureOf(
      connector.listEvents(accessToken, {
        ...range,
        calendarId: "private@group.calendar.google.com",
        timeMax: at("2026-03-16T00:00:00+01:00"),
      }),
      accessToken,
    );
    expect(error).toMatchObject({ kind: "not_found", status: 404, message: "Google Calendar API: Not Found" });
  });

  test("an empty range is Google's 400, not retried", async () => {
    const { accessToken } = await connect();
    const error = await failureOf(connector.listEvents(accessToken, { ...range, timeMax: range.timeMin }));
    expect(error).toMatchObject({ kind: "client", status: 400, reason: "timeRangeEmpty" });
    expect(eventRequests()).toHaveLength(1);
  });
});

describe("changing and deleting an event", () => {
  test("patches the title and times without notifying the guests, and answers the changed event", async () => {
    const event = google.addEvent(email, email, {
      ...timed("2026-03-10T09:00:00+01:00", "2026-03-10T10:00:00+01:00"),
      summary: "Riunione",
    });
    const { accessToken } = await connect();
    const changed = await connector.patchEvent(accessToken, {
      calendarId: email,
      eventId: event.id,
      patch: {
        summary: "Riunione spostata",
        start_time: at("2026-03-11T14:00:00Z"),
        end_time: at("2026-03-11T15:30:00Z"),
      },
      color: "#7bd148",
      timeZone: rome,
    });
    expect(changed).toMatchObject({
      id: event.id,
      summary: "Riunione spostata",
      start_time: at("2026-03-11T14:00:00Z"),
      end_time: at("2026-03-11T15:30:00Z"),
      color: "#7bd148",
      all_day: false,
    });
    const patch = google.requests.find((logged) => logged.method === "PATCH");
    expect(patch?.query).toEqual({ sendUpdates: "none" });
    const [stored] = google.events(email, email);
    expect(stored?.summary).toBe("Riunione spostata");
    expect(stored?.start).toMatchObject({ dateTime: "2026-03-11T15:00:00+01:00" });
    expect(stored?.sequence).toBe(1);
  });

  test("gives an all-day event times: its dates are cleared, as Google's merge of a patch needs", async () => {
    const event = google.addEvent(email, email, {
      start: { date: "2026-03-12" },
      end: { date: "2026-03-13" },
      summary: "Trasferta",
    });
    const { accessToken } = await connect();
    const changed = await connector.patchEvent(accessToken, {
      calendarId: email,
      eventId: event.id,
      patch: { start_time: at("2026-03-12T08:00:00Z"), end_time: at("2026-03-12T10:00:00Z") },
      color: "#7bd148",
      timeZone: rome,
    });
    expect(changed).toMatchObject({ all_day: false, start_time: at("2026-03-12T08:00:00Z"), start_date: null });
    const [stored] = google.events(email, email);
    expect(stored?.start).toEqual({ dateTime: "2026-03-12T09:00:00+01:00" });
  });

  test("patching one instance of a series moves that one only", async () => {
    const series = google.addEvent(email, email, {
      ...timed("2026-03-09T09:00:00", "2026-03-09T09:30:00"),
      summary: "Stand-up",
      recurrence: ["RRULE:FREQ=DAILY;COUNT=3"],
    });
    const { accessToken } = await connect();
    const week = {
      calendarId: email,
      color: "#9fe1e7",
      timeMin: at("2026-03-09T00:00:00+01:00"),
      timeMax: at("2026-03-16T00:00:00+01:00"),
    };
    const second = (await connector.listEvents(accessToken, week))[1]!;
    await connector.patchEvent(accessToken, {
      calendarId: email,
      eventId: second.id,
      patch: { start_time: at("2026-03-10T16:00:00Z"), end_time: at("2026-03-10T16:30:00Z") },
      color: "#9fe1e7",
    });
    const after = await connector.listEvents(accessToken, week);
    expect(after.map((event) => [event.id, event.start_time])).toEqual([
      [`${series.id}_20260309T080000Z`, at("2026-03-09T08:00:00Z")],
      [second.id, at("2026-03-10T16:00:00Z")],
      [`${series.id}_20260311T080000Z`, at("2026-03-11T08:00:00Z")],
    ]);
    expect(after.every((event) => event.recurring_event_id === series.id)).toBe(true);
  });

  test("deletes an event (204); deleting it again (Google's 410) counts as done; an unknown one is not_found", async () => {
    const event = google.addEvent(email, email, timed("2026-03-10T09:00:00+01:00", "2026-03-10T10:00:00+01:00"));
    const { accessToken } = await connect();
    await connector.deleteEvent(accessToken, { calendarId: email, eventId: event.id });
    await connector.deleteEvent(accessToken, { calendarId: email, eventId: event.id });
    const deletes = google.requests.filter((logged) => logged.method === "DELETE");
    expect(deletes.map((logged) => [logged.status, logged.query.sendUpdates])).toEqual([
      [204, "none"],
      [410, "none"],
    ]);
    expect(google.events(email, email)[0]?.status).toBe("cancelled");
    const events = await connector.listEvents(accessToken, {
      calendarId: email,
      color: "#9fe1e7",
      timeMin: at("2026-03-09T00:00:00+01:00"),
      timeMax: at("2026-03-16T00:00:00+01:00"),
    });
    expect(events).toEqual([]);
    const unknown = await failureOf(connector.deleteEvent(accessToken, { calendarId: email, eventId: "nope" }));
    expect(unknown).toMatchObject({ kind: "not_found", status: 404 });
  });
});

describe("Google failing", () => {
  const week = (accessToken: string) =>
    connector.listEvents(accessToken, {
      calendarId: email,
      color: "#9fe1e7",
      timeMin: at("2026-03-09T00:00:00+01:00"),
      timeMax: at("2026-03-16T00:00:00+01:00"),
    });

  test("403 rateLimitExceeded is retried, and the answer after it is used", async () => {
    google.addEvent(email, email, timed("2026-03-10T09:00:00+01:00", "2026-03-10T10:00:00+01:00"));
    const { accessToken } = await connect();
    google.failNext(2, { status: 403, reason: "rateLimitExceeded", path: "/events" });
    await expect(week(accessToken)).resolves.toHaveLength(1);
    expect(eventRequests().map((logged) => logged.status)).toEqual([403, 403, 200]);
  });

  test("403 rateLimitExceeded through every retry is rate_limited", async () => {
    const { accessToken } = await connect();
    google.failNext(4, { status: 403, reason: "rateLimitExceeded" });
    const error = await failureOf(week(accessToken), accessToken);
    expect(error).toMatchObject({
      kind: "rate_limited",
      status: 403,
      reason: "rateLimitExceeded",
      message: "Google Calendar API: Rate Limit Exceeded",
    });
    expect(eventRequests()).toHaveLength(4);
  });

  test("429 waits for Retry-After", async () => {
    const { accessToken } = await connect();
    google.failNext(1, { status: 429, retryAfter: 1 });
    await week(accessToken);
    const [first, second] = eventRequests();
    expect(first?.status).toBe(429);
    expect(second!.time - first!.time).toBeGreaterThanOrEqual(950);
  });

  test("a 500 then an answer", async () => {
    const { accessToken } = await connect();
    google.failNext(1, { status: 500 });
    await expect(week(accessToken)).resolves.toEqual([]);
    expect(eventRequests().map((logged) => logged.status)).toEqual([500, 200]);
  });

  test("5xx through every retry is upstream with Google's message", async () => {
    const { accessToken } = await connect();
    google.failNext(4, { status: 503 });
    const error = await failureOf(week(accessToken), accessToken);
    expect(error).toMatchObject({
      kind: "upstream",
      status: 503,
      message: "Google Calendar API: The service is currently unavailable.",
    });
  });

  test("no answer in time is a timeout", async () => {
    const { accessToken } = await connect();
    google.failNext(1, { delayMs: 1500 });
    const started = Date.now();
    const error = await failureOf(connectorFor({ timeoutMs: 300 }).listCalendars(accessToken), accessToken);
    expect(error).toMatchObject({ kind: "timeout", message: "Google Calendar API: no answer within 300 ms" });
    expect(Date.now() - started).toBeLessThan(1200);
  });

  test("the token endpoint failing is Google's, retried on 5xx", async () => {
    const { refreshToken } = await connect();
    google.failNext(1, { status: 500, path: "/token" });
    await expect(connector.refresh(refreshToken!)).resolves.toMatchObject({ email });
    google.failNext(4, { status: 503, path: "/token" });
    const error = await failureOf(connector.refresh(refreshToken!), refreshToken!, google.clientSecret);
    expect(error).toMatchObject({ service: "Google", kind: "upstream", status: 503 });
  });
});
