import { screen, waitFor, within } from "@testing-library/react";
import type { Expense, Note, Project, ProjectLink, ProjectUpdate, Task, User } from "@timetrap/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildProject, buildRole, buildTask, buildUser } from "../../../../testing/builders";
import { errorResponse, jsonResponse, type StubHandler } from "../../../../testing/fetch-stub";
import { renderApp } from "../../../../testing/render";
import { stubSignedInApi } from "../../../../testing/signed-in-api";

const ada = { uid: "7d1e0a52-0000-4000-8000-000000000001", nominative: "Ada Lovelace", image_url: null };
const grace = { uid: "7d1e0a52-0000-4000-8000-000000000002", nominative: "Grace Hopper", image_url: null };
const alan = { uid: "7d1e0a52-0000-4000-8000-000000000003", nominative: "Alan Turing", image_url: null };
const projectId = "7d1e0a52-0000-4000-8000-0000000000a1";

/** The project the page shows: Caffè Nero's website relaunch, managed by Ada, with Grace and Alan on it. */
const relaunch = buildProject({
  uid: projectId,
  title: "Website relaunch",
  customer: { uid: "customer-1", nominative: "Caffè Nero S.r.l." },
  project_manager: ada,
  external_reference: "Q-2026-14",
  budget: 12000,
  project_type: 0,
  contact_name: "Mario",
  contact_surname: "Rossi",
  start_date: "2026-02-01",
  end_date: "2026-06-30",
  members: [
    { user: grace, tags: ["responsible", "sales"] },
    { user: alan, tags: ["informed"] },
  ],
  current_marginability: 100,
  created_at: 1_760_000_000_000,
});

/** A task of the relaunch, assigned to Grace. */
function relaunchTask(overrides: Partial<Task> = {}): Task {
  return buildTask({
    user: grace,
    project: { uid: projectId, title: "Website relaunch", category: null, customer_nominative: "Caffè Nero S.r.l." },
    created_at: 1_760_000_000_000,
    ...overrides,
  });
}

const base = `/api/v1/organization/org-1/project/${projectId}`;
const route = (suffix = "") => `/user/user-1/projects/${projectId}?organizationId=org-1${suffix}`;

function projectServer({
  me = buildUser(),
  project = relaunch,
  notes = [],
  links = [],
  updates = [],
  expenses = [],
  tasks = [],
  routes = {},
}: {
  me?: User;
  project?: Project;
  notes?: Note[];
  links?: ProjectLink[];
  updates?: ProjectUpdate[];
  expenses?: Expense[];
  tasks?: Task[];
  routes?: Record<string, StubHandler>;
} = {}) {
  return stubSignedInApi(me, {
    [`GET ${base}`]: () => jsonResponse(project),
    [`GET ${base}/note`]: () => jsonResponse(notes),
    [`GET ${base}/links`]: () => jsonResponse(links),
    [`GET ${base}/updates`]: () => jsonResponse(updates),
    [`GET ${base}/expense`]: () => jsonResponse(expenses),
    "GET /api/v1/organization/org-1/task": () => jsonResponse(tasks),
    ...routes,
  });
}

/** Non-breaking spaces of the Italian currency format, as plain spaces for matching. */
const plain = (text: string | null | undefined) => text?.replace(/\s/g, " ");

