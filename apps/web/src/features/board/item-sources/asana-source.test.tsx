import { screen, waitFor, within } from "@testing-library/react";
import type { AsanaTask } from "@timetrap/domain";
import { describe, expect, it, vi } from "vitest";
import { buildUser } from "../../../testing/builders";
import { chooseOption } from "../../../testing/combobox";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderWithProviders } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";
import { SidePanel } from "../side-panel/side-panel";
import { localDay } from "./item-filters";
import { buildAsanaTask } from "./item-fixtures";

const workspacesPath = "/api/v1/connect/asana/workspaces";
const projectsPath = "/api/v1/connect/asana/projects";
const tasksPath = "/api/v1/connect/asana/tasks";
const day = (offset: number) => localDay(Date.now() + offset * 86_400_000);

const legal = { gid: "p-legal", name: "Legal" };
const website = { gid: "p-web", name: "Website" };
/** The person's tasks in the Acme workspace, and those of each project. */
const mine: AsanaTask[] = [
  buildAsanaTask({ gid: "a-contract", name: "Review the contract", due_on: day(0), projects: [legal] }),
  buildAsanaTask({ gid: "a-banner", name: "Draw the banner", due_on: day(4), projects: [website] }),
  buildAsanaTask({ gid: "a-late", name: "Renew the domain", due_on: day(-1), projects: [website] }),
];
const ofProject: Record<string, AsanaTask[]> = {
  "p-legal": [mine[0] as AsanaTask],
  "p-web": [
    mine[1] as AsanaTask,
    mine[2] as AsanaTask,
    buildAsanaTask({ gid: "a-other", name: "Grace's copy", due_on: null, projects: [website] }),
  ],
};

function panelServer(routes: Record<string, StubHandler> = {}) {
  return stubSignedInApi(buildUser(), {
    [`GET ${workspacesPath}`]: () =>
      jsonResponse({
        workspaces: [
          { gid: "w-acme", name: "Acme" },
          { gid: "w-home", name: "Home" },
        ],
      }),
    [`GET ${projectsPath}`]: ({ url }) =>
      jsonResponse({ projects: url.searchParams.get("workspaceId") === "w-acme" ? [website, legal] : [] }),
    [`GET ${tasksPath}`]: ({ url }) => {
      const projectId = url.searchParams.get("projectId");
      if (projectId) return jsonResponse({ tasks: ofProject[projectId] ?? [] });
      return jsonResponse({ tasks: url.searchParams.get("workspaceId") === "w-acme" ? mine : [] });
    },
    ...routes,
  });
}

function renderPanel() {
  return renderWithProviders(<SidePanel userId="user-1" source="asana" onClose={vi.fn()} />, {
    route: "/user/user-1/board?panel=asana",
  });
}

const titles = async () =>
  within(await screen.findByRole("list", { name: "Asana tasks to drag onto the board" }))
    .getAllByRole("article")
    .map((card) => card.getAttribute("aria-label"));

