import { screen, waitFor, within } from "@testing-library/react";
import type { ProjectReport, ProjectReportEntry, ProjectStatistics } from "@timetrap/domain";
import { describe, expect, it, vi } from "vitest";
import { buildProject, buildTask, buildUser } from "../../../../testing/builders";
import { jsonResponse, type StubHandler } from "../../../../testing/fetch-stub";
import { renderApp } from "../../../../testing/render";
import { stubSignedInApi } from "../../../../testing/signed-in-api";

// jsdom has no canvas: the chart is replaced by a probe that keeps what it was asked to draw.
const drawn = vi.hoisted(
  () =>
    [] as {
      data: { labels: string[]; datasets: { label: string; data: number[] }[] };
      options: { scales: { y: { suggestedMax?: number } } };
    }[],
);
vi.mock("react-chartjs-2", () => ({
  Chart: (props: (typeof drawn)[number]) => {
    drawn.push(props);
    return null;
  },
}));

const projectId = "8e1e0a52-0000-4000-8000-0000000000a1";
const ada = { uid: "8e1e0a52-0000-4000-8000-000000000001", nominative: "Ada Lovelace", image_url: null };
const grace = { uid: "8e1e0a52-0000-4000-8000-000000000002", nominative: "Grace Hopper", image_url: null };
const base = `/api/v1/organization/org-1/project/${projectId}`;
const statisticsPath = `/api/v1/user/user-1/organization/org-1/project/${projectId}/hours`;
const route = (tab: string) => `/user/user-1/projects/${projectId}?organizationId=org-1&tab=${tab}`;

/** The fixtures: a €10,000 budget with €6,000 used at €1,000 a week; 10 h planned and 12 h logged at €40/h. */
function statistics(overrides: Partial<ProjectStatistics> = {}): ProjectStatistics {
  return {
    project_id: projectId,
    budget: 10_000,
    target_budget: 7000,
    current_budget_used: 6000,
    available_budget: 4000,
    target_marginability_percentage: 30,
    current_marginality_percentage: 40,
    total_confirmed_hours: 150,
    total_confirmed_hours_cost: 5500,
    total_unconfirmed_hours: 2.5,
    total_unconfirmed_hours_cost: 100,
    total_planned_hours: 10,
    total_planned_hours_cost: 400,
    cumulative_total_costs: 6500,
    costs_forecast: [
      { date: "2026-03-16", total_cost: 5000 },
      { date: "2026-03-17", total_cost: 6000 },
      { date: "2026-03-18", total_cost: 6500 },
    ],
    total_work_log: 540_000,
    total_work_log_cost: 5500,
    total_final_balance_expenses: 500,
    without_contract: 0,
    plan_versus_actual: {
      planned: 36_000,
      logged: 43_200,
      difference: 7200,
      planned_cost: 400,
      logged_cost: 480,
      difference_cost: 80,
    },
    budget_runway: { weekly_cost: 1000, runs_out_on: "2026-04-15" },
    overhead_share: { amount: 750, marginability_with_overheads: 32.5, unallocated_seconds: 0 },
    today: "2026-03-17",
    ...overrides,
  };
}

function entry(id: number, overrides: Partial<ProjectReportEntry> = {}): ProjectReportEntry {
  const start = Date.parse(`2026-03-1${id}T09:00:00`);
  return {
    id: `entry-${id}`,
    user: ada,
    title: `Entry ${id}`,
    task: null,
    category: null,
    project: { uid: projectId, title: "Website relaunch" },
    start_time: start,
    end_time: start + 3_600_000,
    elapsed_time: 3600,
    ...overrides,
  };
}

const report: ProjectReport = {
  entries: [
    entry(8, { user: grace, title: "Design review", elapsed_time: 5400, end_time: entry(8).start_time + 5_400_000 }),
    entry(7, {
      title: "Wireframes",
      task: { uid: "task-1", name: "Homepage" },
      category: { uid: "c-1", name: "Design", color: "#228be6" },
      elapsed_time: 1800,
    }),
  ],
  page: 1,
  page_size: 100,
  total: 2,
  total_elapsed_time: 7200,
};

