import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { getOrganizationUsersQueryOptions } from "../../features/users/api/get-organization-users";
import { i18n } from "../../lib/i18n";
import { buildConfig, buildUser } from "../../testing/builders";
import { errorResponse, jsonResponse, stubFetch } from "../../testing/fetch-stub";
import { renderApp } from "../../testing/render";

const location = () => screen.getByTestId("location").textContent;

function signedIn(user = buildUser()) {
  window.localStorage.setItem("session", JSON.stringify({ token: "tok-1" }));
  return stubFetch({
    "GET /api/v1/config": () => jsonResponse(buildConfig()),
    "GET /api/v1/auth/me": () => jsonResponse(user),
  });
}

function signedOut() {
  return stubFetch({
    "GET /api/v1/config": () => jsonResponse(buildConfig()),
    "POST /api/v1/auth/basic": () => jsonResponse({ token: "tok-new", user: buildUser(), enrolment_required: false }),
  });
}

describe("routes for a signed-out visitor", () => {
  it("sends / to /login", async () => {
    signedOut();
    renderApp({ route: "/" });
    await waitFor(() => expect(location()).toBe("/login"));
    expect(screen.getByRole("heading", { level: 1, name: "Timetrap" })).toBeInTheDocument();
  });

  it("sends a user page to /login and, after login, back to where the visitor was going", async () => {
    signedOut();
    const { user } = renderApp({ route: "/user/user-1/projects?organizationId=org-1" });
    await waitFor(() => expect(location()).toBe("/login"));
    await user.type(screen.getByLabelText(/Email/), "ada@acme.com");
    await user.type(screen.getByLabelText(/^Password/), "secret-password");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() => expect(location()).toBe("/user/user-1/projects?organizationId=org-1"));
    expect(await screen.findByRole("heading", { level: 1, name: "Projects" })).toBeInTheDocument();
  });

  it("sends an organization page to /login too", async () => {
    signedOut();
    renderApp({ route: "/organization/org-1/roles" });
    await waitFor(() => expect(location()).toBe("/login"));
  });

  it("after a plain visit to /login, logging in lands on the user's board", async () => {
    signedOut();
    const { user } = renderApp({ route: "/login" });
    await user.type(await screen.findByLabelText(/Email/), "ada@acme.com");
    await user.type(screen.getByLabelText(/^Password/), "secret-password");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() => expect(location()).toBe("/user/user-1/board"));
  });

  it("treats a stored session that the server refuses as signed out, and forgets it", async () => {
    window.localStorage.setItem("session", JSON.stringify({ token: "stale" }));
    stubFetch({
      "GET /api/v1/config": () => jsonResponse(buildConfig()),
      "GET /api/v1/auth/me": () => errorResponse(401, "UNAUTHENTICATED", "Unauthenticated"),
    });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      renderApp({ route: "/user/user-1/board" });
      await waitFor(() => expect(location()).toBe("/login"));
    } finally {
      console.error = original;
    }
    expect(window.localStorage.getItem("session")).toBeNull();
    expect(errors.length).toBeGreaterThan(0);
  });

  it("treats a user with an external id as signed out", async () => {
    signedIn(buildUser({ external_uid: "ext-9" }));
    renderApp({ route: "/user/user-1/board" });
    await waitFor(() => expect(location()).toBe("/login"));
  });
});

describe("a session opened for enrolling a second factor", () => {
  it("is sent to the enrolment page from any page of the app, and asks the server for nothing else", async () => {
    const fetch = stubFetch({
      "GET /api/v1/config": () => jsonResponse(buildConfig()),
      "GET /api/v1/auth/me": () => jsonResponse({ ...buildUser(), enrolment_required: true }),
      "POST /api/v1/auth/totp/setup": () =>
        jsonResponse({
          secret: "JBSWY3DPEHPK3PXP",
          otpauth_url: "otpauth://totp/Timetrap:ada?secret=JBSWY3DPEHPK3PXP",
        }),
    });
    window.localStorage.setItem("session", JSON.stringify({ token: "tok-1" }));
    renderApp({ route: "/organization/org-1/users" });
    await waitFor(() => expect(location()).toBe("/two-factor/enrol"));
    expect(await screen.findByRole("heading", { name: "Set up two-factor authentication" })).toBeInTheDocument();
    // Only enrolling is asked of the server meanwhile.
    await waitFor(() => expect(fetch.requestsTo("POST", "/api/v1/auth/totp/setup")).toHaveLength(1));
    expect(fetch.requests.map((r) => `${r.method} ${r.path}`).filter((r) => !/config|auth\/(me|totp)/.test(r))).toEqual(
      [],
    );
  });

  it("is not where a full session goes: the enrolment page sends it on to the app", async () => {
    signedIn();
    renderApp({ route: "/two-factor/enrol" });
    await waitFor(() => expect(location()).toBe("/user/user-1/board"));
  });
});

