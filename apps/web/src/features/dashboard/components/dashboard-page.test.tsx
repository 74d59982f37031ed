import { screen, waitFor, within } from "@testing-library/react";
import {
  addDays,
  mondayOf,
  type PlanConfigEntry,
  type ReportTotals,
  startOfCalendarDay,
  type TeamReport,
  type TimeBlockingEvent,
  todayIn,
  type User,
  type UserReport,
} from "@timetrap/domain";
import { describe, expect, it, vi } from "vitest";
import { buildOrganization, buildProject, buildRole, buildUser } from "../../../testing/builders";
import { chooseOption, openOptions } from "../../../testing/combobox";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

// jsdom has no canvas: the chart is replaced by a probe that keeps what it was asked to draw.
const drawn = vi.hoisted(() => [] as { data: { labels: string[]; datasets: { label: string; data: number[] }[] } }[]);
vi.mock("react-chartjs-2", () => ({
  Chart: (props: (typeof drawn)[number]) => {
    drawn.push(props);
    return null;
  },
}));

const zone = "Europe/Rome";
const monday = mondayOf(todayIn(zone));
const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));

function totals(overrides: Partial<ReportTotals> = {}): ReportTotals {
  return {
    work_log: 90_000,
    billable_work_log: 72_000,
    planned: 36_000,
    capacity: 144_000,
    time_off: 0,
    credited: 0,
    work_log_percentage: 62.5,
    billable_percentage: 50,
    work_log_cost: 1000,
    without_contract: 0,
    plan_versus_actual: {
      planned: 36_000,
      logged: 43_200,
      difference: 7200,
      planned_cost: 400,
      logged_cost: 480,
      difference_cost: 80,
    },
    ...overrides,
  };
}

function userReport(start: string, overrides: Partial<ReportTotals> = {}): UserReport {
  return {
    user_id: "user-1",
    start_date: start,
    end_date: addDays(start, 6),
    report: Array.from({ length: 7 }, (_, i) => ({
      date: addDays(start, i),
      hours: i < 5 ? 5 : 0,
      percetange: i < 5 ? 62.5 : null,
      work_log: i < 5 ? 18_000 : 0,
      billable_work_log: i < 5 ? 14_400 : 0,
      planned: i === 0 ? 36_000 : 0,
      capacity: i < 5 ? 28_800 : 0,
      time_off: 0,
      credited: 0,
    })),
    totals: totals(overrides),
  };
}

function entry(overrides: Partial<TimeBlockingEvent>): TimeBlockingEvent {
  return {
    id: "event-1",
    user_id: "user-1",
    title: "Call with the bank",
    start_time: Date.parse(`${days[1]}T09:00:00+01:00`),
    end_time: Date.parse(`${days[1]}T10:30:00+01:00`),
    all_day: false,
    color: "#3788d8",
    elapsed_time: 5400,
    completed: true,
    event_type: "activity",
    project_id: null,
    project: null,
    category_id: null,
    task_linked_id: null,
    source: "timetrap",
    source_id: null,
    calendar_id: null,
    recurrence_id: null,
    recurrence: null,
    is_occurrence: false,
    category: null,
    task: null,
    ...overrides,
  };
}

const teamDashboard: PlanConfigEntry[] = [
  { unitType: "TEAM_DASHBOARD", enabled: true, tierLimited: false, tierLimit: null },
];

function me(overrides: Partial<User> = {}, config: PlanConfigEntry[] = []): User {
  return buildUser({
    organization: buildOrganization({
      plan: {
        uid: "plan-1",
        code: config.length ? "unlimited" : "free",
        name: config.length ? "Unlimited" : "Free",
        config,
        subscription: null,
      },
    }),
    ...overrides,
  });
}