describe("the side panel's Asana source", () => {
  it("starts on the first workspace with all projects: the person's tasks there, the soonest due first", async () => {
    const fetch = panelServer();
    renderPanel();
    expect(await titles()).toEqual(["Renew the domain", "Review the contract", "Draw the banner"]);
    expect(screen.getByRole("combobox", { name: "Workspace" })).toHaveValue("Acme");
    expect(screen.getByRole("combobox", { name: "Project" })).toHaveValue("All projects");
    expect(fetch.requestsTo("GET", tasksPath).map((request) => request.url.search)).toEqual(["?workspaceId=w-acme"]);
    expect(fetch.requestsTo("GET", projectsPath)[0]?.url.search).toBe("?workspaceId=w-acme");
    const card = screen.getByRole("article", { name: "Review the contract" });
    expect(within(card).getByText("Legal")).toBeInTheDocument();
    expect(within(card).getByText("Check the renewal clause")).toBeInTheDocument();
  });

  it("lists one project's tasks, back to all projects, and another workspace's", async () => {
    const fetch = panelServer();
    const { user } = renderPanel();
    await titles();
    await chooseOption(user, "Project", "Website");
    await waitFor(async () => expect(await titles()).toEqual(["Renew the domain", "Draw the banner", "Grace's copy"]));
    expect(fetch.requestsTo("GET", tasksPath).at(-1)?.url.search).toBe("?projectId=p-web");

    await chooseOption(user, "Project", "All projects");
    await waitFor(async () => expect(await titles()).toHaveLength(3));
    expect(screen.queryByRole("article", { name: "Grace's copy" })).not.toBeInTheDocument();

    await chooseOption(user, "Project", "Legal");
    await waitFor(async () => expect(await titles()).toEqual(["Review the contract"]));
    // Another workspace starts on all its projects.
    await chooseOption(user, "Workspace", "Home");
    expect(await screen.findByText("Asana has no open tasks for you.")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Project" })).toHaveValue("All projects");
    expect(fetch.requestsTo("GET", tasksPath).at(-1)?.url.search).toBe("?workspaceId=w-home");
  });

  it("filters to today's tasks, the late ones with them", async () => {
    panelServer();
    const { user } = renderPanel();
    await titles();
    await user.click(screen.getByRole("switch", { name: "Due today or overdue only" }));
    await waitFor(async () => expect(await titles()).toEqual(["Renew the domain", "Review the contract"]));
  });

  it("completes a task: the success toast, and the card leaves the list", async () => {
    const fetch = panelServer({
      "POST /api/v1/connect/asana/tasks/a-contract": () => jsonResponse({ success: true, err: null }),
    });
    const { user } = renderPanel();
    await titles();
    await user.click(screen.getByRole("button", { name: "Complete “Review the contract”" }));
    expect(await screen.findByText("Action executed successfully")).toBeInTheDocument();
    await waitFor(async () => expect(await titles()).toEqual(["Renew the domain", "Draw the banner"]));
    expect(fetch.requestsTo("POST", "/api/v1/connect/asana/tasks/a-contract")).toHaveLength(1);
  });

  it("tells a refused completion with common.error and Asana's words, and keeps the card", async () => {
    panelServer({
      "POST /api/v1/connect/asana/tasks/a-contract": () =>
        jsonResponse({ success: false, err: "Asana: You do not have access to this task" }),
    });
    const { user } = renderPanel();
    await titles();
    await user.click(screen.getByRole("button", { name: "Complete “Review the contract”" }));
    expect(await screen.findByText("Something went wrong. Please try again.")).toBeInTheDocument();
    expect(screen.getByText("Asana: You do not have access to this task")).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Review the contract" })).toBeInTheDocument();
  });

  it("tells a failed fetch of the tasks in a browser alert and in the panel, with a retry", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    let failing = true;
    panelServer({
      [`GET ${tasksPath}`]: () =>
        failing
          ? errorResponse(502, "UPSTREAM_ERROR", "Asana: Server Error", "Bad Gateway")
          : jsonResponse({ tasks: mine }),
    });
    const { user } = renderPanel();
    expect(await screen.findByText("Could not load your Asana tasks")).toBeInTheDocument();
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith("Could not load your Asana tasks\nAsana: Server Error");
    failing = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await titles()).toHaveLength(3);
    expect(alert).toHaveBeenCalledTimes(1);
  });

  it("says when Asana is not connected, with the way to the integrations page, and no alert", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const notConnected = () => errorResponse(409, "INTEGRATION_NOT_CONNECTED", "Asana is not connected", "Conflict");
    const fetch = panelServer({ [`GET ${workspacesPath}`]: notConnected });
    renderPanel();
    expect(await screen.findByText("Asana is not connected")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Connect Asana" })).toHaveAttribute("href", "/user/user-1/integrations");
    expect(fetch.requestsTo("GET", tasksPath)).toHaveLength(0);
    expect(alert).not.toHaveBeenCalled();
    expect(screen.queryByRole("combobox", { name: "Workspace" })).not.toBeInTheDocument();
    expect(screen.queryByRole("switch")).not.toBeInTheDocument();
  });

  it("asks to connect again when Asana refuses the stored access while listing the tasks", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    panelServer({
      [`GET ${tasksPath}`]: () =>
        errorResponse(409, "INTEGRATION_NEEDS_RECONNECT", "Asana: Not Authorized", "Conflict"),
    });
    renderPanel();
    expect(await screen.findByText("Asana needs to be connected again")).toBeInTheDocument();
    expect(screen.getByText("Asana: Not Authorized")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Connect it again" })).toHaveAttribute("href", "/user/user-1/integrations");
    expect(alert).not.toHaveBeenCalled();
  });

  it("says so when the account has no workspace", async () => {
    panelServer({ [`GET ${workspacesPath}`]: () => jsonResponse({ workspaces: [] }) });
    renderPanel();
    expect(await screen.findByText("No workspaces in this Asana account")).toBeInTheDocument();
  });
});
