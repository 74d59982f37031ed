import { screen, waitFor, within } from "@testing-library/react";
import type { TimeBlockingEvent, TimesheetApprovalRow, User } from "@timetrap/domain";
import { describe, expect, it, vi } from "vitest";
import { buildOrganization, buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { fakeMatchMedia } from "../../../testing/match-media";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

const rome = (date: string, time: string) => Date.parse(`${date}T${time}:00+01:00`);

function row(overrides: Partial<TimesheetApprovalRow> = {}): TimesheetApprovalRow {
  return {
    user_id: "user-2",
    nominative: "Grace Hopper",
    image_url: null,
    period_start: "2026-03-16",
    period_end: "2026-03-22",
    status: "submitted",
    logged: 36 * 3600,
    capacity: 40 * 3600,
    difference: -4 * 3600,
    submitted_at: rome("2026-03-20", "18:00"),
    decided_at: null,
    note: "",
    ...overrides,
  };
}

const rows: TimesheetApprovalRow[] = [
  row(),
  row({
    user_id: "user-3",
    nominative: "Alan Turing",
    status: "approved",
    logged: 41.5 * 3600,
    difference: 1.5 * 3600,
    decided_at: rome("2026-03-23", "09:00"),
    note: "Thanks",
  }),
  row({
    user_id: "user-4",
    nominative: "Linus Pauling",
    status: "rejected",
    decided_at: rome("2026-03-23", "10:00"),
    note: "Friday's client call is missing",
  }),
  row({ user_id: "user-1", nominative: "Ada Lovelace", status: "open", logged: 0, difference: -40 * 3600 }),
];

const approvalsPath = "/api/v1/organization/org-1/timesheet-approvals";

function approvalsServer({
  me = buildUser(),
  list = () => rows,
  routes = {},
}: {
  me?: User;
  list?: (periodStart: string) => TimesheetApprovalRow[];
  routes?: Record<string, StubHandler>;
} = {}) {
  return stubSignedInApi(me, {
    [`GET ${approvalsPath}`]: ({ url }) => jsonResponse(list(url.searchParams.get("period_start") ?? "")),
    ...routes,
  });
}

const route = "/organization/org-1/approvals?period=2026-03-16";

const cellsOf = (name: string) => {
  const person = screen.getByRole("button", { name: `Show the entries of ${name}` });
  return within(person.closest("tr") as HTMLElement);
};

describe("approvals page", () => {
  it("lists each person's state, hours logged, capacity and difference for the period in the address", async () => {
    const fetch = approvalsServer();
    renderApp({ route });
    expect(await screen.findByRole("heading", { name: "Approvals" })).toBeInTheDocument();
    await screen.findByRole("table");
    expect(screen.getByText("16/03/2026 – 22/03/2026")).toBeInTheDocument();
    expect(fetch.requestsTo("GET", approvalsPath)[0]?.url.searchParams.get("period_start")).toBe("2026-03-16");

    const grace = cellsOf("Grace Hopper");
    expect(grace.getByText("Submitted")).toBeInTheDocument();
    expect(grace.getByText("Submitted on 20/03/2026")).toBeInTheDocument();
    expect(grace.getByText("36.0 h")).toBeInTheDocument();
    expect(grace.getByText("40.0 h")).toBeInTheDocument();
    expect(grace.getByText("-4.0 h")).toBeInTheDocument();
    expect(grace.getByRole("button", { name: "Approve the timesheet of Grace Hopper" })).toBeInTheDocument();
    expect(grace.getByRole("button", { name: "Reject the timesheet of Grace Hopper" })).toBeInTheDocument();
    expect(grace.queryByRole("button", { name: /Reopen/ })).toBeNull();

    const alan = cellsOf("Alan Turing");
    expect(alan.getByText("Approved")).toBeInTheDocument();
    expect(alan.getByText("Decided on 23/03/2026")).toBeInTheDocument();
    expect(alan.getByText("Note: Thanks")).toBeInTheDocument();
    expect(alan.getByText("+1.5 h")).toBeInTheDocument();
    expect(alan.getByRole("button", { name: "Reopen the timesheet of Alan Turing" })).toBeInTheDocument();
    expect(alan.queryByRole("button", { name: /Approve/ })).toBeNull();

    const linus = cellsOf("Linus Pauling");
    expect(linus.getByText("Rejected")).toBeInTheDocument();
    expect(linus.getByText("Note: Friday's client call is missing")).toBeInTheDocument();
    // A rejected period goes back to its owner: nothing for the approver to do until it is submitted again.
    expect(linus.queryAllByRole("button").map((b) => b.getAttribute("aria-label"))).toEqual([
      "Show the entries of Linus Pauling",
    ]);

    expect(cellsOf("Ada Lovelace").getByText("Open")).toBeInTheDocument();
  });

  it("approves a submitted period, with no note needed, and reads the list again", async () => {
    let approved = false;
    const fetch = approvalsServer({
      list: () => (approved ? [row({ status: "approved", decided_at: Date.now() })] : [row()]),
      routes: {
        "POST /api/v1/organization/org-1/timesheet/user-2/2026-03-16/approve": () => {
          approved = true;
          return jsonResponse({
            user_id: "user-2",
            period_start: "2026-03-16",
            period_end: "2026-03-22",
            status: "approved",
            submitted_at: rome("2026-03-20", "18:00"),
            decided_by: "user-1",
            decided_at: Date.now(),
            note: "",
          });
        },
      },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Approve the timesheet of Grace Hopper" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve the timesheet of Grace Hopper" });
    expect(within(dialog).getByText(/from 16\/03\/2026 to 22\/03\/2026 will be locked/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Approve" }));

    expect(await screen.findByText("Timesheet approved")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/timesheet/user-2/2026-03-16/approve")[0]?.body).toEqual(
      { note: "" },
    );
    await waitFor(() => expect(cellsOf("Grace Hopper").getByText("Approved")).toBeInTheDocument());
  });

  it("rejects only with a note saying what to correct", async () => {
    const fetch = approvalsServer({
      routes: {
        "POST /api/v1/organization/org-1/timesheet/user-2/2026-03-16/reject": ({ body }) =>
          jsonResponse({
            user_id: "user-2",
            period_start: "2026-03-16",
            period_end: "2026-03-22",
            status: "rejected",
            submitted_at: null,
            decided_by: "user-1",
            decided_at: Date.now(),
            note: (body as { note: string }).note,
          }),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Reject the timesheet of Grace Hopper" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject the timesheet of Grace Hopper" });
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(within(dialog).getByText("Say what to correct")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/timesheet/user-2/2026-03-16/reject")).toHaveLength(0);

    await user.type(within(dialog).getByRole("textbox", { name: /What to correct/ }), "  Log Friday's call  ");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await screen.findByText("Timesheet rejected")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/timesheet/user-2/2026-03-16/reject")[0]?.body).toEqual({
      note: "Log Friday's call",
    });
  });

  it("reopens an approved period with a reason, and tells the server's refusal when there is one", async () => {
    const fetch = approvalsServer({
      routes: {
        "POST /api/v1/organization/org-1/timesheet/user-3/2026-03-16/reopen": () =>
          errorResponse(409, "CONFLICT", "This period is open: only a period approved can be reopened"),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Reopen the timesheet of Alan Turing" }));
    const dialog = await screen.findByRole("dialog", { name: "Reopen the timesheet of Alan Turing" });
    expect(within(dialog).getByText(/The reason is kept in the audit log/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Reopen" }));
    expect(within(dialog).getByText("A reason is required")).toBeInTheDocument();

    await user.type(within(dialog).getByRole("textbox", { name: /Reason/ }), "Missing expenses");
    await user.click(within(dialog).getByRole("button", { name: "Reopen" }));
    expect(await screen.findByText("This period is open: only a period approved can be reopened")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/timesheet/user-3/2026-03-16/reopen")[0]?.body).toEqual({
      note: "Missing expenses",
    });
    // Refused: the dialog stays, with what was typed.
    expect(within(dialog).getByRole("textbox", { name: /Reason/ })).toHaveValue("Missing expenses");
  });

  it("moves week by week, and back to this week", async () => {
    const fetch = approvalsServer();
    const { user } = renderApp({ route });
    await screen.findByRole("table");
    await user.click(screen.getByRole("button", { name: "Next week" }));
    expect(await screen.findByText("23/03/2026 – 29/03/2026")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Previous week" }));
    await user.click(screen.getByRole("button", { name: "Previous week" }));
    expect(await screen.findByText("09/03/2026 – 15/03/2026")).toBeInTheDocument();
    const asked = () =>
      fetch.requestsTo("GET", approvalsPath).map((request) => request.url.searchParams.get("period_start"));
    await waitFor(() => expect(asked().at(-1)).toBe("2026-03-09"));
    expect(new Set(asked())).toEqual(new Set(["2026-03-16", "2026-03-23", "2026-03-09"]));
    await user.click(screen.getByRole("button", { name: "This week" }));
    expect(screen.getByRole("button", { name: "This week" })).toBeDisabled();
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/organization\/org-1\/approvals$/);
  });

  it("moves month by month where the organization approves by month", async () => {
    const fetch = approvalsServer({
      me: buildUser({
        organization: buildOrganization({
          settings: { approval_period: "month", lock_before: null, prevent_overlapping_activities: false },
        }),
      }),
      list: () => [row({ period_start: "2026-02-01", period_end: "2026-02-28" })],
    });
    const { user } = renderApp({ route: "/organization/org-1/approvals?period=2026-02-17" });
    expect(await screen.findByText("01/02/2026 – 28/02/2026")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next month" }));
    expect(await screen.findByText("01/03/2026 – 31/03/2026")).toBeInTheDocument();
    expect(
      fetch.requestsTo("GET", approvalsPath).map((request) => request.url.searchParams.get("period_start")),
    ).toEqual(["2026-02-01", "2026-03-01"]);
  });

  it("shows a person's activities of the period on a click, with the time they logged", async () => {
    const event = (overrides: Partial<TimeBlockingEvent>): TimeBlockingEvent => ({
      id: "event-1",
      user_id: "user-2",
      title: "Client call",
      start_time: rome("2026-03-17", "09:00"),
      end_time: rome("2026-03-17", "10:30"),
      all_day: false,
      color: "#3788d8",
      elapsed_time: 5400,
      completed: true,
      event_type: "activity",
      source: "timetrap",
      source_id: null,
      calendar_id: null,
      project_id: null,
      project: null,
      category_id: null,
      category: null,
      task_linked_id: null,
      task: null,
      recurrence_id: null,
      recurrence: null,
      is_occurrence: false,
      ...overrides,
    });
    const fetch = approvalsServer({
      routes: {
        "GET /api/v1/user/user-2/time-blocking": () =>
          jsonResponse([
            event({
              id: "event-2",
              title: "Review",
              start_time: rome("2026-03-18", "14:00"),
              end_time: rome("2026-03-18", "16:00"),
              completed: false,
              elapsed_time: 0,
            }),
            event({}),
            event({ id: "event-3", title: "Focus time", event_type: "planning" }),
          ]),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Show the entries of Grace Hopper" }));
    const drawer = await screen.findByRole("dialog", { name: /Entries of Grace Hopper/ });
    const table = await within(drawer).findByRole("table");
    const [first, second] = within(table).getAllByRole("row").slice(1);
    expect(
      within(first!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["17/03/2026", "Client call", "09:00 – 10:30", "01:30"]);
    expect(
      within(second!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["18/03/2026", "Review", "14:00 – 16:00", "Not confirmed"]);
    expect(within(drawer).queryByText("Focus time")).toBeNull();
    expect(within(drawer).getByText("Total logged").nextSibling).toHaveTextContent("01:30");

    const [request] = fetch.requestsTo("GET", "/api/v1/user/user-2/time-blocking");
    expect(request?.url.searchParams.get("startTime")).toBe(new Date(rome("2026-03-16", "00:00")).toISOString());
    expect(request?.url.searchParams.get("endTime")).toBe(new Date(rome("2026-03-23", "00:00")).toISOString());
  });

  it("on a phone shows one card per person, with the figures and the decisions", async () => {
    vi.stubGlobal(
      "matchMedia",
      fakeMatchMedia((query) => query.includes("max-width")),
    );
    approvalsServer();
    const { user } = renderApp({ route });
    const approve = await screen.findByRole("button", { name: "Approve the timesheet of Grace Hopper" });
    expect(screen.queryByRole("table")).toBeNull();
    const card = within(approve.closest("li") as HTMLElement);
    expect(card.getByText("Submitted")).toBeInTheDocument();
    expect(card.getByText("Logged").nextSibling).toHaveTextContent("36.0 h");
    expect(card.getByText("Difference").nextSibling).toHaveTextContent("-4.0 h");
    expect(screen.getAllByRole("listitem")).toHaveLength(4);
    await user.click(approve);
    expect(await screen.findByRole("dialog", { name: "Approve the timesheet of Grace Hopper" })).toBeInTheDocument();
  });

  it("says so when nobody is listed, and when the list cannot be read", async () => {
    approvalsServer({ list: () => [] });
    const { unmount } = renderApp({ route });
    expect(await screen.findByText("Nobody to approve")).toBeInTheDocument();
    unmount();

    approvalsServer({
      routes: {
        [`GET ${approvalsPath}`]: () =>
          errorResponse(403, "FORBIDDEN", "You need the read permission on timesheet", "Forbidden"),
      },
    });
    renderApp({ route });
    expect(await screen.findByText("Could not load the approvals")).toBeInTheDocument();
    expect(screen.getByText("You need the read permission on timesheet")).toBeInTheDocument();
  });
});
