import { screen, waitFor, within } from "@testing-library/react";
import type { Project, Role } from "@timetrap/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../../testing/render";
import {
  buildProject,
  ids,
  people,
  projectsLimitedTo,
  projectsRoute,
  projectsServer,
  signedInUser,
} from "../projects-test-server";

const projects: Project[] = [
  buildProject({
    uid: "p-web",
    title: "Website",
    external_reference: "Q-100",
    budget: 5000,
    current_marginability: 40,
    progress: 60,
    start_date: "2025-01-10",
    end_date: "2025-03-31",
    latest_update: { status: "potential_risk", date: "2025-02-01", progress: 60 },
    members: [{ user: people.grace, tags: ["sales"] }],
  }),
  buildProject({
    uid: "p-app",
    title: "Mobile app",
    customer_id: ids.bottega,
    customer: { uid: ids.bottega, nominative: "Bottega Verde" },
    project_manager: people.grace,
    members: [{ user: people.me, tags: ["responsible"] }],
    budget: 12000,
    current_marginability: 12.5,
    progress: 20,
    start_date: "2025-05-01",
    end_date: null,
  }),
  buildProject({
    uid: "p-erp",
    title: "ERP rollout",
    project_manager: people.alan,
    external_reference: "Q-200",
    budget: 800,
    status: { uid: ids.closed, key: "closed", name: "Closed" },
  }),
];

/** The project titles in the table, top to bottom. */
function titles(): string[] {
  return within(screen.getByRole("table"))
    .getAllByRole("row")
    .slice(2)
    .map((row) => within(row).getAllByRole("cell")[0]?.textContent ?? "");
}

function cardTitles(section: string): string[] {
  return within(screen.getByRole("region", { name: section }))
    .queryAllByRole("article")
    .map((card) => card.getAttribute("aria-label") ?? "");
}

