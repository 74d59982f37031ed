import { screen, waitFor, within } from "@testing-library/react";
import type { TodoistTasksAnswer } from "@timetrap/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderWithProviders } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";
import { SidePanel } from "../side-panel/side-panel";
import { localDay } from "./item-filters";
import { buildTodoistTask, todoistProjects } from "./item-fixtures";

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

const tasksPath = "/api/v1/connect/todoist/tasks";
const dayMs = 86_400_000;
const day = (offset: number) => localDay(Date.now() + offset * dayMs);

const answer: TodoistTasksAnswer = {
  projects: todoistProjects,
  tasks: [
    buildTodoistTask({ id: "t-later", content: "Plan the retrospective", due: { date: day(3) } }),
    buildTodoistTask({ id: "t-today", content: "Call the printer", due: { date: `${day(0)}T09:00:00` } }),
    buildTodoistTask({
      id: "t-home",
      content: "Water the plants",
      due: null,
      project_id: "6Jf8VQXxpwv56VQ8",
      priority: 1,
    }),
    buildTodoistTask({ id: "t-late", content: "Send the invoice", due: { date: day(-2) }, priority: 4 }),
  ],
};

function panelServer(tasks: StubHandler = () => jsonResponse(answer), routes: Record<string, StubHandler> = {}) {
  return stubSignedInApi(buildUser(), { [`GET ${tasksPath}`]: tasks, ...routes });
}

function renderPanel(userId = "user-1") {
  return renderWithProviders(<SidePanel userId={userId} source="todoist" onClose={vi.fn()} />, {
    route: `/user/${userId}/board?panel=todoist`,
  });
}

const list = () => screen.findByRole("list", { name: "Todoist tasks to drag onto the board" });
const titles = async () =>
  within(await list())
    .getAllByRole("article")
    .map((card) => card.getAttribute("aria-label"));

