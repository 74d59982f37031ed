import { screen, waitFor, within } from "@testing-library/react";
import type { Language } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { i18n } from "../../lib/i18n";
import { buildConfig, buildUser } from "../../testing/builders";
import { jsonResponse, stubFetch } from "../../testing/fetch-stub";
import { renderApp } from "../../testing/render";

const location = () => screen.getByTestId("location").textContent;

function signedIn() {
  window.localStorage.setItem("session", JSON.stringify({ token: "tok-1" }));
  return stubFetch({
    "GET /api/v1/config": () => jsonResponse(buildConfig()),
    "GET /api/v1/auth/me": () => jsonResponse(buildUser()),
  });
}

/** Each page, each language: its title and a section heading that only that language's text has. */
const documents: [route: string, language: Language, title: string, section: string][] = [
  ["/legal/terms", "en", "Terms of service", "1. The parties"],
  ["/legal/terms", "it", "Termini e condizioni di servizio", "1. Le parti"],
  ["/legal/privacy", "en", "Privacy policy", "Your rights"],
  ["/legal/privacy", "it", "Informativa sulla privacy", "I tuoi diritti"],
  ["/help", "en", "Knowledge base", "Getting started"],
  ["/help", "it", "Guida", "Primi passi"],
];

describe("public documents", () => {
  it.each(documents)("a signed-out visitor opens %s in %s", async (route, language, title, section) => {
    const { requests } = stubFetch({});
    await i18n.changeLanguage(language);
    renderApp({ route });
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: section })).toBeInTheDocument();
    expect(location()).toBe(route);
    // Nothing from the server is needed to read them.
    expect(requests).toEqual([]);
  });

  it.each(["/legal/terms", "/legal/privacy", "/help"])(
    "a signed-in user opens %s too, outside the shell",
    async (route) => {
      const { requestsTo } = signedIn();
      renderApp({ route });
      // Once the stored session has been checked, the visitor is still on the document.
      await waitFor(() => expect(requestsTo("GET", "/api/v1/auth/me")).toHaveLength(1));
      expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
      expect(location()).toBe(route);
      expect(screen.queryByRole("navigation", { name: "Main navigation" })).not.toBeInTheDocument();
    },
  );

  it("switches the document's language from the language menu", async () => {
    stubFetch({});
    const { user } = renderApp({ route: "/legal/privacy" });
    expect(await screen.findByRole("heading", { level: 1, name: "Privacy policy" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Language" }));
    await user.click(await screen.findByRole("menuitem", { name: "Italiano" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Informativa sulla privacy" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "I tuoi diritti" })).toBeInTheDocument();
    expect(i18n.resolvedLanguage).toBe("it");
  });

  it("names the page in the browser tab and dates the legal texts", async () => {
    stubFetch({});
    renderApp({ route: "/legal/terms" });
    await screen.findByRole("heading", { level: 1, name: "Terms of service" });
    expect(document.title).toBe("Terms of service · Timetrap");
    expect(screen.getByText(/^Last updated: /)).toBeInTheDocument();
  });

  it("links the documents to each other and back to the app", async () => {
    stubFetch({ "GET /api/v1/config": () => jsonResponse(buildConfig()) });
    const { user } = renderApp({ route: "/help" });
    await screen.findByRole("heading", { level: 1, name: "Knowledge base" });
    const footer = screen.getByRole("navigation", { name: "Documents" });
    await user.click(within(footer).getByRole("link", { name: "Terms of service" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Terms of service" })).toBeInTheDocument();
    expect(location()).toBe("/legal/terms");
    await user.click(screen.getByRole("link", { name: "Back to Timetrap" }));
    await waitFor(() => expect(location()).toBe("/login"));
  });
});