describe("projects page", () => {
  afterEach(() => vi.useRealTimers());

  it("opens the new project's form from the address (?new=project), and closing takes the parameter away", async () => {
    projectsServer({ projects: [] });
    const { user } = renderApp({ route: `${projectsRoute()}&new=project` });
    const dialog = await screen.findByRole("dialog", { name: "New project" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(projectsRoute()));
  });

  it("shows my projects as cards by default and keeps the view in the address", async () => {
    projectsServer({ projects });
    const { user } = renderApp({ route: projectsRoute() });

    expect(await screen.findByRole("region", { name: "Projects I manage" })).toBeInTheDocument();
    expect(cardTitles("Projects I manage")).toEqual(["Website"]);
    expect(cardTitles("Projects I'm a member of")).toEqual(["Mobile app"]);
    // The latest update's status, else the status name.
    const website = screen.getByRole("article", { name: "Website" });
    expect(within(website).getByText("Potential risk")).toBeInTheDocument();
    expect(within(screen.getByRole("article", { name: "Mobile app" })).getByText("Open")).toBeInTheDocument();
    expect(within(website).getByRole("link", { name: "Website" })).toHaveAttribute(
      "href",
      `/user/${ids.me}/projects/p-web?organizationId=org-1`,
    );

    await user.click(screen.getByRole("radio", { name: "All projects" }));
    expect(screen.getByTestId("location")).toHaveTextContent("v=all-projects");
    expect(screen.getByTestId("location")).toHaveTextContent("organizationId=org-1");
    expect(titles()).toEqual(["Website", "Mobile app", "ERP rollout"]);

    await user.click(screen.getByRole("radio", { name: "My projects" }));
    expect(screen.getByTestId("location")).toHaveTextContent("v=my-projects");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("opens the table straight from v=all-projects and searches title, customer, reference and manager", async () => {
    projectsServer({ projects });
    const { user } = renderApp({ route: projectsRoute("all-projects") });
    await screen.findByRole("table");
    const search = screen.getByRole("textbox", { name: "Search projects" });

    await user.type(search, "bottega");
    await waitFor(() => expect(titles()).toEqual(["Mobile app"]));
    await user.clear(search);
    await user.type(search, "turing q-200");
    await waitFor(() => expect(titles()).toEqual(["ERP rollout"]));
    await user.type(search, "x");
    expect(await screen.findByText("No project matches the search or the filters.")).toBeInTheDocument();
  });

  it("narrows the cards by the search and says when a section has nothing that matches", async () => {
    projectsServer({ projects });
    const { user } = renderApp({ route: projectsRoute() });
    await screen.findByRole("region", { name: "Projects I manage" });
    await user.type(screen.getByRole("textbox", { name: "Search projects" }), "grace");
    await waitFor(() => expect(cardTitles("Projects I manage")).toEqual([]));
    expect(cardTitles("Projects I'm a member of")).toEqual(["Mobile app"]);
    expect(
      within(screen.getByRole("region", { name: "Projects I manage" })).getByText(
        "No project matches the search or the filters.",
      ),
    ).toBeInTheDocument();
  });

  it("sorts a column ascending, descending, then back to the server's order", async () => {
    projectsServer({ projects });
    const { user } = renderApp({ route: projectsRoute("all-projects") });
    await screen.findByRole("table");

    const budget = screen.getByRole("button", { name: "Budget" });
    await user.click(budget);
    expect(titles()).toEqual(["ERP rollout", "Website", "Mobile app"]);
    await user.click(budget);
    expect(titles()).toEqual(["Mobile app", "Website", "ERP rollout"]);
    await user.click(budget);
    expect(titles()).toEqual(["Website", "Mobile app", "ERP rollout"]);

    await user.click(screen.getByRole("button", { name: "Title" }));
    expect(titles()).toEqual(["ERP rollout", "Mobile app", "Website"]);
  });

  it("filters by a column, by the filter modal's exact budget, and clears every filter at once", async () => {
    projectsServer({ projects });
    const { user } = renderApp({ route: projectsRoute("all-projects") });
    await screen.findByRole("table");

    await user.type(screen.getByRole("textbox", { name: "Filter by Reference" }), "q-");
    await waitFor(() => expect(titles()).toEqual(["Website", "ERP rollout"]));

    await user.click(screen.getByRole("button", { name: "Filters" }));
    const dialog = await screen.findByRole("dialog", { name: "Filter projects" });
    // Exact equality: 500 does not find the 5000 budget.
    await user.type(within(dialog).getByRole("textbox", { name: "Budget" }), "500");
    await user.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("No project matches the search or the filters.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Filters (1)" }));
    const again = await screen.findByRole("dialog", { name: "Filter projects" });
    await user.type(within(again).getByRole("textbox", { name: "Budget" }), "0");
    await user.click(within(again).getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(titles()).toEqual(["Website"]));

    await user.click(screen.getAllByRole("button", { name: "Clear filters" })[0] as HTMLElement);
    await waitFor(() => expect(titles()).toEqual(["Website", "Mobile app", "ERP rollout"]));
    expect(screen.getByRole("button", { name: "Filters" })).toBeInTheDocument();
  });

  it("filters the manager column by a pick of names", async () => {
    projectsServer({ projects });
    const { user } = renderApp({ route: projectsRoute("all-projects") });
    await screen.findByRole("table");

    await user.click(screen.getByRole("combobox", { name: "Filter by Project manager" }));
    await user.click(await screen.findByRole("option", { name: "Grace Hopper", hidden: true }));
    await waitFor(() => expect(titles()).toEqual(["Mobile app"]));
  });

  it("exports the rows shown, in their order, as projects.csv", async () => {
    projectsServer({ projects });
    const blobs: Blob[] = [];
    let fileName = "";
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return "blob:projects";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      fileName = this.download;
    });
    const { user } = renderApp({ route: projectsRoute("all-projects") });
    await screen.findByRole("table");
    await user.type(screen.getByRole("textbox", { name: "Filter by Reference" }), "q-");
    await waitFor(() => expect(titles()).toEqual(["Website", "ERP rollout"]));
    await user.click(screen.getByRole("button", { name: "Title" }));

    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(fileName).toBe("projects.csv");
    const text = new TextDecoder().decode(await blobs[0]?.arrayBuffer());
    // TextDecoder drops the byte-order mark it reads; the bytes still start with it.
    expect(new Uint8Array((await blobs[0]?.arrayBuffer()) ?? new ArrayBuffer(0)).slice(0, 3)).toEqual(
      new Uint8Array([0xef, 0xbb, 0xbf]),
    );
    expect(text.split("\r\n")).toEqual([
      "title;customer;externalReference;projectManager;status;projectType;category;area;budget;currentMarginability;startDate;endDate",
      "ERP rollout;Acme Corp;Q-200;Alan Turing;Closed;;;;800;;;",
      "Website;Acme Corp;Q-100;Ada Lovelace;Open;;;;5000;40;2025-01-10;2025-03-31",
      "",
    ]);
  });

  it("greys the add button with the reason once the plan's project limit is reached", async () => {
    projectsServer({ me: signedInUser({}, projectsLimitedTo(3)), projects });
    const { user } = renderApp({ route: projectsRoute() });
    const add = await screen.findByRole("button", { name: "Add project" });
    await waitFor(() => expect(add).toBeDisabled());
    await user.hover(add.parentElement as HTMLElement);
    expect(await screen.findByText("Your plan allows 3 projects. Upgrade the plan to add more.")).toBeInTheDocument();
  });

  it("lets the add button work below the limit and hides it without the right to create projects", async () => {
    projectsServer({ me: signedInUser({}, projectsLimitedTo(4)), projects });
    const first = renderApp({ route: projectsRoute() });
    await waitFor(() => expect(screen.getByRole("button", { name: "Add project" })).toBeEnabled());
    first.unmount();

    const reader: Role = { uid: "role-reader", name: "Reader", acls: [{ subject: "project", actions: ["read"] }] };
    projectsServer({ me: signedInUser({ role: reader }), projects });
    renderApp({ route: projectsRoute() });
    await screen.findByRole("region", { name: "Projects I manage" });
    expect(screen.queryByRole("button", { name: "Add project" })).not.toBeInTheDocument();
  });

  it("invites to add the first project when there are none, in Italian", async () => {
    projectsServer({ me: signedInUser({ language: "it" }), projects: [] });
    renderApp({ route: projectsRoute() });
    expect(await screen.findByText("Ancora nessun progetto")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Aggiungi progetto" }).length).toBeGreaterThan(0);
  });

  it("says so when the projects cannot be loaded, and tries again", async () => {
    let fail = true;
    projectsServer({
      routes: {
        "GET /api/v1/organization/org-1/project": () =>
          fail
            ? new Response(JSON.stringify({ statusCode: 500, code: "INTERNAL", ErrorMessage: "Boom" }), {
                status: 500,
              })
            : new Response(JSON.stringify(projects), { status: 200 }),
      },
    });
    const { user } = renderApp({ route: projectsRoute() });
    expect(await screen.findByText("Could not load the projects.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("region", { name: "Projects I manage" })).toBeInTheDocument();
  });

  it("shows the other signed-in user's own projects under my projects", async () => {
    projectsServer({ me: signedInUser({ uid: ids.grace, nominative: "Grace Hopper" }), projects });
    renderApp({ route: `/user/${ids.grace}/projects?organizationId=org-1` });
    await screen.findByRole("region", { name: "Projects I manage" });
    expect(cardTitles("Projects I manage")).toEqual(["Mobile app"]);
    expect(cardTitles("Projects I'm a member of")).toEqual(["Website"]);
  });
});
