import { screen, waitFor, within } from "@testing-library/react";
import type { Task } from "@timetrap/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildProject, buildTask, buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderWithProviders } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";
import { SidePanel } from "./side-panel";

/** Each Draggable the panel makes, with its settings, so a test can ask what a dragged card would carry. */
const draggables = vi.hoisted(
  () => [] as { container: HTMLElement; settings: Record<string, unknown>; destroyed: boolean }[],
);

// The plugin itself stays for the board the app's routes draw; only the drag source is watched.
vi.mock(import("@fullcalendar/react/interaction"), async (importOriginal) => ({
  ...(await importOriginal()),
  Draggable: class {
    private readonly record: (typeof draggables)[number];
    constructor(container: HTMLElement, settings: Record<string, unknown>) {
      this.record = { container, settings, destroyed: false };
      draggables.push(this.record);
    }
    destroy() {
      this.record.destroyed = true;
    }
  } as never,
}));

afterEach(() => {
  draggables.length = 0;
});

const dayMs = 24 * 60 * 60 * 1000;
const grace = { uid: "user-2", nominative: "Grace Hopper", image_url: null };

/** Grace's task on the Website project, a subtask of Launch, two days late: the overdue colour is red. */
function gracesTask(overrides: Partial<Task> = {}): Task {
  return buildTask({
    due_date: Date.now() - 2 * dayMs,
    user: grace,
    project: { uid: "project-web", title: "Website", category: null, customer_nominative: "Acme Corp" },
    parent_task: { uid: "task-0", name: "Launch" },
    priority: 50,
    category: { uid: "category-design", name: "Design", color: "#fab005" },
    ...overrides,
  });
}

const clients = { uid: "pc-clients", name: "Clients", color: "#228be6" };
const internal = { uid: "pc-internal", name: "Internal", color: "#40c057" };
const projects = [
  buildProject({ uid: "project-web", title: "Website", category: clients }),
  buildProject({ uid: "project-app", title: "App", category: clients }),
  buildProject({ uid: "project-hr", title: "Hiring", category: internal }),
  buildProject({ uid: "project-misc", title: "Odds and ends", category: null }),
];

function panelServer({
  tasks = [gracesTask()],
  routes = {},
}: {
  tasks?: Task[];
  routes?: Record<string, StubHandler>;
} = {}) {
  return stubSignedInApi(buildUser({ uid: "user-1" }), {
    "GET /api/v1/organization/org-1/task": () => jsonResponse(tasks),
    "GET /api/v1/organization/org-1/project": () => jsonResponse(projects),
    ...routes,
  });
}

const route = "/user/user-2/board?panel=tasks";

function renderPanel(source = "tasks", onClose = vi.fn()) {
  return {
    ...renderWithProviders(<SidePanel userId="user-2" source={source} onClose={onClose} />, { route }),
    onClose,
  };
}

const card = (name: string) => screen.findByRole("article", { name });

