import { screen, waitFor } from "@testing-library/react";
import type { AuthResponse, MfaRequiredResponse } from "@timetrap/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, stubFetch } from "../../../testing/fetch-stub";
import { renderWithProviders } from "../../../testing/render";
import { SecondFactorStep } from "./second-factor-step";

const startAuthentication = vi.hoisted(() => vi.fn());
vi.mock("@simplewebauthn/browser", () => ({ startAuthentication }));

const requestOptions = {
  challenge: "Y2hhbGxlbmdl",
  rpId: "localhost",
  allowCredentials: [{ id: "AQID", type: "public-key" }],
  userVerification: "required",
};
const assertion = {
  id: "AQID",
  rawId: "AQID",
  type: "public-key",
  response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "MEUC" },
  clientExtensionResults: {},
};
const signedIn: AuthResponse = { token: "tok-1", user: buildUser(), enrolment_required: false };
const optionsPath = "/api/v1/auth/basic/mfa/passkey/options";
const passkeyPath = "/api/v1/auth/basic/mfa/passkey";

function renderStep(methods: MfaRequiredResponse["methods"]) {
  const onSignedIn = vi.fn();
  const onRestart = vi.fn();
  const rendered = renderWithProviders(
    <SecondFactorStep
      challenge={{ mfa_required: true, ticket: "ticket-1", methods }}
      onSignedIn={onSignedIn}
      onRestart={onRestart}
    />,
  );
  return { ...rendered, onSignedIn, onRestart };
}

describe("the sign-in's code step, with a passkey", () => {
  beforeEach(() => {
    vi.stubGlobal("PublicKeyCredential", function PublicKeyCredential() {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    startAuthentication.mockReset();
  });

  it("offers the passkey first when it is the only way, and signs in with the ticket and the assertion", async () => {
    const fetch = stubFetch({
      [`POST ${optionsPath}`]: () => jsonResponse(requestOptions),
      [`POST ${passkeyPath}`]: () => jsonResponse(signedIn),
    });
    startAuthentication.mockResolvedValue(assertion);
    const { user, onSignedIn } = renderStep(["passkey"]);

    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.queryByRole("button", { name: "Use your authenticator app" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Use a passkey" }));

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(signedIn));
    expect(fetch.requestsTo("POST", optionsPath)[0]?.body).toEqual({ ticket: "ticket-1" });
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: requestOptions });
    expect(fetch.requestsTo("POST", passkeyPath)[0]?.body).toEqual({ ticket: "ticket-1", response: assertion });
  });

  it("offers the passkey beside the app's code, which stays the way shown", async () => {
    const fetch = stubFetch({
      [`POST ${optionsPath}`]: () => jsonResponse(requestOptions),
      [`POST ${passkeyPath}`]: () => jsonResponse(signedIn),
    });
    startAuthentication.mockResolvedValue(assertion);
    const { user, onSignedIn } = renderStep(["passkey", "totp", "recovery_code"]);

    expect(screen.getByRole("textbox", { name: /Authentication code/ })).toBeVisible();
    expect(screen.getByRole("button", { name: "Use a recovery code" })).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Use a passkey" }));

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(signedIn));
    expect(fetch.requestsTo("POST", "/api/v1/auth/basic/mfa")).toHaveLength(0);
  });

  it("says calmly that a cancelled ceremony confirmed nothing, and stays on the step", async () => {
    const fetch = stubFetch({ [`POST ${optionsPath}`]: () => jsonResponse(requestOptions) });
    startAuthentication.mockRejectedValue(new DOMException("The operation was not allowed.", "NotAllowedError"));
    const { user, onSignedIn } = renderStep(["passkey", "totp", "recovery_code"]);

    await user.click(screen.getByRole("button", { name: "Use a passkey" }));

    expect(
      await screen.findByText("Confirming with a passkey was cancelled. You can try again, or use another way."),
    ).toBeVisible();
    expect(fetch.requestsTo("POST", passkeyPath)).toHaveLength(0);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByRole("textbox", { name: /Authentication code/ })).toBeVisible();
  });

  it("says that a refused passkey was not accepted, and lets the person try again", async () => {
    stubFetch({
      [`POST ${optionsPath}`]: () => jsonResponse(requestOptions),
      [`POST ${passkeyPath}`]: () => errorResponse(401, "INVALID_CREDENTIALS", "This passkey was not accepted"),
    });
    startAuthentication.mockResolvedValue(assertion);
    const { user, onSignedIn } = renderStep(["passkey"]);

    await user.click(screen.getByRole("button", { name: "Use a passkey" }));

    expect(await screen.findByText(/That passkey was not accepted/)).toBeVisible();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Use a passkey" })).toBeEnabled();
  });

  it("offers to sign in again once the ticket has ended", async () => {
    stubFetch({
      [`POST ${optionsPath}`]: () =>
        errorResponse(400, "INVALID_TOKEN", "This sign-in has expired. Please sign in again"),
    });
    const { user, onRestart } = renderStep(["passkey"]);

    await user.click(screen.getByRole("button", { name: "Use a passkey" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(/expired or had too many wrong codes/);
    expect(startAuthentication).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Sign in again" }));
    expect(onRestart).toHaveBeenCalled();
  });
});