describe("project page", () => {
  it("says the project was not found when the server does not know it", async () => {
    projectServer({
      routes: { [`GET ${base}`]: () => errorResponse(404, "NOT_FOUND", "Project not found", "Not Found") },
    });
    renderApp({ route: route() });
    expect(await screen.findByText("Project not found")).toBeInTheDocument();
    expect(screen.queryByRole("tab")).not.toBeInTheDocument();
    for (const link of screen.getAllByRole("link", { name: "Back to projects" })) {
      expect(link).toHaveAttribute("href", "/user/user-1/projects?organizationId=org-1");
    }
  });

  it("shows the summary strip: customer and contact, status, billing, reference, dates and people", async () => {
    projectServer();
    renderApp({ route: route() });
    expect(await screen.findByRole("heading", { name: "Website relaunch" })).toBeInTheDocument();
    expect(screen.getByText("Caffè Nero S.r.l.")).toBeInTheDocument();
    expect(screen.getByText("Contact: Mario Rossi")).toBeInTheDocument();
    expect(screen.getByText("Open")).toBeInTheDocument();
    expect(screen.getByText("Billable")).toBeInTheDocument();
    expect(screen.getByText("Q-2026-14")).toBeInTheDocument();
    expect(screen.getByText("01/02/2026")).toBeInTheDocument();
    expect(screen.getByText("30/06/2026")).toBeInTheDocument();
    // Grace is the only account manager: her initials stand in for her missing picture.
    expect(screen.getByText("Account managers").parentElement).toHaveTextContent("Account managersGH");
    // Spec part 2 §2: the tabs in the spec's order; Details is open when the address names none.
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "Insights",
      "Details",
      "Final balance expenses",
      "Tasks",
      "Activities",
    ]);
    expect(screen.getByRole("tab", { name: "Details" })).toHaveAttribute("aria-selected", "true");
  });

  it("lists the team with the tags as the spec names them, sales as Account Manager", async () => {
    projectServer();
    renderApp({ route: route() });
    const team = (await screen.findByRole("heading", { name: "Team" })).parentElement as HTMLElement;
    const rows = within(team).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      "ALAda LovelaceProject manager",
      "GHGrace HopperAccount ManagerResponsible",
      "ATAlan TuringInformed",
    ]);
  });

  it("lists a manager who is also on the team once, with their tags", async () => {
    projectServer({ project: { ...relaunch, members: [{ user: ada, tags: ["responsible"] }, ...relaunch.members] } });
    renderApp({ route: route() });
    const team = (await screen.findByRole("heading", { name: "Team" })).parentElement as HTMLElement;
    expect(
      within(team)
        .getAllByRole("listitem")
        .map((row) => row.textContent),
    ).toEqual([
      "ALAda LovelaceProject managerResponsible",
      "GHGrace HopperAccount ManagerResponsible",
      "ATAlan TuringInformed",
    ]);
  });

  it("hides edit and delete from a member who does not manage the project", async () => {
    projectServer({ me: buildUser({ uid: grace.uid, role: buildRole("member") }) });
    renderApp({ route: route() });
    await screen.findByRole("heading", { name: "Website relaunch" });
    expect(screen.queryByRole("button", { name: "Edit project" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete project" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add link" })).not.toBeInTheDocument();
    expect(await screen.findByRole("textbox", { name: "Brief note" })).toHaveAttribute("readonly");
  });

  it("deletes the project after confirmation and goes back to the projects", async () => {
    const fetch = projectServer({
      routes: {
        [`DELETE ${base}`]: () => new Response(null, { status: 204 }),
        "GET /api/v1/organization/org-1/project": () => jsonResponse([]),
      },
    });
    const { user } = renderApp({ route: route() });
    await user.click(await screen.findByRole("button", { name: "Delete project" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this project?" });
    expect(fetch.requestsTo("DELETE", base)).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Delete project" }));
    expect(await screen.findByText("Project deleted")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId("location")).toHaveTextContent("/user/user-1/projects?organizationId=org-1"),
    );
    expect(fetch.requestsTo("DELETE", base)).toHaveLength(1);
  });

  it("saves the brief note when the field is left: created the first time, then updated by its uid", async () => {
    let saved: Note[] = [];
    const fetch = projectServer({
      routes: {
        [`GET ${base}/note`]: () => jsonResponse(saved),
        [`POST ${base}/note`]: ({ body }) => {
          saved = [{ uid: "note-1", note: (body as { note: string }).note, created_at: 1, created_by: ada }];
          return jsonResponse(saved[0], 201);
        },
        [`PATCH ${base}/note/note-1`]: ({ body }) => {
          saved = [{ uid: "note-1", note: (body as { note: string }).note, created_at: 1, created_by: ada }];
          return jsonResponse(saved[0]);
        },
      },
    });
    const { user } = renderApp({ route: route() });
    const note = await screen.findByRole("textbox", { name: "Brief note" });

    // Leaving the field without a change sends nothing.
    await user.click(note);
    await user.tab();
    expect(fetch.requestsTo("POST", `${base}/note`)).toHaveLength(0);

    await user.type(note, "Kick-off on Monday");
    await user.tab();
    expect(await screen.findByText("Note saved")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", `${base}/note`).map((r) => r.body)).toEqual([{ note: "Kick-off on Monday" }]);

    await user.type(note, ", with the customer");
    await user.tab();
    await waitFor(() => expect(fetch.requestsTo("PATCH", `${base}/note/note-1`)).toHaveLength(1));
    expect(fetch.requestsTo("PATCH", `${base}/note/note-1`)[0]?.body).toEqual({
      note: "Kick-off on Monday, with the customer",
    });
    expect(fetch.requestsTo("POST", `${base}/note`)).toHaveLength(1);
    expect(note).toHaveValue("Kick-off on Monday, with the customer");
  });

  it("asks for the link's name and a web or mail address, and sends the address normalized", async () => {
    const fetch = projectServer({
      routes: {
        [`POST ${base}/links`]: ({ body }) => jsonResponse({ link_id: "link-1", ...(body as object) }, 201),
      },
    });
    const { user } = renderApp({ route: route() });
    expect(await screen.findByText("No Links available.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add link" }));
    const dialog = await screen.findByRole("dialog", { name: "New link" });
    const address = within(dialog).getByRole("textbox", { name: "Address" });
    await user.type(address, "javascript:alert(1)");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Name is required")).toBeInTheDocument();
    expect(within(dialog).getByText("Enter a web address (http or https) or a mailto: address")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", `${base}/links`)).toHaveLength(0);

    await user.clear(address);
    await user.type(address, "intranet.example/specs");
    await user.type(within(dialog).getByRole("textbox", { name: /Name/ }), "Specs");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Link created")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", `${base}/links`)[0]?.body).toEqual({
      title: "Specs",
      url: "https://intranet.example/specs",
    });
  });

  it("shows the link validation in Italian", async () => {
    projectServer({ me: buildUser({ language: "it" }) });
    const { user } = renderApp({ route: route() });
    expect(await screen.findByText("Nessun link disponibile.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Aggiungi link" }));
    const dialog = await screen.findByRole("dialog", { name: "Nuovo link" });
    await user.type(within(dialog).getByRole("textbox", { name: "Indirizzo" }), "data:text/html,x");
    await user.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(within(dialog).getByText("Il nome è obbligatorio")).toBeInTheDocument();
    expect(
      within(dialog).getByText("Inserisci un indirizzo web (http o https) o un indirizzo mailto:"),
    ).toBeInTheDocument();
  });

  it("opens links in a new tab and never follows a script address", async () => {
    projectServer({
      links: [
        { link_id: "link-1", title: "Drive", url: "drive.example.com/folder" },
        { link_id: "link-2", title: "Odd", url: "javascript:alert(1)" },
      ],
    });
    renderApp({ route: route() });
    const drive = await screen.findByRole("link", { name: "Drive" });
    expect(drive).toHaveAttribute("href", "https://drive.example.com/folder");
    expect(drive).toHaveAttribute("target", "_blank");
    expect(screen.queryByRole("link", { name: "Odd" })).not.toBeInTheDocument();
    expect(screen.getByText("Odd")).toBeInTheDocument();
  });

  it("adds a project update that starts In progress, and lists the updates with their status", async () => {
    const fetch = projectServer({
      updates: [
        {
          update_id: "update-1",
          status: "halted",
          data: { update: "Waiting for the brand book", priorities: "", roadblocks: "No assets yet" },
          date: "2026-03-02",
          progress: 20,
        },
      ],
      routes: {
        [`POST ${base}/updates`]: ({ body }) => {
          const { status, progress, date, ...data } = body as ProjectUpdate & ProjectUpdate["data"];
          return jsonResponse({ update_id: "update-2", status, progress, date, data }, 201);
        },
      },
    });
    const { user } = renderApp({ route: route() });
    await user.click(await screen.findByRole("button", { name: "Updates" }));
    expect(await screen.findByText("Progress halted")).toBeInTheDocument();
    expect(screen.getByText("No assets yet")).toBeInTheDocument();
    expect(screen.getByText("02/03/2026")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Add update" }));
    const dialog = await screen.findByRole("dialog", { name: "New project update" });
    expect(within(dialog).getByRole("radio", { name: "In progress" })).toBeChecked();
    await user.clear(within(dialog).getByRole("textbox", { name: "Progress" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Progress" }), "45");
    await user.type(within(dialog).getByRole("textbox", { name: "Update" }), "Home page approved");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Update created")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", `${base}/updates`)[0]?.body).toMatchObject({
      status: "in_progress",
      progress: 45,
      update: "Home page approved",
      priorities: "",
      roadblocks: "",
    });
    // The newest update sets the project's progress: the project is asked again.
    await waitFor(() => expect(fetch.requestsTo("GET", base).length).toBeGreaterThan(1));
  });

  it("shows the spec's text when there is no update", async () => {
    projectServer();
    const { user } = renderApp({ route: route() });
    await user.click(await screen.findByRole("button", { name: "Updates" }));
    expect(await screen.findByText("No Found updates.")).toBeInTheDocument();
  });
});

