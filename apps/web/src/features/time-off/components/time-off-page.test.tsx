import { screen, waitFor, within } from "@testing-library/react";
import { type TimeOff, type TimeOffBalanceEntry, type TimeOffKind, todayIn } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { buildRole, buildUser } from "../../../testing/builders";
import { chooseOption } from "../../../testing/combobox";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

const me = "0f0e0d0c-0000-4000-8000-000000000001";
const luca = "0f0e0d0c-0000-4000-8000-000000000002";
const vacation: TimeOffKind = {
  id: "0f0e0d0c-1111-4111-8111-000000000001",
  name: "Vacation",
  color: "#228be6",
  paid: true,
  needs_approval: true,
  yearly_allowance_days: 20,
};
const sick: TimeOffKind = {
  id: "0f0e0d0c-1111-4111-8111-000000000002",
  name: "Sick leave",
  color: "#fa5252",
  paid: true,
  needs_approval: false,
  yearly_allowance_days: null,
};

const year = new Date().getFullYear();
function timeOff(overrides: Partial<TimeOff> = {}): TimeOff {
  return {
    id: "time-off-1",
    user_id: me,
    kind_id: vacation.id,
    start_date: `${year}-08-10`,
    end_date: `${year}-08-14`,
    half_day: null,
    hours: null,
    note: "Sea",
    status: "requested",
    created_by: me,
    decided_by: null,
    decided_at: null,
    decision_note: "",
    created_at: 0,
    ...overrides,
  };
}
const balance: TimeOffBalanceEntry = {
  kind_id: vacation.id,
  name: "Vacation",
  color: vacation.color,
  allowance_days: 20,
  used_days: 4.5,
  planned_days: 5,
  remaining_days: 10.5,
};

function timeOffServer({
  role = "member" as "member" | "manager",
  list = [timeOff()],
  routes = {},
}: {
  role?: "member" | "manager";
  list?: TimeOff[];
  routes?: Record<string, StubHandler>;
} = {}) {
  return stubSignedInApi(buildUser({ uid: me, role: buildRole(role) }), {
    "GET /api/v1/organization/org-1/time-off-kinds": () => jsonResponse([vacation, sick]),
    "GET /api/v1/organization/org-1/time-off": ({ url }) => {
      const status = url.searchParams.get("status");
      const person = url.searchParams.get("user_id");
      return jsonResponse(
        list.filter((entry) => (!status || entry.status === status) && (!person || entry.user_id === person)),
      );
    },
    "GET /api/v1/organization/org-1/time-off-balances": () => jsonResponse([balance]),
    "GET /api/v1/organization/org-1/user": () =>
      jsonResponse(
        [
          [me, "Ada Lovelace"],
          [luca, "Luca Verdi"],
        ].map(([uid, nominative]) => ({
          uid,
          nominative,
          email: `${uid}@acme.com`,
          image_url: null,
          status: "active",
          role: null,
          contract_type: null,
          contractual_hours: null,
          two_factor: false,
          holiday_group_id: null,
        })),
      ),
    ...routes,
  });
}

const route = `/user/${me}/time-off`;

