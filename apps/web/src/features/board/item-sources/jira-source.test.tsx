import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildUser } from "../../../testing/builders";
import { chooseOption, openOptions } from "../../../testing/combobox";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderWithProviders } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";
import { SidePanel } from "../side-panel/side-panel";
import { buildJiraIssue } from "./item-fixtures";

/** Each Draggable the panel makes, with its settings, so a test can ask what a dragged card would carry. */
const draggables = vi.hoisted(() => [] as { container: HTMLElement; settings: Record<string, unknown> }[]);

vi.mock(import("@fullcalendar/react/interaction"), async (importOriginal) => ({
  ...(await importOriginal()),
  Draggable: class {
    constructor(container: HTMLElement, settings: Record<string, unknown>) {
      draggables.push({ container, settings });
    }
    destroy() {}
  } as never,
}));

afterEach(() => {
  draggables.length = 0;
});

const tasksPath = "/api/v1/connect/jira/tasks";
const issue = (key: string, type: string, summary: string) =>
  buildJiraIssue({
    id: `1${key.replace(/\D/g, "")}`,
    key,
    url: `https://acme.atlassian.net/browse/${key}`,
    fields: { summary, issuetype: { id: type, name: type, iconUrl: "https://acme.atlassian.net/icon.svg" } },
  });
const issues = [
  issue("SHOP-11", "Story", "Checkout in one page"),
  issue("PROJ-7", "Bug", "Login fails with a long password"),
  issue("SHOP-12", "Sub-task", "Write the copy"),
  issue("PROJ-2", "Story", "Password reset"),
];

function panelServer(tasks: StubHandler = () => jsonResponse({ tasks: issues })) {
  return stubSignedInApi(buildUser(), { [`GET ${tasksPath}`]: tasks });
}

function renderPanel() {
  return renderWithProviders(<SidePanel userId="user-1" source="jira" onClose={vi.fn()} />, {
    route: "/user/user-1/board?panel=jira",
  });
}

const titles = async () =>
  within(await screen.findByRole("list", { name: "Jira tasks to drag onto the board" }))
    .getAllByRole("article")
    .map((card) => card.getAttribute("aria-label"));

describe("the side panel's Jira source", () => {
  it("lists the person's open issues in Jira's order, each with its key, its type and the type's icon", async () => {
    panelServer();
    renderPanel();
    expect(await titles()).toEqual([
      "Checkout in one page",
      "Login fails with a long password",
      "Write the copy",
      "Password reset",
    ]);
    const card = screen.getByRole("article", { name: "Write the copy" });
    expect(within(card).getByText("SHOP-12 · Sub-task")).toBeInTheDocument();
    expect(card.querySelector("[data-kind]")).toHaveAttribute("data-kind", "subtask");
    // Nothing is fetched from the Jira site.
    expect(document.querySelector("img")).toBeNull();
  });

  it("drags an issue as a one-hour activity whose source id is its key", async () => {
    panelServer();
    renderPanel();
    await titles();
    const card = screen.getByRole("article", { name: "Login fails with a long password" });
    await waitFor(() => expect(draggables.at(-1)?.container.contains(card)).toBe(true));
    const eventData = draggables.at(-1)?.settings.eventData as (element: HTMLElement) => { extendedProps: unknown };
    expect(eventData(card)).toMatchObject({
      duration: "01:00",
      create: true,
      extendedProps: {
        dropItem: { title: "Login fails with a long password", source: "jira", sourceId: "PROJ-7", taskLinkedId: null },
      },
    });
  });

  it("filters by issue type, each offered once with its icon", async () => {
    panelServer();
    const { user } = renderPanel();
    await titles();
    const options = await openOptions(user, "Issue type");
    const offered = within(options).getAllByRole("option", { hidden: true });
    expect(offered.map((option) => option.textContent)).toEqual(["All types", "Bug", "Story", "Sub-task"]);
    expect(offered.map((option) => option.querySelector("[data-kind]")?.getAttribute("data-kind"))).toEqual([
      undefined,
      "bug",
      "story",
      "subtask",
    ]);
    await user.click(within(options).getByRole("option", { name: "Story", hidden: true }));
    await waitFor(async () => expect(await titles()).toEqual(["Checkout in one page", "Password reset"]));

    await chooseOption(user, "Issue type", "Bug");
    await waitFor(async () => expect(await titles()).toEqual(["Login fails with a long password"]));
    await chooseOption(user, "Issue type", "All types");
    await waitFor(async () => expect(await titles()).toHaveLength(4));
  });

  it("says when Jira refused the stored token, with its words and the way to connect again", async () => {
    panelServer(() =>
      errorResponse(409, "INTEGRATION_NEEDS_RECONNECT", "Jira: Client must be authenticated", "Conflict"),
    );
    renderPanel();
    expect(await screen.findByText("Jira needs to be connected again")).toBeInTheDocument();
    expect(screen.getByText("Jira: Client must be authenticated")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Connect it again" })).toHaveAttribute("href", "/user/user-1/integrations");
  });

  it("says when Jira is not connected", async () => {
    panelServer(() => errorResponse(409, "INTEGRATION_NOT_CONNECTED", "Jira is not connected", "Conflict"));
    renderPanel();
    expect(await screen.findByText("Jira is not connected")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Connect Jira" })).toHaveAttribute("href", "/user/user-1/integrations");
  });

  it("has nothing to show when no issue is assigned", async () => {
    panelServer(() => jsonResponse({ tasks: [] }));
    renderPanel();
    expect(await screen.findByText("Jira has no open tasks for you.")).toBeInTheDocument();
  });
});
