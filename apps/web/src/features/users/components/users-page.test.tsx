import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorResponse, jsonResponse } from "../../../testing/fetch-stub";
import { fakeMatchMedia } from "../../../testing/match-media";
import { renderApp } from "../../../testing/render";
import {
  buildInvitation,
  graceInvitation,
  role,
  roleIds,
  signedInUser,
  usersLimitedTo,
  usersServer,
} from "../users-test-server";

const usersRoute = "/organization/org-1/users";
const invitationsPath = "/api/v1/organization/org-1/invitation";

const table = () => screen.getByRole("table");
const listedNames = () =>
  within(table())
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[1]?.textContent);

async function openInviteModal(user: ReturnType<typeof renderApp>["user"]) {
  await user.click(await screen.findByRole("button", { name: "Invite user" }));
  return screen.findByRole("dialog", { name: "Invite a user" });
}

describe("users list", () => {
  afterEach(() => vi.useRealTimers());

  it("shows the active users by default, with e-mail, role and status", async () => {
    usersServer();
    renderApp({ route: usersRoute });
    expect(await screen.findByRole("heading", { level: 1, name: "Users" })).toBeInTheDocument();
    await screen.findByRole("table");
    expect(listedNames()).toEqual(["Ada Lovelace", "Nicolò Rossi"]);
    const adaRow = screen.getByRole("row", { name: /Ada Lovelace/ });
    expect(within(adaRow).getByText("ada@acme.com")).toBeInTheDocument();
    expect(within(adaRow).getByText("Admin")).toBeInTheDocument();
    expect(within(adaRow).getByText("Active")).toBeInTheDocument();
  });

  it("filters by status: inactive, invited and all", async () => {
    usersServer();
    const { user } = renderApp({ route: usersRoute });
    await screen.findByRole("table");
    await user.click(screen.getByRole("radio", { name: "Inactive" }));
    expect(listedNames()).toEqual(["Bob Marley"]);
    await user.click(screen.getByRole("radio", { name: "Invited" }));
    expect(listedNames()).toEqual(["Grace Hopper"]);
    expect(within(screen.getByRole("row", { name: /Grace Hopper/ })).getByText("Invited")).toBeInTheDocument();
    // The members first, then the invitations not answered yet.
    await user.click(screen.getByRole("radio", { name: "All" }));
    expect(listedNames()).toEqual(["Ada Lovelace", "Bob Marley", "Nicolò Rossi", "Grace Hopper"]);
  });

  it("searches name and e-mail together, 300 ms after the last keystroke", async () => {
    usersServer();
    renderApp({ route: usersRoute });
    await screen.findByRole("table");
    fireEvent.click(screen.getByRole("radio", { name: "All" }));
    vi.useFakeTimers();
    const search = screen.getByRole("textbox", { name: "Search users" });

    fireEvent.change(search, { target: { value: "nicolo acme" } });
    act(() => vi.advanceTimersByTime(299));
    expect(listedNames()).toHaveLength(4);
    act(() => vi.advanceTimersByTime(1));
    expect(listedNames()).toEqual(["Nicolò Rossi"]);

    // Each keystroke starts the wait again.
    fireEvent.change(search, { target: { value: "navy" } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(search, { target: { value: "navy.mil" } });
    act(() => vi.advanceTimersByTime(200));
    expect(listedNames()).toEqual(["Nicolò Rossi"]);
    act(() => vi.advanceTimersByTime(100));
    expect(listedNames()).toEqual(["Grace Hopper"]);

    fireEvent.change(search, { target: { value: "nobody" } });
    act(() => vi.advanceTimersByTime(300));
    expect(screen.getByText("No users match")).toBeInTheDocument();
  });

  it("on a phone lists the users as links, with the status filter in a select", async () => {
    vi.stubGlobal(
      "matchMedia",
      fakeMatchMedia((query) => query.includes("max-width")),
    );
    usersServer();
    const { user } = renderApp({ route: usersRoute });
    expect(await screen.findByRole("link", { name: /Ada Lovelace/ })).toHaveAttribute(
      "href",
      "/organization/org-1/users/user-1",
    );
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Bob Marley/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole("combobox", { name: "Status" }));
    await user.click(await screen.findByRole("option", { name: "Inactive", hidden: true }));
    expect(screen.getByRole("link", { name: /Bob Marley/ })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Ada Lovelace/ })).not.toBeInTheDocument();
  });

  it("opens the user's details from a row", async () => {
    usersServer();
    const { user } = renderApp({ route: usersRoute });
    await screen.findByRole("table");
    await user.click(within(screen.getByRole("row", { name: /Nicolò Rossi/ })).getByText("nrossi@acme.com"));
    expect(screen.getByTestId("location")).toHaveTextContent("/organization/org-1/users/user-4");
  });

  it("says so when the list cannot be loaded", async () => {
    usersServer({
      routes: { "GET /api/v1/organization/org-1/user": () => errorResponse(500, "INTERNAL", "Internal error") },
    });
    renderApp({ route: usersRoute });
    expect(await screen.findByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});

describe("invite button", () => {
  it("is greyed at the plan's user limit, counting active users and pending invitations but not inactive ones", async () => {
    // Ada (active), Nicolò (active) and Grace (invited) take 3 seats; Bob is inactive.
    usersServer({ me: signedInUser({}, usersLimitedTo(3)) });
    const { user } = renderApp({ route: usersRoute });
    await screen.findByRole("table");
    const invite = screen.getByRole("button", { name: "Invite user" });
    expect(invite).toHaveAttribute("aria-disabled", "true");
    await user.hover(invite);
    expect(await screen.findByText("Your plan allows 3 users. Upgrade the plan to invite more.")).toBeInTheDocument();
    await user.click(invite);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("is enabled while seats are left", async () => {
    usersServer({ me: signedInUser({}, usersLimitedTo(4)) });
    const { user } = renderApp({ route: usersRoute });
    await screen.findByRole("table");
    const invite = screen.getByRole("button", { name: "Invite user" });
    expect(invite).not.toHaveAttribute("aria-disabled");
    await user.click(invite);
    expect(await screen.findByRole("dialog", { name: "Invite a user" })).toBeInTheDocument();
  });

  it("does not count an expired invitation, whose seat is free again", async () => {
    // Ada and Nicolò take 2 of the 3 seats; Grace's invitation ran out.
    usersServer({ me: signedInUser({}, usersLimitedTo(3)), invitations: [buildInvitation({ expires_at: 1 })] });
    renderApp({ route: usersRoute });
    await screen.findByRole("table");
    expect(screen.getByRole("button", { name: "Invite user" })).not.toHaveAttribute("aria-disabled");
  });

  it("is hidden without the right to create users", async () => {
    usersServer({ me: signedInUser({ role: role("manager") }) });
    renderApp({ route: usersRoute });
    await screen.findByRole("table");
    expect(screen.queryByRole("button", { name: "Invite user" })).not.toBeInTheDocument();
  });
});

describe("invite modal", () => {
  it("tells what is missing or wrong with the spec's messages and sends nothing", async () => {
    const fetch = usersServer();
    const { user } = renderApp({ route: usersRoute });
    const dialog = await openInviteModal(user);
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(within(dialog).getByText("Email is required")).toBeInTheDocument();
    expect(within(dialog).getByText("Name is required, with at least 2 characters")).toBeInTheDocument();
    expect(within(dialog).getByText("Role is required")).toBeInTheDocument();

    await user.type(within(dialog).getByRole("textbox", { name: /Email/ }), "grace@");
    await user.type(within(dialog).getByRole("textbox", { name: /Full name/ }), "G");
    expect(within(dialog).getByText("Enter a valid email address")).toBeInTheDocument();
    expect(within(dialog).getByText("Name is required, with at least 2 characters")).toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox", { name: /Full name/ }), "race");
    expect(within(dialog).queryByText(/Name is required/)).not.toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/user/invite")).toEqual([]);
  });

  it("sends one invitation however many times send is clicked, then confirms and refreshes the list", async () => {
    let answer: (response: Response) => void = () => {};
    const invited = buildInvitation({ uid: "invitation-9", nominative: "Alan Turing", email: "alan@acme.com" });
    const fetch = usersServer({
      routes: {
        "POST /api/v1/organization/org-1/user/invite": () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    const { user } = renderApp({ route: usersRoute });
    const dialog = await openInviteModal(user);
    await user.type(within(dialog).getByRole("textbox", { name: /Email/ }), "Alan@Acme.com ");
    await user.type(within(dialog).getByRole("textbox", { name: /Full name/ }), "Alan Turing");
    await user.click(within(dialog).getByRole("combobox", { name: /Role/ }));
    await user.click(await screen.findByRole("option", { name: "Manager", hidden: true }));

    const send = within(dialog).getByRole("button", { name: "Send invitation" });
    // Two clicks before React draws the pending state.
    act(() => {
      send.click();
      send.click();
    });
    await user.dblClick(send);
    const posts = fetch.requestsTo("POST", "/api/v1/organization/org-1/user/invite");
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      email: "alan@acme.com",
      nominative: "Alan Turing",
      organization_role_id: roleIds.manager,
    });

    const listLoads = fetch.requestsTo("GET", invitationsPath).length;
    answer(jsonResponse(invited, 201));
    expect(await screen.findByText("Invitation sent to alan@acme.com")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fetch.requestsTo("GET", invitationsPath).length).toBeGreaterThan(listLoads);
  });

  it("shows the server's message under the common error title when the invitation is refused", async () => {
    usersServer({
      routes: {
        "POST /api/v1/organization/org-1/user/invite": () =>
          errorResponse(409, "CONFLICT", "This e-mail belongs to a user of another organization"),
      },
    });
    const { user } = renderApp({ route: usersRoute });
    const dialog = await openInviteModal(user);
    await user.type(within(dialog).getByRole("textbox", { name: /Email/ }), "alan@other.com");
    await user.type(within(dialog).getByRole("textbox", { name: /Full name/ }), "Alan Turing");
    await user.click(within(dialog).getByRole("combobox", { name: /Role/ }));
    await user.click(await screen.findByRole("option", { name: "Member", hidden: true }));
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText("This e-mail belongs to a user of another organization")).toBeInTheDocument();
    expect(screen.getByText("Something went wrong. Please try again.")).toBeInTheDocument();
    // The form stays, so the person can correct the address.
    expect(screen.getByRole("dialog", { name: "Invite a user" })).toBeInTheDocument();
  });
});

describe("invitations in the list", { timeout: 15_000 }, () => {
  async function showInvited(user: ReturnType<typeof renderApp>["user"]) {
    await screen.findByRole("table");
    await user.click(screen.getByRole("radio", { name: "Invited" }));
    return screen.getByRole("row", { name: /Grace Hopper/ });
  }

  it("shows the role, the Invited badge and the day the link expires", async () => {
    usersServer();
    const { user } = renderApp({ route: usersRoute });
    const row = await showInvited(user);
    expect(within(row).getByText("grace@navy.mil")).toBeInTheDocument();
    expect(within(row).getByText("Manager")).toBeInTheDocument();
    expect(within(row).getByText("Invited")).toBeInTheDocument();
    expect(within(row).getByText("Expires 12/06/2099")).toBeInTheDocument();
    // Not a user yet: nothing to open.
    expect(within(row).queryByRole("link")).not.toBeInTheDocument();
  });

  it("marks an expired invitation, and one that expired since the list was loaded", async () => {
    usersServer({
      invitations: [
        buildInvitation({ state: "expired", expires_at: Date.UTC(2020, 0, 15, 12) }),
        buildInvitation({ uid: "invitation-2", nominative: "Alan Turing", email: "alan@acme.com", expires_at: 1 }),
      ],
    });
    const { user } = renderApp({ route: usersRoute });
    const grace = await showInvited(user);
    expect(within(grace).getByText("Expired")).toBeInTheDocument();
    expect(within(grace).getByText("Expired on 15/01/2020")).toBeInTheDocument();
    expect(within(grace).queryByText("Invited")).not.toBeInTheDocument();
    expect(within(screen.getByRole("row", { name: /Alan Turing/ })).getByText("Expired")).toBeInTheDocument();
  });

  it("sends an invitation again and refreshes the list", async () => {
    const resendPath = `${invitationsPath}/invitation-1/resend`;
    const fetch = usersServer({ routes: { [`POST ${resendPath}`]: () => jsonResponse(graceInvitation) } });
    const { user } = renderApp({ route: usersRoute });
    const row = await showInvited(user);
    const loads = fetch.requestsTo("GET", invitationsPath).length;
    await user.click(within(row).getByRole("button", { name: "Resend" }));
    expect(await screen.findByText("Invitation sent again to grace@navy.mil")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", resendPath)).toHaveLength(1);
    await waitFor(() => expect(fetch.requestsTo("GET", invitationsPath).length).toBeGreaterThan(loads));
  });

  it("shows the server's refusal of a resend", async () => {
    usersServer({
      routes: {
        [`POST ${invitationsPath}/invitation-1/resend`]: () =>
          errorResponse(409, "CONFLICT", "This invitation was answered already"),
      },
    });
    const { user } = renderApp({ route: usersRoute });
    const row = await showInvited(user);
    await user.click(within(row).getByRole("button", { name: "Resend" }));
    expect(await screen.findByText("This invitation was answered already")).toBeInTheDocument();
  });

  it("revokes an invitation only after confirmation, then drops it from the list", async () => {
    let invitations = [graceInvitation];
    const revokePath = `${invitationsPath}/invitation-1`;
    const fetch = usersServer({
      routes: {
        [`GET ${invitationsPath}`]: () => jsonResponse(invitations),
        [`DELETE ${revokePath}`]: () => {
          invitations = [];
          return new Response(null, { status: 204 });
        },
      },
    });
    const { user } = renderApp({ route: usersRoute });
    const row = await showInvited(user);
    await user.click(within(row).getByRole("button", { name: "Revoke" }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke the invitation?" });
    expect(
      within(dialog).getByText(/Grace Hopper \(grace@navy.mil\) will no longer be able to use the link/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fetch.requestsTo("DELETE", revokePath)).toEqual([]);

    await user.click(within(row).getByRole("button", { name: "Revoke" }));
    const again = await screen.findByRole("dialog", { name: "Revoke the invitation?" });
    await user.click(within(again).getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText("Invitation to grace@navy.mil revoked")).toBeInTheDocument();
    expect(fetch.requestsTo("DELETE", revokePath)).toHaveLength(1);
    expect(await screen.findByText("No users match")).toBeInTheDocument();
  });

  it("offers no resend or revoke without the right to create users", async () => {
    usersServer({ me: signedInUser({ role: role("manager") }) });
    const { user } = renderApp({ route: usersRoute });
    const row = await showInvited(user);
    expect(within(row).queryByRole("button")).not.toBeInTheDocument();
    expect(screen.queryByRole("columnheader", { name: "Actions" })).not.toBeInTheDocument();
  });

  it("does not ask for the invitations without the right to read users", async () => {
    const fetch = usersServer({ me: signedInUser({ role: role("member") }) });
    const { user } = renderApp({ route: usersRoute });
    await screen.findByRole("table");
    await user.click(screen.getByRole("radio", { name: "Invited" }));
    expect(screen.getByText("No users match")).toBeInTheDocument();
    expect(fetch.requestsTo("GET", invitationsPath)).toEqual([]);
  });

  it("on a phone shows an invitation with its expiry and actions, not as a link", async () => {
    vi.stubGlobal(
      "matchMedia",
      fakeMatchMedia((query) => query.includes("max-width")),
    );
    usersServer();
    const { user } = renderApp({ route: usersRoute });
    await screen.findByRole("link", { name: /Ada Lovelace/ });
    await user.click(screen.getByRole("combobox", { name: "Status" }));
    await user.click(await screen.findByRole("option", { name: "Invited", hidden: true }));
    expect(screen.getByText("Grace Hopper")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Grace Hopper/ })).not.toBeInTheDocument();
    expect(screen.getByText("Expires 12/06/2099")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Resend" })).toBeInTheDocument();
  });

  it("speaks Italian", async () => {
    usersServer({ me: signedInUser({ language: "it" }) });
    const { user } = renderApp({ route: usersRoute });
    await screen.findByRole("table");
    await user.click(screen.getByRole("radio", { name: "Invitati" }));
    const row = screen.getByRole("row", { name: /Grace Hopper/ });
    expect(within(row).getByText("Scade il 12/06/2099")).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Invia di nuovo" })).toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: "Revoca" }));
    expect(await screen.findByRole("dialog", { name: "Revocare l'invito?" })).toBeInTheDocument();
  });
});
