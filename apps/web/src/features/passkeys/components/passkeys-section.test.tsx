import { screen, waitFor, within } from "@testing-library/react";
import type { Passkey } from "@timetrap/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

const startRegistration = vi.hoisted(() => vi.fn());
vi.mock("@simplewebauthn/browser", () => ({ startRegistration }));

// Local times, so the expected text holds in any time zone the tests run in.
const laptop: Passkey = {
  id: "00000000-0000-4000-8000-00000000000a",
  name: "Work laptop",
  created_at: new Date(2026, 0, 12, 9, 0).getTime(),
  last_used_at: new Date(2026, 1, 3, 8, 41).getTime(),
  device_type: "singleDevice",
  backed_up: false,
};
const phone: Passkey = {
  id: "00000000-0000-4000-8000-00000000000b",
  name: "Phone",
  created_at: new Date(2026, 1, 1, 18, 0).getTime(),
  last_used_at: null,
  device_type: "multiDevice",
  backed_up: true,
};

const creationOptions = {
  rp: { id: "localhost", name: "Timetrap" },
  user: { id: "dXNlcg", name: "nina@example.com", displayName: "Nina" },
  challenge: "Y2hhbGxlbmdl",
  pubKeyCredParams: [{ type: "public-key", alg: -7 }],
  authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
};
const registration = {
  id: "AQID",
  rawId: "AQID",
  type: "public-key",
  response: { clientDataJSON: "e30", attestationObject: "AA" },
  clientExtensionResults: {},
};

const section = () => screen.findByRole("region", { name: "Passkeys" });
const rows = async () => within(await section()).findAllByTestId("passkey-row");

