import { screen, waitFor, within } from "@testing-library/react";
import type { AccessToken, CreatedAccessToken } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { i18n } from "../../../lib/i18n";
import { buildUser } from "../../../testing/builders";
import { chooseOption } from "../../../testing/combobox";
import { errorResponse, jsonResponse } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

// Local times, so the expected text holds in any time zone the tests run in; the live token ends far ahead of any run.
const deploy: AccessToken = {
  id: "00000000-0000-4000-8000-000000000001",
  name: "Deploy script",
  scope: "write",
  hint: "tt_pat_AbCd…",
  created_at: new Date(2025, 5, 2, 8, 30).getTime(),
  expires_at: new Date(2099, 0, 31, 9, 0).getTime(),
  last_used_at: new Date(2025, 5, 3, 14, 5).getTime(),
  use_count: 12,
};
const invoices: AccessToken = {
  id: "00000000-0000-4000-8000-000000000002",
  name: "Invoice export",
  scope: "read",
  hint: "tt_pat_x9_Z…",
  created_at: new Date(2025, 4, 20, 9, 0).getTime(),
  expires_at: null,
  last_used_at: null,
  use_count: 0,
};
const old: AccessToken = {
  id: "00000000-0000-4000-8000-000000000003",
  name: "Old report",
  scope: "read",
  hint: "tt_pat_Qw-e…",
  created_at: new Date(2025, 0, 10, 9, 0).getTime(),
  expires_at: new Date(2025, 1, 9, 9, 0).getTime(),
  last_used_at: new Date(2025, 1, 1, 18, 20).getTime(),
  use_count: 3,
};
const secret = `tt_pat_${"N".repeat(20)}_${"q".repeat(22)}`;

function created(overrides: Partial<CreatedAccessToken> = {}): CreatedAccessToken {
  return {
    id: "00000000-0000-4000-8000-000000000009",
    name: "CI",
    scope: "read",
    hint: "tt_pat_NNNN…",
    created_at: Date.now(),
    expires_at: Date.now() + 90 * 24 * 60 * 60_000,
    last_used_at: null,
    use_count: 0,
    token: secret,
    ...overrides,
  };
}

/** The API with `tokens` as the person's tokens; a POST adds the one made, as the server would. */
function tokensServer(initial: AccessToken[], post?: (body: unknown) => Response) {
  let tokens = initial;
  const fetch = stubSignedInApi(buildUser(), {
    "GET /api/v1/auth/tokens": () => jsonResponse(tokens),
    "POST /api/v1/auth/tokens": ({ body }) => {
      if (post) return post(body);
      const { name, scope } = body as Pick<CreatedAccessToken, "name" | "scope">;
      const made = created({ name, scope });
      const { token: _shownOnce, ...listed } = made;
      tokens = [listed, ...tokens];
      return jsonResponse(made, 201, "Created");
    },
    [`DELETE /api/v1/auth/tokens/${deploy.id}`]: () => {
      tokens = tokens.filter((token) => token.id !== deploy.id);
      return new Response(null, { status: 204 });
    },
  });
  return fetch;
}

const section = (name = "API tokens") => screen.findByRole("region", { name });
const rows = async () => within(await section()).findAllByTestId("access-token-row");

