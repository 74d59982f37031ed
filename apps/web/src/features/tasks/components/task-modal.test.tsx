import { screen, waitFor, within } from "@testing-library/react";
import type { OrganizationUser, Project, Task, TaskCategory, User } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { endOfDayMs } from "../../../lib/due-date";
import { buildProject, buildTask, buildUser } from "../../../testing/builders";
import { chooseOption } from "../../../testing/combobox";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

/** Ids are uuids on the wire, and the task form's schema checks them. */
const ids = {
  ada: "3c9a1f00-0000-4000-8000-000000000001",
  grace: "3c9a1f00-0000-4000-8000-000000000002",
  website: "3c9a1f00-0000-4000-8000-0000000000a1",
  erp: "3c9a1f00-0000-4000-8000-0000000000a2",
  meetings: "3c9a1f00-0000-4000-8000-0000000000c1",
  task: "3c9a1f00-0000-4000-8000-0000000000f1",
  parent: "3c9a1f00-0000-4000-8000-0000000000f2",
  subtask: "3c9a1f00-0000-4000-8000-0000000000f3",
};

const ada = { uid: ids.ada, nominative: "Ada Lovelace", image_url: null };
const grace = { uid: ids.grace, nominative: "Grace Hopper", image_url: null };

function member(person: typeof ada): OrganizationUser {
  return {
    ...person,
    email: `${person.nominative.split(" ")[0]?.toLowerCase()}@acme.com`,
    status: "active",
    role: null,
    contract_type: null,
    contractual_hours: null,
    two_factor: false,
    holiday_group_id: null,
  };
}

/** A project Ada manages, with Grace responsible for it. */
function adasProject(uid: string, title: string): Project {
  return buildProject({ uid, title, project_manager: ada, members: [{ user: grace, tags: ["responsible"] }] });
}

const categories: TaskCategory[] = [
  { uid: ids.meetings, name: "Meetings", color: "#fab005", is_used_for_tasks: true, is_used_for_planning: true },
  { uid: "c-2", name: "Planning only", color: "#228be6", is_used_for_tasks: false, is_used_for_planning: true },
];

/** Grace's wireframes for the Website, due on 20 March, in Meetings. */
function gracesTask(overrides: Partial<Task> = {}): Task {
  return buildTask({
    uid: ids.task,
    description: "Home and product pages",
    due_date: endOfDayMs("2026-03-20"),
    user: grace,
    project: { uid: ids.website, title: "Website", category: null, customer_nominative: "Acme Corp" },
    priority: 40,
    category: { uid: ids.meetings, name: "Meetings", color: "#fab005" },
    ...overrides,
  });
}

const taskPath = (id: string) => `/api/v1/organization/org-1/task/${id}`;

function tasksServer({
  me = buildUser({ uid: ids.ada }),
  routes = {},
}: {
  me?: User;
  routes?: Record<string, StubHandler>;
} = {}) {
  return stubSignedInApi(me, {
    "GET /api/v1/organization/org-1/project": () =>
      jsonResponse([adasProject(ids.website, "Website"), adasProject(ids.erp, "ERP rollout")]),
    "GET /api/v1/organization/org-1/user": () => jsonResponse([member(ada), member(grace)]),
    "GET /api/v1/organization/org-1/task-category": () => jsonResponse(categories),
    "GET /api/v1/organization/org-1/task": () => jsonResponse([]),
    ...routes,
  });
}

const board = "/user/user-1/board?organizationId=org-1";

