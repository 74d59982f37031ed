import { screen, waitFor, within } from "@testing-library/react";
import type { OrganizationUser, Timesheet, TimesheetRow, User } from "@timetrap/domain";
import { describe, expect, it, vi } from "vitest";
import { buildRole, buildUser } from "../../../testing/builders";
import { chooseOption } from "../../../testing/combobox";
import { jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

const ids = {
  ada: "6a1e0a52-0000-4000-8000-000000000001",
  grace: "6a1e0a52-0000-4000-8000-000000000002",
  site: "6a1e0a52-0000-4000-8000-0000000000a1",
  acme: "6a1e0a52-0000-4000-8000-0000000000c1",
};

function row(overrides: Partial<TimesheetRow>): TimesheetRow {
  return {
    user_id: ids.ada,
    nominative: "Ada Lovelace",
    work_log_date: "2026-03-16",
    weekday: "monday",
    work_log: 27_000,
    worked_hours: "07:30",
    contract_type: "full-time",
    contractual_hours: 8,
    contractual_hours_by_day: null,
    time_off: 0,
    project_id: null,
    project_title: null,
    customer_id: null,
    customer_nominative: null,
    ...overrides,
  };
}

function timesheet(type: Timesheet["timesheet_type"], rows: TimesheetRow[]): Timesheet {
  return {
    timesheet_type: type,
    start_date: "2026-03-16",
    end_date: "2026-03-20",
    rows,
    totals: [
      {
        user_id: ids.ada,
        nominative: "Ada Lovelace",
        work_log: 27_000,
        worked_hours: "07:30",
        contractual_seconds: 129_600,
        time_off: 14_400,
        without_contract: 0,
      },
      {
        user_id: ids.grace,
        nominative: "Grace Hopper",
        work_log: 9000,
        worked_hours: "02:30",
        contractual_seconds: 0,
        time_off: 0,
        without_contract: 9000,
      },
    ],
    work_log: 36_000,
    worked_hours: "10:00",
  };
}

const byDay = timesheet("byDay", [
  row({}),
  row({
    user_id: ids.grace,
    nominative: "Grace Hopper",
    work_log_date: "2026-03-17",
    weekday: "tuesday",
    work_log: 9000,
    worked_hours: "02:30",
    contract_type: null,
    contractual_hours: null,
  }),
  // A day of approved time off: its contractual hours net of it, and the time off beside them.
  row({
    work_log_date: "2026-03-18",
    weekday: "wednesday",
    work_log: 0,
    worked_hours: "00:00",
    contractual_hours: 4,
    time_off: 14_400,
  }),
]);

const byProject = timesheet("byProject", [
  row({ project_id: ids.site, project_title: "Website", customer_id: ids.acme, customer_nominative: "Acme Corp" }),
  row({ work_log_date: "2026-03-17", weekday: "tuesday", worked_hours: "01:00" }),
]);

function member(uid: string, nominative: string): OrganizationUser {
  return {
    uid,
    nominative,
    email: `${nominative.split(" ")[0]?.toLowerCase()}@acme.com`,
    image_url: null,
    status: "active",
    role: null,
    contract_type: null,
    contractual_hours: null,
    two_factor: false,
    holiday_group_id: null,
  };
}

function timesheetServer({ me = buildUser(), routes = {} }: { me?: User; routes?: Record<string, StubHandler> } = {}) {
  return stubSignedInApi(me, {
    "GET /api/v1/organization/org-1/user": () =>
      jsonResponse([member(ids.ada, "Ada Lovelace"), member(ids.grace, "Grace Hopper")]),
    "GET /api/v1/organization/org-1/project": () => jsonResponse([]),
    "GET /api/v1/organization/org-1/customer": () => jsonResponse([]),
    "GET /api/v1/report/timesheet": ({ url }) => {
      const type = url.searchParams.get("timesheet_type") as Timesheet["timesheet_type"];
      return jsonResponse(type === "byProject" ? byProject : { ...byDay, timesheet_type: type });
    },
    ...routes,
  });
}

const route = "/organization/org-1/reports/timesheet";

/** The app at the timesheet, once its lazily loaded page is on screen. */
async function openTimesheet() {
  const rendered = renderApp({ route });
  // "Timesheet" in both languages.
  await screen.findByRole("heading", { name: "Timesheet", level: 1 }, { timeout: 8000 });
  return rendered;
}

async function choosePeriod(user: ReturnType<typeof renderApp>["user"], from: string, to: string) {
  await user.type(screen.getByRole("textbox", { name: "From" }), from);
  await user.tab();
  await user.type(screen.getByRole("textbox", { name: "To" }), to);
  await user.tab();
}

const cells = (tableRow: HTMLElement) =>
  within(tableRow)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);

