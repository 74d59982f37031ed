import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildConfig, buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, stubFetch } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";

const startAuthentication = vi.hoisted(() => vi.fn());
vi.mock("@simplewebauthn/browser", () => ({ startAuthentication }));

const requestOptions = {
  challenge: "Y2hhbGxlbmdl",
  rpId: "localhost",
  allowCredentials: [],
  userVerification: "required",
};
const assertion = {
  id: "AQID",
  rawId: "AQID",
  type: "public-key",
  response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "MEUC" },
  clientExtensionResults: {},
};

describe("logging in with a passkey", () => {
  beforeEach(() => {
    vi.stubGlobal("PublicKeyCredential", function PublicKeyCredential() {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    startAuthentication.mockReset();
  });

  it("signs in with the passkey the browser offers, typing nothing", async () => {
    const me = buildUser();
    const fetch = stubFetch({
      "GET /api/v1/config": () => jsonResponse(buildConfig()),
      "POST /api/v1/auth/passkeys/sign-in/options": () => jsonResponse(requestOptions),
      "POST /api/v1/auth/passkeys/sign-in/verify": () =>
        jsonResponse({ token: "tok-passkey", user: me, enrolment_required: false }),
      "GET /api/v1/auth/me": () => jsonResponse(me),
    });
    startAuthentication.mockResolvedValue(assertion);
    const { user } = renderApp({ route: "/login" });

    await user.click(await screen.findByRole("button", { name: "Log in with a passkey" }));

    await vi.waitFor(() => expect(window.localStorage.getItem("session")).toContain("tok-passkey"));
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: requestOptions });
    expect(fetch.requestsTo("POST", "/api/v1/auth/passkeys/sign-in/verify")[0]?.body).toEqual({ response: assertion });
  });

  it("says calmly that a cancelled ceremony signed nobody in", async () => {
    const fetch = stubFetch({
      "GET /api/v1/config": () => jsonResponse(buildConfig()),
      "POST /api/v1/auth/passkeys/sign-in/options": () => jsonResponse(requestOptions),
    });
    startAuthentication.mockRejectedValue(new DOMException("The operation was not allowed.", "NotAllowedError"));
    const { user } = renderApp({ route: "/login" });

    await user.click(await screen.findByRole("button", { name: "Log in with a passkey" }));

    expect(
      await screen.findByText("Logging in with a passkey was cancelled. You can try again, or use your password."),
    ).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/auth/passkeys/sign-in/verify")).toHaveLength(0);
    expect(window.localStorage.getItem("session")).toBeNull();
  });

  it("shows the server's refusal", async () => {
    stubFetch({
      "GET /api/v1/config": () => jsonResponse(buildConfig()),
      "POST /api/v1/auth/passkeys/sign-in/options": () => jsonResponse(requestOptions),
      "POST /api/v1/auth/passkeys/sign-in/verify": () =>
        errorResponse(400, "BAD_REQUEST", "This passkey is not registered with Timetrap"),
    });
    startAuthentication.mockResolvedValue(assertion);
    const { user } = renderApp({ route: "/login" });

    await user.click(await screen.findByRole("button", { name: "Log in with a passkey" }));

    expect(await screen.findByText("This passkey is not registered with Timetrap")).toBeInTheDocument();
    expect(screen.getByText("Logging in with a passkey failed")).toBeInTheDocument();
  });

  it("offers no passkey button where the browser has no WebAuthn", async () => {
    vi.unstubAllGlobals();
    stubFetch({ "GET /api/v1/config": () => jsonResponse(buildConfig()) });
    renderApp({ route: "/login" });
    expect(await screen.findByRole("button", { name: "Log in" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Log in with a passkey" })).toBeNull();
  });
});