describe("task modal", () => {
  it("opens from the address on any page, with the project given, and closing takes its parameters away", async () => {
    tasksServer();
    const { user } = renderApp({ route: `${board}&modal=task&projectId=${ids.erp}` });
    const dialog = await screen.findByRole("dialog", { name: "New task" });
    await waitFor(() => expect(within(dialog).getByRole("combobox", { name: /^Project/ })).toHaveValue("ERP rollout"));
    expect(within(dialog).getByRole("combobox", { name: /^Priority/ })).toHaveValue("Medium");
    // The complete toggle is for tasks that exist.
    expect(within(dialog).queryByRole("switch", { name: "Completed" })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(board));
    expect(screen.getByTestId("location").textContent).toBe(board);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("names what is missing, and sends nothing", async () => {
    const fetch = tasksServer();
    const { user } = renderApp({ route: `${board}&modal=task` });
    const dialog = await screen.findByRole("dialog", { name: "New task" });
    // A new task is for the person creating it until they choose someone else.
    await waitFor(() =>
      expect(within(dialog).getByRole("combobox", { name: /^Assignee/ })).toHaveValue("Ada Lovelace"),
    );
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Task name is required!")).toBeInTheDocument();
    expect(within(dialog).getByText("Task project is required!")).toBeInTheDocument();
    expect(within(dialog).queryByText("Assignee is required!")).not.toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/task")).toHaveLength(0);
  });

  it("offers a person without any project to create the first one", async () => {
    tasksServer({ routes: { "GET /api/v1/organization/org-1/project": () => jsonResponse([]) } });
    const { user } = renderApp({ route: `${board}&modal=task` });
    const dialog = await screen.findByRole("dialog", { name: "New task" });
    expect(await within(dialog).findByText("No project yet")).toBeInTheDocument();
    const create = within(dialog).getByRole("link", { name: "Create the first project" });
    expect(create).toHaveAttribute("href", `/user/${ids.ada}/projects?organizationId=org-1&new=project`);
    await user.click(create);
    await waitFor(() =>
      expect(screen.getByTestId("location").textContent).toBe(
        `/user/${ids.ada}/projects?organizationId=org-1&new=project`,
      ),
    );
  });

  it("names what is missing in Italian", async () => {
    tasksServer({ me: buildUser({ uid: ids.ada, language: "it" }) });
    const { user } = renderApp({ route: `${board}&modal=task` });
    const dialog = await screen.findByRole("dialog", { name: "Nuovo task" });
    await user.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(within(dialog).getByText("Inserisci il nome del task")).toBeInTheDocument();
    expect(within(dialog).getByText("Seleziona il progetto del task")).toBeInTheDocument();
  });

  it("creates a task due at the end of the picked day, then closes", async () => {
    const fetch = tasksServer({
      routes: {
        "POST /api/v1/organization/org-1/task": ({ body }) =>
          jsonResponse(gracesTask({ uid: ids.parent, ...(body as object) }), 201),
      },
    });
    const { user } = renderApp({ route: `${board}&modal=task&projectId=${ids.website}` });
    const dialog = await screen.findByRole("dialog", { name: "New task" });
    await user.type(within(dialog).getByRole("textbox", { name: /^Name/ }), "  Launch checklist ");
    await chooseOption(user, /^Assignee/, "Grace Hopper");
    await user.type(within(dialog).getByRole("textbox", { name: "Due date" }), "05/04/2026");
    await user.tab();
    await chooseOption(user, /^Category/, "Meetings");
    // A category kept for planning only is not offered for tasks.
    await user.click(screen.getByRole("combobox", { name: /^Category/ }));
    expect(screen.queryByRole("option", { name: "Planning only", hidden: true })).not.toBeInTheDocument();
    await user.keyboard("{Escape}");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Task created")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/task")[0]?.body).toEqual({
      name: "Launch checklist",
      description: null,
      dueDate: endOfDayMs("2026-04-05"),
      projectId: ids.website,
      userId: ids.grace,
      complete: false,
      priority: 30,
      categoryId: ids.meetings,
      parentId: null,
    });
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(board));
  });

  it("edits the task named by taskId, completes it and keeps it under its parent", async () => {
    const fetch = tasksServer({
      routes: {
        [`GET ${taskPath(ids.task)}`]: () => jsonResponse(gracesTask()),
        [`PATCH ${taskPath(ids.task)}`]: ({ body }) => jsonResponse(gracesTask(body as Partial<Task>)),
      },
    });
    const { user } = renderApp({ route: `${board}&modal=task&taskId=${ids.task}` });
    const dialog = await screen.findByRole("dialog", { name: "Edit task" });
    expect(await within(dialog).findByDisplayValue("Wireframes")).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "Due date" })).toHaveValue("20/03/2026");
    expect(within(dialog).getByRole("combobox", { name: /^Priority/ })).toHaveValue("High");
    await waitFor(() =>
      expect(within(dialog).getByRole("combobox", { name: /^Assignee/ })).toHaveValue("Grace Hopper"),
    );

    await user.click(within(dialog).getByRole("switch", { name: "Completed" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Task updated")).toBeInTheDocument();
    expect(fetch.requestsTo("PATCH", taskPath(ids.task))[0]?.body).toEqual({
      name: "Wireframes",
      description: "Home and product pages",
      dueDate: endOfDayMs("2026-03-20"),
      projectId: ids.website,
      userId: ids.grace,
      complete: true,
      priority: 40,
      categoryId: ids.meetings,
    });
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(board));
  });

  it("links the parent and the subtasks, and adds a subtask only with a name and an assignee", async () => {
    let parent = gracesTask({
      uid: ids.parent,
      name: "Website launch",
      sub_tasks: [{ uid: ids.subtask, name: "DNS switch", complete: true, user: ada }],
    });
    const fetch = tasksServer({
      routes: {
        [`GET ${taskPath(ids.parent)}`]: () => jsonResponse(parent),
        "POST /api/v1/organization/org-1/task": ({ body }) => {
          const created = { uid: ids.task, name: (body as { name: string }).name, complete: false, user: grace };
          parent = { ...parent, sub_tasks: [...parent.sub_tasks, created] };
          return jsonResponse(gracesTask({ ...created, parent_task: { uid: ids.parent, name: parent.name } }), 201);
        },
      },
    });
    const { user } = renderApp({ route: `${board}&modal=task&taskId=${ids.parent}` });
    const dialog = await screen.findByRole("dialog", { name: "Edit task" });
    const existing = await within(dialog).findByRole("link", { name: "DNS switch" });
    expect(existing).toHaveAttribute(
      "href",
      `/user/user-1/board?organizationId=org-1&modal=task&taskId=${ids.subtask}`,
    );
    expect(existing).toHaveStyle({ textDecoration: "line-through" });

    const add = within(dialog).getByRole("button", { name: "Add subtask" });
    expect(add).toBeDisabled();
    await user.type(within(dialog).getByRole("textbox", { name: "Subtask name" }), "Analytics");
    expect(add).toBeDisabled();
    await chooseOption(user, /^Subtask assignee/, "Grace Hopper");
    expect(add).toBeEnabled();
    await user.clear(within(dialog).getByRole("textbox", { name: "Subtask name" }));
    expect(add).toBeDisabled();
    await user.type(within(dialog).getByRole("textbox", { name: "Subtask name" }), "Analytics");

    // The form's buttons sit at the foot of the dialog, after the subtasks.
    const save = within(dialog).getByRole("button", { name: "Save" });
    expect(add.compareDocumentPosition(save) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const parentLoads = fetch.requestsTo("GET", taskPath(ids.parent)).length;
    await user.click(add);
    // While it is saved (and after), the focus stays in the dialog, on the name of the next subtask.
    expect(within(dialog).getByRole("textbox", { name: "Subtask name" })).toHaveFocus();
    expect(await screen.findByText("Subtask created")).toBeInTheDocument();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/task")[0]?.body).toEqual({
      name: "Analytics",
      userId: ids.grace,
      projectId: ids.website,
      parentId: ids.parent,
    });
    // The parent is asked again and lists its new subtask.
    expect(await within(dialog).findByRole("link", { name: "Analytics" })).toBeInTheDocument();
    expect(fetch.requestsTo("GET", taskPath(ids.parent)).length).toBe(parentLoads + 1);
    expect(add).toBeDisabled();
    // Escape still closes it.
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("opens a subtask with a link back to its parent", async () => {
    tasksServer({
      routes: {
        [`GET ${taskPath(ids.subtask)}`]: () =>
          jsonResponse(
            gracesTask({
              uid: ids.subtask,
              name: "DNS switch",
              parent_task: { uid: ids.parent, name: "Website launch" },
            }),
          ),
      },
    });
    renderApp({ route: `${board}&modal=task&taskId=${ids.subtask}` });
    const dialog = await screen.findByRole("dialog", { name: "Edit task" });
    expect(await within(dialog).findByRole("link", { name: "Website launch" })).toHaveAttribute(
      "href",
      `/user/user-1/board?organizationId=org-1&modal=task&taskId=${ids.parent}`,
    );
    expect(within(dialog).getByText(/Subtask of/)).toBeInTheDocument();
  });

  it("tells when the task cannot be found", async () => {
    tasksServer({
      routes: {
        [`GET ${taskPath(ids.task)}`]: () => errorResponse(404, "NOT_FOUND", "Task not found", "Not Found"),
      },
    });
    renderApp({ route: `${board}&modal=task&taskId=${ids.task}` });
    const dialog = await screen.findByRole("dialog", { name: "Edit task" });
    expect(await within(dialog).findByText("Could not load the task")).toBeInTheDocument();
    expect(within(dialog).getByText("Task not found")).toBeInTheDocument();
  });

  it("shows a task read-only to someone who neither has it nor may edit its project", async () => {
    tasksServer({
      me: buildUser({ uid: "3c9a1f00-0000-4000-8000-000000000009", role: { uid: "r", name: "Member", acls: [] } }),
      routes: { [`GET ${taskPath(ids.task)}`]: () => jsonResponse(gracesTask()) },
    });
    renderApp({ route: `${board}&modal=task&taskId=${ids.task}` });
    const dialog = await screen.findByRole("dialog", { name: "Edit task" });
    expect(await within(dialog).findByDisplayValue("Wireframes")).toHaveAttribute("readonly");
    expect(within(dialog).queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Delete task" })).not.toBeInTheDocument();
  });

  it("deletes a task after confirmation and closes", async () => {
    const fetch = tasksServer({
      routes: {
        [`GET ${taskPath(ids.task)}`]: () => jsonResponse(gracesTask()),
        [`DELETE ${taskPath(ids.task)}`]: () => new Response(null, { status: 204 }),
      },
    });
    const { user } = renderApp({ route: `${board}&modal=task&taskId=${ids.task}` });
    const dialog = await screen.findByRole("dialog", { name: "Edit task" });
    await user.click(await within(dialog).findByRole("button", { name: "Delete task" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete this task?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete task" }));
    expect(await screen.findByText("Task deleted")).toBeInTheDocument();
    expect(fetch.requestsTo("DELETE", taskPath(ids.task))).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(board));
  });
});