// A shared machine runs several suites at once: the lazy page and the pickers get room to load.
describe("timesheet report", { timeout: 20_000 }, () => {
  it("keeps Generate disabled until both dates are set, then shows the byDay columns and the totals per user", async () => {
    const fetch = timesheetServer();
    const { user } = await openTimesheet();
    const generate = await screen.findByRole("button", { name: "Generate" });
    expect(generate).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: "From" }), "16/03/2026");
    await user.tab();
    expect(generate).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: "To" }), "20/03/2026");
    await user.tab();
    expect(generate).toBeEnabled();
    expect(fetch.requestsTo("GET", "/api/v1/report/timesheet")).toHaveLength(0);

    await user.click(generate);
    const rows = await screen.findByRole("region", { name: "Rows" });
    expect(
      within(rows)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["User", "Date", "Weekday", "Worked hours", "Contractual hours", "Time off"]);
    const [, first, second, third] = within(rows).getAllByRole("row");
    expect(cells(first!)).toEqual(["Ada Lovelace", "2026-03-16", "Monday", "07:30", "08:00", "–"]);
    expect(cells(second!)).toEqual(["Grace Hopper", "2026-03-17", "Tuesday", "02:30", "No contract", "–"]);
    expect(cells(third!)).toEqual(["Ada Lovelace", "2026-03-18", "Wednesday", "00:00", "04:00", "04:00"]);

    const totals = screen.getByRole("region", { name: "Totals per user" });
    const [, ada, grace] = within(totals).getAllByRole("row");
    expect(cells(ada!).slice(0, 4)).toEqual(["Ada Lovelace", "07:30", "36:00", "04:00"]);
    expect(cells(grace!)).toContain("2.5 hours without a contract (they cost nothing)");
    expect(within(totals).getByText("10:00")).toBeInTheDocument();

    const query = fetch.requestsTo("GET", "/api/v1/report/timesheet")[0]!.url.searchParams;
    expect(Object.fromEntries(query)).toEqual({
      start_date: "2026-03-16",
      end_date: "2026-03-20",
      timesheet_type: "byDay",
    });
    // Pressing Generate again reads the same period again: time may have been logged since.
    await user.click(generate);
    await waitFor(() => expect(fetch.requestsTo("GET", "/api/v1/report/timesheet")).toHaveLength(2));
  });

  it("by project links each project title to its page and adds the customer", async () => {
    timesheetServer();
    const { user } = await openTimesheet();
    await user.click(await screen.findByRole("radio", { name: "By project" }));
    await choosePeriod(user, "16/03/2026", "20/03/2026");
    await user.click(screen.getByRole("button", { name: "Generate" }));
    const rows = await screen.findByRole("region", { name: "Rows" });
    expect(
      within(rows)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["User", "Date", "Weekday", "Worked hours", "Project", "Customer"]);
    expect(within(rows).getByRole("link", { name: "Website" })).toHaveAttribute(
      "href",
      `/user/user-1/projects/${ids.site}?organizationId=org-1`,
    );
    expect(within(rows).getByText("Acme Corp")).toBeInTheDocument();
    expect(within(rows).getByText("No project")).toBeInTheDocument();
  });

  it("sends the chosen people as repeated filters", async () => {
    const fetch = timesheetServer();
    const { user } = await openTimesheet();
    await choosePeriod(user, "16/03/2026", "20/03/2026");
    await chooseOption(user, "People", "Grace Hopper");
    await chooseOption(user, "People", "Ada Lovelace");
    await user.click(screen.getByRole("button", { name: "Generate" }));
    await screen.findByRole("region", { name: "Rows" });
    const query = fetch.requestsTo("GET", "/api/v1/report/timesheet")[0]!.url.searchParams;
    expect(query.getAll("user_id")).toEqual([ids.grace, ids.ada]);
    expect(query.getAll("project_id")).toEqual([]);
  });

  it("exports the server's CSV of the generated period, byte for byte, under the server's file name", async () => {
    const csv = "\uFEFFUser;Date\nAda Lovelace;2026-03-16\n";
    const fetch = timesheetServer({
      routes: {
        "GET /api/v1/report/timesheet": ({ url }) =>
          url.searchParams.get("format") === "csv"
            ? new Response(csv, {
                headers: {
                  "Content-Type": "text/csv; charset=utf-8",
                  "Content-Disposition": 'attachment; filename="timesheet-byDay-2026-03-16-2026-03-20.csv"',
                },
              })
            : jsonResponse(byDay),
      },
    });
    const saved: { blob: Blob; name: string }[] = [];
    vi.stubGlobal(
      "URL",
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => `blob:${saved.push({ blob, name: "" })}`,
        revokeObjectURL: () => {},
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.at(-1)!.name = this.download;
    });
    const { user } = await openTimesheet();
    const exportButton = await screen.findByRole("button", { name: "Export CSV" });
    expect(exportButton).toBeDisabled();
    await choosePeriod(user, "16/03/2026", "20/03/2026");
    await user.click(screen.getByRole("button", { name: "Generate" }));
    await screen.findByRole("region", { name: "Rows" });
    await user.click(exportButton);

    await waitFor(() => expect(click).toHaveBeenCalled());
    const request = fetch.requestsTo("GET", "/api/v1/report/timesheet").at(-1)!;
    expect(request.url.searchParams.get("format")).toBe("csv");
    expect(request.url.searchParams.get("start_date")).toBe("2026-03-16");
    expect(saved[0]!.name).toBe("timesheet-byDay-2026-03-16-2026-03-20.csv");
    const bytes = new Uint8Array(await saved[0]!.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("refuses an end before the start without asking the server", async () => {
    const fetch = timesheetServer();
    const { user } = await openTimesheet();
    await choosePeriod(user, "16/03/2026", "18/03/2026");
    // The to picker offers no day before the start; a start moved past the end is caught on Generate.
    const from = screen.getByRole("textbox", { name: "From" });
    await user.clear(from);
    await user.type(from, "20/03/2026");
    await user.tab();
    await user.click(screen.getByRole("button", { name: "Generate" }));
    expect(await screen.findByText("The end date cannot be before the start date")).toBeInTheDocument();
    expect(fetch.requestsTo("GET", "/api/v1/report/timesheet")).toHaveLength(0);
  });

  it("tells someone without the right to read the timesheet why nothing is shown", async () => {
    const fetch = timesheetServer({ me: buildUser({ role: buildRole("member") }) });
    await openTimesheet();
    expect(
      await screen.findByText("You need the right to read the timesheet to open this report."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Generate" })).not.toBeInTheDocument();
    expect(fetch.requestsTo("GET", "/api/v1/report/timesheet")).toHaveLength(0);
  });

  it("is in Italian too", async () => {
    timesheetServer({ me: buildUser({ language: "it" }) });
    const { user } = await openTimesheet();
    await user.click(await screen.findByRole("radio", { name: "Per cliente" }));
    await user.type(screen.getByRole("textbox", { name: "Dal" }), "16/03/2026");
    await user.tab();
    await user.type(screen.getByRole("textbox", { name: "Al" }), "20/03/2026");
    await user.tab();
    await user.click(screen.getByRole("button", { name: "Genera" }));
    const rows = await screen.findByRole("region", { name: "Righe" });
    expect(
      within(rows)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Utente", "Data", "Giorno", "Ore lavorate", "Cliente"]);
  });
});
