import { screen, waitFor, within } from "@testing-library/react";
import type { User } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { i18n } from "../../../lib/i18n";
import { buildConfig, buildOrganization, buildRole, buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, stubFetch } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";

/** A tiny stand-in for the server's user and organization endpoints, keeping one user in memory. */
function onboardingServer(start: User, { invalidDomains = [] as string[], failCreate = false } = {}) {
  let current = start;
  window.localStorage.setItem("session", JSON.stringify({ token: "tok-1" }));
  const fetch = stubFetch({
    "GET /api/v1/config": () => jsonResponse(buildConfig()),
    "GET /api/v1/auth/me": () => jsonResponse(current),
    [`PATCH /api/v1/user/${start.uid}`]: ({ body }) => {
      current = { ...current, ...(body as Partial<User>) };
      return jsonResponse(current);
    },
    [`POST /api/v1/user/${start.uid}/organization`]: ({ body }) => {
      if (failCreate) return errorResponse(500, "INTERNAL", "Internal Server Error");
      const { name } = body as { name: string };
      const organization = buildOrganization({ name });
      const role = buildRole("admin");
      current = { ...current, organization, role };
      return jsonResponse({ organization, role, invalidDomains }, 201);
    },
  });
  return fetch;
}

const newUser = () =>
  buildUser({ terms_of_use: false, privacy_policy: false, organization: null, role: null, cookie_consent: null });

describe("onboarding dialog", () => {
  it("starts with the terms step, which needs both checkboxes before confirming", async () => {
    onboardingServer(newUser());
    const { user } = renderApp({ route: "/user/user-1/board" });
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Welcome, Ada Lovelace!")).toBeInTheDocument();
    expect(within(dialog).getByText("Complete registration")).toBeInTheDocument();
    const confirm = within(dialog).getByRole("button", { name: "Confirm" });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole("checkbox", { name: /terms and conditions/ }));
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole("checkbox", { name: /privacy policy/ }));
    expect(confirm).toBeEnabled();
    expect(await within(dialog).findByRole("link", { name: "terms and conditions" })).toHaveAttribute(
      "href",
      "https://example.com/terms",
    );
    expect(within(dialog).getByRole("link", { name: "privacy policy" })).toHaveAttribute("target", "_blank");
  });

  it("cannot be closed with Escape", async () => {
    onboardingServer(newUser());
    const { user } = renderApp({ route: "/user/user-1/board" });
    await screen.findByRole("dialog");
    await user.keyboard("{Escape}");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /close/i })).not.toBeInTheDocument();
  });

  it("saves terms, privacy and language, switches the language and moves on to the organization", async () => {
    const fetch = onboardingServer(newUser());
    const { user } = renderApp({ route: "/user/user-1/board" });
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("checkbox", { name: /terms and conditions/ }));
    await user.click(within(dialog).getByRole("checkbox", { name: /privacy policy/ }));
    await user.click(within(dialog).getByRole("combobox", { name: "Language" }));
    await user.click(await screen.findByRole("option", { name: "Italiano", hidden: true }));
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));

    expect(await screen.findByText("Inserisci il nome della tua azienda")).toBeInTheDocument();
    expect(i18n.resolvedLanguage).toBe("it");
    expect(fetch.requestsTo("PATCH", "/api/v1/user/user-1")[0]?.body).toEqual({
      terms_of_use: true,
      privacy_policy: true,
      language: "it",
    });
  });

  it("shows the organization step directly when the terms are already accepted", async () => {
    onboardingServer(buildUser({ organization: null, role: null }));
    renderApp({ route: "/user/user-1/board" });
    expect(await screen.findByText("Enter your company name")).toBeInTheDocument();
  });

  it("adds only valid new domains, removes them, creates the organization and closes", async () => {
    const fetch = onboardingServer(buildUser({ organization: null, role: null }));
    const { user } = renderApp({ route: "/user/user-1/board" });
    const dialog = await screen.findByRole("dialog");
    const add = within(dialog).getByRole("button", { name: "Add" });
    const domain = within(dialog).getByRole("textbox", { name: "Email domains" });
    const confirm = within(dialog).getByRole("button", { name: "Confirm" });

    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole("textbox", { name: /Organization name/ }), "Acme");
    expect(confirm).toBeEnabled();

    expect(add).toBeDisabled();
    await user.type(domain, "not a domain");
    expect(add).toBeDisabled();
    await user.clear(domain);
    await user.type(domain, "Acme.COM");
    expect(add).toBeEnabled();
    await user.click(add);
    expect(within(dialog).getByText("acme.com")).toBeInTheDocument();
    await user.type(domain, "acme.com");
    expect(add).toBeDisabled();
    await user.clear(domain);
    await user.type(domain, "[[10.0.0.1]{Enter}");
    expect(within(dialog).getByText("[10.0.0.1]")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Remove [10.0.0.1]" }));
    expect(within(dialog).queryByText("[10.0.0.1]")).not.toBeInTheDocument();

    await user.click(confirm);
    await waitFor(() => expect(screen.queryByText("Enter your company name")).not.toBeInTheDocument());
    expect(fetch.requestsTo("POST", "/api/v1/user/user-1/organization")[0]?.body).toEqual({
      name: "Acme",
      domains: ["acme.com"],
      language: "en",
    });
    expect(screen.queryByText("Some domains were not saved")).not.toBeInTheDocument();
  });

  it("closes and lists the invalid domains when the server reports some", async () => {
    onboardingServer(buildUser({ organization: null, role: null }), { invalidDomains: ["taken.com"] });
    const { user } = renderApp({ route: "/user/user-1/board" });
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: /Organization name/ }), "Acme");
    await user.type(within(dialog).getByRole("textbox", { name: "Email domains" }), "taken.com{Enter}");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));

    const alert = await screen.findByRole("dialog", { name: "Some domains were not saved" });
    expect(within(alert).getByText("taken.com")).toBeInTheDocument();
    expect(within(alert).getByText(/organization was created/)).toBeInTheDocument();
    expect(within(alert).getByText(/Organization \/ Details/)).toBeInTheDocument();
    expect(screen.queryByText("Enter your company name")).not.toBeInTheDocument();
  });

  it("keeps the dialog and shows the serialized error on any other failure", async () => {
    onboardingServer(buildUser({ organization: null, role: null }), { failCreate: true });
    const original = console.error;
    console.error = () => {};
    try {
      const { user } = renderApp({ route: "/user/user-1/board" });
      const dialog = await screen.findByRole("dialog");
      await user.type(within(dialog).getByRole("textbox", { name: /Organization name/ }), "Acme");
      await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
      const alert = await screen.findByRole("dialog", { name: "Error while creating the organization" });
      expect(within(alert).getByText(/"status": 500/)).toBeInTheDocument();
      expect(screen.getByText("Enter your company name")).toBeInTheDocument();
    } finally {
      console.error = original;
    }
  });

  it("does not show for a user with terms accepted and an organization", async () => {
    onboardingServer(buildUser());
    renderApp({ route: "/user/user-1/board" });
    expect(await screen.findByRole("heading", { level: 1, name: "Board" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
