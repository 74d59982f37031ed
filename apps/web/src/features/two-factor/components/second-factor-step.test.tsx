import { screen, waitFor } from "@testing-library/react";
import type { AuthResponse, MfaRequiredResponse } from "@timetrap/domain";
import { describe, expect, it, vi } from "vitest";
import { buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, stubFetch } from "../../../testing/fetch-stub";
import { renderWithProviders } from "../../../testing/render";
import { SecondFactorStep } from "./second-factor-step";

const challenge: MfaRequiredResponse = { mfa_required: true, ticket: "ticket-1", methods: ["totp", "recovery_code"] };
const signedIn: AuthResponse = { token: "tok-1", user: buildUser(), enrolment_required: false };

function renderStep(overrides: Partial<MfaRequiredResponse> = {}) {
  const onSignedIn = vi.fn();
  const onRestart = vi.fn();
  const rendered = renderWithProviders(
    <SecondFactorStep challenge={{ ...challenge, ...overrides }} onSignedIn={onSignedIn} onRestart={onRestart} />,
  );
  return { ...rendered, onSignedIn, onRestart };
}

describe("the sign-in's code step", () => {
  it("sends the ticket and the app's code, spaces removed, and signs in", async () => {
    const fetch = stubFetch({ "POST /api/v1/auth/basic/mfa": () => jsonResponse(signedIn) });
    const { user, onSignedIn } = renderStep();
    await user.type(screen.getByRole("textbox", { name: /Authentication code/ }), "123 456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(signedIn));
    expect(fetch.requestsTo("POST", "/api/v1/auth/basic/mfa")[0]?.body).toEqual({ ticket: "ticket-1", code: "123456" });
  });

  it("says a code of the wrong shape under the field and sends nothing", async () => {
    const fetch = stubFetch({});
    const { user } = renderStep();
    await user.type(screen.getByRole("textbox", { name: /Authentication code/ }), "12345");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Enter the 6 digits your authenticator app shows.")).toBeVisible();
    expect(fetch.requests).toHaveLength(0);
  });

  it("says a wrong code under the field, and stays on the step", async () => {
    stubFetch({ "POST /api/v1/auth/basic/mfa": () => errorResponse(401, "INVALID_CREDENTIALS", "Wrong code") });
    const { user, onSignedIn } = renderStep();
    await user.type(screen.getByRole("textbox", { name: /Authentication code/ }), "654321");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(/That code is not right/)).toBeVisible();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("switches to a recovery code and sends it normalized", async () => {
    const fetch = stubFetch({ "POST /api/v1/auth/basic/mfa": () => jsonResponse(signedIn) });
    const { user, onSignedIn } = renderStep();
    await user.click(screen.getByRole("button", { name: "Use a recovery code" }));
    await user.type(screen.getByRole("textbox", { name: /Recovery code/ }), "ABCDE-12345");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(fetch.requestsTo("POST", "/api/v1/auth/basic/mfa")[0]?.body).toEqual({
      ticket: "ticket-1",
      code: "abcde12345",
    });
  });

  it("offers to sign in again once the ticket has ended", async () => {
    stubFetch({
      "POST /api/v1/auth/basic/mfa": () =>
        errorResponse(400, "INVALID_TOKEN", "This sign-in has expired. Please sign in again"),
    });
    const { user, onRestart } = renderStep();
    await user.type(screen.getByRole("textbox", { name: /Authentication code/ }), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(/expired or had too many wrong codes/);
    await user.click(screen.getByRole("button", { name: "Sign in again" }));
    expect(onRestart).toHaveBeenCalled();
  });

  it("offers only the ways the server lists for the person", () => {
    stubFetch({});
    renderStep({ methods: ["recovery_code"] });
    expect(screen.getByRole("textbox", { name: /Recovery code/ })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Use your authenticator app" })).toBeNull();
  });
});
