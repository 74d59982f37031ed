import { screen, waitFor, within } from "@testing-library/react";
import type { PaymoTasksAnswer } from "@timetrap/domain";
import { describe, expect, it, vi } from "vitest";
import { buildUser } from "../../../testing/builders";
import { chooseOption } from "../../../testing/combobox";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderWithProviders } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";
import { SidePanel } from "../side-panel/side-panel";
import { localDay } from "./item-filters";
import { buildPaymoTask, paymoProjects } from "./item-fixtures";

const tasksPath = "/api/v1/connect/paymo/tasks";
const day = (offset: number) => localDay(Date.now() + offset * 86_400_000);

const answer: PaymoTasksAnswer = {
  projects: paymoProjects,
  tasks: [
    buildPaymoTask({ id: "1", name: "Draw the logo", project_id: "301", due_date: null }),
    buildPaymoTask({ id: "2", name: "Price the shirts", project_id: "302", due_date: day(0) }),
    buildPaymoTask({ id: "3", name: "Pick the colours", project_id: "301", due_date: day(-3), description: "Warm" }),
    buildPaymoTask({ id: "4", name: "Open the shop", project_id: "302", due_date: day(10) }),
  ],
};

function panelServer(tasks: StubHandler = () => jsonResponse(answer)) {
  return stubSignedInApi(buildUser(), { [`GET ${tasksPath}`]: tasks });
}

function renderPanel() {
  return renderWithProviders(<SidePanel userId="user-1" source="paymo" onClose={vi.fn()} />, {
    route: "/user/user-1/board?panel=paymo",
  });
}

const titles = async () =>
  within(await screen.findByRole("list", { name: "Paymo tasks to drag onto the board" }))
    .getAllByRole("article")
    .map((card) => card.getAttribute("aria-label"));

describe("the side panel's Paymo source", () => {
  it("lists the tasks of the active projects, the soonest due first, with their project", async () => {
    panelServer();
    renderPanel();
    expect(await titles()).toEqual(["Pick the colours", "Price the shirts", "Open the shop", "Draw the logo"]);
    const card = screen.getByRole("article", { name: "Pick the colours" });
    expect(within(card).getByText("Branding")).toBeInTheDocument();
    expect(within(card).getByText("Warm")).toBeInTheDocument();
    expect(within(card).getByText("Paymo")).toBeInTheDocument();
    expect(card).toHaveAttribute("data-drop-item", "paymo:3");
    // Paymo's tasks are completed in Paymo: no button here.
    expect(within(card).queryByRole("button", { name: /Complete/ })).not.toBeInTheDocument();
  });

  it("filters by project and to today's tasks (the dates compared), each alone or both", async () => {
    panelServer();
    const { user } = renderPanel();
    await titles();
    await chooseOption(user, "Project", "Branding");
    await waitFor(async () => expect(await titles()).toEqual(["Pick the colours", "Draw the logo"]));
    await user.click(screen.getByRole("switch", { name: "Due today or overdue only" }));
    await waitFor(async () => expect(await titles()).toEqual(["Pick the colours"]));

    await chooseOption(user, "Project", "All projects");
    await waitFor(async () => expect(await titles()).toEqual(["Pick the colours", "Price the shirts"]));
    await user.click(screen.getByRole("switch", { name: "Due today or overdue only" }));
    await waitFor(async () => expect(await titles()).toHaveLength(4));
  });

  it("says when nothing matches the filters", async () => {
    panelServer(() => jsonResponse({ ...answer, tasks: [buildPaymoTask({ due_date: null })] }));
    const { user } = renderPanel();
    await titles();
    await user.click(screen.getByRole("switch", { name: "Due today or overdue only" }));
    expect(await screen.findByText("No task matches the chosen filters.")).toBeInTheDocument();
  });

  it("says when Paymo's key was refused, with the way to connect it again", async () => {
    panelServer(() => errorResponse(409, "INTEGRATION_NEEDS_RECONNECT", "Paymo: Invalid API key", "Conflict"));
    renderPanel();
    expect(await screen.findByText("Paymo needs to be connected again")).toBeInTheDocument();
    expect(screen.getByText("Paymo: Invalid API key")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Connect it again" })).toHaveAttribute("href", "/user/user-1/integrations");
  });

  it("says when Paymo is not connected", async () => {
    panelServer(() => errorResponse(409, "INTEGRATION_NOT_CONNECTED", "Paymo is not connected", "Conflict"));
    renderPanel();
    expect(await screen.findByText("Paymo is not connected")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Connect Paymo" })).toHaveAttribute("href", "/user/user-1/integrations");
  });
});