describe("API tokens section of the profile", () => {
  it("lists each token with its scope, hint, dates and use, an expired one marked", async () => {
    tokensServer([deploy, invoices, old]);
    renderApp({ route: "/user/user-1/profile" });

    const region = await section();
    expect(within(region).getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/api/docs");
    const [first, second, third] = await rows();
    expect(first).toHaveTextContent("Deploy script");
    expect(within(first!).getByText("Read and write")).toBeInTheDocument();
    expect(first).toHaveTextContent("tt_pat_AbCd…");
    expect(first).toHaveTextContent("Created 02/06/2025 · Expires 31/01/2099 · Last used 03/06/2025 14:05 · Uses: 12");
    expect(within(first!).getByRole("button", { name: "Revoke Deploy script" })).toBeInTheDocument();

    expect(second).toHaveTextContent("Invoice export");
    expect(within(second!).getByText("Read only")).toBeInTheDocument();
    expect(second).toHaveTextContent("Created 20/05/2025 · Never expires · Never used");
    expect(second).not.toHaveTextContent("Uses");

    expect(within(third!).getByText("Expired 09/02/2025")).toHaveStyle({ color: "var(--mantine-color-red-7)" });
    expect(within(region).getByRole("button", { name: "New token" })).toBeInTheDocument();
  });

  it("says there are no tokens yet, and offers to make one", async () => {
    tokensServer([]);
    renderApp({ route: "/user/user-1/profile" });

    const region = await section();
    expect(await within(region).findByText("No API tokens yet")).toBeInTheDocument();
    expect(within(region).queryAllByTestId("access-token-row")).toHaveLength(0);
    expect(within(region).getByRole("button", { name: "New token" })).toBeInTheDocument();
  });

  it("makes a token with the defaults: 90 days, read only", async () => {
    const fetch = tokensServer([deploy]);
    const { user } = renderApp({ route: "/user/user-1/profile" });

    await user.click(await within(await section()).findByRole("button", { name: "New token" }));
    const dialog = await screen.findByRole("dialog", { name: "New API token" });
    expect(within(dialog).getByRole("combobox", { name: "Expiry" })).toHaveValue("90 days");
    expect(within(dialog).getByRole("radio", { name: "Read only" })).toBeChecked();
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "  CI  ");
    await user.click(within(dialog).getByRole("button", { name: "Create token" }));

    await screen.findByRole("dialog", { name: "Copy your new token" });
    expect(fetch.requestsTo("POST", "/api/v1/auth/tokens")[0]?.body).toEqual({
      name: "CI",
      expires_in_days: 90,
      scope: "read",
    });
  });

  it("shows the new token once, to copy, and lists it when the dialog is done", async () => {
    const fetch = tokensServer([deploy]);
    const { user } = renderApp({ route: "/user/user-1/profile" });

    await user.click(await within(await section()).findByRole("button", { name: "New token" }));
    let dialog = await screen.findByRole("dialog", { name: "New API token" });
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Nightly sync");
    await chooseOption(user, "Expiry", "1 year", dialog);
    await user.click(within(dialog).getByRole("radio", { name: "Read and write" }));
    await user.click(within(dialog).getByRole("button", { name: "Create token" }));

    dialog = await screen.findByRole("dialog", { name: "Copy your new token" });
    expect(fetch.requestsTo("POST", "/api/v1/auth/tokens")[0]?.body).toEqual({
      name: "Nightly sync",
      expires_in_days: 365,
      scope: "write",
    });
    const field = within(dialog).getByRole("textbox", { name: "Token “Nightly sync”" });
    expect(field).toHaveValue(secret);
    expect(field).toHaveAttribute("readonly");
    expect(dialog).toHaveTextContent("This is the only time the token is shown");
    // Only Done closes it: the token would be lost with a stray Escape.
    expect(within(dialog).queryByRole("button", { name: "Close" })).toBeNull();
    await user.keyboard("{Escape}");
    expect(screen.getByRole("dialog", { name: "Copy your new token" })).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Copy" }));
    expect(await within(dialog).findByRole("button", { name: "Copied" })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(secret);

    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(async () => expect(await rows()).toHaveLength(2));
    expect((await rows())[0]).toHaveTextContent("Nightly sync");
    expect(document.body).not.toHaveTextContent(secret);

    // Opened again, the dialog asks for a new token: the one made is not shown any more.
    await user.click(within(await section()).getByRole("button", { name: "New token" }));
    dialog = await screen.findByRole("dialog", { name: "New API token" });
    expect(within(dialog).getByRole("textbox", { name: "Name" })).toHaveValue("");
    expect(document.body).not.toHaveTextContent(secret);
  });

  it("asks for a name of at most 100 characters, and sends nothing until it has one", async () => {
    const fetch = tokensServer([]);
    const { user } = renderApp({ route: "/user/user-1/profile" });

    await user.click(await within(await section()).findByRole("button", { name: "New token" }));
    const dialog = await screen.findByRole("dialog", { name: "New API token" });
    const name = within(dialog).getByRole("textbox", { name: "Name" });
    await user.type(name, "   ");
    await user.click(within(dialog).getByRole("button", { name: "Create token" }));
    expect(await within(dialog).findByText("Name is required")).toBeInTheDocument();

    await user.clear(name);
    await user.click(name);
    await user.paste("x".repeat(101));
    expect(within(dialog).queryByText("Name is required")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Create token" }));
    expect(await within(dialog).findByText("The name is at most 100 characters")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/auth/tokens")).toHaveLength(0);
  });

  it("tells the server's refusal and keeps the form, when the person already holds as many tokens as allowed", async () => {
    tokensServer([deploy], () => errorResponse(409, "CONFLICT", "You already hold 50 tokens: revoke one first"));
    const { user } = renderApp({ route: "/user/user-1/profile" });

    await user.click(await within(await section()).findByRole("button", { name: "New token" }));
    const dialog = await screen.findByRole("dialog", { name: "New API token" });
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "One too many");
    await user.click(within(dialog).getByRole("button", { name: "Create token" }));

    expect(await screen.findByText("You already hold 50 tokens: revoke one first")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "New API token" })).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "Name" })).toHaveValue("One too many");
  });

  it("asks before revoking a token, sends nothing when cancelled, and lists it no more once revoked", async () => {
    const fetch = tokensServer([deploy, invoices]);
    const { user } = renderApp({ route: "/user/user-1/profile" });

    await user.click(await screen.findByRole("button", { name: "Revoke Deploy script" }));
    let dialog = await screen.findByRole("dialog", { name: "Revoke this token?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(fetch.requestsTo("DELETE", `/api/v1/auth/tokens/${deploy.id}`)).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Revoke Deploy script" }));
    dialog = await screen.findByRole("dialog", { name: "Revoke this token?" });
    expect(dialog).toHaveTextContent("“Deploy script” will stop working at once");
    await user.click(within(dialog).getByRole("button", { name: "Revoke" }));

    expect(await screen.findByText("The token “Deploy script” has been revoked")).toBeInTheDocument();
    expect(fetch.requestsTo("DELETE", `/api/v1/auth/tokens/${deploy.id}`)).toHaveLength(1);
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect((await rows())[0]).toHaveTextContent("Invoice export");
  });

  it("speaks Italian, its checks too", async () => {
    await i18n.changeLanguage("it");
    stubSignedInApi(buildUser({ language: "it" }), {
      "GET /api/v1/auth/tokens": () => jsonResponse([deploy, invoices]),
    });
    const { user } = renderApp({ route: "/user/user-1/profile" });

    const region = await section("Token API");
    const [first, second] = await within(region).findAllByTestId("access-token-row");
    expect(within(first!).getByText("Lettura e scrittura")).toBeInTheDocument();
    expect(first).toHaveTextContent(
      "Creato il 02/06/2025 · Scade il 31/01/2099 · Ultimo utilizzo 03/06/2025 14:05 · Utilizzi: 12",
    );
    expect(within(second!).getByText("Solo lettura")).toBeInTheDocument();
    expect(second).toHaveTextContent("Creato il 20/05/2025 · Non scade · Mai usato");
    expect(within(region).getByRole("link", { name: "riferimento dell'API" })).toBeInTheDocument();

    await user.click(within(region).getByRole("button", { name: "Nuovo token" }));
    const dialog = await screen.findByRole("dialog", { name: "Nuovo token API" });
    expect(within(dialog).getByRole("combobox", { name: "Scadenza" })).toHaveValue("90 giorni");
    await user.click(within(dialog).getByRole("button", { name: "Crea token" }));
    expect(await within(dialog).findByText("Il nome è obbligatorio")).toBeInTheDocument();
  });
});
