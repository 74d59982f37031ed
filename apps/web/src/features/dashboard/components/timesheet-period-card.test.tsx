import { screen, waitFor, within } from "@testing-library/react";
import { addDays, type TimesheetPeriod, type User } from "@timetrap/domain";
import { describe, expect, it, vi } from "vitest";
import { buildOrganization, buildRole, buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

// jsdom has no canvas: the week's chart draws nothing here.
vi.mock("react-chartjs-2", () => ({ Chart: () => null }));

const monday = "2026-03-16";
const route = `/user/user-1/dashboard?week=${monday}`;
const rome = (date: string, time: string) => Date.parse(`${date}T${time}:00+01:00`);

function period(overrides: Partial<TimesheetPeriod> = {}): TimesheetPeriod {
  return {
    user_id: "user-1",
    period_start: monday,
    period_end: addDays(monday, 6),
    status: "open",
    submitted_at: null,
    decided_by: null,
    decided_at: null,
    note: "",
    ...overrides,
  };
}

const emptyTotals = {
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
  plan_versus_actual: {
    planned: 0,
    logged: 0,
    difference: 0,
    planned_cost: 0,
    logged_cost: 0,
    difference_cost: 0,
  },
};

function dashboardServer({
  me = buildUser(),
  userId = "user-1",
  routes = {},
}: {
  me?: User;
  userId?: string;
  routes?: Record<string, StubHandler>;
}) {
  return stubSignedInApi(me, {
    [`GET /api/v1/report/user/${userId}`]: ({ url }) => {
      const start = url.searchParams.get("start_date") ?? monday;
      return jsonResponse({
        user_id: userId,
        start_date: start,
        end_date: addDays(start, 6),
        report: [],
        totals: emptyTotals,
      });
    },
    [`GET /api/v1/user/${userId}/time-blocking/not-assigned`]: () => jsonResponse([]),
    "GET /api/v1/organization/org-1/project": () => jsonResponse([]),
    ...routes,
  });
}

const card = () => screen.findByRole("region", { name: "Timesheet" });

describe("the timesheet period on the dashboard", () => {
  it("submits the week shown, then offers to withdraw it", async () => {
    let current = period();
    const fetch = dashboardServer({
      routes: {
        [`GET /api/v1/user/user-1/timesheet/${monday}`]: () => jsonResponse(current),
        [`POST /api/v1/user/user-1/timesheet/${monday}/submit`]: () => {
          current = period({ status: "submitted", submitted_at: rome("2026-03-20", "18:00") });
          return jsonResponse(current);
        },
      },
    });
    const { user } = renderApp({ route });
    const region = await card();
    expect(within(region).getByText("16/03/2026 – 22/03/2026")).toBeInTheDocument();
    expect(await within(region).findByText("Open")).toBeInTheDocument();
    expect(within(region).getByText(/Not submitted yet/)).toBeInTheDocument();
    expect(within(region).queryByRole("button", { name: "Withdraw" })).toBeNull();

    await user.click(within(region).getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Timesheet submitted")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", `/api/v1/user/user-1/timesheet/${monday}/submit`)).toHaveLength(1);
    expect(await within(region).findByText(/Submitted on 20\/03\/2026, waiting for approval/)).toBeInTheDocument();
    expect(within(region).getByRole("button", { name: "Withdraw" })).toBeInTheDocument();
    expect(within(region).queryByRole("button", { name: "Submit" })).toBeNull();
  });

  it("withdraws a submitted week", async () => {
    const fetch = dashboardServer({
      routes: {
        [`GET /api/v1/user/user-1/timesheet/${monday}`]: () =>
          jsonResponse(period({ status: "submitted", submitted_at: rome("2026-03-20", "18:00") })),
        [`POST /api/v1/user/user-1/timesheet/${monday}/withdraw`]: () => jsonResponse(period()),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await within(await card()).findByRole("button", { name: "Withdraw" }));
    expect(await screen.findByText("Timesheet withdrawn")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", `/api/v1/user/user-1/timesheet/${monday}/withdraw`)).toHaveLength(1);
  });

  it("shows a rejected week with the approver's note, to be submitted again", async () => {
    dashboardServer({
      routes: {
        [`GET /api/v1/user/user-1/timesheet/${monday}`]: () =>
          jsonResponse(
            period({ status: "rejected", decided_at: rome("2026-03-23", "09:00"), note: "Friday's call is missing" }),
          ),
      },
    });
    renderApp({ route });
    const region = await card();
    expect(await within(region).findByText("Rejected")).toBeInTheDocument();
    expect(within(region).getByText(/Rejected on 23\/03\/2026/)).toBeInTheDocument();
    expect(within(region).getByText("Note: Friday's call is missing")).toBeInTheDocument();
    expect(within(region).getByRole("button", { name: "Submit again" })).toBeInTheDocument();
  });

  it("shows an approved week as locked, with nothing left to do", async () => {
    dashboardServer({
      routes: {
        [`GET /api/v1/user/user-1/timesheet/${monday}`]: () =>
          jsonResponse(period({ status: "approved", decided_at: rome("2026-03-23", "09:00") })),
      },
    });
    renderApp({ route });
    const region = await card();
    expect(await within(region).findByText(/Approved on 23\/03\/2026: its entries are locked/)).toBeInTheDocument();
    expect(within(region).queryAllByRole("button")).toHaveLength(0);
  });

  it("reads the month holding the week where the organization approves by month", async () => {
    const fetch = dashboardServer({
      me: buildUser({
        organization: buildOrganization({
          settings: { approval_period: "month", lock_before: null, prevent_overlapping_activities: false },
        }),
      }),
      routes: {
        "GET /api/v1/user/user-1/timesheet/2026-03-01": () =>
          jsonResponse(period({ period_start: "2026-03-01", period_end: "2026-03-31" })),
      },
    });
    renderApp({ route });
    expect(await within(await card()).findByText("01/03/2026 – 31/03/2026")).toBeInTheDocument();
    await waitFor(() => expect(fetch.requestsTo("GET", "/api/v1/user/user-1/timesheet/2026-03-01")).toHaveLength(1));
  });

  it("tells the server's refusal of a submission", async () => {
    dashboardServer({
      routes: {
        [`GET /api/v1/user/user-1/timesheet/${monday}`]: () => jsonResponse(period()),
        [`POST /api/v1/user/user-1/timesheet/${monday}/submit`]: () =>
          errorResponse(409, "CONFLICT", "This period is approved: only a period open or rejected can be submitted"),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await within(await card()).findByRole("button", { name: "Submit" }));
    expect(
      await screen.findByText("This period is approved: only a period open or rejected can be submitted"),
    ).toBeInTheDocument();
  });

  it("shows another person's state without the buttons to whoever reads timesheets, and nothing to others", async () => {
    dashboardServer({
      me: buildUser({ role: buildRole("manager") }),
      userId: "user-2",
      routes: {
        "GET /api/v1/organization/org-1/user": () => jsonResponse([]),
        [`GET /api/v1/user/user-2/timesheet/${monday}`]: () =>
          jsonResponse(period({ user_id: "user-2", status: "submitted", submitted_at: rome("2026-03-20", "18:00") })),
      },
    });
    const { unmount } = renderApp({ route: `/user/user-2/dashboard?week=${monday}` });
    const region = await card();
    expect(await within(region).findByText("Submitted")).toBeInTheDocument();
    expect(within(region).queryAllByRole("button")).toHaveLength(0);
    unmount();

    const fetch = dashboardServer({ me: buildUser({ role: buildRole("member") }), userId: "user-2" });
    renderApp({ route: `/user/user-2/dashboard?week=${monday}` });
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Timesheet" })).toBeNull();
    expect(fetch.requestsTo("GET", `/api/v1/user/user-2/timesheet/${monday}`)).toHaveLength(0);
  });
});
