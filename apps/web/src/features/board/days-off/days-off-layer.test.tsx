import { screen, waitFor } from "@testing-library/react";
import { calendarDateIn, type DayOff } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { buildUser } from "../../../testing/builders";
import { jsonResponse } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";
import { browserTimeZone } from "../lib/board-time";
import { buildEvent } from "../lib/event-fixtures";

/** Monday 00:00 of the current week, in the test's zone: the board opens on it. */
function mondayOfThisWeek(): Date {
  const today = new Date();
  const monday = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  return monday;
}

const at = (day: Date, dayOffset: number, hour: number) =>
  new Date(day.getFullYear(), day.getMonth(), day.getDate() + dayOffset, hour).getTime();

const dateOf = (instant: number) => calendarDateIn(instant, browserTimeZone());

const slowRender = 20_000;

describe("the board's days off", () => {
  const monday = mondayOfThisWeek();
  const planning = buildEvent({
    id: "66666666-6666-4666-8666-666666666666",
    title: "Plan the sprint",
    event_type: "planning",
    start_time: at(monday, 0, 11),
    end_time: at(monday, 0, 12),
  });
  const laterPlanning = buildEvent({
    id: "77777777-7777-4777-8777-777777777777",
    title: "Plan the release",
    event_type: "planning",
    start_time: at(monday, 3, 11),
    end_time: at(monday, 3, 12),
  });
  const vacation = (offset: number): DayOff => ({
    date: dateOf(at(monday, offset, 12)),
    type: "time_off",
    name: "Vacation",
    color: "#228be6",
    half_day: false,
    hours: null,
    status: "approved",
    time_off_id: "time-off-1",
  });
  const days: DayOff[] = [
    vacation(0),
    vacation(1),
    {
      date: dateOf(at(monday, 2, 12)),
      type: "holiday",
      name: "Patron saint",
      color: null,
      half_day: true,
      hours: null,
      status: null,
      time_off_id: null,
    },
    {
      date: dateOf(at(monday, 3, 12)),
      type: "time_off",
      name: "Permit",
      color: "#fab005",
      half_day: false,
      hours: 2,
      status: "requested",
      time_off_id: "time-off-2",
    },
  ];

  it(
    "draws holidays and time off as all-day blocks, and warns of a plan on a day of approved time off",
    async () => {
      const fetch = stubSignedInApi(buildUser(), {
        "GET /api/v1/user/user-1/time-blocking": () => jsonResponse([planning, laterPlanning]),
        "GET /api/v1/user/user-1/timer": () => jsonResponse(null),
        "GET /api/v1/user/user-1/days-off": () => jsonResponse(days),
      });
      renderApp({ route: "/user/user-1/board" });

      // One block for the two days of vacation, the half holiday and the request said as such.
      expect(await screen.findByText("Vacation")).toBeInTheDocument();
      expect(screen.getAllByText("Vacation")).toHaveLength(1);
      expect(screen.getByText("Patron saint (half day)")).toBeInTheDocument();
      expect(screen.getByText("Permit (2 h) (requested)")).toBeInTheDocument();
      // The all-day row shows for them, though the preference leaves it out.
      expect(screen.getByText("All day")).toBeInTheDocument();

      await waitFor(() =>
        expect(screen.getByRole("button", { name: /^Plan the sprint,/ })).toHaveAccessibleName(
          /Planned on a day of time off$/,
        ),
      );
      // A request is not yet time off: no warning.
      expect(screen.getByRole("button", { name: /^Plan the release,/ })).not.toHaveAccessibleName(/time off/);

      const [request] = fetch.requestsTo("GET", "/api/v1/user/user-1/days-off");
      expect(request?.url.searchParams.get("start_date")).toBe(dateOf(monday.getTime()));
    },
    slowRender,
  );

  it(
    "draws the board as before when the person has no days off",
    async () => {
      stubSignedInApi(buildUser(), {
        "GET /api/v1/user/user-1/time-blocking": () => jsonResponse([planning]),
        "GET /api/v1/user/user-1/timer": () => jsonResponse(null),
        "GET /api/v1/user/user-1/days-off": () => jsonResponse([]),
      });
      renderApp({ route: "/user/user-1/board" });
      expect(await screen.findByRole("button", { name: /^Plan the sprint,/ })).not.toHaveAccessibleName(/time off/);
      expect(screen.queryByText("All day")).not.toBeInTheDocument();
    },
    slowRender,
  );
});
