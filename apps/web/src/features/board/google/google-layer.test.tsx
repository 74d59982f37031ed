import { screen, waitFor, within } from "@testing-library/react";
import {
  defaultPreferences,
  type GoogleEvent,
  type TimeBlockingEvent,
  type TimeBlockingEventInputFields,
  type User,
} from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";
import { buildEvent } from "../lib/event-fixtures";
import { buildGoogleCalendar, buildGoogleEvent } from "./google-fixtures";

/** Monday 00:00 of the current week, in the test's zone: the board opens on it. */
function mondayOfThisWeek(): Date {
  const today = new Date();
  const monday = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  return monday;
}

const at = (day: Date, hour: number, minute = 0) =>
  new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour, minute).getTime();

const pad = (value: number) => String(value).padStart(2, "0");
const dateOf = (day: Date) => `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;

const eventsPath = "/api/v1/connect/gcalendar/events";
const slowRender = 20_000;

const primary = buildGoogleCalendar();
const team = buildGoogleCalendar({ id: "team@group.calendar.google.com", summary: "Team", primary: false });

/** Ada, with her primary calendar ticked and the team's not. */
function ada(overrides: Partial<User> = {}): User {
  return buildUser({
    preferences: {
      ...defaultPreferences,
      businessDaysOfWeek: [1, 2, 3, 4, 5],
      // The browser's, so that the board does not save it.
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      gcalendars: [
        { id: primary.id, summary: primary.summary, enabled: true },
        { id: team.id, summary: "Team", enabled: false },
      ],
    },
    ...overrides,
  });
}

function boardServer({
  me = ada(),
  events = [],
  google = [],
  routes = {},
}: {
  me?: User;
  events?: TimeBlockingEvent[];
  google?: GoogleEvent[] | StubHandler;
  routes?: Record<string, StubHandler>;
} = {}) {
  const created: TimeBlockingEventInputFields[] = [];
  const fetch = stubSignedInApi(me, {
    "GET /api/v1/user/user-1/time-blocking": () => jsonResponse(events),
    "GET /api/v1/user/user-1/timer": () => jsonResponse(null),
    "GET /api/v1/user/user-2/time-blocking": () => jsonResponse([]),
    "GET /api/v1/user/user-2/timer": () => jsonResponse(null),
    "GET /api/v1/organization/org-1/user": () => jsonResponse([]),
    "GET /api/v1/connect/gcalendar/calendars": () => jsonResponse({ calendars: [primary, team] }),
    [`GET ${eventsPath}`]: typeof google === "function" ? google : () => jsonResponse({ events: google }),
    "POST /api/v1/user/user-1/time-blocking": ({ body }) => {
      created.push(body as TimeBlockingEventInputFields);
      const input = body as TimeBlockingEventInputFields;
      return jsonResponse(
        buildEvent({
          ...input,
          id: "44444444-4444-4444-8444-444444444444",
          project_id: null,
          category_id: null,
          task_linked_id: null,
          recurrence_id: null,
        } as Partial<TimeBlockingEvent>),
        201,
      );
    },
    ...routes,
  });
  return { ...fetch, created };
}

describe("Google Calendar on the board", () => {
  const monday = mondayOfThisWeek();
  const standup = buildGoogleEvent({
    id: "standup-1",
    summary: "Standup",
    start_time: at(monday, 9),
    end_time: at(monday, 9, 30),
    location: "Room 4",
    description: "Yesterday, today, blockers",
  });
  const offsite = buildGoogleEvent({
    id: "offsite-1",
    summary: "Offsite",
    all_day: true,
    start_date: dateOf(monday),
    end_date: dateOf(new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 1)),
    start_time: at(monday, 0),
    end_time: at(monday, 24),
  });

  it(
    "draws the ticked calendars' events of the week, named as Google's, the all-day ones on the all-day row",
    async () => {
      const fetch = boardServer({ google: [standup, offsite] });
      renderApp({ route: "/user/user-1/board" });

      expect(await screen.findByRole("button", { name: /^Standup, .*, Google Calendar$/ })).toBeInTheDocument();
      // Its name is the tile's label (jsdom cannot measure the all-day row, where FullCalendar keeps tiles unseen).
      expect(await screen.findByLabelText(/^Offsite, .*Google Calendar$/)).toHaveRole("button");
      // The preference leaves the all-day row out; Google's all-day event brings it.
      expect(screen.getByText("All day")).toBeInTheDocument();
      // An activity of today or earlier: the timer may start on it.
      expect(screen.getByRole("button", { name: "Start the timer on Standup" })).toBeInTheDocument();

      const [request] = fetch.requestsTo("GET", eventsPath);
      expect(request?.url.searchParams.getAll("calendar_id")).toEqual([primary.id]);
      expect(Number(request?.url.searchParams.get("start_time"))).toBe(monday.getTime());
      expect(Number(request?.url.searchParams.get("end_time"))).toBeGreaterThan(monday.getTime());
    },
    slowRender,
  );

  it(
    "draws a Timetrap copy in place of its Google event",
    async () => {
      const copy = buildEvent({
        id: "33333333-3333-4333-8333-333333333333",
        title: "Standup (moved)",
        start_time: at(monday, 10),
        end_time: at(monday, 10, 30),
        source: "gcalendar",
        source_id: "standup-1",
        calendar_id: primary.id,
      });
      boardServer({ events: [copy], google: [standup, { ...standup, id: "review-1", summary: "Review" }] });
      renderApp({ route: "/user/user-1/board" });

      expect(await screen.findByRole("button", { name: /^Review, .*Google Calendar$/ })).toBeInTheDocument();
      expect(screen.getByRole("button", { name: /^Standup \(moved\),/ })).not.toHaveAccessibleName(/Google Calendar/);
      expect(screen.queryByRole("button", { name: /^Standup,/ })).not.toBeInTheDocument();
    },
    slowRender,
  );

  it(
    "asks Google nothing on another person's board, nor when no calendar is ticked",
    async () => {
      const fetch = boardServer({ google: [standup] });
      renderApp({ route: "/user/user-2/board" });
      await waitFor(() => expect(fetch.requestsTo("GET", "/api/v1/user/user-2/time-blocking")).not.toHaveLength(0));
      // The layer has come and decided (the board's own events are drawn after it is asked).
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(fetch.requestsTo("GET", eventsPath)).toHaveLength(0);

      const none = boardServer({
        me: ada({
          preferences: { ...ada().preferences, gcalendars: [{ id: primary.id, summary: "x", enabled: false }] },
        }),
        events: [buildEvent({ title: "Write the report", start_time: at(monday, 9), end_time: at(monday, 10) })],
        google: [standup],
      });
      renderApp({ route: "/user/user-1/board" });
      await screen.findByRole("button", { name: /^Write the report,/ });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(none.requestsTo("GET", eventsPath)).toHaveLength(0);
    },
    slowRender,
  );

  it(
    "leaves out a ticked calendar that is no longer among the person's Google calendars, and draws the others'",
    async () => {
      const gone = { id: "gone@group.calendar.google.com", summary: "Old project", enabled: true };
      const fetch = boardServer({
        me: ada({ preferences: { ...ada().preferences, gcalendars: [...ada().preferences.gcalendars, gone] } }),
        google: [standup],
      });
      renderApp({ route: "/user/user-1/board" });
      expect(await screen.findByRole("button", { name: /^Standup, .*Google Calendar$/ })).toBeInTheDocument();
      const asked = fetch
        .requestsTo("GET", eventsPath)
        .map((request) => request.url.searchParams.getAll("calendar_id"));
      expect(asked.at(-1)).toEqual([primary.id]);
    },
    slowRender,
  );

  it(
    "says above the grid why Google's events are missing, and draws them once a retry succeeds",
    async () => {
      let failing = true;
      boardServer({
        google: () =>
          failing
            ? errorResponse(503, "UPSTREAM_RATE_LIMITED", "Google Calendar API: Rate Limit Exceeded", "Unavailable")
            : jsonResponse({ events: [standup] }),
      });
      const { user } = renderApp({ route: "/user/user-1/board" });
      const note = await screen.findByTestId("google-calendar-note");
      expect(note).toHaveTextContent("Could not load the Google Calendar events:");
      expect(note).toHaveTextContent("Google Calendar API: Rate Limit Exceeded");

      failing = false;
      await user.click(within(note).getByRole("button", { name: "Try again" }));
      expect(await screen.findByRole("button", { name: /^Standup, .*Google Calendar$/ })).toBeInTheDocument();
      expect(screen.queryByTestId("google-calendar-note")).not.toBeInTheDocument();
    },
    slowRender,
  );

  it(
    "sends to the integrations page when Google Calendar must be connected again",
    async () => {
      boardServer({
        google: () =>
          errorResponse(409, "INTEGRATION_NEEDS_RECONNECT", "Google Calendar API: invalid_grant", "Conflict"),
      });
      renderApp({ route: "/user/user-1/board" });
      const note = await screen.findByTestId("google-calendar-note");
      expect(note).toHaveTextContent("Google Calendar needs to be connected again");
      expect(within(note).getByRole("link", { name: "Connect it again" })).toHaveAttribute(
        "href",
        "/user/user-1/integrations",
      );
    },
    slowRender,
  );

  it(
    "starts a timer on a Google event by saving it as a Timetrap event first",
    async () => {
      const order: string[] = [];
      const fetch = boardServer({
        google: [standup],
        routes: {
          "POST /api/v1/user/user-1/timer": ({ body }) => {
            order.push(`timer ${(body as { time_blocking_event_id: string }).time_blocking_event_id}`);
            return jsonResponse({ user_id: "user-1", start_time: Date.now(), event: buildEvent() }, 201);
          },
        },
      });
      const { user } = renderApp({ route: "/user/user-1/board" });
      await user.click(await screen.findByRole("button", { name: "Start the timer on Standup" }));

      await waitFor(() => expect(order).toEqual(["timer 44444444-4444-4444-8444-444444444444"]));
      expect(fetch.created).toEqual([
        expect.objectContaining({
          title: "Standup",
          start_time: standup.start_time,
          end_time: standup.end_time,
          event_type: "activity",
          source: "gcalendar",
          source_id: "standup-1",
          calendar_id: primary.id,
          recurrence_id: null,
        }),
      ]);
    },
    slowRender,
  );

  /** Google's side: the standup, changed and deleted through the API. */
  function googleServer() {
    let shown = [standup];
    const eventPath = `/api/v1/connect/gcalendar/calendars/${encodeURIComponent(primary.id)}/events/standup-1`;
    const fetch = boardServer({
      google: () => jsonResponse({ events: shown }),
      routes: {
        [`PATCH ${eventPath}`]: ({ body }) => {
          shown = [{ ...standup, ...(body as Partial<GoogleEvent>) }];
          return jsonResponse(shown[0]);
        },
        [`DELETE ${eventPath}`]: () => {
          shown = [];
          return new Response(null, { status: 204 });
        },
      },
    });
    return { ...fetch, eventPath };
  }

  it(
    "opens a clicked Google event in the side panel, and changes it in Google",
    async () => {
      const fetch = googleServer();
      const { user } = renderApp({ route: "/user/user-1/board" });
      await user.click(await screen.findByRole("button", { name: /^Standup, .*Google Calendar$/ }));

      const details = await screen.findByRole("region", { name: "Google Calendar event: Standup" });
      expect(screen.getByTestId("location")).toHaveTextContent("panel=gcalendar");
      expect(within(details).getByText("Room 4")).toBeInTheDocument();
      expect(within(details).getByText("Yesterday, today, blockers")).toBeInTheDocument();
      expect(within(details).getByText("Calendar: ada@acme.com")).toBeInTheDocument();
      expect(within(details).getByRole("link", { name: "Open in Google Calendar" })).toHaveAttribute(
        "href",
        standup.html_link,
      );
      // No form of a Timetrap event opened.
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

      await user.click(within(details).getByRole("button", { name: "Edit" }));
      const title = within(details).getByRole("textbox", { name: "Title" });
      await user.clear(title);
      await user.type(title, "Daily standup");
      await user.click(within(details).getByRole("button", { name: "Save" }));
      expect(await screen.findByText("Event updated in Google Calendar")).toBeInTheDocument();
      expect(fetch.requestsTo("PATCH", fetch.eventPath).map((request) => request.body)).toEqual([
        { summary: "Daily standup" },
      ]);
      expect(await screen.findByRole("region", { name: "Google Calendar event: Daily standup" })).toBeInTheDocument();
      expect(await screen.findByRole("button", { name: /^Daily standup, .*Google Calendar$/ })).toBeInTheDocument();
    },
    slowRender,
  );

  it(
    "deletes a Google event in Google after asking, from its details opened by the address",
    async () => {
      const fetch = googleServer();
      const { user } = renderApp({
        route: `/user/user-1/board?panel=gcalendar&gevent=${encodeURIComponent("gcalendar:ada@acme.com:standup-1")}`,
      });
      const details = await screen.findByRole("region", { name: "Google Calendar event: Standup" });

      await user.click(within(details).getByRole("button", { name: "Delete" }));
      const dialog = await screen.findByRole("dialog", { name: "Delete the event from Google Calendar?" });
      expect(dialog).toHaveTextContent("“Standup” will be deleted from your Google calendar");
      await user.click(within(dialog).getByRole("button", { name: "Delete" }));

      expect(await screen.findByText("Event deleted from Google Calendar")).toBeInTheDocument();
      expect(fetch.requestsTo("DELETE", fetch.eventPath)).toHaveLength(1);
      // Back to the calendars, and the event gone from the board.
      expect(await screen.findByRole("list", { name: "Google calendars shown on the board" })).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole("button", { name: /^Standup,/ })).not.toBeInTheDocument());
    },
    slowRender,
  );
});
