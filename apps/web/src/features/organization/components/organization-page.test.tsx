import { screen, waitFor, within } from "@testing-library/react";
import type { Organization, User } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { getMeQueryOptions } from "../../../api/get-me";
import { i18n } from "../../../lib/i18n";
import { buildConfig, buildOrganization, buildRole, buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, type StubHandler, stubFetch } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

function organizationServer({ me = buildUser(), patch }: { me?: User; patch?: StubHandler } = {}) {
  let organization: Organization = buildOrganization({ domains: ["acme.com"] });
  return stubSignedInApi(me, {
    // The signed-in user carries the organization as last saved.
    "GET /api/v1/auth/me": () => jsonResponse({ ...me, organization }),
    "GET /api/v1/organization/org-1": () => jsonResponse(organization),
    "GET /api/v1/organization/org-1/access-tokens": () => jsonResponse([]),
    "PATCH /api/v1/organization/org-1":
      patch ??
      (({ body }) => {
        organization = { ...organization, ...(body as Partial<Organization>) };
        return jsonResponse({ organization, invalidDomains: [] });
      }),
  });
}

describe("organization page", () => {
  it("shows the name, the domains and the plan, and saves a new name and domain list", async () => {
    const fetch = organizationServer();
    const { user, queryClient } = renderApp({ route: "/organization/org-1" });
    const name = await screen.findByRole("textbox", { name: /Organization name/ });
    expect(name).toHaveValue("Acme");
    expect(screen.getByText("acme.com")).toBeInTheDocument();
    expect(screen.getByText("Free")).toBeInTheDocument();
    const save = screen.getByRole("button", { name: "Save" });
    expect(save).toBeDisabled();

    await user.clear(name);
    await user.type(name, "Acme Labs");
    await user.click(screen.getByRole("button", { name: "Remove acme.com" }));
    const domain = screen.getByRole("textbox", { name: "Email domains" });
    const add = screen.getByRole("button", { name: "Add" });
    await user.type(domain, "not a domain");
    expect(add).toBeDisabled();
    await user.clear(domain);
    await user.type(domain, "Labs.Acme.com{Enter}");
    await user.click(save);

    expect(await screen.findByText("Organization updated")).toBeInTheDocument();
    expect(fetch.requestsTo("PATCH", "/api/v1/organization/org-1")[0]?.body).toEqual({
      name: "Acme Labs",
      domains: ["labs.acme.com"],
    });
    expect(queryClient.getQueryData(getMeQueryOptions().queryKey)?.organization?.name).toBe("Acme Labs");
    expect(screen.queryByText("Some domains were not saved")).not.toBeInTheDocument();
    expect(screen.queryByText("Update failed")).not.toBeInTheDocument();
  });

  it("lists the domains the server refused, keeping the ones it saved", async () => {
    organizationServer({
      patch: () =>
        jsonResponse({
          organization: buildOrganization({ domains: ["acme.com"] }),
          invalidDomains: ["taken.com"],
        }),
    });
    const { user, queryClient } = renderApp({ route: "/organization/org-1" });
    await user.type(await screen.findByRole("textbox", { name: "Email domains" }), "taken.com{Enter}");
    await user.click(screen.getByRole("button", { name: "Save" }));

    const alert = (await screen.findByText("Some domains were not saved")).closest<HTMLElement>('[role="alert"]')!;
    expect(
      within(alert).getByText("The following domains are invalid or already used by other organizations:"),
    ).toBeInTheDocument();
    expect(within(alert).getByText("taken.com")).toBeInTheDocument();
    expect(within(alert).getByText(/Organization \/ Details/)).toBeInTheDocument();
    // The form shows what was saved: the refused domain is no longer a chip.
    expect(screen.queryByRole("button", { name: "Remove taken.com" })).not.toBeInTheDocument();
    expect(queryClient.getQueryData(getMeQueryOptions().queryKey)?.organization?.domains).toEqual(["acme.com"]);
    expect(screen.queryByText("Organization updated")).not.toBeInTheDocument();
  });

  it("shows the error and the update-error text on any other failure, in Italian too", async () => {
    organizationServer({
      me: buildUser({ language: "it" }),
      patch: () => errorResponse(500, "INTERNAL", "Internal Server Error"),
    });
    const original = console.error;
    console.error = () => {};
    try {
      const { user } = renderApp({ route: "/organization/org-1" });
      const name = await screen.findByRole("textbox", { name: /Nome dell'organizzazione/ });
      await user.type(name, " Srl");
      await user.click(screen.getByRole("button", { name: "Salva" }));

      const alert = (await screen.findByText("Aggiornamento non riuscito")).closest<HTMLElement>('[role="alert"]')!;
      expect(i18n.resolvedLanguage).toBe("it");
      expect(within(alert).getByText("Errore durante l'aggiornamento dei dati aziendali")).toBeInTheDocument();
      expect(within(alert).getByText(/"ErrorMessage": "Internal Server Error"/)).toBeInTheDocument();
      expect(name).toHaveValue("Acme Srl");
    } finally {
      console.error = original;
    }
  });

  it("disables the fields and hides saving without the right to edit the organization", async () => {
    const fetch = organizationServer({ me: buildUser({ role: buildRole("manager") }) });
    renderApp({ route: "/organization/org-1" });
    expect(await screen.findByRole("textbox", { name: /Organization name/ })).toBeDisabled();
    expect(screen.getByRole("textbox", { name: "Email domains" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Add" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Remove acme.com" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
    expect(screen.getByText(/Only people whose role can edit the organization/)).toBeInTheDocument();
    await waitFor(() => expect(fetch.requestsTo("GET", "/api/v1/organization/org-1")).toHaveLength(1));
    expect(fetch.requestsTo("PATCH", "/api/v1/organization/org-1")).toHaveLength(0);
  });

  it("offers to retry when the organization cannot be loaded", async () => {
    window.localStorage.setItem("session", JSON.stringify({ token: "tok-1" }));
    let attempts = 0;
    stubFetch({
      "GET /api/v1/config": () => jsonResponse(buildConfig()),
      "GET /api/v1/auth/me": () => jsonResponse(buildUser()),
      "GET /api/v1/organization/org-1": () => {
        attempts += 1;
        return attempts === 1
          ? errorResponse(503, "SERVICE_UNAVAILABLE", "Try again later")
          : jsonResponse(buildOrganization());
      },
    });
    const { user } = renderApp({ route: "/organization/org-1" });
    expect(await screen.findByText("Could not load the organization.")).toBeInTheDocument();
    expect(screen.getByText("Try again later")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("textbox", { name: /Organization name/ })).toHaveValue("Acme");
  });
});