const teamReport: TeamReport = {
  start_date: monday,
  end_date: addDays(monday, 6),
  totals: totals({ work_log_percentage: 40, billable_percentage: 30 }),
  users: [
    {
      user_id: "user-1",
      nominative: "Ada Lovelace",
      image_url: null,
      contractual_hours: 8,
      work_log: 90_000,
      billable_work_log: 72_000,
      task_categories_report: [{ category_id: "c-1", category_name: "Design", elapsed_time: 90_000, color: "#228be6" }],
      totals: totals(),
    },
    {
      user_id: "user-2",
      nominative: "Grace Hopper",
      image_url: null,
      contractual_hours: 6,
      work_log: 36_000,
      billable_work_log: 0,
      task_categories_report: [],
      totals: totals({ work_log_percentage: 33.3, billable_percentage: 0 }),
    },
  ],
};

function dashboardServer({ user = me(), routes = {} }: { user?: User; routes?: Record<string, StubHandler> } = {}) {
  return stubSignedInApi(user, {
    "GET /api/v1/report/user/user-1": ({ url }) =>
      jsonResponse(userReport(url.searchParams.get("start_date") ?? monday)),
    "GET /api/v1/user/user-1/time-blocking/not-assigned": () => jsonResponse([]),
    "GET /api/v1/organization/org-1/project": () =>
      jsonResponse([
        buildProject({ uid: "project-1", title: "Website" }),
        buildProject({ uid: "project-2", title: "App" }),
      ]),
    "GET /api/v1/organization/org-1/task-category": () =>
      jsonResponse([
        { uid: "c-1", name: "Design", color: "#228be6", is_used_for_tasks: true, is_used_for_planning: true },
        { uid: "c-2", name: "Planning only", color: "#fab005", is_used_for_tasks: false, is_used_for_planning: true },
      ]),
    "GET /api/v1/report/team": () => jsonResponse(teamReport),
    ...routes,
  });
}

async function openDashboard(suffix = "") {
  const rendered = renderApp({ route: `/user/user-1/dashboard${suffix}` });
  await screen.findByTestId("week-label", {}, { timeout: 8000 });
  return rendered;
}

const format = (date: string) => date.split("-").reverse().join("/");

