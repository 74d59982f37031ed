import { screen, waitFor } from "@testing-library/react";
import { addDays, calendarDateIn, mondayOf, type TimesheetPeriod, todayIn } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { formatDate } from "../../../lib/format";
import { buildOrganization, buildRole, buildUser } from "../../../testing/builders";
import { jsonResponse } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";
import { browserTimeZone } from "../lib/board-time";
import { buildEvent } from "../lib/event-fixtures";
import styles from "./period-lock.module.css";

/** Monday 00:00 of the current week, in the test's zone: the board opens on it. */
function mondayOfThisWeek(): Date {
  const today = new Date();
  const monday = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  return monday;
}

const at = (day: Date, dayOffset: number, hour: number) =>
  new Date(day.getFullYear(), day.getMonth(), day.getDate() + dayOffset, hour).getTime();

const slowRender = 20_000;

describe("the period lock on the board", () => {
  const monday = mondayOfThisWeek();
  // The person's zone (Europe/Rome in the builders) names the week, as the server does.
  const periodStart = mondayOf(todayIn("Europe/Rome"));
  const activity = buildEvent({ title: "Client call", start_time: at(monday, 1, 10), end_time: at(monday, 1, 11) });
  const planning = buildEvent({
    id: "66666666-6666-4666-8666-666666666666",
    title: "Plan the sprint",
    event_type: "planning",
    start_time: at(monday, 1, 14),
    end_time: at(monday, 1, 15),
  });
  const period = (status: TimesheetPeriod["status"]): TimesheetPeriod => ({
    user_id: "user-1",
    period_start: periodStart,
    period_end: addDays(periodStart, 6),
    status,
    submitted_at: null,
    decided_by: null,
    decided_at: null,
    note: "",
  });
  const eventElement = (name: RegExp) => screen.getByRole("button", { name }).closest(`.${styles.locked}`);

  it(
    "names an approved week above the grid and fixes its activities in place, not its planning blocks",
    async () => {
      const fetch = stubSignedInApi(buildUser(), {
        "GET /api/v1/user/user-1/time-blocking": () => jsonResponse([activity, planning]),
        "GET /api/v1/user/user-1/timer": () => jsonResponse(null),
        "GET /api/v1/user/user-1/days-off": () => jsonResponse([]),
        [`GET /api/v1/user/user-1/timesheet/${periodStart}`]: () => jsonResponse(period("approved")),
      });
      renderApp({ route: "/user/user-1/board" });
      const note = await screen.findByTestId("period-lock-note");
      expect(note).toHaveTextContent(
        `Period approved (${formatDate(periodStart)} – ${formatDate(addDays(periodStart, 6))}): its activities are locked.`,
      );
      await waitFor(() => expect(eventElement(/^Client call,/)).not.toBeNull());
      expect(eventElement(/^Plan the sprint,/)).toBeNull();
      expect(fetch.requestsTo("GET", `/api/v1/user/user-1/timesheet/${periodStart}`)).toHaveLength(1);
    },
    slowRender,
  );

  it(
    "says nothing and locks nothing while the week is open",
    async () => {
      stubSignedInApi(buildUser(), {
        "GET /api/v1/user/user-1/time-blocking": () => jsonResponse([activity]),
        "GET /api/v1/user/user-1/timer": () => jsonResponse(null),
        "GET /api/v1/user/user-1/days-off": () => jsonResponse([]),
        [`GET /api/v1/user/user-1/timesheet/${periodStart}`]: () => jsonResponse(period("submitted")),
      });
      renderApp({ route: "/user/user-1/board" });
      expect(await screen.findByRole("button", { name: /^Client call,/ })).toBeInTheDocument();
      expect(screen.queryByTestId("period-lock-note")).toBeNull();
      expect(eventElement(/^Client call,/)).toBeNull();
    },
    slowRender,
  );

  it(
    "locks the days before the organization's lock date, on a colleague's board read without the timesheet right",
    async () => {
      // Wednesday of the week shown: Monday and Tuesday are locked, the rest is not.
      const lockBefore = calendarDateIn(at(monday, 2, 12), browserTimeZone());
      const fetch = stubSignedInApi(
        buildUser({
          role: { ...buildRole("member"), acls: [{ subject: "team", actions: ["read", "edit"] }] },
          organization: buildOrganization({
            settings: { approval_period: "week", lock_before: lockBefore, prevent_overlapping_activities: false },
          }),
        }),
        {
          "GET /api/v1/user/user-2/time-blocking": () =>
            jsonResponse([
              { ...activity, user_id: "user-2" },
              buildEvent({
                id: "77777777-7777-4777-8777-777777777777",
                user_id: "user-2",
                title: "Review",
                start_time: at(monday, 3, 10),
                end_time: at(monday, 3, 11),
              }),
            ]),
          "GET /api/v1/user/user-1/timer": () => jsonResponse(null),
          "GET /api/v1/user/user-2/timer": () => jsonResponse(null),
          "GET /api/v1/user/user-2/days-off": () => jsonResponse([]),
          "GET /api/v1/organization/org-1/user": () => jsonResponse([]),
        },
      );
      renderApp({ route: "/user/user-2/board" });
      expect(await screen.findByTestId("period-lock-note")).toHaveTextContent(
        `Activities before ${formatDate(lockBefore)} are locked.`,
      );
      await waitFor(() => expect(eventElement(/^Client call,/)).not.toBeNull());
      expect(eventElement(/^Review,/)).toBeNull();
      expect(fetch.requests.filter((request) => request.path.includes("/timesheet/"))).toHaveLength(0);
    },
    slowRender,
  );
});