describe("time off page", () => {
  it("shows a member's balances and their time off of the year, with Cancel on what is still in force", async () => {
    const fetch = timeOffServer({
      list: [
        timeOff(),
        timeOff({
          id: "time-off-2",
          status: "rejected",
          decision_note: "Busy week",
          start_date: `${year}-03-02`,
          end_date: `${year}-03-02`,
          half_day: "morning",
        }),
      ],
    });
    renderApp({ route });
    const card = await screen.findByTestId("time-off-balance");
    expect(card).toHaveTextContent("10.5 days left");
    expect(card).toHaveTextContent("20 allowed · 4.5 used · 5 planned");

    const rows = await screen.findAllByTestId("time-off-row");
    expect(rows[0]).toHaveTextContent(`10/08/${year} – 14/08/${year}`);
    expect(rows[0]).toHaveTextContent("5 calendar days");
    expect(rows[0]).toHaveTextContent("Requested");
    expect(
      within(rows[0]!).getByRole("button", { name: `Cancel the time off of 10/08/${year} – 14/08/${year}` }),
    ).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent("Half day (morning)");
    expect(rows[1]).toHaveTextContent("Rejected");
    expect(rows[1]).toHaveTextContent("Busy week");
    expect(within(rows[1]!).queryByRole("button")).not.toBeInTheDocument();
    // A member decides nothing, and sees no team.
    expect(screen.queryByRole("button", { name: /^Approve/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "Team" })).not.toBeInTheDocument();
    const [request] = fetch.requestsTo("GET", "/api/v1/organization/org-1/time-off");
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
      start_date: `${year}-01-01`,
      end_date: `${year}-12-31`,
      user_id: me,
    });
  });

  it("asks for a half day off, after checking what was filled in", async () => {
    const fetch = timeOffServer({
      list: [],
      routes: {
        "POST /api/v1/organization/org-1/time-off": ({ body }) =>
          jsonResponse(timeOff({ id: "time-off-3", ...(body as object) }), 201),
      },
    });
    const { user } = renderApp({ route });
    expect(await screen.findByText(`No time off in ${year}`)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Request time off" }));
    const dialog = await screen.findByRole("dialog", { name: "Request time off" });
    expect(within(dialog).getByText("A manager approves or rejects the request.")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("radio", { name: "Hours" }));
    const hours = within(dialog).getByRole("textbox", { name: /Hours/ });
    await user.clear(hours);
    await user.click(within(dialog).getByRole("button", { name: "Send request" }));
    expect(within(dialog).getByText("Hours must be more than 0 and at most 24")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/time-off")).toHaveLength(0);

    await user.click(within(dialog).getByRole("radio", { name: "Half day" }));
    await user.click(within(dialog).getByRole("radio", { name: "Afternoon" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Note" }), "Dentist");
    await user.click(within(dialog).getByRole("button", { name: "Send request" }));
    expect(await screen.findByText("Time off requested")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/time-off")[0]?.body).toEqual({
      user_id: me,
      kind_id: vacation.id,
      start_date: todayIn(),
      end_date: todayIn(),
      half_day: "afternoon",
      hours: null,
      note: "Dentist",
    });
  });

  it("cancels a request after asking", async () => {
    const fetch = timeOffServer({
      routes: {
        "PATCH /api/v1/organization/org-1/time-off/time-off-1": ({ body }) =>
          jsonResponse(timeOff({ ...(body as object) })),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: /^Cancel the time off of/ }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel time off" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel time off" }));
    expect(await screen.findByText("Time off cancelled")).toBeInTheDocument();
    expect(fetch.requestsTo("PATCH", "/api/v1/organization/org-1/time-off/time-off-1")[0]?.body).toEqual({
      status: "cancelled",
      note: "",
    });
  });

  it("lets a manager reject a colleague's request with a note, from the team's requests", async () => {
    const fetch = timeOffServer({
      role: "manager",
      list: [timeOff({ user_id: luca, note: "Wedding" })],
      routes: {
        "PATCH /api/v1/organization/org-1/time-off/time-off-1": () =>
          errorResponse(409, "CONFLICT", "Only a requested time off can be rejected"),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("tab", { name: "Team" }));
    const row = await screen.findByTestId("time-off-row");
    await waitFor(() => expect(row).toHaveTextContent("Luca Verdi"));
    await user.click(within(row).getByRole("button", { name: /^Reject the time off of/ }));
    const dialog = await screen.findByRole("dialog", { name: "Reject time off" });
    expect(within(dialog).getByText("Their note: Wedding")).toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox", { name: "Note" }), "Release week");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    // The server's words when it refuses.
    expect(await screen.findByText("Only a requested time off can be rejected")).toBeInTheDocument();
    expect(fetch.requestsTo("PATCH", "/api/v1/organization/org-1/time-off/time-off-1")[0]?.body).toEqual({
      status: "rejected",
      note: "Release week",
    });
    const teamRequest = fetch.requestsTo("GET", "/api/v1/organization/org-1/time-off").at(-1);
    expect(teamRequest?.url.searchParams.get("status")).toBe("requested");
    expect(teamRequest?.url.searchParams.has("user_id")).toBe(false);
  });

  it("lets a manager record time off for someone, approved at once", async () => {
    const fetch = timeOffServer({
      role: "manager",
      list: [],
      routes: {
        "POST /api/v1/organization/org-1/time-off": ({ body }) =>
          jsonResponse(timeOff({ id: "time-off-4", status: "approved", ...(body as object) }), 201),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Record time off" }));
    const dialog = await screen.findByRole("dialog", { name: "Record time off" });
    await user.click(within(dialog).getByRole("button", { name: "Record" }));
    expect(within(dialog).getByText("Choose a person")).toBeInTheDocument();
    await chooseOption(user, /Person/, "Luca Verdi", dialog);
    await chooseOption(user, /Kind/, "Sick leave", dialog);
    await user.click(within(dialog).getByRole("button", { name: "Record" }));
    expect(await screen.findByText("Time off recorded")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/time-off")[0]?.body).toMatchObject({
      user_id: luca,
      kind_id: sick.id,
      half_day: null,
      hours: null,
    });
  });
});