describe("the side panel's Todoist source", () => {
  it("lists the person's active tasks, the soonest due first, as cards that drop as one-hour activities", async () => {
    const fetch = panelServer();
    renderPanel();
    expect(await screen.findByRole("heading", { name: "Todoist" })).toBeInTheDocument();
    expect(await titles()).toEqual([
      "Send the invoice",
      "Call the printer",
      "Plan the retrospective",
      "Water the plants",
    ]);
    expect(fetch.requestsTo("GET", tasksPath)).toHaveLength(1);

    const card = screen.getByRole("article", { name: "Send the invoice" });
    expect(within(card).getByText("Website")).toBeInTheDocument();
    expect(within(card).getByText("High")).toBeInTheDocument();
    await waitFor(() => expect(draggables.at(-1)?.container.contains(card)).toBe(true));
    const eventData = draggables.at(-1)?.settings.eventData as (element: HTMLElement) => unknown;
    expect(eventData(card)).toEqual({
      title: "Send the invoice",
      duration: "01:00",
      create: true,
      extendedProps: {
        dropItem: {
          title: "Send the invoice",
          source: "todoist",
          sourceId: "t-late",
          color: null,
          projectId: null,
          categoryId: null,
          taskLinkedId: null,
        },
      },
    });
  });

  it("filters from its popover to today's tasks (the late ones with them) or to one project's", async () => {
    panelServer();
    const { user } = renderPanel();
    await list();
    await user.click(screen.getByRole("button", { name: "Filter: All tasks" }));
    await user.click(await screen.findByRole("radio", { name: /^Today/ }));
    await waitFor(async () => expect(await titles()).toEqual(["Send the invoice", "Call the printer"]));
    expect(screen.getByRole("button", { name: "Filter: Today" })).toBeInTheDocument();

    await waitFor(() => expect(screen.queryByRole("radiogroup")).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Filter: Today" }));
    await user.click(await screen.findByRole("radio", { name: "Home" }));
    await waitFor(async () => expect(await titles()).toEqual(["Water the plants"]));

    await user.click(screen.getByRole("button", { name: "Filter: Home" }));
    await user.click(await screen.findByRole("radio", { name: "All tasks" }));
    await waitFor(async () => expect(await titles()).toHaveLength(4));
  });

  it("says when no task matches the filter", async () => {
    panelServer(() => jsonResponse({ ...answer, tasks: [buildTodoistTask({ due: { date: day(5) } })] }));
    const { user } = renderPanel();
    await list();
    await user.click(screen.getByRole("button", { name: "Filter: All tasks" }));
    await user.click(await screen.findByRole("radio", { name: /^Today/ }));
    expect(await screen.findByText("No task matches the chosen filters.")).toBeInTheDocument();
  });

  it("closes a task in Todoist: the success toast, and the card leaves the list without asking Todoist again", async () => {
    const fetch = panelServer(undefined, {
      "POST /api/v1/connect/todoist/tasks/t-today/close": () => jsonResponse({ success: true, err: null }),
    });
    const { user } = renderPanel();
    await list();
    await user.click(screen.getByRole("button", { name: "Complete “Call the printer”" }));

    expect(await screen.findByText("Action executed successfully")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("article", { name: "Call the printer" })).not.toBeInTheDocument());
    expect(await titles()).toEqual(["Send the invoice", "Plan the retrospective", "Water the plants"]);
    expect(fetch.requestsTo("POST", "/api/v1/connect/todoist/tasks/t-today/close")).toHaveLength(1);
    expect(fetch.requestsTo("POST", "/api/v1/connect/todoist/tasks/t-today/close")[0]?.body).toBeUndefined();
    expect(fetch.requestsTo("GET", tasksPath)).toHaveLength(1);
  });

  it("tells a refusal with common.error and Todoist's words, and asks the list again (the task may be gone)", async () => {
    let tasks = answer.tasks;
    const fetch = panelServer(() => jsonResponse({ ...answer, tasks }), {
      "POST /api/v1/connect/todoist/tasks/t-today/close": () => {
        tasks = tasks.filter((task) => task.id !== "t-today");
        return jsonResponse({ success: false, err: "Todoist: Task not found" });
      },
    });
    const { user } = renderPanel();
    await list();
    await user.click(screen.getByRole("button", { name: "Complete “Call the printer”" }));

    expect(await screen.findByText("Something went wrong. Please try again.")).toBeInTheDocument();
    expect(screen.getByText("Todoist: Task not found")).toBeInTheDocument();
    expect(screen.queryByText("Action executed successfully")).not.toBeInTheDocument();
    await waitFor(() => expect(fetch.requestsTo("GET", tasksPath)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole("article", { name: "Call the printer" })).not.toBeInTheDocument());
  });

  it("tells a failed call with common.error and keeps the card", async () => {
    panelServer(undefined, {
      "POST /api/v1/connect/todoist/tasks/t-today/close": () =>
        errorResponse(
          503,
          "UPSTREAM_RATE_LIMITED",
          "Todoist: too many requests, try again later",
          "Service Unavailable",
        ),
    });
    const { user } = renderPanel();
    await list();
    await user.click(screen.getByRole("button", { name: "Complete “Call the printer”" }));
    expect(await screen.findByText("Todoist: too many requests, try again later")).toBeInTheDocument();
    expect(screen.getByText("Something went wrong. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Call the printer" })).toBeInTheDocument();
  });

  it("says when Todoist is not connected, with the way to the integrations page", async () => {
    panelServer(() => errorResponse(409, "INTEGRATION_NOT_CONNECTED", "Todoist is not connected", "Conflict"));
    renderPanel();
    expect(await screen.findByText("Todoist is not connected")).toBeInTheDocument();
    expect(
      screen.getByText("Connect it on the integrations page to list your Todoist tasks here."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Connect Todoist" })).toHaveAttribute("href", "/user/user-1/integrations");
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
    // Nothing to filter: the filter and the refresh wait for the connection.
    expect(screen.queryByRole("button", { name: /^Filter/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Refresh" })).not.toBeInTheDocument();
  });

  it("says when Todoist refused the stored access, with its reason and the way to connect again", async () => {
    panelServer(() => errorResponse(409, "INTEGRATION_NEEDS_RECONNECT", "Todoist: Invalid token", "Conflict"));
    renderPanel();
    expect(await screen.findByText("Todoist needs to be connected again")).toBeInTheDocument();
    expect(screen.getByText("Todoist: Invalid token")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Connect it again" })).toHaveAttribute("href", "/user/user-1/integrations");
  });

  it("asks Todoist again on refresh, showing that it is updating, and after a failure once retried", async () => {
    let release: () => void = () => {};
    let calls = 0;
    const fetch = panelServer(async () => {
      calls += 1;
      if (calls === 1) return errorResponse(502, "UPSTREAM_ERROR", "Todoist: Service Unavailable", "Bad Gateway");
      if (calls === 3) await new Promise<void>((resolve) => (release = resolve));
      return jsonResponse(calls === 2 ? { ...answer, tasks: answer.tasks.slice(0, 1) } : answer);
    });
    const { user } = renderPanel();
    expect(await screen.findByText("Could not load your Todoist tasks")).toBeInTheDocument();
    expect(screen.getByText("Todoist: Service Unavailable")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await titles()).toEqual(["Plan the retrospective"]);

    await user.click(screen.getByRole("button", { name: "Refresh" }));
    expect(await screen.findByLabelText("Updating…")).toBeInTheDocument();
    release();
    await waitFor(async () => expect(await titles()).toHaveLength(4));
    expect(screen.queryByLabelText("Updating…")).not.toBeInTheDocument();
    expect(fetch.requestsTo("GET", tasksPath)).toHaveLength(3);
  });

  it("on another person's board, says the tasks are one's own", async () => {
    panelServer();
    renderPanel("user-2");
    await list();
    expect(
      screen.getByText("These are your own Todoist tasks: one dropped here is planned on this board."),
    ).toBeInTheDocument();
  });

  it("speaks Italian", async () => {
    stubSignedInApi(buildUser({ language: "it" }), { [`GET ${tasksPath}`]: () => jsonResponse(answer) });
    const { user } = renderPanel();
    await screen.findByRole("list", { name: "Task di Todoist da trascinare sulla board" });
    await user.click(screen.getByRole("button", { name: "Filtro: Tutti i task" }));
    expect(await screen.findByRole("radio", { name: /^Oggi/ })).toBeInTheDocument();
    expect(screen.getByText("In scadenza oggi o scaduti")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Completa “Call the printer”" })).toBeInTheDocument();
  });
});
