import { act, screen, waitFor, within } from "@testing-library/react";
import type { Timer, User } from "@timetrap/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";
import { buildEvent } from "../lib/event-fixtures";

const timerPath = "/api/v1/user/user-1/timer";
const now = new Date("2026-03-10T10:00:00Z").getTime();

const event = buildEvent({
  id: "event-1",
  title: "Wireframes for the new home page",
  start_time: now - 30 * 60_000,
  end_time: now + 30 * 60_000,
  // Logged before this timer started: an hour.
  elapsed_time: 3600,
});

// Started 65 seconds ago.
const timer: Timer = { user_id: "user-1", start_time: now - 65_000, event };

/** A person who already has a time zone, so the shell has nothing to save about them. */
const me = (overrides: Partial<User> = {}) => {
  const user = buildUser({ uid: "user-1", ...overrides });
  return { ...user, preferences: { ...user.preferences, timeZone: "Europe/Rome" } };
};

function shellServer(running: Timer | null, routes: Record<string, StubHandler> = {}, user = me()) {
  let current = running;
  return stubSignedInApi(user, {
    [`GET ${timerPath}`]: () => jsonResponse(current),
    [`DELETE ${timerPath}`]: () => {
      current = null;
      return jsonResponse({ ...event, completed: true, elapsed_time: 3665 });
    },
    ...routes,
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("timer widget", () => {
  it("is fetched when the shell starts and shows the running block's time, counting each second", async () => {
    // Only the clock and the interval are faked: the requests and the queries' own timers keep running.
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"], now });
    const fetch = shellServer(timer);
    renderApp({ route: "/user/user-1/profile" });

    const widget = await screen.findByRole("region", { name: "Running timer" });
    expect(fetch.requestsTo("GET", timerPath)).toHaveLength(1);
    expect(within(widget).getByText("Wireframes for the new home page")).toBeInTheDocument();
    const elapsed = within(widget).getByRole("timer", { name: "Elapsed time" });
    expect(elapsed).toHaveTextContent("01:01:05");

    act(() => vi.advanceTimersByTime(1000));
    expect(elapsed).toHaveTextContent("01:01:06");
    act(() => vi.advanceTimersByTime(60_000));
    expect(elapsed).toHaveTextContent("01:02:06");
  });

  it("is not shown while no timer runs", async () => {
    const fetch = shellServer(null);
    renderApp({ route: "/user/user-1/profile" });
    await waitFor(() => expect(fetch.requestsTo("GET", timerPath)).toHaveLength(1));
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("region", { name: "Running timer" })).not.toBeInTheDocument();
  });

  it("stops the timer with Done, and goes away", async () => {
    const fetch = shellServer(timer);
    const { user } = renderApp({ route: "/user/user-1/profile" });
    const widget = await screen.findByRole("region", { name: "Running timer" });
    await user.click(within(widget).getByRole("button", { name: "Done" }));

    await waitFor(() => expect(screen.queryByRole("region", { name: "Running timer" })).not.toBeInTheDocument());
    expect(fetch.requestsTo("DELETE", timerPath)).toHaveLength(1);
  });

  it("tells a failed stop in a browser alert with the serialized error, and keeps counting", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    shellServer(timer, {
      [`DELETE ${timerPath}`]: () => errorResponse(409, "CONFLICT", "The event was deleted", "Conflict"),
    });
    const { user } = renderApp({ route: "/user/user-1/profile" });
    const widget = await screen.findByRole("region", { name: "Running timer" });
    await user.click(within(widget).getByRole("button", { name: "Done" }));

    await waitFor(() => expect(alert).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(alert.mock.calls[0]?.[0]))).toMatchObject({
      status: 409,
      code: "CONFLICT",
      ErrorMessage: "The event was deleted",
    });
    expect(screen.getByRole("region", { name: "Running timer" })).toBeInTheDocument();
  });

  it("speaks Italian", async () => {
    shellServer(timer, {}, me({ language: "it" }));
    renderApp({ route: "/user/user-1/profile" });
    const widget = await screen.findByRole("region", { name: "Timer in corso" });
    expect(within(widget).getByRole("timer", { name: "Tempo trascorso" })).toBeInTheDocument();
    expect(within(widget).getByRole("button", { name: "Fatto" })).toBeInTheDocument();
  });
});
