import { screen, waitFor, within } from "@testing-library/react";
import type { Contract, OrganizationUser, Role, User } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { ada, buildContract, buildMember, role, roleIds, signedInUser, usersServer } from "../users-test-server";

const nicolo = buildMember({
  uid: "user-2",
  nominative: "Nicolò Rossi",
  email: "nrossi@acme.com",
  role: { uid: roleIds.member, name: "Member" },
});

const contracts: Contract[] = [
  buildContract({
    uid: "contract-2",
    contract_type: "part-time",
    contractual_hours: 0,
    contractual_hours_by_day: { monday: 4, tuesday: 0, wednesday: 6, thursday: 0, friday: 0, saturday: 0, sunday: 0 },
    hourly_cost: 1234.5,
    productivity_target: 82.5,
    from_date: "2026-01-01",
    to_date: null,
  }),
  buildContract({ uid: "contract-1", from_date: "2025-01-01", to_date: "2025-12-31" }),
];

const contractsPath = "/api/v1/organization/org-1/user/user-2/contract";

function detailsServer({
  me = signedInUser(),
  member = nicolo,
  list = contracts,
  routes = {},
}: {
  me?: User;
  member?: OrganizationUser;
  list?: Contract[];
  routes?: Record<string, StubHandler>;
} = {}) {
  return usersServer({
    me,
    users: [ada, member],
    routes: {
      [`GET /api/v1/organization/org-1/user/${member.uid}/contract`]: () => jsonResponse(list),
      ...routes,
    },
  });
}

/** The member as the server keeps them: a status sent with PATCH user/{id} is what the next GET answers. */
function keepingStatusChanges(member: OrganizationUser): Record<string, StubHandler> {
  let current = member;
  return {
    [`GET /api/v1/organization/org-1/user/${member.uid}`]: () => jsonResponse(current),
    [`PATCH /api/v1/user/${member.uid}`]: ({ body }) => {
      current = { ...current, ...(body as Pick<OrganizationUser, "status">) };
      return jsonResponse(signedInUser({ uid: member.uid, status: current.status }));
    },
  };
}

async function openDetails(route = "/organization/org-1/users/user-2") {
  const rendered = renderApp({ route });
  await screen.findByRole("heading", { level: 1 });
  return rendered;
}

