import { screen, waitFor, within } from "@testing-library/react";
import type { Invitation, User } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { buildOrganization, buildRole, buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

const invitation: Invitation = {
  uid: "invitation-1",
  organization_id: "org-2",
  organization_name: "Beta Studio",
  email: "ada@acme.com",
  nominative: "Ada Lovelace",
  role: { uid: "role-member", name: "Member" },
  state: "pending",
  expires_at: Date.UTC(2099, 5, 12, 12),
  created_at: Date.UTC(2099, 5, 5, 12),
  invited_by: { uid: "user-9", nominative: "Bruno Bianchi" },
};

const withoutOrganization = (overrides: Partial<User> = {}) =>
  buildUser({ organization: null, role: null, ...overrides });

const profileRoute = "/user/user-1/profile";
const noContent = () => new Response(null, { status: 204 });

function server(me: User, routes: Record<string, StubHandler> = {}) {
  return stubSignedInApi(me, { "GET /api/v1/auth/invitations": () => jsonResponse([invitation]), ...routes });
}

describe("invitations in the onboarding", { timeout: 15_000 }, () => {
  it("offers to join the organization that invited the person, beside creating one", async () => {
    server(withoutOrganization());
    renderApp({ route: profileRoute });
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("You have been invited")).toBeInTheDocument();
    const offer = within(dialog)
      .getByText(/invited you to join/)
      .closest("div") as HTMLElement;
    expect(offer).toHaveTextContent("Bruno Bianchi invited you to join Beta Studio");
    expect(within(dialog).getByText("As Member · the invitation expires on 12/06/2099")).toBeInTheDocument();
    expect(within(dialog).getByText("or create your own organization")).toBeInTheDocument();
    expect(within(dialog).getByText("Enter your company name")).toBeInTheDocument();
  });

  it("accepts: the person joins, the dialog closes and the board opens", async () => {
    const joined = buildUser({
      organization: buildOrganization({ uid: "org-2", name: "Beta Studio" }),
      role: buildRole("member"),
    });
    const fetch = server(withoutOrganization(), {
      "POST /api/v1/auth/invitations/invitation-1/accept": () => jsonResponse(joined),
    });
    const { user } = renderApp({ route: profileRoute });
    const dialog = await screen.findByRole("dialog");
    await user.click(await within(dialog).findByRole("button", { name: "Accept" }));
    expect(await screen.findByText("Welcome to Beta Studio!")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/auth/invitations/invitation-1/accept")).toHaveLength(1);
    // The board is a heavy page: on a busy machine it takes a while to draw.
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/user/user-1/board"), {
      timeout: 4000,
    });
    await waitFor(() => expect(screen.queryByText("Enter your company name")).not.toBeInTheDocument(), {
      timeout: 4000,
    });
  });

  it("shows the server's refusal of an acceptance and keeps the choice open", async () => {
    server(withoutOrganization(), {
      "POST /api/v1/auth/invitations/invitation-1/accept": () =>
        errorResponse(400, "INVALID_TOKEN", "This invitation is not valid any more"),
    });
    const { user } = renderApp({ route: profileRoute });
    const dialog = await screen.findByRole("dialog");
    await user.click(await within(dialog).findByRole("button", { name: "Accept" }));
    expect(await screen.findByText("This invitation is not valid any more")).toBeInTheDocument();
    expect(screen.getByText("Enter your company name")).toBeInTheDocument();
  });

  it("declines: the invitation is gone and creating an organization stays", async () => {
    let invitations = [invitation];
    const fetch = server(withoutOrganization(), {
      "GET /api/v1/auth/invitations": () => jsonResponse(invitations),
      "POST /api/v1/auth/invitations/invitation-1/decline": () => {
        invitations = [];
        return noContent();
      },
    });
    const { user } = renderApp({ route: profileRoute });
    const dialog = await screen.findByRole("dialog");
    await user.click(await within(dialog).findByRole("button", { name: "Decline" }));
    expect(await screen.findByText("Invitation to Beta Studio declined")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/auth/invitations/invitation-1/decline")).toHaveLength(1);
    await waitFor(() => expect(within(dialog).queryByText("You have been invited")).not.toBeInTheDocument());
    expect(within(dialog).queryByText("or create your own organization")).not.toBeInTheDocument();
    expect(within(dialog).getByText("Enter your company name")).toBeInTheDocument();
  });

  it("asks an unverified e-mail to be verified first, and sends the link again on request", async () => {
    const fetch = server(withoutOrganization({ email_verified: false }), {
      "POST /api/v1/auth/verify-email/resend": noContent,
    });
    const { user } = renderApp({ route: profileRoute });
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("Verify your e-mail address")).toBeInTheDocument();
    expect(within(dialog).getByText(/We sent a link to ada@acme.com/)).toBeInTheDocument();
    // The server lists invitations only for a verified address: nothing is asked.
    expect(fetch.requestsTo("GET", "/api/v1/auth/invitations")).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Send the link again" }));
    expect(await screen.findByText("A new link is on its way to ada@acme.com")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/auth/verify-email/resend")).toHaveLength(1);
  });

  it("tells when the link was asked for too often", async () => {
    server(withoutOrganization({ email_verified: false }), {
      "POST /api/v1/auth/verify-email/resend": () =>
        errorResponse(429, "TOO_MANY_REQUESTS", "Too many e-mails asked for: try again in 42 minutes"),
    });
    const { user } = renderApp({ route: profileRoute });
    const dialog = await screen.findByRole("dialog");
    await user.click(await within(dialog).findByRole("button", { name: "Send the link again" }));
    expect(await screen.findByText("Too many e-mails asked for: try again in 42 minutes")).toBeInTheDocument();
  });

  it("speaks Italian", async () => {
    server(withoutOrganization({ language: "it" }));
    renderApp({ route: profileRoute });
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("Hai ricevuto un invito")).toBeInTheDocument();
    expect(
      within(dialog)
        .getByText(/ti ha invitato a unirti a/)
        .closest("div"),
    ).toHaveTextContent("Bruno Bianchi ti ha invitato a unirti a Beta Studio");
    expect(within(dialog).getByRole("button", { name: "Accetta" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Rifiuta" })).toBeInTheDocument();
  });
});

describe("notices in the shell", { timeout: 15_000 }, () => {
  it("tells a member of another organization to leave it before accepting, and lets them decline", async () => {
    let invitations = [invitation];
    const fetch = server(buildUser(), {
      "GET /api/v1/auth/invitations": () => jsonResponse(invitations),
      "POST /api/v1/auth/invitations/invitation-1/decline": () => {
        invitations = [];
        return noContent();
      },
    });
    const { user } = renderApp({ route: profileRoute });
    const main = await screen.findByRole("main");
    expect(await within(main).findByText(/To accept, first leave it from your profile/)).toBeInTheDocument();
    expect(within(main).getByText(/You already belong to Acme/)).toBeInTheDocument();
    expect(within(main).queryByRole("button", { name: "Accept" })).not.toBeInTheDocument();
    // Already on the profile, where the leave button is: no link to it.
    expect(within(main).queryByRole("link", { name: "Open profile" })).not.toBeInTheDocument();
    await user.click(within(main).getByRole("button", { name: "Decline" }));
    await waitFor(() => expect(within(main).queryByText(/invited you to join/)).not.toBeInTheDocument());
    expect(fetch.requestsTo("POST", "/api/v1/auth/invitations/invitation-1/decline")).toHaveLength(1);
  });

  it("links to the profile from any other page", async () => {
    server(buildUser());
    renderApp({ route: "/organization/org-1/users/unknown" });
    const link = await screen.findByRole("link", { name: "Open profile" }, { timeout: 4000 });
    expect(link).toHaveAttribute("href", profileRoute);
  });

  it("shows nothing to a verified member without invitations", async () => {
    server(buildUser(), { "GET /api/v1/auth/invitations": () => jsonResponse([]) });
    renderApp({ route: profileRoute });
    expect(await screen.findByRole("heading", { level: 1, name: "Profile" })).toBeInTheDocument();
    expect(screen.queryByText(/invited you/)).not.toBeInTheDocument();
    expect(screen.queryByText("Verify your e-mail address")).not.toBeInTheDocument();
  });

  it("reminds an unverified member to verify the e-mail, until hidden", async () => {
    const fetch = server(buildUser({ email_verified: false }));
    const { user } = renderApp({ route: profileRoute });
    const notice = (await screen.findByText("Verify your e-mail address")).closest("[role=alert]") as HTMLElement;
    expect(within(notice).getByRole("button", { name: "Send the link again" })).toBeInTheDocument();
    expect(fetch.requestsTo("GET", "/api/v1/auth/invitations")).toEqual([]);
    await user.click(within(notice).getByRole("button", { name: "Hide" }));
    expect(screen.queryByText("Verify your e-mail address")).not.toBeInTheDocument();
  });
});
