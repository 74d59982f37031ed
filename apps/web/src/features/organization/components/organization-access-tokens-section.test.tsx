import { screen, waitFor, within } from "@testing-library/react";
import type { OrganizationAccessToken, User } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { i18n } from "../../../lib/i18n";
import { buildOrganization, buildRole, buildUser } from "../../../testing/builders";
import { jsonResponse } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

// Local times, so the expected text holds in any time zone the tests run in; the live token ends far ahead of any run.
const adasToken: OrganizationAccessToken = {
  id: "00000000-0000-4000-8000-000000000001",
  user_id: "00000000-0000-4000-8000-0000000000a1",
  nominative: "Ada Lovelace",
  name: "Deploy script",
  scope: "write",
  hint: "tt_pat_AbCd…",
  created_at: new Date(2025, 5, 2, 8, 30).getTime(),
  expires_at: new Date(2099, 0, 31, 9, 0).getTime(),
  last_used_at: new Date(2025, 5, 3, 14, 5).getTime(),
  use_count: 12,
};
const alansToken: OrganizationAccessToken = {
  id: "00000000-0000-4000-8000-000000000002",
  user_id: "00000000-0000-4000-8000-0000000000a2",
  nominative: "Alan Turing",
  name: "Timesheet export",
  scope: "read",
  hint: "tt_pat_x9_Z…",
  created_at: new Date(2025, 0, 10, 9, 0).getTime(),
  expires_at: new Date(2025, 1, 9, 9, 0).getTime(),
  last_used_at: null,
  use_count: 0,
};

const tokensPath = "/api/v1/organization/org-1/access-tokens";

function organizationServer(me: User = buildUser()) {
  let tokens = [adasToken, alansToken];
  return stubSignedInApi(me, {
    "GET /api/v1/organization/org-1": () => jsonResponse(buildOrganization()),
    [`GET ${tokensPath}`]: () => jsonResponse(tokens),
    [`DELETE ${tokensPath}/${alansToken.id}`]: () => {
      tokens = tokens.filter((token) => token.id !== alansToken.id);
      return new Response(null, { status: 204 });
    },
  });
}

const rows = async () =>
  within(await screen.findByRole("region", { name: "API tokens" })).findAllByTestId("organization-access-token-row");

describe("API tokens section of the organization", () => {
  it("lists every member's token with whose it is, its scope, hint, last use and expiry", async () => {
    organizationServer();
    renderApp({ route: "/organization/org-1" });

    const [first, second] = await rows();
    expect(first).toHaveTextContent("Ada Lovelace");
    expect(first).toHaveTextContent("Deploy script");
    expect(within(first!).getByText("Read and write")).toBeInTheDocument();
    expect(first).toHaveTextContent("tt_pat_AbCd… · Last used 03/06/2025 14:05 · Expires 31/01/2099");
    expect(within(first!).getByRole("button", { name: "Revoke Deploy script of Ada Lovelace" })).toBeInTheDocument();

    expect(second).toHaveTextContent("Alan Turing");
    expect(within(second!).getByText("Read only")).toBeInTheDocument();
    expect(second).toHaveTextContent("tt_pat_x9_Z… · Never used · Expired 09/02/2025");
  });

  it("says when no member has a token", async () => {
    stubSignedInApi(buildUser(), {
      "GET /api/v1/organization/org-1": () => jsonResponse(buildOrganization()),
      [`GET ${tokensPath}`]: () => jsonResponse([]),
    });
    renderApp({ route: "/organization/org-1" });

    const region = await screen.findByRole("region", { name: "API tokens" });
    expect(await within(region).findByText("No member has an API token")).toBeInTheDocument();
  });

  it("asks before revoking a member's token, then revokes it and lists it no more", async () => {
    const fetch = organizationServer();
    const { user } = renderApp({ route: "/organization/org-1" });

    await user.click(await screen.findByRole("button", { name: "Revoke Timesheet export of Alan Turing" }));
    let dialog = await screen.findByRole("dialog", { name: "Revoke this token?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(fetch.requestsTo("DELETE", `${tokensPath}/${alansToken.id}`)).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Revoke Timesheet export of Alan Turing" }));
    dialog = await screen.findByRole("dialog", { name: "Revoke this token?" });
    expect(dialog).toHaveTextContent("Alan Turing's token “Timesheet export” will stop working at once");
    await user.click(within(dialog).getByRole("button", { name: "Revoke" }));

    expect(await screen.findByText("Alan Turing's token “Timesheet export” has been revoked")).toBeInTheDocument();
    expect(fetch.requestsTo("DELETE", `${tokensPath}/${alansToken.id}`)).toHaveLength(1);
    await waitFor(async () => expect(await rows()).toHaveLength(1));
  });

  it("is neither shown nor asked for without the right to edit the organization", async () => {
    const fetch = organizationServer(buildUser({ role: buildRole("manager") }));
    renderApp({ route: "/organization/org-1" });

    expect(await screen.findByRole("textbox", { name: /Organization name/ })).toBeDisabled();
    expect(screen.getByRole("region", { name: "Two-factor authentication" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "API tokens" })).toBeNull();
    expect(fetch.requestsTo("GET", tokensPath)).toHaveLength(0);
  });

  it("speaks Italian", async () => {
    await i18n.changeLanguage("it");
    organizationServer(buildUser({ language: "it" }));
    renderApp({ route: "/organization/org-1" });

    const region = await screen.findByRole("region", { name: "Token API" });
    const [first, second] = await within(region).findAllByTestId("organization-access-token-row");
    expect(first).toHaveTextContent("tt_pat_AbCd… · Ultimo utilizzo 03/06/2025 14:05 · Scade il 31/01/2099");
    expect(second).toHaveTextContent("tt_pat_x9_Z… · Mai usato · Scaduto il 09/02/2025");
    expect(within(second!).getByRole("button", { name: "Revoca Timesheet export di Alan Turing" })).toBeInTheDocument();
  });
});