describe("dashboard", { timeout: 20_000 }, () => {
  it("shows this week (Monday to Sunday) as rings against the capacity, plan versus actual and the days' bars", async () => {
    drawn.length = 0;
    const fetch = dashboardServer();
    await openDashboard();
    expect(screen.getByTestId("week-label")).toHaveTextContent(`${format(monday)} – ${format(addDays(monday, 6))}`);
    const logged = await screen.findByTestId("ring-logged");
    expect(within(logged).getByRole("img", { name: "Work logged: 62.5%" })).toBeInTheDocument();
    expect(logged).toHaveTextContent("25.0 h");
    expect(logged).toHaveTextContent("of 40.0 h capacity");
    expect(
      within(screen.getByTestId("ring-billable")).getByRole("img", { name: "Billable hours: 50.0%" }),
    ).toBeInTheDocument();
    const pva = screen.getByTestId("plan-versus-actual");
    expect(pva).toHaveTextContent("Planned10.0 h");
    expect(pva).toHaveTextContent("Logged12.0 h");
    expect(pva.textContent?.replace(/\s/g, " ")).toContain("Difference+2.0 h (+80,00 €)");

    expect(Object.fromEntries(fetch.requestsTo("GET", "/api/v1/report/user/user-1")[0]!.url.searchParams)).toEqual({
      start_date: monday,
      end_date: addDays(monday, 6),
    });
    const chart = drawn.at(-1)!.data;
    expect(chart.labels).toHaveLength(7);
    expect(chart.labels[0]).toBe(`Mon ${format(monday).slice(0, 5)}`);
    expect(chart.datasets.map((d) => [d.label, d.data])).toEqual([
      ["Logged", [5, 5, 5, 5, 5, 0, 0]],
      ["Planned", [10, 0, 0, 0, 0, 0, 0]],
      ["Capacity", [8, 8, 8, 8, 8, 0, 0]],
    ]);
    // The same figures for screen readers, beside the canvas.
    expect(screen.getByRole("table", { name: "Day by day" })).toHaveTextContent("Logged");
  });

  it("moves a week back and forth, and back to this week", async () => {
    const fetch = dashboardServer();
    const { user } = await openDashboard();
    await user.click(screen.getByRole("button", { name: "Previous week" }));
    const previous = addDays(monday, -7);
    expect(screen.getByTestId("week-label")).toHaveTextContent(`${format(previous)} – ${format(addDays(previous, 6))}`);
    await waitFor(() =>
      expect(
        fetch.requestsTo("GET", "/api/v1/report/user/user-1").map((r) => r.url.searchParams.get("start_date")),
      ).toContain(previous),
    );
    const notAssigned = fetch.requestsTo("GET", "/api/v1/user/user-1/time-blocking/not-assigned").at(-1)!;
    expect(notAssigned.url.searchParams.get("startTime")).toBe(
      new Date(startOfCalendarDay(previous, zone)).toISOString(),
    );
    await user.click(screen.getByRole("button", { name: "This week" }));
    expect(screen.getByTestId("week-label")).toHaveTextContent(format(monday));
    expect(screen.getByRole("button", { name: "This week" })).toBeDisabled();
  });

  it("files an unassigned entry: the toast comes at once, the row leaves, the event is saved with the project", async () => {
    let answer: (response: Response) => void = () => {};
    const fetch = dashboardServer({
      routes: {
        "GET /api/v1/user/user-1/time-blocking/not-assigned": () =>
          jsonResponse(
            fetch.requestsTo("PATCH", "/api/v1/user/user-1/time-blocking/event-1").length ? [] : [entry({})],
          ),
        "PATCH /api/v1/user/user-1/time-blocking/event-1": () => new Promise<Response>((resolve) => (answer = resolve)),
      },
    });
    const { user } = await openDashboard();
    const section = await screen.findByRole("region", { name: "Unassigned entries" });
    const row = (await within(section).findByText("Call with the bank")).closest("tr")!;
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent)
        .slice(0, 3),
    ).toEqual(["Call with the bank", format(days[1]!), "01:30"]);
    await chooseOption(user, "Project of “Call with the bank”", "Website");
    expect(await screen.findByText("Action executed successfully")).toBeInTheDocument();
    expect(screen.queryByText("Call with the bank")).not.toBeInTheDocument();
    expect(fetch.requestsTo("PATCH", "/api/v1/user/user-1/time-blocking/event-1")[0]?.body).toEqual({
      project_id: "project-1",
    });
    answer(jsonResponse(entry({ project_id: "project-1" })));
    expect(await screen.findByText("Everything is filed")).toBeInTheDocument();
  });

  it("puts the entry back and says why when the save fails", async () => {
    dashboardServer({
      routes: {
        "GET /api/v1/user/user-1/time-blocking/not-assigned": () => jsonResponse([entry({})]),
        "PATCH /api/v1/user/user-1/time-blocking/event-1": () => errorResponse(404, "NOT_FOUND", "Project not found"),
      },
    });
    const { user } = await openDashboard();
    await screen.findByText("Call with the bank");
    await chooseOption(user, "Project of “Call with the bank”", "App");
    expect(await screen.findByText("Project not found")).toBeInTheDocument();
    expect(await screen.findByText("Call with the bank")).toBeInTheDocument();
  });

  it("offers only the categories meant for activities, and a category keeps the entry in the list", async () => {
    const fetch = dashboardServer({
      routes: {
        "GET /api/v1/user/user-1/time-blocking/not-assigned": () => jsonResponse([entry({})]),
        "PATCH /api/v1/user/user-1/time-blocking/event-1": () => jsonResponse(entry({ category_id: "c-1" })),
      },
    });
    const { user } = await openDashboard();
    await screen.findByText("Call with the bank");
    const options = await openOptions(user, "Category of “Call with the bank”");
    expect(within(options).queryByRole("option", { name: "Planning only", hidden: true })).not.toBeInTheDocument();
    await user.click(within(options).getByRole("option", { name: "Design", hidden: true }));
    expect(await screen.findByText("Action executed successfully")).toBeInTheDocument();
    expect(fetch.requestsTo("PATCH", "/api/v1/user/user-1/time-blocking/event-1")[0]?.body).toEqual({
      category_id: "c-1",
    });
    expect(screen.getByText("Call with the bank")).toBeInTheDocument();
  });

  it("hides the team tab from someone without the right to read the team", async () => {
    dashboardServer({ user: me({ role: buildRole("member") }, teamDashboard) });
    await openDashboard("?tab=team");
    expect(await screen.findByTestId("ring-logged")).toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "Team" })).not.toBeInTheDocument();
  });

  it("on a plan without the team dashboard says what the plan lacks, links to the plans and asks nothing", async () => {
    const fetch = dashboardServer({ user: me({}, []) });
    const { user } = await openDashboard();
    await user.click(screen.getByRole("tab", { name: "Team" }));
    const notice = await screen.findByTestId("team-plan-notice");
    expect(notice).toHaveTextContent("Your plan does not include the team dashboard");
    expect(notice).toHaveTextContent("The Free plan shows each person their own week only.");
    expect(within(notice).getByRole("link", { name: "See the plans" })).toHaveAttribute(
      "href",
      "/organization/org-1/subscription",
    );
    expect(fetch.requestsTo("GET", "/api/v1/report/team")).toHaveLength(0);
  });

  it("shows the same notice when the server refuses the team report for the plan", async () => {
    dashboardServer({
      user: me({ role: buildRole("manager") }, teamDashboard),
      routes: {
        "GET /api/v1/report/team": () =>
          errorResponse(403, "PLAN_LIMIT_REACHED", "Your plan does not include the team dashboard"),
      },
    });
    await openDashboard("?tab=team");
    const notice = await screen.findByTestId("team-plan-notice");
    // A manager may not change the plan: they are told whom to ask.
    expect(notice).toHaveTextContent("Ask an administrator of your organization to change the plan.");
    expect(within(notice).queryByRole("link")).not.toBeInTheDocument();
  });

  it("shows the team's totals and a row per person with rings, sortable", async () => {
    const fetch = dashboardServer({ user: me({}, teamDashboard) });
    const { user } = await openDashboard("?tab=team");
    const table = await screen.findByRole("region", { name: "People" });
    const names = () =>
      within(table)
        .getAllByRole("row")
        .slice(1)
        .map((row) => within(row).getByText(/^(Ada Lovelace|Grace Hopper)$/).textContent);
    expect(names()).toEqual(["Ada Lovelace", "Grace Hopper"]);
    expect(within(table).getByText("6.0 h a day")).toBeInTheDocument();
    expect(within(table).getByRole("img", { name: "Work logged: 33.3%" })).toBeInTheDocument();
    expect(
      within(screen.getByTestId("ring-logged")).getByRole("img", { name: "Work logged: 40.0%" }),
    ).toBeInTheDocument();
    await user.click(within(table).getByRole("button", { name: "Work logged" }));
    expect(names()).toEqual(["Grace Hopper", "Ada Lovelace"]);
    await user.click(within(table).getByRole("button", { name: "Work logged" }));
    expect(names()).toEqual(["Ada Lovelace", "Grace Hopper"]);
    expect(Object.fromEntries(fetch.requestsTo("GET", "/api/v1/report/team")[0]!.url.searchParams)).toEqual({
      start_date: monday,
      end_date: addDays(monday, 6),
    });
  });

  it("is in Italian too", async () => {
    dashboardServer({ user: me({ language: "it" }, teamDashboard) });
    await openDashboard();
    expect(await screen.findByRole("tab", { name: "Personale" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Team" })).toBeInTheDocument();
    expect(await screen.findAllByText("su 40,0 h di capacità")).toHaveLength(2);
    expect(screen.getByText("Registrazioni senza progetto")).toBeInTheDocument();
  });
});