describe("routes for a signed-in user", () => {
  it("sends / to the user's board", async () => {
    signedIn();
    renderApp({ route: "/" });
    await waitFor(() => expect(location()).toBe("/user/user-1/board"));
  });

  it("sends /login back to the page the user came from, else /", async () => {
    signedIn();
    renderApp({ route: "/login" });
    await waitFor(() => expect(location()).toBe("/user/user-1/board"));
  });

  it.each(["/signup", "/lost-password", "/change-password?email=a%40b.it"])("sends %s to /", async (route) => {
    signedIn();
    renderApp({ route });
    await waitFor(() => expect(location()).toBe("/user/user-1/board"));
  });

  it("opens a password link with a token, and the new password replaces the session with the link owner's", async () => {
    const ada = buildUser();
    const grace = buildUser({ uid: "user-7", email: "grace@acme.com", nominative: "Grace Hopper" });
    window.localStorage.setItem("session", JSON.stringify({ token: "tok-1" }));
    const fetch = stubFetch({
      "GET /api/v1/config": () => jsonResponse(buildConfig()),
      "GET /api/v1/auth/me": ({ headers }) =>
        jsonResponse(headers.get("Authorization") === "Bearer tok-7" ? grace : ada),
      "POST /api/v1/auth/basic/change-password": () =>
        jsonResponse({ success: true, token: "tok-7", user: grace, enrolment_required: false }),
    });
    const route = "/change-password?email=grace%40acme.com&token=invite-1";
    const { user, queryClient } = renderApp({ route });
    expect(await screen.findByRole("heading", { name: "Set a new password" })).toBeInTheDocument();
    expect(
      screen.getByText(
        "You are signed in as ada@acme.com. Setting this password signs you in as grace@acme.com instead.",
      ),
    ).toBeInTheDocument();
    expect(location()).toBe(route);
    const adasColleagues = getOrganizationUsersQueryOptions("org-1").queryKey;
    queryClient.setQueryData(adasColleagues, []);

    await user.type(screen.getByLabelText(/^New password/), "violet-harbour-lantern-42");
    await user.type(screen.getByLabelText(/^Confirm password/), "violet-harbour-lantern-42");
    await user.click(screen.getByRole("button", { name: "Confirm" }));

    await waitFor(() => expect(location()).toBe("/user/user-7/board"));
    expect(fetch.requestsTo("POST", "/api/v1/auth/basic/change-password")[0]?.body).toEqual({
      email: "grace@acme.com",
      password: "violet-harbour-lantern-42",
      token: "invite-1",
    });
    expect(window.localStorage.getItem("session")).toBe(JSON.stringify({ token: "tok-7" }));
    expect(queryClient.getQueryData(["auth", "me"])).toMatchObject({ uid: "user-7" });
    expect(queryClient.getQueryData(adasColleagues)).toBeUndefined();
  });

  it("does not mention another session when the signed-in person opens their own link", async () => {
    signedIn();
    renderApp({ route: "/change-password?email=ada%40acme.com&token=reset-1" });
    expect(await screen.findByRole("heading", { name: "Set a new password" })).toBeInTheDocument();
    expect(screen.queryByText(/You are signed in as/)).not.toBeInTheDocument();
  });

  it("shows a not-found state inside the shell for an unknown user page", async () => {
    signedIn();
    renderApp({ route: "/user/user-1/nowhere" });
    expect(await screen.findByText("Nothing here")).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Planning" })).toBeInTheDocument();
  });

  // The subscription and webhooks pages arrived with issue 14; the first team plans are the coming-soon pages left.
  it.each([["/user/user-1/teamplan", "Team plan"]])("shows %s as a titled coming-soon page", async (route, title) => {
    signedIn();
    renderApp({ route });
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText("This area arrives in a coming version of Timetrap.")).toBeInTheDocument();
  });

  it("applies the user's language after start", async () => {
    signedIn(buildUser({ language: "it" }));
    renderApp({ route: "/user/user-1/board" });
    expect(await screen.findByRole("heading", { level: 1, name: "Agenda" })).toBeInTheDocument();
    expect(i18n.resolvedLanguage).toBe("it");
  });

  it("keeps the interface language for a new user who has not chosen one in onboarding yet", async () => {
    signedIn(buildUser({ language: "it", terms_of_use: false, privacy_policy: false }));
    renderApp({ route: "/user/user-1/board" });
    expect(await screen.findByText("Complete registration")).toBeInTheDocument();
    expect(i18n.resolvedLanguage).toBe("en");
  });
});
