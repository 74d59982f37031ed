import { screen, waitFor, within } from "@testing-library/react";
import type { User } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { buildConfig, buildRole, buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, stubFetch } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { buildNavigation, flattenNavigation } from "../navigation";

const linksOf = (user: User) =>
  buildNavigation(user).flatMap((section) => flattenNavigation(section.entries).map((entry) => entry.to));

function signedIn(user: User, extra: Parameters<typeof stubFetch>[0] = {}) {
  window.localStorage.setItem("session", JSON.stringify({ token: "tok-1" }));
  return stubFetch({
    "GET /api/v1/config": () => jsonResponse(buildConfig()),
    "GET /api/v1/auth/me": () => jsonResponse(user),
    ...extra,
  });
}

describe("sidebar entries by role", () => {
  it("gives an Admin every entry of the spec", () => {
    expect(linksOf(buildUser({ role: buildRole("admin") }))).toEqual([
      "/user/user-1/board",
      "/user/user-1/board?panel=tasks",
      "/user/user-1/teamplan3",
      "/user/user-1/dashboard",
      "/user/user-1/time-off",
      "/user/user-1/projects?organizationId=org-1",
      "/organization/org-1",
      "/organization/org-1/customers",
      "/organization/org-1/holidays",
      "/organization/org-1/workflows",
      "/organization/org-1/roles",
      "/organization/org-1/users",
      "/organization/org-1/overheads",
      "/organization/org-1/reports/timesheet",
      "/organization/org-1/approvals",
      "/organization/org-1/subscription",
      "/organization/org-1/audit",
      "/organization/org-1/webhooks",
      "/user/user-1/integrations",
    ]);
  });

  it("gives a Member planning, dashboard, time off, projects, project setup and integrations only", () => {
    expect(linksOf(buildUser({ role: buildRole("member") }))).toEqual([
      "/user/user-1/board",
      "/user/user-1/board?panel=tasks",
      "/user/user-1/dashboard",
      "/user/user-1/time-off",
      "/user/user-1/projects?organizationId=org-1",
      "/organization/org-1/workflows",
      "/user/user-1/integrations",
    ]);
  });

  it("gives a Manager customers and user management but not details, subscription, the audit log, webhooks or approvals", () => {
    const links = linksOf(buildUser({ role: buildRole("manager") }));
    expect(links).toContain("/organization/org-1/customers");
    expect(links).toContain("/organization/org-1/users");
    expect(links).toContain("/organization/org-1/reports/timesheet");
    expect(links).not.toContain("/organization/org-1");
    expect(links).not.toContain("/organization/org-1/subscription");
    expect(links).not.toContain("/organization/org-1/audit");
    expect(links).not.toContain("/organization/org-1/webhooks");
    // Holidays and kinds of time off are the organization's settings.
    expect(links).not.toContain("/organization/org-1/holidays");
    // Reading the timesheet is not approving it.
    expect(links).not.toContain("/organization/org-1/approvals");
  });

  it("shows the team plan only to a role that may read the team", () => {
    const teamReader = buildUser({
      role: { uid: "role-x", name: "Lead", acls: [{ subject: "team", actions: ["read"] }] },
    });
    expect(linksOf(teamReader)).toContain("/user/user-1/teamplan3");
    expect(linksOf(buildUser({ role: buildRole("manager") }))).toContain("/user/user-1/teamplan3");
    expect(linksOf(buildUser({ role: buildRole("member") }))).not.toContain("/user/user-1/teamplan3");
  });

  it("gives a user without a role no entries", () => {
    expect(linksOf(buildUser({ role: null }))).toEqual([]);
  });

  it("adds one entry per connected service, opening the board with that source", () => {
    const links = linksOf(buildUser({ integrations: [{ service: "todoist" }] }));
    expect(links).toContain("/user/user-1/board?panel=todoist");
  });

  it("puts the calendar-service entry first in Integrations, then the others, never the product's own source", () => {
    const user = buildUser({
      integrations: [{ service: "todoist" }, { service: "gcalendar" }, { service: "timetrap" }],
    });
    const section = buildNavigation(user).find((entry) => entry.id === "integrations");
    expect(flattenNavigation(section?.entries ?? []).map((entry) => [entry.text ?? entry.label, entry.to])).toEqual([
      ["menu.integrations", "/user/user-1/integrations"],
      ["Google Calendar", "/user/user-1/board?panel=gcalendar"],
      ["Todoist", "/user/user-1/board?panel=todoist"],
    ]);
  });

  it("has no calendar-service entry for a person without Google Calendar", () => {
    expect(linksOf(buildUser({ integrations: [] }))).not.toContain("/user/user-1/board?panel=gcalendar");
  });
});

