import { screen, waitFor, within } from "@testing-library/react";
import { defaultPreferences, type GoogleCalendar, type User } from "@timetrap/domain";
import { describe, expect, it, vi } from "vitest";
import { buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderWithProviders } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";
import { SidePanel } from "../side-panel/side-panel";
import { buildGoogleCalendar } from "./google-fixtures";

const calendarsPath = "/api/v1/connect/gcalendar/calendars";

const primary = buildGoogleCalendar();
const team = buildGoogleCalendar({
  id: "team@group.calendar.google.com",
  summary: "Team",
  background_color: "#7986cb",
  foreground_color: "#000000",
  primary: false,
  access_role: "reader",
});
const birthdays = buildGoogleCalendar({
  id: "birthdays@group.v.calendar.google.com",
  summary: "Birthdays",
  background_color: "#33b679",
  primary: false,
});

function ada(gcalendars: User["preferences"]["gcalendars"] = []): User {
  return buildUser({ preferences: { ...defaultPreferences, businessDaysOfWeek: [1, 2, 3, 4, 5], gcalendars } });
}

function panelServer(
  me: User,
  calendars: StubHandler = () => jsonResponse({ calendars: [team, birthdays, primary] }),
  routes: Record<string, StubHandler> = {},
) {
  return stubSignedInApi(me, {
    [`GET ${calendarsPath}`]: calendars,
    "PATCH /api/v1/user/user-1": ({ body }) =>
      jsonResponse({ ...me, preferences: { ...me.preferences, ...(body as { preferences: object }).preferences } }),
    ...routes,
  });
}

function renderPanel(userId = "user-1") {
  return renderWithProviders(<SidePanel userId={userId} source="gcalendar" onClose={vi.fn()} />, {
    route: `/user/${userId}/board?panel=gcalendar`,
  });
}

const boxes = async () => {
  const list = await screen.findByRole("list", { name: "Google calendars shown on the board" });
  return within(list).getAllByRole("checkbox");
};

describe("the side panel's Google Calendar source", () => {
  it("lists the person's calendars, the primary first then by name, ticked as their preferences keep them", async () => {
    panelServer(ada([{ id: team.id, summary: "Team", enabled: true }]));
    renderPanel();
    expect(await screen.findByRole("heading", { name: "Google Calendar" })).toBeInTheDocument();
    const listed = (await boxes()) as HTMLInputElement[];
    expect(listed.map((box) => box.labels?.[0]?.textContent)).toEqual(["ada@acme.com (primary)", "Birthdays", "Team"]);
    expect(listed.map((box) => box.checked)).toEqual([false, false, true]);
  });

  it("keeps a tick in the person's preferences: every listed calendar with its name and whether it is shown", async () => {
    const fetch = panelServer(ada([{ id: team.id, summary: "Team", enabled: true }]));
    const { user } = renderPanel();
    await boxes();
    await user.click(screen.getByRole("checkbox", { name: "ada@acme.com (primary)" }));

    await waitFor(() => expect(fetch.requestsTo("PATCH", "/api/v1/user/user-1")).toHaveLength(1));
    expect(fetch.requestsTo("PATCH", "/api/v1/user/user-1")[0]?.body).toEqual({
      preferences: {
        gcalendars: [
          { id: primary.id, summary: "ada@acme.com", enabled: true },
          { id: birthdays.id, summary: "Birthdays", enabled: false },
          { id: team.id, summary: "Team", enabled: true },
        ],
      },
    });
    expect(screen.getByRole("checkbox", { name: "ada@acme.com (primary)" })).toBeChecked();

    // Unticking is kept the same way.
    await user.click(screen.getByRole("checkbox", { name: "Team" }));
    await waitFor(() => expect(fetch.requestsTo("PATCH", "/api/v1/user/user-1")).toHaveLength(2));
    const second = fetch.requestsTo("PATCH", "/api/v1/user/user-1")[1]?.body as {
      preferences: { gcalendars: { id: string; enabled: boolean }[] };
    };
    expect(second.preferences.gcalendars.filter((calendar) => calendar.enabled).map((calendar) => calendar.id)).toEqual(
      [primary.id],
    );
    await waitFor(() => expect(screen.getByRole("checkbox", { name: "Team" })).not.toBeChecked());
  });

  it("asks Google again on refresh, showing that it is loading", async () => {
    let answer: GoogleCalendar[] = [primary];
    let release: () => void = () => {};
    const fetch = panelServer(ada(), async () => {
      if (answer.length > 1) await new Promise<void>((resolve) => (release = resolve));
      return jsonResponse({ calendars: answer });
    });
    const { user } = renderPanel();
    expect(await boxes()).toHaveLength(1);

    answer = [primary, team];
    await user.click(screen.getByRole("button", { name: "Refresh the calendars" }));
    expect(await screen.findByLabelText("Updating…")).toBeInTheDocument();
    release();
    await waitFor(async () => expect(await boxes()).toHaveLength(2));
    expect(screen.queryByLabelText("Updating…")).not.toBeInTheDocument();
    expect(fetch.requestsTo("GET", calendarsPath)).toHaveLength(2);
  });

  it("says when Google Calendar is not connected, with the way to the integrations page", async () => {
    panelServer(ada(), () =>
      errorResponse(409, "INTEGRATION_NOT_CONNECTED", "Google Calendar is not connected", "Conflict"),
    );
    renderPanel();
    expect(await screen.findByText("Google Calendar is not connected")).toBeInTheDocument();
    expect(screen.getByText(/Connect it on the integrations page/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Connect Google Calendar" })).toHaveAttribute(
      "href",
      "/user/user-1/integrations",
    );
    expect(screen.queryByRole("list", { name: "Google calendars shown on the board" })).not.toBeInTheDocument();
  });

  it("says when Google refused the stored access, with its reason and the way to connect again", async () => {
    panelServer(ada(), () =>
      errorResponse(
        409,
        "INTEGRATION_NEEDS_RECONNECT",
        "Google Calendar API: Token has been expired or revoked.",
        "Conflict",
      ),
    );
    renderPanel();
    expect(await screen.findByText("Google Calendar needs to be connected again")).toBeInTheDocument();
    expect(screen.getByText("Google Calendar API: Token has been expired or revoked.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Connect it again" })).toHaveAttribute("href", "/user/user-1/integrations");
  });

  it("tells Google's failure in its own words, and lists the calendars once a retry succeeds", async () => {
    let failing = true;
    panelServer(ada(), () =>
      failing
        ? errorResponse(502, "UPSTREAM_ERROR", "Google Calendar API: Backend Error", "Bad Gateway")
        : jsonResponse({ calendars: [primary] }),
    );
    const { user } = renderPanel();
    expect(await screen.findByText("Could not load your Google calendars")).toBeInTheDocument();
    expect(screen.getByText("Google Calendar API: Backend Error")).toBeInTheDocument();

    failing = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await boxes()).toHaveLength(1);
    expect(screen.queryByText("Google Calendar API: Backend Error")).not.toBeInTheDocument();
  });

  it("on another person's board, says that one's calendars show on one's own board only", async () => {
    panelServer(ada());
    renderPanel("user-2");
    await boxes();
    expect(screen.getByText("The events of your calendars are shown on your own board only.")).toBeInTheDocument();
  });
});