describe("side panel, Tasks source", () => {
  it("lists the board owner's tasks, each card showing every field of the task", async () => {
    const fetch = panelServer();
    renderPanel();
    const wireframes = await card("Wireframes");

    expect(fetch.requestsTo("GET", "/api/v1/organization/org-1/task")[0]?.url.searchParams.get("user_id")).toBe(
      "user-2",
    );
    const view = within(wireframes);
    expect(view.getByRole("link", { name: "Wireframes" })).toHaveAttribute(
      "href",
      "/user/user-2/board?panel=tasks&modal=task&taskId=task-1",
    );
    expect(view.getByText("Timetrap")).toBeInTheDocument();
    expect(view.getByText("Subtask of Launch")).toBeInTheDocument();
    expect(view.getByText("Website · Acme Corp")).toBeInTheDocument();
    const due = new Date(Date.now() - 2 * dayMs);
    const dueText = `${String(due.getDate()).padStart(2, "0")}/${String(due.getMonth() + 1).padStart(2, "0")}/${due.getFullYear()}`;
    const dueBadge = view.getByLabelText(`Due ${dueText}`);
    expect(dueBadge).toHaveTextContent(dueText);
    // More than a day late: red (spec part 1 §4).
    expect(dueBadge.closest("[class*=Badge-root]") ?? dueBadge).toHaveStyle({
      "--badge-color": "var(--mantine-color-red-light-color)",
    });
    expect(view.getByText("Open")).toBeInTheDocument();
    expect(view.getByText("Grace Hopper")).toBeInTheDocument();
    expect(view.getByText("GH")).toBeInTheDocument();
    expect(view.getByText("Highest")).toBeInTheDocument();
    expect(view.getByText("Design")).toBeInTheDocument();
    // Open tasks can be dragged onto the board.
    expect(wireframes).toHaveAttribute("data-drop-item", "task-1");
    expect(view.getByRole("link", { name: "Wireframes" })).not.toHaveStyle({ textDecoration: "line-through" });
  });

  it("offers only open tasks; All adds the completed ones, struck through and not draggable", async () => {
    panelServer({
      tasks: [gracesTask(), gracesTask({ uid: "task-2", name: "Copywriting", complete: true, parent_task: null })],
    });
    const { user } = renderPanel();
    await card("Wireframes");
    expect(screen.queryByRole("article", { name: "Copywriting" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: "All" }));
    const done = await card("Copywriting");
    expect(within(done).getByRole("link", { name: "Copywriting" })).toHaveStyle({ textDecoration: "line-through" });
    expect(within(done).getByText("Completed")).toBeInTheDocument();
    expect(done).not.toHaveAttribute("data-drop-item");
    // A completed task is no longer late.
    expect(
      within(done)
        .getByText(/^\d\d\/\d\d\/\d{4}$/)
        .closest("[class*=Badge-root]"),
    ).toHaveStyle({
      "--badge-color": "var(--mantine-color-gray-light-color)",
    });
  });

  it("makes the list a drag source whose cards carry the task as a one-hour block, and lets it go on unmount", async () => {
    panelServer();
    const { unmount } = renderPanel();
    const wireframes = await card("Wireframes");
    await waitFor(() => expect(draggables.at(-1)?.container.contains(wireframes)).toBe(true));
    const draggable = draggables.at(-1);
    if (!draggable) throw new Error("No drag source");
    expect(draggable.settings.itemSelector).toBe("[data-drop-item]");
    const eventData = draggable.settings.eventData as (el: HTMLElement) => unknown;
    expect(eventData(wireframes)).toEqual({
      title: "Wireframes",
      duration: "01:00",
      create: true,
      extendedProps: {
        dropItem: {
          title: "Wireframes",
          source: "timetrap",
          sourceId: "task-1",
          color: "#fab005",
          projectId: "project-web",
          categoryId: "category-design",
          taskLinkedId: "task-1",
        },
      },
    });

    unmount();
    expect(draggables.every((record) => record.destroyed)).toBe(true);
  });

  it("groups the projects by category, with a group for those without one, and filters the list", async () => {
    panelServer({
      tasks: [
        gracesTask(),
        gracesTask({
          uid: "task-3",
          name: "Interviews",
          project: { uid: "project-hr", title: "Hiring", category: null, customer_nominative: null },
        }),
      ],
    });
    const { user } = renderPanel();
    await card("Wireframes");
    const select = screen.getByRole("combobox", { name: "Project" });
    expect(select).toHaveAttribute("placeholder", "All projects");
    await user.click(select);

    const groups = await screen.findAllByRole("group", { hidden: true });
    const summary = groups.map((group) => ({
      group: document.getElementById(group.getAttribute("aria-labelledby") ?? "")?.textContent,
      options: within(group)
        .getAllByRole("option", { hidden: true })
        .map((option) => option.textContent),
    }));
    expect(summary).toEqual([
      { group: "Clients", options: ["App", "Website"] },
      { group: "Internal", options: ["Hiring"] },
      { group: "No project category", options: ["Odds and ends"] },
    ]);

    await user.click(screen.getByRole("option", { name: "Hiring", hidden: true }));
    await card("Interviews");
    expect(screen.queryByRole("article", { name: "Wireframes" })).not.toBeInTheDocument();
  });

  it("adds a task through the address, in the chosen project, and opens a task by its card", async () => {
    panelServer();
    const { user } = renderPanel();
    await card("Wireframes");
    await user.click(screen.getByRole("button", { name: "New task" }));
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/user\/user-2\/board\?panel=tasks&modal=task$/);

    await user.click(screen.getByRole("combobox", { name: "Project" }));
    await user.click(await screen.findByRole("option", { name: "Website", hidden: true }));
    await user.click(screen.getByRole("button", { name: "New task" }));
    expect(screen.getByTestId("location")).toHaveTextContent(
      /^\/user\/user-2\/board\?panel=tasks&modal=task&projectId=project-web$/,
    );

    await user.click(within(await card("Wireframes")).getByText("Design"));
    expect(screen.getByTestId("location")).toHaveTextContent(
      /^\/user\/user-2\/board\?panel=tasks&modal=task&taskId=task-1$/,
    );
  });

  it("refreshes the list on demand", async () => {
    let tasks = [gracesTask()];
    panelServer({ routes: { "GET /api/v1/organization/org-1/task": () => jsonResponse(tasks) } });
    const { user } = renderPanel();
    await card("Wireframes");
    tasks = [...tasks, gracesTask({ uid: "task-4", name: "Sitemap" })];
    await user.click(screen.getByRole("button", { name: "Refresh" }));
    expect(await card("Sitemap")).toBeInTheDocument();
  });

  it("says when there is nothing to plan", async () => {
    panelServer({ tasks: [] });
    renderPanel();
    expect(await screen.findByText("No tasks")).toBeInTheDocument();
    expect(screen.getByText("No task is assigned yet. Add one, then drag it onto the board.")).toBeInTheDocument();
  });

  it("tells a failed load in the panel and in an error toast", async () => {
    panelServer({
      routes: { "GET /api/v1/organization/org-1/task": () => errorResponse(500, "INTERNAL", "Internal error") },
    });
    renderPanel();
    expect(await screen.findByText("Could not load the tasks")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
    // The toast, at the bottom left (spec part 1 §8).
    expect(await screen.findByText("Something went wrong. Please try again.")).toBeInTheDocument();
  });

  it("speaks Italian: the filter, the project choice and the close button", async () => {
    stubSignedInApi(buildUser({ uid: "user-1", language: "it" }), {
      "GET /api/v1/organization/org-1/task": () => jsonResponse([gracesTask()]),
      "GET /api/v1/organization/org-1/project": () => jsonResponse(projects),
    });
    const { user, onClose } = renderPanel();
    expect(await screen.findByRole("heading", { name: "Task" })).toBeInTheDocument();
    expect(await screen.findByRole("radio", { name: "Da completare" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Tutti" })).not.toBeChecked();
    expect(screen.getByRole("combobox", { name: "Progetto" })).toHaveAttribute("placeholder", "Tutti i progetti");
    await user.click(screen.getByRole("button", { name: "Chiudi pannello" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe("side panel, other sources", () => {
  it("says a source it does not know arrives with its integration, instead of an empty list", async () => {
    panelServer();
    renderPanel("notion");
    expect(await screen.findByRole("heading", { name: "notion" })).toBeInTheDocument();
    expect(screen.getByText("notion arrives with its integration")).toBeInTheDocument();
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
  });
});
