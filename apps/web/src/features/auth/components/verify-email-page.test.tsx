import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { getMeQueryOptions } from "../../../api/get-me";
import { i18n } from "../../../lib/i18n";
import { buildConfig, buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, stubFetch } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

const route = "/verify-email?token=tok-verify";
const verified = buildUser({ email_verified: true });

describe("verify-email page", { timeout: 15_000 }, () => {
  it("verifies the address once, says so and offers to log in", async () => {
    const fetch = stubFetch({
      "GET /api/v1/config": () => jsonResponse(buildConfig()),
      "POST /api/v1/auth/verify-email": () => jsonResponse(verified),
    });
    renderApp({ route });
    expect(await screen.findByRole("heading", { level: 1, name: "E-mail verified" })).toBeInTheDocument();
    expect(screen.getByText("ada@acme.com is verified. Thank you!")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/");
    // The link works once: it is sent once.
    expect(fetch.requestsTo("POST", "/api/v1/auth/verify-email").map((r) => r.body)).toEqual([{ token: "tok-verify" }]);
  });

  it("updates the signed-in person at once, who continues to the app", async () => {
    stubSignedInApi(buildUser({ email_verified: false }), {
      "POST /api/v1/auth/verify-email": () => jsonResponse(verified),
    });
    const { queryClient } = renderApp({ route });
    expect(await screen.findByRole("heading", { level: 1, name: "E-mail verified" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Continue to Timetrap" })).toBeInTheDocument();
    expect(queryClient.getQueryData(getMeQueryOptions().queryKey)?.email_verified).toBe(true);
  });

  it("leaves another signed-in person as they are", async () => {
    stubSignedInApi(buildUser({ uid: "user-2", email: "bob@acme.com", email_verified: false }), {
      "POST /api/v1/auth/verify-email": () => jsonResponse(verified),
    });
    const { queryClient } = renderApp({ route });
    expect(await screen.findByRole("heading", { level: 1, name: "E-mail verified" })).toBeInTheDocument();
    expect(queryClient.getQueryData(getMeQueryOptions().queryKey)?.email_verified).toBe(false);
  });

  it("says when the link is not valid any more", async () => {
    stubFetch({
      "GET /api/v1/config": () => jsonResponse(buildConfig()),
      "POST /api/v1/auth/verify-email": () => errorResponse(400, "INVALID_TOKEN", "This link is not valid any more"),
    });
    renderApp({ route });
    expect(
      await screen.findByRole("heading", { level: 1, name: "This link is not valid any more" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Verification links work once and for 48 hours/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log in" })).toBeInTheDocument();
  });

  it("sends nothing for a link without a token", async () => {
    const fetch = stubFetch({ "GET /api/v1/config": () => jsonResponse(buildConfig()) });
    renderApp({ route: "/verify-email" });
    expect(
      await screen.findByRole("heading", { level: 1, name: "This link is not valid any more" }),
    ).toBeInTheDocument();
    await waitFor(() => expect(fetch.requestsTo("POST", "/api/v1/auth/verify-email")).toEqual([]));
  });

  it("speaks Italian", async () => {
    await i18n.changeLanguage("it");
    stubFetch({
      "GET /api/v1/config": () => jsonResponse(buildConfig()),
      "POST /api/v1/auth/verify-email": () => jsonResponse(verified),
    });
    renderApp({ route });
    expect(await screen.findByRole("heading", { level: 1, name: "E-mail verificata" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Accedi" })).toBeInTheDocument();
  });
});