describe("project expenses", () => {
  const expenses: Expense[] = [
    {
      uid: "expense-1",
      organization_id: "org-1",
      project_id: projectId,
      title: "Stock photos",
      amount: 320.5,
      estimated_amount: 320.5,
      confirmed_amount: null,
      is_final_balance: false,
      is_billable: false,
      supplier: "Pixels Ltd",
      description: null,
      approver: null,
      transacation_date: null,
    },
    {
      uid: "expense-2",
      organization_id: "org-1",
      project_id: projectId,
      title: "Hosting",
      amount: 1200,
      estimated_amount: null,
      confirmed_amount: 1200,
      is_final_balance: true,
      is_billable: true,
      supplier: null,
      description: null,
      approver: "Ada",
      transacation_date: "2026-03-01",
    },
  ];

  it("sums the estimated, final balance and billable amounts in euro", async () => {
    projectServer({ expenses });
    const { user } = renderApp({ route: route() });
    await user.click(await screen.findByRole("tab", { name: "Final balance expenses" }));
    const table = await screen.findByRole("table");
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    // The totals come first in the tab, before the table's badges and headers with the same words.
    const tab = screen.getByRole("tabpanel");
    const total = (label: string) => plain(within(tab).getAllByText(label)[0]?.nextElementSibling?.textContent);
    expect(total("Estimated")).toBe("320,50 €");
    expect(total("Final balance")).toBe("1.200,00 €");
    expect(total("Billable")).toBe("1.200,00 €");
  });

  it("asks for title and amount, and never sends an estimate as billable", async () => {
    const fetch = projectServer({
      routes: {
        [`POST ${base}/expense`]: ({ body }) => jsonResponse({ ...expenses[0], ...(body as object) }, 201),
      },
    });
    const { user } = renderApp({ route: route("&tab=expenses") });
    await user.click(await screen.findByRole("button", { name: "Add expense" }));
    const dialog = await screen.findByRole("dialog", { name: "New expense" });
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Title is required")).toBeInTheDocument();
    expect(within(dialog).getByText("Amount is required")).toBeInTheDocument();

    const billable = within(dialog).getByRole("switch", { name: /^Billable to the customer/ });
    expect(billable).toBeDisabled();
    await user.click(within(dialog).getByRole("radio", { name: "Final balance" }));
    expect(billable).toBeEnabled();
    await user.click(billable);
    expect(billable).toBeChecked();
    // Back to an estimate: the switch is turned off and locked.
    await user.click(within(dialog).getByRole("radio", { name: "Estimate" }));
    expect(billable).not.toBeChecked();
    expect(billable).toBeDisabled();

    await user.type(within(dialog).getByRole("textbox", { name: /Title/ }), "Fonts");
    await user.type(within(dialog).getByRole("textbox", { name: /Amount/ }), "99,90");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Expense created")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", `${base}/expense`)[0]?.body).toMatchObject({
      title: "Fonts",
      amount: 99.9,
      is_final_balance: false,
      is_billable: false,
    });
  });

  it("shows the expense messages in Italian", async () => {
    projectServer({ me: buildUser({ language: "it" }) });
    const { user } = renderApp({ route: route("&tab=expenses") });
    await user.click(await screen.findByRole("button", { name: "Aggiungi spesa" }));
    const dialog = await screen.findByRole("dialog", { name: "Nuova spesa" });
    await user.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(within(dialog).getByText("Il titolo è obbligatorio")).toBeInTheDocument();
    expect(within(dialog).getByText("L'importo è obbligatorio")).toBeInTheDocument();
  });

  it("deletes an expense only after confirmation", async () => {
    const fetch = projectServer({
      expenses,
      routes: { [`DELETE ${base}/expense/expense-1`]: () => new Response(null, { status: 204 }) },
    });
    const { user } = renderApp({ route: route("&tab=expenses") });
    await user.click(await screen.findByRole("button", { name: "Delete Stock photos" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this expense?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete expense" }));
    expect(await screen.findByText("Expense deleted")).toBeInTheDocument();
    expect(fetch.requestsTo("DELETE", `${base}/expense/expense-1`)).toHaveLength(1);
  });
});

describe("project tasks", () => {
  const day = 24 * 60 * 60 * 1000;
  const now = new Date(2026, 2, 10, 12, 0, 0).getTime();
  const tasks = [
    relaunchTask({
      uid: "task-1",
      name: "Wireframes",
      due_date: now - 3 * day,
      total_work_time: 12.345,
      priority: 50,
    }),
    relaunchTask({
      uid: "task-2",
      name: "Copy; first draft",
      complete: true,
      user: null,
      due_date: new Date(2026, 2, 1, 23, 59, 59, 999).getTime(),
      priority: 10,
    }),
  ];

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
  });
  afterEach(() => vi.useRealTimers());

  it("lists the project's tasks, a completed one struck through, and opens one in the task modal", async () => {
    const fetch = projectServer({ tasks });
    const { user } = renderApp({ route: route("&tab=tasks") });
    const table = await screen.findByRole("table");
    expect(fetch.requestsTo("GET", "/api/v1/organization/org-1/task")[0]?.url.searchParams.get("project_id")).toBe(
      projectId,
    );
    const [, open, done] = within(table).getAllByRole("row");
    expect(
      within(open as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["Wireframes", "07/03/2026", "12.3", "Highest", "GHGrace Hopper", "Open"]);
    expect(within(open as HTMLElement).getByRole("link", { name: "Wireframes" })).not.toHaveStyle({
      textDecoration: "line-through",
    });
    expect(within(done as HTMLElement).getByRole("link", { name: "Copy; first draft" })).toHaveStyle({
      textDecoration: "line-through",
    });
    expect(within(done as HTMLElement).getByText("Completed")).toBeInTheDocument();
    expect(within(done as HTMLElement).getByText("Unassigned")).toBeInTheDocument();

    await user.click(within(open as HTMLElement).getByRole("link", { name: "Wireframes" }));
    await waitFor(() =>
      expect(screen.getByTestId("location")).toHaveTextContent(
        `/user/user-1/projects/${projectId}?organizationId=org-1&tab=tasks&modal=task&taskId=task-1`,
      ),
    );
  });

  it("downloads the tasks shown, in their order, as CSV separated by semicolons", async () => {
    projectServer({ tasks });
    const blobs: Blob[] = [];
    let fileName = "";
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return "blob:tasks";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      fileName = this.download;
    });
    const { user } = renderApp({ route: route("&tab=tasks") });
    await screen.findByRole("table");
    await user.click(screen.getByRole("button", { name: "Due date" }));
    await user.click(screen.getByRole("button", { name: "Download CSV" }));

    expect(fileName).toBe("Website relaunch - tasks.csv");
    const text = new TextDecoder().decode(await blobs[0]?.arrayBuffer());
    expect(text.split("\r\n")).toEqual([
      "Name;Due date;Activity hours;Priority;Assignee;State",
      '"Copy; first draft";01/03/2026;0;Lowest;;Completed',
      "Wireframes;07/03/2026;12.3;Highest;Grace Hopper;Open",
      "",
    ]);
  });

  it("adds a task through the task modal, with the project chosen, and lists it once saved", async () => {
    let saved: Task[] = [];
    const fetch = projectServer({
      routes: {
        "GET /api/v1/organization/org-1/task": () => jsonResponse(saved),
        "POST /api/v1/organization/org-1/task": ({ body }) => {
          saved = [relaunchTask({ uid: "task-9", name: (body as { name: string }).name })];
          return jsonResponse(saved[0], 201);
        },
        "GET /api/v1/organization/org-1/project": () => jsonResponse([relaunch]),
        "GET /api/v1/organization/org-1/user": () =>
          jsonResponse([
            {
              ...grace,
              email: "grace@acme.com",
              status: "active",
              role: null,
              contract_type: null,
              contractual_hours: null,
              two_factor: false,
              holiday_group_id: null,
            },
          ]),
        "GET /api/v1/organization/org-1/task-category": () => jsonResponse([]),
      },
    });
    const { user } = renderApp({ route: route("&tab=tasks") });
    expect(await screen.findByText("No tasks yet")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add task" }));
    const dialog = await screen.findByRole("dialog", { name: "New task" });
    expect(screen.getByTestId("location")).toHaveTextContent(`tab=tasks&modal=task&projectId=${projectId}`);
    await waitFor(() =>
      expect(within(dialog).getByRole("combobox", { name: /^Project/ })).toHaveValue("Website relaunch"),
    );
    await user.type(within(dialog).getByRole("textbox", { name: /^Name/ }), "Sitemap");
    await user.click(within(dialog).getByRole("combobox", { name: /^Assignee/ }));
    await user.click(await screen.findByRole("option", { name: "Grace Hopper", hidden: true }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Task created")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/task")[0]?.body).toMatchObject({
      name: "Sitemap",
      projectId,
      userId: grace.uid,
    });
    // The project's tasks are asked again: the new one is in the table.
    expect(await screen.findByRole("link", { name: "Sitemap" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(route("&tab=tasks")));
  });
});
