import { screen, waitFor } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import type { InvitationLink } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { i18n } from "../../../lib/i18n";
import { buildConfig, buildOrganization, buildRole, buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, type StubHandler, stubFetch } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

const route = "/invitation?token=tok-invite";
const linkPath = "/api/v1/auth/invitation";
const acceptPath = "/api/v1/auth/invitation/accept";

const newAddress: InvitationLink = {
  email: "grace@navy.mil",
  nominative: "Grace Hopper",
  organization_name: "Beta Studio",
  inviter_nominative: "Bruno Bianchi",
  has_account: false,
  state: "pending",
};

const grace = buildUser({
  uid: "user-7",
  email: "grace@navy.mil",
  nominative: "Grace Hopper",
  organization: buildOrganization({ uid: "org-2", name: "Beta Studio" }),
  role: buildRole("member"),
  terms_of_use: false,
  privacy_policy: false,
});

function signedOut(link: InvitationLink | (() => Response), routes: Record<string, StubHandler> = {}) {
  return stubFetch({
    "GET /api/v1/config": () => jsonResponse(buildConfig()),
    [`GET ${linkPath}`]: typeof link === "function" ? link : () => jsonResponse(link),
    ...routes,
  });
}

const location = () => screen.getByTestId("location").textContent;
const strong = "violet sunset over the pier";

/** Pasted, not typed: each keystroke would run the strength estimate once more. */
async function paste(user: UserEvent, label: RegExp, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}

/** The named button once the lazily loaded strength meter has judged the password. */
async function enabled(name: string) {
  const button = screen.getByRole("button", { name });
  await waitFor(() => expect(button).toBeEnabled(), { timeout: 5000 });
  return button;
}

