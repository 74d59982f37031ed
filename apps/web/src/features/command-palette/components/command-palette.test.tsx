import { screen, waitFor, within } from "@testing-library/react";
import type { User } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { buildOrganizationUser, buildProject, buildRole, buildUser } from "../../../testing/builders";
import { jsonResponse } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

function signedIn(user: User = buildUser()) {
  return stubSignedInApi(user, {
    "GET /api/v1/user/user-1/timer": () => jsonResponse(null),
    "GET /api/v1/user/user-1/time-blocking": () => jsonResponse([]),
    "GET /api/v1/organization/org-1/project": () =>
      jsonResponse([
        buildProject({ uid: "project-1", title: "Website" }),
        buildProject({ uid: "project-2", title: "Mobile app" }),
      ]),
    "GET /api/v1/organization/org-1/user": () =>
      jsonResponse([buildOrganizationUser("user-1", "Ada Lovelace"), buildOrganizationUser("user-2", "Grace Hopper")]),
  });
}

async function openPalette() {
  const view = renderApp({ route: "/user/user-1/profile" });
  await screen.findByRole("heading", { name: "Profile" });
  await view.user.keyboard("{Control>}k{/Control}");
  const input = await screen.findByRole("combobox", { name: "Search pages, projects, people and actions" });
  await waitFor(() => expect(input).toHaveFocus());
  return { ...view, input };
}

const location = () => screen.getByTestId("location").textContent;
const activeOption = (input: HTMLElement) =>
  document.getElementById(input.getAttribute("aria-activedescendant") ?? "") as HTMLElement;

describe("command palette", () => {
  it("opens with Ctrl+K, finds a project from a few letters and goes to it with Enter", async () => {
    signedIn();
    const { user, input } = await openPalette();
    expect(input).toHaveAttribute("aria-expanded", "true");
    const list = screen.getByRole("listbox");
    expect(input).toHaveAttribute("aria-controls", list.id);
    await within(list).findByRole("option", { name: /Website/ });

    await user.type(input, "webst");
    expect(within(list).getByRole("group", { name: "Projects" })).toBeInTheDocument();
    expect(activeOption(input)).toHaveTextContent("Website");
    await user.keyboard("{Enter}");

    await waitFor(() => expect(location()).toBe("/user/user-1/projects/project-1"));
    await waitFor(() => expect(input).not.toBeInTheDocument());
  });

  it("moves through the options with the arrows, Home and End, and says how many there are", async () => {
    signedIn();
    const { user, input } = await openPalette();
    await user.type(input, "view");
    await screen.findByText("2 results");
    expect(activeOption(input)).toHaveTextContent("Day view");
    await user.keyboard("{ArrowDown}");
    expect(activeOption(input)).toHaveTextContent("Week view");
    await user.keyboard("{ArrowDown}");
    expect(activeOption(input)).toHaveTextContent("Day view");
    await user.keyboard("{End}");
    expect(activeOption(input)).toHaveTextContent("Week view");
    await user.keyboard("{Home}");
    expect(activeOption(input)).toHaveTextContent("Day view");
    expect(activeOption(input)).toHaveAttribute("aria-selected", "true");

    await user.keyboard("{Enter}");
    // The board then writes the day it shows beside the view.
    await waitFor(() => expect(location()).toMatch(/^\/user\/user-1\/board\?view=day(&|$)/));
  });

  it("finds a page by its name in the other language", async () => {
    signedIn();
    const { user, input } = await openPalette();
    await user.type(input, "progetti");
    const pages = await screen.findByRole("group", { name: "Pages" });
    expect(within(pages).getByRole("option", { name: /^Projects/ })).toBeInTheDocument();
  });

  it("offers an admin the people's boards", async () => {
    signedIn();
    const { user, input } = await openPalette();
    await user.type(input, "grace");
    const people = await screen.findByRole("group", { name: "People" });
    await user.click(within(people).getByRole("option", { name: /Grace Hopper/ }));
    await waitFor(() => expect(location()).toBe("/user/user-2/board"));
  });

  it("offers a member no people and no page their role may not open", async () => {
    const fetch = signedIn(buildUser({ role: buildRole("member") }));
    const { user, input } = await openPalette();
    await screen.findByRole("option", { name: /Website/ });
    expect(screen.queryByRole("group", { name: "People" })).not.toBeInTheDocument();
    expect(fetch.requestsTo("GET", "/api/v1/organization/org-1/user")).toHaveLength(0);

    await user.type(input, "users");
    expect(screen.queryByRole("option", { name: /^Users/ })).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, "team plan");
    expect(screen.queryByRole("option", { name: /Team plan/ })).not.toBeInTheDocument();
  });

  it("closes with Escape and gives the focus back to where it was", async () => {
    signedIn();
    const view = renderApp({ route: "/user/user-1/profile" });
    const save = await screen.findByRole("button", { name: "Save" });
    save.focus();
    await view.user.keyboard("{Control>}k{/Control}");
    const input = await screen.findByRole("combobox", { name: "Search pages, projects, people and actions" });
    await waitFor(() => expect(input).toHaveFocus());
    await view.user.keyboard("{Escape}");
    await waitFor(() => expect(save).toHaveFocus());
  });

  it("opens with Ctrl+K while typing in a field too, and closes again with it", async () => {
    signedIn();
    const view = renderApp({ route: "/user/user-1/profile" });
    await screen.findByRole("heading", { name: "Profile" });
    const field = document.createElement("input");
    field.setAttribute("aria-label", "Notes");
    document.body.append(field);
    field.focus();
    await view.user.keyboard("{Control>}k{/Control}");
    const input = await screen.findByRole("combobox", { name: "Search pages, projects, people and actions" });
    await waitFor(() => expect(input).toHaveFocus());
    await view.user.keyboard("{Control>}k{/Control}");
    await waitFor(() => expect(field).toHaveFocus());
    field.remove();
  });
});
