import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "../../../lib/i18n";
import { buildConfig, buildUser } from "../../../testing/builders";
import { jsonResponse, stubFetch } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";

describe("profile page", () => {
  it("shows the user and saves a new language, switching the interface", async () => {
    const me = buildUser();
    window.localStorage.setItem("session", JSON.stringify({ token: "tok-1" }));
    const fetch = stubFetch({
      "GET /api/v1/config": () => jsonResponse(buildConfig()),
      "GET /api/v1/auth/me": () => jsonResponse(me),
      "PATCH /api/v1/user/user-1": ({ body }) => jsonResponse({ ...me, ...(body as object) }),
    });
    const { user } = renderApp({ route: "/user/user-1/profile" });
    expect(await screen.findByRole("heading", { level: 1, name: "Profile" })).toBeInTheDocument();
    expect(screen.getAllByText("ada@acme.com").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Admin").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Acme").length).toBeGreaterThan(0);

    await user.click(screen.getByRole("combobox", { name: "Language" }));
    await user.click(await screen.findByRole("option", { name: "Italiano", hidden: true }));
    await user.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(i18n.resolvedLanguage).toBe("it"));
    expect(fetch.requestsTo("PATCH", "/api/v1/user/user-1")[0]?.body).toEqual({ language: "it" });
    expect(await screen.findByText("Preferenze salvate")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Profilo" })).toBeInTheDocument();
  });
});
