import { screen, waitFor, within } from "@testing-library/react";
import type { Role } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { jsonResponse } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { ids, projectsRoute, projectsServer, signedInUser } from "../projects-test-server";

async function openDrawer(user: ReturnType<typeof renderApp>["user"]) {
  await user.click(await screen.findByRole("button", { name: "Categories" }));
  return screen.findByRole("dialog", { name: "Categories" });
}

describe("categories drawer", () => {
  it("asks for a project category's name and colour, then creates it", async () => {
    const fetch = projectsServer({
      routes: {
        "POST /api/v1/organization/org-1/project-category": ({ body }) =>
          jsonResponse({ uid: "pc-new", ...(body as object) }, 201),
      },
    });
    const { user } = renderApp({ route: projectsRoute() });
    const drawer = await openDrawer(user);
    const list = await within(drawer).findByRole("list", { name: "Project categories" });
    expect(within(list).getByText("Web")).toBeInTheDocument();

    await user.click(within(drawer).getAllByRole("button", { name: "Add category" })[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "New category" });
    await user.clear(within(dialog).getByRole("textbox", { name: /^Colour/ }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Name is required")).toBeInTheDocument();
    expect(within(dialog).getByText("Colour is required")).toBeInTheDocument();

    await user.type(within(dialog).getByRole("textbox", { name: /^Colour/ }), "#12B8");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Write the colour as #rrggbb")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/project-category")).toHaveLength(0);

    await user.type(within(dialog).getByRole("textbox", { name: /^Colour/ }), "86");
    await user.type(within(dialog).getByRole("textbox", { name: /^Name/ }), "Mobile");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Category created")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/project-category")[0]?.body).toEqual({
      name: "Mobile",
      color: "#12b886",
    });
  });

  it("creates a task category used for tasks and planning unless told otherwise", async () => {
    const fetch = projectsServer({
      routes: {
        "POST /api/v1/organization/org-1/task-category": ({ body }) =>
          jsonResponse({ uid: "tc-new", ...(body as object) }, 201),
      },
    });
    const { user } = renderApp({ route: projectsRoute() });
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole("tab", { name: "Tasks" }));
    await within(drawer).findByRole("list", { name: "Task categories" });
    await user.click(within(drawer).getByRole("button", { name: "Add category" }));
    const dialog = await screen.findByRole("dialog", { name: "New category" });
    expect(within(dialog).getByRole("switch", { name: "Used for tasks" })).toBeChecked();
    expect(within(dialog).getByRole("switch", { name: "Used for planning" })).toBeChecked();
    await user.click(within(dialog).getByRole("switch", { name: "Used for planning" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Name is required")).toBeInTheDocument();

    await user.type(within(dialog).getByRole("textbox", { name: /^Name/ }), "Support");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Category created")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/task-category")[0]?.body).toEqual({
      name: "Support",
      color: "#4c6ef5",
      is_used_for_tasks: true,
      is_used_for_planning: false,
    });
  });

  it("deletes a task category only after the confirmation, and refreshes the list", async () => {
    const fetch = projectsServer({
      routes: { "DELETE /api/v1/organization/org-1/task-category/tc-1": () => new Response(null, { status: 204 }) },
    });
    const { user } = renderApp({ route: projectsRoute() });
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole("tab", { name: "Tasks" }));
    await user.click(await within(drawer).findByRole("button", { name: "Delete Meetings" }));

    const confirm = await screen.findByRole("dialog", { name: "Delete category" });
    expect(within(confirm).getByText(/Meetings will be deleted/)).toBeInTheDocument();
    expect(fetch.requestsTo("DELETE", "/api/v1/organization/org-1/task-category/tc-1")).toHaveLength(0);
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));

    expect(await screen.findByText("Category deleted")).toBeInTheDocument();
    expect(fetch.requestsTo("DELETE", "/api/v1/organization/org-1/task-category/tc-1")).toHaveLength(1);
    await waitFor(() => expect(fetch.requestsTo("GET", "/api/v1/organization/org-1/task-category")).toHaveLength(2));
  });

  it("renames a project area", async () => {
    const fetch = projectsServer({
      routes: {
        [`PATCH /api/v1/organization/org-1/project-area/${ids.north}`]: ({ body }) =>
          jsonResponse({ uid: ids.north, ...(body as object) }),
      },
    });
    const { user } = renderApp({ route: projectsRoute() });
    const drawer = await openDrawer(user);
    await user.click(await within(drawer).findByRole("button", { name: "Edit North" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit area" });
    const name = within(dialog).getByRole("textbox", { name: /^Name/ });
    expect(name).toHaveValue("North");
    await user.clear(name);
    await user.type(name, "North-East");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Area updated")).toBeInTheDocument();
    expect(fetch.requestsTo("PATCH", `/api/v1/organization/org-1/project-area/${ids.north}`)[0]?.body).toEqual({
      name: "North-East",
    });
  });

  it("shows the categories without ways to change them to a role that cannot edit projects", async () => {
    const reader: Role = { uid: "role-reader", name: "Reader", acls: [{ subject: "project", actions: ["read"] }] };
    projectsServer({ me: signedInUser({ role: reader }) });
    const { user } = renderApp({ route: projectsRoute() });
    const drawer = await openDrawer(user);
    expect(await within(drawer).findByText("Web")).toBeInTheDocument();
    expect(within(drawer).queryByRole("button", { name: "Add category" })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole("button", { name: "Delete Web" })).not.toBeInTheDocument();
  });
});
