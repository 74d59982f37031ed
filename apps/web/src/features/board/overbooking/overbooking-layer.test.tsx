import { screen, waitFor } from "@testing-library/react";
import { addDays, mondayOf, todayIn, type UserReport } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { buildUser } from "../../../testing/builders";
import { jsonResponse } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

const slowRender = 20_000;

/**
 * The person's report of the week shown (Europe/Rome in the builders): 8 h of capacity Monday to Thursday, none on
 * Friday (a holiday) and the weekend, `planned` by day.
 */
function weekReport(monday: string, planned: Record<number, number>): UserReport {
  const days = Array.from({ length: 7 }, (_, index) => {
    const capacity = index < 4 ? 28_800 : 0;
    return {
      date: addDays(monday, index),
      hours: 0,
      percetange: capacity > 0 ? 0 : null,
      work_log: 0,
      billable_work_log: 0,
      planned: planned[index] ?? 0,
      capacity,
      time_off: 0,
      credited: 0,
    };
  });
  const totals: UserReport["totals"] = {
    work_log: 0,
    billable_work_log: 0,
    planned: 0,
    capacity: 0,
    time_off: 0,
    credited: 0,
    work_log_percentage: null,
    billable_percentage: null,
    work_log_cost: 0,
    without_contract: 0,
    plan_versus_actual: { planned: 0, logged: 0, difference: 0, planned_cost: 0, logged_cost: 0, difference_cost: 0 },
  };
  return {
    user_id: "user-1",
    start_date: monday,
    end_date: addDays(monday, 6),
    report: days,
    totals,
  };
}

describe("overbooked days on the board", () => {
  const monday = mondayOf(todayIn("Europe/Rome"));
  const board = (planned: Record<number, number>) =>
    stubSignedInApi(buildUser(), {
      "GET /api/v1/user/user-1/time-blocking": () => jsonResponse([]),
      "GET /api/v1/user/user-1/timer": () => jsonResponse(null),
      "GET /api/v1/user/user-1/days-off": () => jsonResponse([]),
      "GET /api/v1/report/user/user-1": () => jsonResponse(weekReport(monday, planned)),
    });

  it(
    "names each day whose planned hours exceed its capacity, with both figures",
    async () => {
      // Tuesday 10 h of 8, Thursday exactly 8 (not over), Friday's holiday 1 h of none (over).
      const fetch = board({ 1: 36_000, 3: 28_800, 4: 3_600 });
      renderApp({ route: "/user/user-1/board" });
      const note = await screen.findByTestId("overbooking-note");
      const day = (offset: number) =>
        new Intl.DateTimeFormat("en", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(
          new Date(`${addDays(monday, offset)}T12:00:00Z`),
        );
      expect(note).toHaveTextContent(`Overbooked on ${day(1)}: 10 h planned, capacity 8 h`);
      expect(note).toHaveTextContent(`Overbooked on ${day(4)}: 1 h planned, capacity 0 h`);
      expect(note).not.toHaveTextContent(day(3));
      expect(fetch.requestsTo("GET", "/api/v1/report/user/user-1")[0]!.url.searchParams.get("start_date")).toBe(monday);
    },
    slowRender,
  );

  it(
    "says nothing when no day is over",
    async () => {
      const fetch = board({ 0: 28_800, 2: 7_200 });
      renderApp({ route: "/user/user-1/board" });
      await waitFor(() => expect(fetch.requestsTo("GET", "/api/v1/report/user/user-1")).toHaveLength(1));
      expect(screen.queryByTestId("overbooking-note")).toBeNull();
    },
    slowRender,
  );
});
