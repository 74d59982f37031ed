import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
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
    "POST /api/v1/auth/basic": () => jsonResponse({ token: "tok-new", user: buildUser() }),
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

describe("routes for a signed-in user", () => {
  it("sends / to the user's board, shown inside the shell as coming soon", async () => {
    signedIn();
    renderApp({ route: "/" });
    await waitFor(() => expect(location()).toBe("/user/user-1/board"));
    expect(await screen.findByRole("heading", { level: 1, name: "Board" })).toBeInTheDocument();
    expect(screen.getByText("Coming soon")).toBeInTheDocument();
  });

  it("sends /login back to the page the user came from, else /", async () => {
    signedIn();
    renderApp({ route: "/login" });
    await waitFor(() => expect(location()).toBe("/user/user-1/board"));
  });

  it.each(["/signup", "/lost-password", "/change-password?email=a%40b.it&token=t"])("sends %s to /", async (route) => {
    signedIn();
    renderApp({ route });
    await waitFor(() => expect(location()).toBe("/user/user-1/board"));
  });

  it("shows a not-found state inside the shell for an unknown user page", async () => {
    signedIn();
    renderApp({ route: "/user/user-1/nowhere" });
    expect(await screen.findByText("Nothing here")).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Planning" })).toBeInTheDocument();
  });

  it.each([
    ["/user/user-1/teamplan3", "Team plan"],
    ["/user/user-1/dashboard", "Dashboard"],
    ["/user/user-1/integrations", "Integrations"],
    ["/user/user-1/projects/p-1", "Project"],
    ["/organization/org-1/subscription", "Subscription"],
    ["/organization/org-1/webhooks", "Webhooks"],
    ["/organization/org-1/reports/timesheet", "Timesheet"],
  ])("shows %s as a titled coming-soon page", async (route, title) => {
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