describe("user details", () => {
  it("shows the user, their status and role, and goes back to the list", async () => {
    detailsServer();
    const { user } = await openDetails();
    expect(screen.getByRole("heading", { level: 1, name: "Nicolò Rossi" })).toBeInTheDocument();
    expect(screen.getByText("nrossi@acme.com")).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Active" })).toBeChecked();
    expect(screen.getByRole("combobox", { name: "Role" })).toHaveValue("Member");
    await user.click(screen.getByRole("link", { name: "Back to users" }));
    expect(screen.getByTestId("location")).toHaveTextContent("/organization/org-1/users");
  });

  it("deactivates a user with the switch", async () => {
    const fetch = detailsServer({ routes: keepingStatusChanges(nicolo) });
    const { user } = await openDetails();
    await user.click(screen.getByRole("switch", { name: "Active" }));
    expect(await screen.findByText("User updated")).toBeInTheDocument();
    expect(fetch.requestsTo("PATCH", "/api/v1/user/user-2")[0]?.body).toEqual({ status: "inactive" });
    await waitFor(() => expect(screen.getByRole("switch", { name: "Active" })).not.toBeChecked());
    expect(screen.getAllByText("Inactive").length).toBeGreaterThan(0);
  });

  it("shows the server's refusal of an activation at the plan limit", async () => {
    detailsServer({
      member: { ...nicolo, status: "inactive" },
      routes: {
        "PATCH /api/v1/user/user-2": () =>
          errorResponse(403, "PLAN_LIMIT_REACHED", "Your plan allows 5 users. Upgrade the plan to invite more"),
      },
    });
    const { user } = await openDetails();
    await user.click(screen.getByRole("switch", { name: "Active" }));
    expect(await screen.findByText("Your plan allows 5 users. Upgrade the plan to invite more")).toBeInTheDocument();
  });

  it("does not let people deactivate themselves", async () => {
    usersServer({
      users: [ada],
      routes: { "GET /api/v1/organization/org-1/user/user-1/contract": () => jsonResponse([]) },
    });
    await openDetails("/organization/org-1/users/user-1");
    expect(screen.getByRole("switch", { name: "Active" })).toBeDisabled();
  });

  it("changes the role, and refetches the signed-in user when it is their own role", async () => {
    const fetch = usersServer({
      users: [ada],
      routes: {
        "GET /api/v1/organization/org-1/user/user-1/contract": () => jsonResponse([]),
        "PATCH /api/v1/organization/org-1/user/user-1": () =>
          jsonResponse({ ...ada, role: { uid: roleIds.manager, name: "Manager" } }),
      },
    });
    const { user } = await openDetails("/organization/org-1/users/user-1");
    const meLoads = fetch.requestsTo("GET", "/api/v1/auth/me").length;
    await user.click(screen.getByRole("combobox", { name: "Role" }));
    await user.click(await screen.findByRole("option", { name: "Manager", hidden: true }));
    expect(await screen.findByText("User updated")).toBeInTheDocument();
    expect(fetch.requestsTo("PATCH", "/api/v1/organization/org-1/user/user-1")[0]?.body).toEqual({
      role_id: roleIds.manager,
    });
    await waitFor(() => expect(fetch.requestsTo("GET", "/api/v1/auth/me").length).toBe(meLoads + 1));
    expect(screen.getByRole("combobox", { name: "Role" })).toHaveValue("Manager");
  });

  it("changes someone else's role without refetching the signed-in user", async () => {
    const fetch = detailsServer({
      routes: {
        "PATCH /api/v1/organization/org-1/user/user-2": () =>
          jsonResponse({ ...nicolo, role: { uid: roleIds.admin, name: "Admin" } }),
      },
    });
    const { user } = await openDetails();
    const meLoads = fetch.requestsTo("GET", "/api/v1/auth/me").length;
    await user.click(screen.getByRole("combobox", { name: "Role" }));
    await user.click(await screen.findByRole("option", { name: "Admin", hidden: true }));
    expect(await screen.findByText("User updated")).toBeInTheDocument();
    expect(fetch.requestsTo("GET", "/api/v1/auth/me").length).toBe(meLoads);
  });

  it("without the right to edit users, shows role, status and contracts read-only", async () => {
    detailsServer({ me: signedInUser({ role: role("manager") }) });
    await openDetails();
    expect(screen.getByRole("switch", { name: "Active" })).toBeDisabled();
    expect(screen.getByRole("combobox", { name: "Role" })).toBeDisabled();
    expect(await screen.findByText("Mon 4 · Wed 6")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add contract" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Edit the contract/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Delete the contract/ })).not.toBeInTheDocument();
  });

  it("hides someone else's contracts from a member who cannot read users", async () => {
    const fetch = detailsServer({ me: signedInUser({ role: role("member") }) });
    await openDetails();
    expect(screen.queryByText("Contracts")).not.toBeInTheDocument();
    expect(fetch.requestsTo("GET", contractsPath)).toEqual([]);
  });
});

describe("contracts table", () => {
  it("lists dates, type, hours, hourly cost in euro and productivity target", async () => {
    detailsServer();
    await openDetails();
    const rows = (await screen.findAllByRole("row")).slice(1);
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole("cell")
        .slice(0, 6)
        .map((cell) => cell.textContent?.replace(/\s/g, " ")),
    );
    expect(cells).toEqual([
      ["01/01/2026", "—", "Part-time", "Mon 4 · Wed 6", "1.234,50 €", "82.5%"],
      ["01/01/2025", "31/12/2025", "Full-time", "8 h/day", "25,50 €", "80%"],
    ]);
  });

  it("shows an empty state without contracts", async () => {
    detailsServer({ list: [] });
    await openDetails();
    expect(await screen.findByText("No contracts yet")).toBeInTheDocument();
  });

  it("deletes a contract after confirmation", async () => {
    const fetch = detailsServer({
      routes: { [`DELETE ${contractsPath}/contract-1`]: () => new Response(null, { status: 204 }) },
    });
    const { user } = await openDetails();
    await user.click(await screen.findByRole("button", { name: "Delete the contract from 01/01/2025" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete contract?" });
    expect(within(dialog).getByText(/from 01\/01\/2025 to 31\/12\/2025 will be deleted/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Contract deleted")).toBeInTheDocument();
    expect(fetch.requestsTo("DELETE", `${contractsPath}/contract-1`)).toHaveLength(1);
  });

  it("sends nothing when the deletion is cancelled", async () => {
    const fetch = detailsServer();
    const { user } = await openDetails();
    await user.click(await screen.findByRole("button", { name: "Delete the contract from 01/01/2025" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete contract?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fetch.requests.filter((r) => r.method === "DELETE")).toEqual([]);
  });
});

describe("removing from the organization", { timeout: 15_000 }, () => {
  const removePath = "/api/v1/organization/org-1/user/user-2";

  it("asks first, then removes the member, says their time stays and goes back to the list", async () => {
    const fetch = detailsServer({ routes: { [`DELETE ${removePath}`]: () => new Response(null, { status: 204 }) } });
    const { user } = await openDetails();
    expect(screen.getByText(/Their events, contracts and logged time stay in the reports/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Remove from organization" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove Nicolò Rossi?" });
    expect(
      within(dialog).getByText(/no longer be a member of Acme.*Their time stays in the reports/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fetch.requestsTo("DELETE", removePath)).toEqual([]);

    const loads = fetch.requestsTo("GET", "/api/v1/organization/org-1/user").length;
    await user.click(screen.getByRole("button", { name: "Remove from organization" }));
    const again = await screen.findByRole("dialog", { name: "Remove Nicolò Rossi?" });
    await user.click(within(again).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("Nicolò Rossi was removed from the organization")).toBeInTheDocument();
    expect(fetch.requestsTo("DELETE", removePath)).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/organization\/org-1\/users$/));
    await waitFor(() =>
      expect(fetch.requestsTo("GET", "/api/v1/organization/org-1/user").length).toBeGreaterThan(loads),
    );
  });

  it("shows the server's refusal and stays on the page", async () => {
    detailsServer({
      routes: {
        [`DELETE ${removePath}`]: () =>
          errorResponse(409, "CONFLICT", "Nicolò Rossi is the last administrator of this organization"),
      },
    });
    const { user } = await openDetails();
    await user.click(screen.getByRole("button", { name: "Remove from organization" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("Nicolò Rossi is the last administrator of this organization")).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/organization/org-1/users/user-2");
  });

  it("is not offered on one's own page: leaving is done from the profile", async () => {
    usersServer({
      users: [ada],
      routes: { "GET /api/v1/organization/org-1/user/user-1/contract": () => jsonResponse([]) },
    });
    await openDetails("/organization/org-1/users/user-1");
    expect(screen.queryByRole("button", { name: "Remove from organization" })).not.toBeInTheDocument();
  });

  it("is not offered without the right to delete users", async () => {
    const editor: Role = {
      uid: roleIds.manager,
      name: "Editor",
      acls: [{ subject: "user", actions: ["read", "edit"] }],
    };
    detailsServer({ me: signedInUser({ role: editor }) });
    await openDetails();
    expect(screen.queryByRole("button", { name: "Remove from organization" })).not.toBeInTheDocument();
  });

  it("speaks Italian", async () => {
    detailsServer({ me: signedInUser({ language: "it" }) });
    const { user } = await openDetails();
    await user.click(screen.getByRole("button", { name: "Rimuovi dall'organizzazione" }));
    expect(await screen.findByRole("dialog", { name: "Rimuovere Nicolò Rossi?" })).toBeInTheDocument();
  });
});