describe("passkeys section of the profile", () => {
  beforeEach(() => {
    vi.stubGlobal("PublicKeyCredential", function PublicKeyCredential() {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    startRegistration.mockReset();
  });

  it("lists each passkey with its name, when it was added and last used, and whether it is synced", async () => {
    stubSignedInApi(buildUser(), { "GET /api/v1/auth/passkeys": () => jsonResponse([laptop, phone]) });
    renderApp({ route: "/user/user-1/profile" });

    const [first, second] = await rows();
    expect(first).toHaveTextContent("Work laptop");
    expect(first).toHaveTextContent("This device only");
    expect(first).toHaveTextContent("added 12/01/2026 · last used 03/02/2026 08:41");
    expect(second).toHaveTextContent("Phone");
    expect(second).toHaveTextContent("Synced");
    expect(second).toHaveTextContent("added 01/02/2026 · never used");
  });

  it("says so when there is none yet", async () => {
    stubSignedInApi(buildUser(), { "GET /api/v1/auth/passkeys": () => jsonResponse([]) });
    renderApp({ route: "/user/user-1/profile" });
    expect(await within(await section()).findByText("You have no passkeys yet.")).toBeInTheDocument();
  });

  it("asks a name, runs the browser's ceremony and shows the new passkey", async () => {
    let passkeys: Passkey[] = [];
    const fetch = stubSignedInApi(buildUser(), {
      "GET /api/v1/auth/passkeys": () => jsonResponse(passkeys),
      "POST /api/v1/auth/passkeys/register/options": () => jsonResponse(creationOptions),
      "POST /api/v1/auth/passkeys/register/verify": () => {
        passkeys = [{ ...phone, name: "Tablet" }];
        return jsonResponse(passkeys[0], 201);
      },
    });
    startRegistration.mockResolvedValue(registration);
    const { user } = renderApp({ route: "/user/user-1/profile" });

    await user.click(await screen.findByRole("button", { name: "Add a passkey" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a passkey" });
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(await within(dialog).findByText("Give the passkey a name")).toBeInTheDocument();
    expect(startRegistration).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole("textbox", { name: /Name/ }), "  Tablet ");
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));

    expect(await screen.findByText("The passkey “Tablet” has been added")).toBeInTheDocument();
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: creationOptions });
    const [verify] = fetch.requestsTo("POST", "/api/v1/auth/passkeys/register/verify");
    expect(verify?.body).toEqual({ name: "Tablet", response: registration });
    await waitFor(async () => expect(await rows()).toHaveLength(1));
  });

  it("tells calmly that a cancelled ceremony added nothing, and keeps the dialog to try again", async () => {
    const fetch = stubSignedInApi(buildUser(), {
      "GET /api/v1/auth/passkeys": () => jsonResponse([]),
      "POST /api/v1/auth/passkeys/register/options": () => jsonResponse(creationOptions),
    });
    startRegistration.mockRejectedValue(new DOMException("The operation was not allowed.", "NotAllowedError"));
    const { user } = renderApp({ route: "/user/user-1/profile" });

    await user.click(await screen.findByRole("button", { name: "Add a passkey" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a passkey" });
    await user.type(within(dialog).getByRole("textbox", { name: /Name/ }), "Laptop");
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));

    expect(
      await within(dialog).findByText(
        "The passkey was not added: the device's dialog was closed. You can try again whenever you like.",
      ),
    ).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/auth/passkeys/register/verify")).toHaveLength(0);
    expect(within(dialog).getByRole("textbox", { name: /Name/ })).toHaveValue("Laptop");
  });

  it("shows the server's refusal in the dialog", async () => {
    stubSignedInApi(buildUser(), {
      "GET /api/v1/auth/passkeys": () => jsonResponse([]),
      "POST /api/v1/auth/passkeys/register/options": () => jsonResponse(creationOptions),
      "POST /api/v1/auth/passkeys/register/verify": () =>
        errorResponse(409, "CONFLICT", "This passkey is already registered"),
    });
    startRegistration.mockResolvedValue(registration);
    const { user } = renderApp({ route: "/user/user-1/profile" });

    await user.click(await screen.findByRole("button", { name: "Add a passkey" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a passkey" });
    await user.type(within(dialog).getByRole("textbox", { name: /Name/ }), "Laptop");
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(await within(dialog).findByText("This passkey is already registered")).toBeInTheDocument();
  });

  it("renames a passkey", async () => {
    let passkeys = [laptop];
    const fetch = stubSignedInApi(buildUser(), {
      "GET /api/v1/auth/passkeys": () => jsonResponse(passkeys),
      [`PATCH /api/v1/auth/passkeys/${laptop.id}`]: () => {
        passkeys = [{ ...laptop, name: "Old laptop" }];
        return jsonResponse(passkeys[0]);
      },
    });
    const { user } = renderApp({ route: "/user/user-1/profile" });

    await user.click(await screen.findByRole("button", { name: "Rename Work laptop" }));
    const dialog = await screen.findByRole("dialog", { name: "Rename the passkey" });
    const input = within(dialog).getByRole("textbox", { name: /Name/ });
    expect(input).toHaveValue("Work laptop");
    await user.clear(input);
    await user.type(input, "Old laptop");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("The passkey has been renamed")).toBeInTheDocument();
    expect(fetch.requestsTo("PATCH", `/api/v1/auth/passkeys/${laptop.id}`)[0]?.body).toEqual({ name: "Old laptop" });
    await waitFor(async () => expect((await rows())[0]).toHaveTextContent("Old laptop"));
  });

  it("asks before removing a passkey, and sends nothing when cancelled", async () => {
    let passkeys = [laptop, phone];
    const fetch = stubSignedInApi(buildUser(), {
      "GET /api/v1/auth/passkeys": () => jsonResponse(passkeys),
      [`DELETE /api/v1/auth/passkeys/${phone.id}`]: () => {
        passkeys = [laptop];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderApp({ route: "/user/user-1/profile" });

    await user.click(await screen.findByRole("button", { name: "Remove Phone" }));
    let confirm = await screen.findByRole("dialog", { name: "Remove this passkey?" });
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(fetch.requestsTo("DELETE", `/api/v1/auth/passkeys/${phone.id}`)).toHaveLength(0);

    await user.click(await screen.findByRole("button", { name: "Remove Phone" }));
    confirm = await screen.findByRole("dialog", { name: "Remove this passkey?" });
    expect(confirm).toHaveTextContent("“Phone” will no longer sign you in.");
    await user.click(within(confirm).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("The passkey “Phone” has been removed")).toBeInTheDocument();
    await waitFor(async () => expect(await rows()).toHaveLength(1));
  });

  it("says when the browser cannot use passkeys, with no way to add one", async () => {
    vi.unstubAllGlobals();
    stubSignedInApi(buildUser(), { "GET /api/v1/auth/passkeys": () => jsonResponse([laptop]) });
    renderApp({ route: "/user/user-1/profile" });
    expect(await within(await section()).findByText("This browser cannot use passkeys.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add a passkey" })).toBeNull();
  });
});
