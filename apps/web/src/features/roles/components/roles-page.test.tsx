import { screen, waitFor, within } from "@testing-library/react";
import type { Acl, Role, User } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { buildRole, buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

const rolesPath = "/api/v1/organization/org-1/role";

const sales: Role = {
  uid: "role-sales",
  name: "sales",
  acls: [
    { subject: "project", actions: ["read", "create"] },
    { subject: "team", actions: ["read"] },
  ],
};

function rolesServer({ me = buildUser(), routes = {} }: { me?: User; routes?: Record<string, StubHandler> } = {}) {
  return stubSignedInApi(me, {
    [`GET ${rolesPath}`]: () => jsonResponse([buildRole("member"), sales, buildRole("admin"), buildRole("manager")]),
    ...routes,
  });
}

async function openRolesPage() {
  const rendered = renderApp({ route: "/organization/org-1/roles" });
  await screen.findByRole("table");
  return rendered;
}

const cell = (dialog: HTMLElement, subject: string, action: string) =>
  within(dialog).getByRole("checkbox", { name: `${subject}: ${action}` });

describe("roles page", () => {
  it("lists the roles by name, ignoring case", async () => {
    rolesServer();
    await openRolesPage();
    expect(screen.getByRole("heading", { level: 1, name: "Roles" })).toBeInTheDocument();
    const names = within(screen.getByRole("table"))
      .getAllByRole("row")
      .slice(1)
      .map((row) => within(row).getAllByRole("cell")[0]?.textContent);
    expect(names).toEqual(["Admin", "Manager", "Member", "sales"]);
    expect(within(screen.getByRole("row", { name: /Admin/ })).getByText("24 of 24")).toBeInTheDocument();
  });

  it("creates a role from the 'New role' draft, sending the ticked matrix as JSON text", async () => {
    const fetch = rolesServer({
      routes: {
        [`POST ${rolesPath}`]: ({ body }) => {
          const { name, acls } = body as { name: string; acls: string };
          return jsonResponse({ uid: "role-new", name, acls: JSON.parse(acls) as Acl[] }, 201);
        },
      },
    });
    const { user } = await openRolesPage();
    await user.click(screen.getByRole("button", { name: "Add role" }));
    const dialog = await screen.findByRole("dialog", { name: "New role" });
    expect(within(dialog).getByRole("textbox", { name: /Name/ })).toHaveValue("New role");
    expect(
      within(dialog)
        .getAllByRole("checkbox")
        .filter((box) => (box as HTMLInputElement).checked),
    ).toEqual([]);

    await user.clear(within(dialog).getByRole("textbox", { name: /Name/ }));
    await user.type(within(dialog).getByRole("textbox", { name: /Name/ }), "Accounting");
    await user.click(cell(dialog, "Timesheet", "Read"));
    await user.click(cell(dialog, "Users", "Read"));
    await user.click(cell(dialog, "Projects", "Edit"));
    await user.click(cell(dialog, "Projects", "Read"));
    await user.click(cell(dialog, "Projects", "Edit"));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Role created")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", rolesPath)[0]?.body).toEqual({
      name: "Accounting",
      acls: JSON.stringify([
        { subject: "user", actions: ["read"] },
        { subject: "project", actions: ["read"] },
        { subject: "timesheet", actions: ["read"] },
      ]),
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("asks for a name before saving", async () => {
    const fetch = rolesServer();
    const { user } = await openRolesPage();
    await user.click(screen.getByRole("button", { name: "Add role" }));
    const dialog = await screen.findByRole("dialog", { name: "New role" });
    await user.clear(within(dialog).getByRole("textbox", { name: /Name/ }));
    await user.type(within(dialog).getByRole("textbox", { name: /Name/ }), "   ");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Name is required")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", rolesPath)).toEqual([]);
  });

  it("edits a role: the matrix starts from its acls and the change is sent as JSON text", async () => {
    const fetch = rolesServer({
      routes: {
        [`PATCH ${rolesPath}/role-sales`]: ({ body }) => {
          const { name, acls } = body as { name: string; acls: string };
          return jsonResponse({ uid: "role-sales", name, acls: JSON.parse(acls) as Acl[] });
        },
      },
    });
    const { user } = await openRolesPage();
    await user.click(screen.getByRole("button", { name: "sales" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit role" });
    expect(cell(dialog, "Projects", "Create")).toBeChecked();
    expect(cell(dialog, "Team", "Read")).toBeChecked();
    expect(cell(dialog, "Team", "Edit")).not.toBeChecked();

    await user.click(cell(dialog, "Projects", "Create"));
    await user.click(cell(dialog, "Organization", "Read"));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Role updated")).toBeInTheDocument();
    expect(fetch.requestsTo("PATCH", `${rolesPath}/role-sales`)[0]?.body).toEqual({
      name: "sales",
      acls: JSON.stringify([
        { subject: "organization", actions: ["read"] },
        { subject: "project", actions: ["read"] },
        { subject: "team", actions: ["read"] },
      ]),
    });
  });

  it("refetches the signed-in user after a change to their own role", async () => {
    const fetch = rolesServer({
      routes: {
        [`PATCH ${rolesPath}/role-admin`]: () => jsonResponse(buildRole("admin")),
      },
    });
    const { user } = await openRolesPage();
    const meLoads = fetch.requestsTo("GET", "/api/v1/auth/me").length;
    await user.click(screen.getByRole("button", { name: "Admin" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit role" });
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Role updated")).toBeInTheDocument();
    await waitFor(() => expect(fetch.requestsTo("GET", "/api/v1/auth/me").length).toBe(meLoads + 1));
  });

  it("shows the server's 409 message in the error toast and keeps the editor open", async () => {
    rolesServer({
      routes: {
        [`PATCH ${rolesPath}/role-admin`]: () =>
          errorResponse(409, "CONFLICT", "You cannot remove your own rights to manage roles and users"),
      },
    });
    const { user } = await openRolesPage();
    await user.click(screen.getByRole("button", { name: "Admin" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit role" });
    await user.click(cell(dialog, "Users", "Edit"));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("You cannot remove your own rights to manage roles and users")).toBeInTheDocument();
    expect(screen.getByText("Something went wrong. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Edit role" })).toBeInTheDocument();
  });

  it("without the rights to create and edit roles, hides the add button and opens roles read-only", async () => {
    const fetch = rolesServer({ me: buildUser({ role: buildRole("manager") }) });
    const { user } = await openRolesPage();
    expect(screen.queryByRole("button", { name: "Add role" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "sales" }));
    const dialog = await screen.findByRole("dialog", { name: "Role" });
    expect(within(dialog).getByRole("textbox", { name: /Name/ })).toHaveAttribute("readonly");
    expect(cell(dialog, "Projects", "Create")).toBeDisabled();
    expect(within(dialog).queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
    // The header's icon and the footer's button both close the read-only editor, and both are named so: the footer's.
    const closeButtons = within(dialog).getAllByRole("button", { name: "Close" });
    expect(closeButtons).toHaveLength(2);
    await user.click(closeButtons.at(-1)!);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fetch.requests.filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("gives the focus back to the role that opened the editor when it closes", async () => {
    rolesServer();
    const { user } = await openRolesPage();
    const opener = screen.getByRole("button", { name: "sales" });
    opener.focus();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Edit role" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("says so when the roles cannot be loaded", async () => {
    rolesServer({ routes: { [`GET ${rolesPath}`]: () => errorResponse(500, "INTERNAL", "Internal error") } });
    renderApp({ route: "/organization/org-1/roles" });
    expect(await screen.findByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