function reportsServer(routes: Record<string, StubHandler> = {}) {
  return stubSignedInApi(buildUser(), {
    [`GET ${base}`]: () => jsonResponse(buildProject({ uid: projectId, title: "Website relaunch", budget: 10_000 })),
    [`GET ${statisticsPath}`]: () => jsonResponse(statistics()),
    [`GET ${base}/report`]: () => jsonResponse(report),
    "GET /api/v1/organization/org-1/task": () => jsonResponse([]),
    ...routes,
  });
}

/** Non-breaking spaces of the Italian currency format, as plain spaces for matching. */
const plain = (element: Element) => element.textContent?.replace(/\s/g, " ");

describe("project insights", { timeout: 20_000 }, () => {
  it("shows the budget figures, the margin with overheads beside the spec's, plan versus actual and the runway", async () => {
    reportsServer();
    renderApp({ route: route("insights") });
    const budget = await screen.findByTestId("insights-budget", {}, { timeout: 8000 });
    expect(plain(budget)).toContain("10.000,00 €");
    expect(plain(budget)).toContain("Target cost 7.000,00 € (margin 30.00%)");
    expect(plain(screen.getByTestId("insights-used"))).toContain("6.000,00 €");
    expect(plain(screen.getByTestId("insights-available"))).toContain("4.000,00 €");
    const margin = screen.getByTestId("insights-margin");
    expect(plain(margin)).toContain("40.00%");
    expect(plain(margin)).toContain("With overheads: 32.50% (overheads 750,00 €)");
    const pva = screen.getByTestId("insights-plan-versus-actual");
    expect(plain(pva)).toContain("Planned10.0 h · 400,00 €");
    expect(plain(pva)).toContain("Logged12.0 h · 480,00 €");
    expect(plain(pva)).toContain("Difference+2.0 h · +80,00 €");
    expect(screen.getByTestId("insights-runway")).toHaveTextContent("At this pace the budget runs out on 15/04/2026");
    expect(plain(screen.getByTestId("insights-runway"))).toContain("1.000,00 € a week");
    expect(screen.getByRole("tab", { name: "Insights" })).toHaveAttribute("aria-selected", "true");
  });

  it("draws the budget against its limit and the forecast with a tenth of headroom over the highest value", async () => {
    drawn.length = 0;
    reportsServer();
    renderApp({ route: route("insights") });
    await screen.findByTestId("insights-budget", {}, { timeout: 8000 });
    await waitFor(() => expect(drawn.length).toBeGreaterThanOrEqual(2));
    const [budgetChart, forecast] = drawn.slice(-2);
    expect(budgetChart!.data.datasets.map((d) => d.data)).toEqual([
      [10_000, 7000, 6000, 6500],
      [10_000, 10_000, 10_000, 10_000],
    ]);
    expect(forecast!.data.labels).toEqual(["16/03/2026", "17/03/2026", "18/03/2026"]);
    expect(forecast!.data.datasets[0]!.data).toEqual([5000, 6000, 6500]);
    expect(forecast!.options.scales.y.suggestedMax).toBeCloseTo(11_000);
  });

  it("draws a limit of 120 without a budget, and says when there is not enough to draw", async () => {
    drawn.length = 0;
    reportsServer({
      [`GET ${statisticsPath}`]: () =>
        jsonResponse(
          statistics({
            budget: 0,
            target_budget: 0,
            available_budget: -300,
            current_marginality_percentage: null,
            current_budget_used: 300,
            cumulative_total_costs: 300,
            costs_forecast: [{ date: "2026-03-17", total_cost: 300 }],
            budget_runway: { weekly_cost: 100, runs_out_on: null },
            overhead_share: { amount: 0, marginability_with_overheads: null, unallocated_seconds: 0 },
          }),
        ),
    });
    renderApp({ route: route("insights") });
    expect(
      await screen.findByText("Can't Show graph wihout proper infromations!", {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(drawn.length).toBeGreaterThanOrEqual(1));
    expect(drawn.at(-1)!.data.datasets[1]!.data).toEqual([120, 120, 120, 120]);
    expect(screen.getByTestId("insights-runway")).toHaveTextContent("The project has no budget");
    expect(screen.getByTestId("insights-margin")).toHaveTextContent("—");
  });

  it("says so when the budget never runs out, and warns about hours without a contract", async () => {
    reportsServer({
      [`GET ${statisticsPath}`]: () =>
        jsonResponse(statistics({ budget_runway: { weekly_cost: 0, runs_out_on: null }, without_contract: 9000 })),
    });
    renderApp({ route: route("insights") });
    expect(
      await screen.findByText("At this pace the budget does not run out", {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByText("2.5 hours without a contract (they cost nothing)")).toBeInTheDocument();
  });

  it("is in Italian too", async () => {
    stubSignedInApi(buildUser({ language: "it" }), {
      [`GET ${base}`]: () => jsonResponse(buildProject({ uid: projectId, title: "Website relaunch" })),
      [`GET ${statisticsPath}`]: () => jsonResponse(statistics()),
    });
    renderApp({ route: route("insights") });
    expect(
      await screen.findByText("A questo ritmo il budget finisce il 15/04/2026", {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByText("Pianificato e consuntivo")).toBeInTheDocument();
  });
});

describe("project activities", { timeout: 20_000 }, () => {
  it("lists the time entries with their task, category and times, sortable, with the total", async () => {
    const fetch = reportsServer();
    renderApp({ route: route("activities") });
    const table = await screen.findByRole("table", {}, { timeout: 8000 });
    const titles = () =>
      within(table)
        .getAllByRole("row")
        .slice(1, -1)
        .map((row) => within(row).getAllByRole("cell")[1]!.textContent);
    expect(titles()).toEqual(["Design review", "Wireframes"]);
    const wireframes = within(table).getByText("Wireframes").closest("tr")!;
    expect(
      within(wireframes)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual([
      // The avatar's initials stand before the name.
      "ALAda Lovelace",
      "Wireframes",
      "Homepage",
      "Design",
      "Website relaunch",
      "17/03/2026 09:00",
      "17/03/2026 10:00",
      "00:30",
    ]);
    expect(within(table).getByText("Entries: 2")).toBeInTheDocument();
    expect(within(table).getByText("02:00")).toBeInTheDocument();
    // Sorting asks the server again (project-activities-tab.test.tsx); the first request is newest first.
    expect(within(table).getByRole("button", { name: "Elapsed" })).toBeInTheDocument();
    expect(Object.fromEntries(fetch.requestsTo("GET", `${base}/report`)[0]!.url.searchParams)).toEqual({
      page: "1",
      page_size: "100",
    });
  });

  it("downloads the server's CSV of every entry", async () => {
    const fetch = reportsServer({
      [`GET ${base}/report`]: ({ url }) =>
        url.searchParams.get("format") === "csv"
          ? new Response("\uFEFFUser;Title\n", {
              headers: { "Content-Disposition": `attachment; filename="project-${projectId}-activities.csv"` },
            })
          : jsonResponse(report),
    });
    const names: string[] = [];
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:csv", revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = renderApp({ route: route("activities") });
    await user.click(await screen.findByRole("button", { name: "Download CSV" }, { timeout: 8000 }));
    await waitFor(() => expect(names).toEqual([`project-${projectId}-activities.csv`]));
    expect(fetch.requestsTo("GET", `${base}/report`).at(-1)!.url.searchParams.get("format")).toBe("csv");
  });

  it("says when nothing was logged on the project yet", async () => {
    reportsServer({
      [`GET ${base}/report`]: () => jsonResponse({ ...report, entries: [], total: 0, total_elapsed_time: 0 }),
    });
    renderApp({ route: route("activities") });
    expect(await screen.findByText("No time logged yet", {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Download CSV" })).not.toBeInTheDocument();
  });
});

describe("project tasks' activity hours", { timeout: 20_000 }, () => {
  it("shows the hours logged on each task to one decimal", async () => {
    reportsServer({
      "GET /api/v1/organization/org-1/task": () =>
        jsonResponse([
          buildTask({
            project: { uid: projectId, title: "Website relaunch", category: null, customer_nominative: null },
            total_work_time: 2.5,
          }),
        ]),
    });
    renderApp({ route: route("tasks") });
    const row = (await screen.findByRole("link", { name: "Wireframes" }, { timeout: 8000 })).closest("tr")!;
    expect(within(row).getAllByRole("cell")[2]).toHaveTextContent("2.5");
  });
});