describe("invitation page", { timeout: 15_000 }, () => {
  it("shows who invites to what, and creates the account of a new address, signed in", async () => {
    const fetch = signedOut(newAddress, {
      [`POST ${acceptPath}`]: () => jsonResponse({ token: "tok-grace", user: grace, enrolment_required: false }),
    });
    const { user } = renderApp({ route });
    expect(await screen.findByRole("heading", { level: 1, name: "Join Beta Studio" })).toBeInTheDocument();
    expect(screen.getByText(/invited you to join/)).toHaveTextContent("Bruno Bianchi invited you to join Beta Studio");
    expect(fetch.requestsTo("GET", linkPath)[0]?.url.searchParams.get("token")).toBe("tok-invite");
    expect(screen.getByRole("textbox", { name: "Email" })).toHaveValue("grace@navy.mil");
    expect(screen.getByRole("textbox", { name: "Full name" })).toHaveValue("Grace Hopper");

    const accept = screen.getByRole("button", { name: "Accept and create account" });
    expect(accept).toBeDisabled();
    await paste(user, /^Password/, strong);
    await paste(user, /^Confirm password/, `${strong}!`);
    expect(screen.getByText("The passwords do not match")).toBeInTheDocument();
    expect(accept).toBeDisabled();
    await paste(user, /^Confirm password/, strong);
    await user.click(await enabled("Accept and create account"));

    await waitFor(() => expect(location()).toBe("/user/user-7/board"));
    expect(fetch.requestsTo("POST", acceptPath).map((r) => r.body)).toEqual([
      { token: "tok-invite", nominative: "Grace Hopper", password: strong },
    ]);
    expect(window.localStorage.getItem("session")).toBe(JSON.stringify({ token: "tok-grace" }));
  });

  it("keeps a password that is too easy to guess from being sent, and says why", async () => {
    const fetch = signedOut(newAddress);
    const { user } = renderApp({ route });
    await screen.findByRole("heading", { level: 1, name: "Join Beta Studio" });
    await paste(user, /^Password/, "GraceHopper");
    await paste(user, /^Confirm password/, "GraceHopper");
    expect(await screen.findByTestId("password-strength", {}, { timeout: 5000 })).toHaveTextContent(
      "It contains your name or e-mail address.",
    );
    expect(screen.getByRole("button", { name: "Accept and create account" })).toBeDisabled();
    expect(fetch.requestsTo("POST", acceptPath)).toEqual([]);
  });

  it("shows the server's refusal of the password under the fields", async () => {
    signedOut(newAddress, {
      [`POST ${acceptPath}`]: () =>
        errorResponse(400, "VALIDATION_FAILED", "body.password: Password is too easy to guess"),
    });
    const { user } = renderApp({ route });
    await screen.findByRole("heading", { level: 1, name: "Join Beta Studio" });
    await paste(user, /^Password/, strong);
    await paste(user, /^Confirm password/, strong);
    await user.click(await enabled("Accept and create account"));
    expect(await screen.findByRole("alert")).toHaveTextContent("body.password: Password is too easy to guess");
    expect(location()).toBe(route);
  });

  it("lets an existing account accept with one click, which signs it in", async () => {
    const fetch = signedOut(
      { ...newAddress, has_account: true },
      { [`POST ${acceptPath}`]: () => jsonResponse({ token: "tok-grace", user: grace, enrolment_required: false }) },
    );
    const { user } = renderApp({ route });
    await screen.findByRole("heading", { level: 1, name: "Join Beta Studio" });
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Accept" }));
    await waitFor(() => expect(location()).toBe("/user/user-7/board"));
    expect(fetch.requestsTo("POST", acceptPath).map((r) => r.body)).toEqual([{ token: "tok-invite" }]);
  });

  it("warns someone signed in as another person that accepting switches the account", async () => {
    stubSignedInApi(buildUser(), {
      [`GET ${linkPath}`]: () => jsonResponse({ ...newAddress, has_account: true }),
    });
    renderApp({ route });
    expect(
      await screen.findByText("You are signed in as ada@acme.com. Accepting signs you in as grace@navy.mil instead."),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal of an account that belongs to another organization", async () => {
    signedOut(
      { ...newAddress, has_account: true },
      {
        [`POST ${acceptPath}`]: () =>
          errorResponse(409, "CONFLICT", "Leave your current organization before joining Beta Studio"),
      },
    );
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Accept" }));
    expect(await screen.findByText("Leave your current organization before joining Beta Studio")).toBeInTheDocument();
    expect(location()).toBe(route);
  });

  it("lets whoever holds the link decline it without signing in, and tells the server only the token", async () => {
    const fetch = signedOut(newAddress, {
      "POST /api/v1/auth/invitation/decline": () => new Response(null, { status: 204 }),
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Decline" }));
    expect(await screen.findByText("Invitation to Beta Studio declined")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/auth/invitation/decline").map((r) => r.body)).toEqual([
      { token: "tok-invite" },
    ]);
    expect(fetch.requestsTo("POST", acceptPath)).toEqual([]);
    await waitFor(() => expect(location()).not.toBe(route));
  });

  it("shows the server's reason when declining a link that went void meanwhile", async () => {
    signedOut(newAddress, {
      "POST /api/v1/auth/invitation/decline": () =>
        errorResponse(400, "INVALID_TOKEN", "This invitation is not valid any more"),
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Decline" }));
    expect(await screen.findByText("This invitation is not valid any more")).toBeInTheDocument();
    expect(location()).toBe(route);
  });

  it("says clearly when the link is void, with a way to sign in", async () => {
    signedOut(() => errorResponse(400, "INVALID_TOKEN", "This invitation is not valid any more"));
    renderApp({ route });
    expect(
      await screen.findByRole("heading", { level: 1, name: "This invitation is not valid any more" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Ask the person who invited you to send it again/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to login" })).toHaveAttribute("href", "/login");
  });

  it("treats a link without a token as void and asks nothing", async () => {
    const fetch = signedOut(newAddress);
    renderApp({ route: "/invitation" });
    expect(
      await screen.findByRole("heading", { level: 1, name: "This invitation is not valid any more" }),
    ).toBeInTheDocument();
    expect(fetch.requestsTo("GET", linkPath)).toEqual([]);
  });

  it("speaks Italian", async () => {
    await i18n.changeLanguage("it");
    signedOut(newAddress);
    renderApp({ route });
    expect(await screen.findByRole("heading", { level: 1, name: "Unisciti a Beta Studio" })).toBeInTheDocument();
    expect(screen.getByText(/ti ha invitato/)).toHaveTextContent("Bruno Bianchi ti ha invitato a unirti a Beta Studio");
    expect(screen.getByRole("button", { name: "Accetta e crea l'account" })).toBeInTheDocument();
  });
});