describe("sidebar in the shell", () => {
  it("shows an Admin the whole Organization group", async () => {
    signedIn(buildUser({ role: buildRole("admin") }));
    const { user } = renderApp({ route: "/user/user-1/board" });
    const workspace = await screen.findByRole("group", { name: "Workspace" });
    await user.click(within(workspace).getByText("Organization"));
    for (const name of ["Details", "Customers", "Project setup", "People", "Subscription", "Advanced"]) {
      expect(within(workspace).getByText(name)).toBeInTheDocument();
    }
    expect(within(workspace).getByRole("link", { name: "Projects" })).toHaveAttribute(
      "href",
      "/user/user-1/projects?organizationId=org-1",
    );
  });

  it("opens and closes a group from the keyboard: each group is a button that says whether it is open", async () => {
    signedIn(buildUser({ role: buildRole("admin") }));
    const { user } = renderApp({ route: "/user/user-1/board" });
    const workspace = await screen.findByRole("group", { name: "Workspace" });
    const organization = within(workspace).getByRole("button", { name: "Organization" });
    expect(organization).toHaveAttribute("aria-expanded", "false");
    organization.focus();
    await user.keyboard("{Enter}");
    expect(organization).toHaveAttribute("aria-expanded", "true");
    const people = await within(workspace).findByRole("button", { name: "People" });
    // Tab goes through the open group's entries to People: every stop is a link or a group's button.
    for (let presses = 0; presses < 8 && document.activeElement !== people; presses++) {
      await user.tab();
      expect(document.activeElement?.tagName).toMatch(/^(A|BUTTON)$/);
    }
    expect(people).toHaveFocus();
    await user.keyboard(" ");
    expect(people).toHaveAttribute("aria-expanded", "true");
    expect(await within(workspace).findByRole("link", { name: "Users" })).toBeVisible();
    organization.focus();
    await user.keyboard("{Enter}");
    expect(organization).toHaveAttribute("aria-expanded", "false");
  });

  it("shows a Member the Organization group with project setup only", async () => {
    signedIn(buildUser({ role: buildRole("member") }));
    const { user } = renderApp({ route: "/user/user-1/board" });
    const workspace = await screen.findByRole("group", { name: "Workspace" });
    await user.click(within(workspace).getByText("Organization"));
    expect(within(workspace).getByText("Project setup")).toBeInTheDocument();
    for (const name of ["Details", "Customers", "People", "Subscription", "Advanced"]) {
      expect(within(workspace).queryByText(name)).not.toBeInTheDocument();
    }
  });

  it("marks Tasks, not Board, as current when the tasks panel is open", async () => {
    signedIn(buildUser());
    renderApp({ route: "/user/user-1/board?panel=tasks" });
    const planning = await screen.findByRole("group", { name: "Planning" });
    expect(within(planning).getByRole("link", { name: "Tasks" })).toHaveAttribute("data-active", "true");
    expect(within(planning).getByRole("link", { name: "Board" })).not.toHaveAttribute("data-active");
  });

  it("shows the Google Calendar entry, current while the board shows that source", async () => {
    signedIn(buildUser({ integrations: [{ service: "gcalendar" }] }));
    renderApp({ route: "/user/user-1/board?panel=gcalendar" });
    const integrations = await screen.findByRole("group", { name: "Integrations" });
    const entry = within(integrations).getByRole("link", { name: "Google Calendar" });
    expect(entry).toHaveAttribute("href", "/user/user-1/board?panel=gcalendar");
    expect(entry).toHaveAttribute("data-active", "true");
    expect(within(integrations).getByRole("link", { name: "Manage" })).toHaveAttribute(
      "href",
      "/user/user-1/integrations",
    );
  });

  it("goes to the profile when the user's own name is clicked", async () => {
    signedIn(buildUser());
    const { user } = renderApp({ route: "/user/user-1/board" });
    await user.click(await screen.findByRole("link", { name: "Ada Lovelace" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Profile" })).toBeInTheDocument();
    expect(screen.getByTestId("location").textContent).toBe("/user/user-1/profile");
  });

  it("collapses to icons and expands again", async () => {
    signedIn(buildUser());
    const { user } = renderApp({ route: "/user/user-1/board" });
    await user.click(await screen.findByRole("button", { name: "Collapse sidebar" }));
    expect(screen.getByRole("button", { name: "Expand sidebar" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Board" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Ada Lovelace" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Expand sidebar" }));
    expect(screen.getByRole("link", { name: "Ada Lovelace" })).toBeInTheDocument();
  });

  it("asks before logging out, then ends the session on the server, forgets it and goes to /", async () => {
    const fetch = signedIn(buildUser(), { "POST /api/v1/auth/logout": () => new Response(null, { status: 204 }) });
    const { user } = renderApp({ route: "/user/user-1/board" });
    await user.click(await screen.findByRole("button", { name: "Profile menu" }));
    await user.click(await screen.findByRole("menuitem", { name: "Log out", hidden: true }));
    const dialog = await screen.findByRole("dialog", { name: "Log out?" });
    expect(window.localStorage.getItem("session")).not.toBeNull();
    expect(fetch.requestsTo("POST", "/api/v1/auth/logout")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Log out" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/login"));
    expect(window.localStorage.getItem("session")).toBeNull();
    const [logout] = fetch.requestsTo("POST", "/api/v1/auth/logout");
    expect(logout?.headers.get("Authorization")).toBe("Bearer tok-1");
  });

  it("logs out here even when the server has already ended the session", async () => {
    signedIn(buildUser(), {
      "POST /api/v1/auth/logout": () => errorResponse(401, "UNAUTHENTICATED", "Your session is not valid"),
    });
    const { user } = renderApp({ route: "/user/user-1/board" });
    await user.click(await screen.findByRole("button", { name: "Profile menu" }));
    await user.click(await screen.findByRole("menuitem", { name: "Log out", hidden: true }));
    const dialog = await screen.findByRole("dialog", { name: "Log out?" });
    await user.click(within(dialog).getByRole("button", { name: "Log out" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/login"));
    expect(window.localStorage.getItem("session")).toBeNull();
  });

  it("opens the changelog from the version label and renders its markdown", async () => {
    signedIn(buildUser(), {
      "GET /api/v1/changelog": () =>
        new Response("# Changelog\n\n## 0.23.0\n\n- Sign-up and **onboarding**\n- <script>alert(1)</script>", {
          headers: { "Content-Type": "text/markdown; charset=utf-8" },
        }),
    });
    const { user } = renderApp({ route: "/user/user-1/board" });
    await user.click(await screen.findByRole("button", { name: "What's new in version 0.23.0" }));
    const dialog = await screen.findByRole("dialog", { name: "What's new — version 0.23.0" });
    expect(await within(dialog).findByRole("heading", { name: "0.23.0" })).toBeInTheDocument();
    expect(within(dialog).getByText("onboarding").tagName).toBe("STRONG");
    expect(within(dialog).getByText("<script>alert(1)</script>")).toBeInTheDocument();
    expect(dialog.querySelector("script")).toBeNull();
  });

  it("shows the changelog error text when it cannot be loaded", async () => {
    signedIn(buildUser(), { "GET /api/v1/changelog": () => errorResponse(500, "INTERNAL", "Internal error") });
    const { user } = renderApp({ route: "/user/user-1/board" });
    await user.click(await screen.findByRole("button", { name: "What's new in version 0.23.0" }));
    expect(await screen.findByText("Could not load the changelog. Please try again later.")).toBeInTheDocument();
  });
});
